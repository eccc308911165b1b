// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/spec/uncertainty_bands.h"
#include "core/step/result.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// The deadline and budget planner (seed 000 §5.3: the configuration that meets the business
// deadline, not the one with the highest utilisation). For every kind of hardware the user can get
// and every node count of it, the fastest configuration that fits (the search's best, the
// scenario's pins held), priced for the whole run through failures, checkpoints and restarts
// (core/run/goodput.h): its wall-clock time and its cost. Of these plans: the fastest within the
// budget, the cheapest that meets the deadline, and the frontier of time against cost
// (docs/plan.md).
namespace paraplan {

class Calibration;

// One kind of hardware the user can get: a cluster (a catalog preset, edited as in a scenario) at
// the node counts to try, and its price.
struct HardwareOption {
    ClusterSpec cluster; // its `nodes` is replaced by each count
    std::vector<int64_t> nodes;
    // What a node-hour costs; none: the cluster's gpu_hour_cost_usd times its GPUs per node. A
    // plan without a price for some hardware leaves that hardware's plans without a cost.
    std::optional<double> nodeHourUsd;

    [[nodiscard]] std::optional<double> gpuHourUsd() const;
};

struct PlanRequest {
    // The model, the training (its token budget: train_tokens, or dataset_tokens and epochs) and
    // the parallel fields the user pins; its cluster is replaced by each hardware option's.
    Scenario scenario;
    std::vector<HardwareOption> hardware;
    std::optional<double> deadlineS;
    std::optional<double> budgetUsd;
};

struct PlanOptions {
    EfficiencyParams params;
    // Attached to each plan's result: its step's band, and so its wall clock's (timeToTrainBand,
    // core/run/goodput.h); null: none.
    std::shared_ptr<const UncertaintyBands> bands;
    std::shared_ptr<const Calibration> calibration;
    unsigned threads = 0;                      // the search's; 0 = one per hardware thread
    const std::atomic<bool>* cancel = nullptr; // checked between plans
};

// One plan: a hardware option at one node count with its best configuration.
struct PlanPoint {
    size_t hardware = 0; // index into PlanRequest::hardware
    int64_t nodes = 0;
    Scenario scenario; // what was evaluated (the configuration applied)
    Result result;     // with its goodput; invalid or not fitting: no configuration runs here
    // The whole run's wall clock and cost, failures included; none without a token budget, a
    // configuration that fits, or (for the cost) a price.
    std::optional<double> timeS;
    std::optional<double> costUsd;
    // The wall clock's 80 % band (the step's band and the failure rates' spread); none without
    // PlanOptions::bands or where no band applies.
    std::optional<double> timeLowS, timeHighS;
    bool meetsDeadline = false; // within the deadline (true when there is none)
    bool withinBudget = false;  // within the budget (true when there is none)
    bool onFrontier = false;    // no other plan is both faster and cheaper

    [[nodiscard]] bool priced() const { return timeS && costUsd; }
};

struct RunPlan {
    std::vector<PlanPoint> points;  // hardware by hardware, node counts ascending
    std::vector<size_t> frontier;   // indices into points, fastest first (cost falling)
    std::optional<size_t> fastestWithinBudget;
    std::optional<size_t> cheapestMeetingDeadline;
    // Why an optimum is missing, or what the plan assumed (context "Plan").
    std::vector<Sentence> notes;
    // Why no plan could be made at all (no token budget, no hardware).
    std::optional<Sentence> problem;
    bool cancelled = false;
};

[[nodiscard]] RunPlan planRun(const PlanRequest& request, const PlanOptions& options);

// Node counts to try between `first` and `last`: powers of two and the halfway points between
// them (1, 2, 3, 4, 6, 8, 12, 16, ...), both ends included.
[[nodiscard]] std::vector<int64_t> planNodeCounts(int64_t first, int64_t last);

} // namespace paraplan
