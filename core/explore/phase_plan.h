// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/run_plan.h"
#include "core/spec/diagnostics.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// A run in phases (seed 000 §5.1: warm-up, main training and the end each with their own
// configuration; Llama 3's 8K pre-training then long-context extension; a global-batch ramp):
// each phase with its own best or chosen configuration, the switch between two configurations
// paid (the checkpoint saved, re-sharded and loaded), the total time and cost, and the same run
// with one configuration throughout beside it (docs/plan.md).
namespace paraplan {

// Megatron's --rampup-batch-size START INCREMENT SAMPLES: the global batch grows from `start` by
// `increment` until it reaches the phase's, over `samples` sequences.
struct BatchRamp {
    int64_t start = 0;
    int64_t increment = 0;
    double samples = 0;
};

struct PlanPhase {
    std::string name;
    // The phase's length: tokens, or steps at the phase's global batch and sequence length.
    std::optional<double> tokens;
    std::optional<int64_t> steps;
    std::optional<int64_t> seqLen;      // none: the scenario's
    std::optional<int64_t> globalBatch; // none: the scenario's
    std::optional<BatchRamp> ramp;
    std::optional<int64_t> nodes;       // none: the scenario's cluster size
    // The configuration chosen for the phase (a parallel block as in a scenario, with the training
    // micro-batch); none: the search's best for the phase.
    std::optional<ParallelSpec> parallel;
    std::optional<int64_t> microBatch;
};

struct PhaseOutcome {
    Scenario scenario; // the phase as evaluated (at its final global batch)
    Result result;     // with its goodput
    double tokens = 0;
    double steps = 0;
    double timeS = 0;     // wall clock, failures included; a ramp's steps at their own batches
    double switchS = 0;   // re-sharding into this phase's configuration (0 when it is the last one's)
    std::optional<double> costUsd;
};

struct PhasePlan {
    std::vector<PhaseOutcome> phases;
    double totalS = 0; // phases and switches
    std::optional<double> totalCostUsd;
    // Every phase run with one configuration: the one given, or the longest phase's own.
    std::vector<PhaseOutcome> fixedPhases;
    double fixedTotalS = 0;
    std::optional<double> fixedTotalCostUsd;
    ParallelSpec fixedParallel;
    int64_t fixedMicroBatch = 1; // with the one given, the scenario's training.micro_batch
    std::vector<Sentence> notes;      // context "Plan"
    std::optional<Sentence> problem;  // a phase that cannot run: which and why
};

// Time to re-shard a checkpoint into another configuration: saved, read back under the new layout
// and the job restarted (docs/plan.md).
[[nodiscard]] double reshardSeconds(const Scenario& from, const Scenario& to);

[[nodiscard]] PhasePlan planPhases(const Scenario& scenario, const std::vector<PlanPhase>& phases,
                                   const std::optional<ParallelSpec>& fixed, const PlanOptions& options);

} // namespace paraplan
