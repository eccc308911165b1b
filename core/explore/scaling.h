// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/group_report.h"
#include "core/spec/diagnostics.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/spec/uncertainty_bands.h"
#include "core/step/comparison.h"
#include "core/step/result.h"
#include "core/step/time_components.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

// How a job scales with the node count (seed 000 §1: "why adding four machines made training
// slower"): at each count the scenario's own configuration held as far as it stays valid, and the
// search's best configuration there; each series with the point where adding nodes stops paying
// and the point beyond which throughput falls, explained with the evaluations' own figures
// (compare() and the group reports). One series per quantity for a plot (docs/scaling.md).
namespace paraplan {

class Calibration;

// What stays fixed as nodes are added: the global batch (strong scaling; each pipeline runs fewer
// micro-batches), or each data-parallel replica's share of it (weak scaling; the global batch
// grows with dp).
enum class BatchScaling { FixedGlobalBatch, FixedBatchPerReplica };
[[nodiscard]] const char* toString(BatchScaling batch);

// The added GPUs of a step up in node count must bring at least this share of the per-GPU
// throughput at the curve's smallest count: below it each token the added GPUs produce costs more
// than twice what the smallest cluster pays for one (marginal parallel efficiency, docs/scaling.md).
inline constexpr double kStopsPayingEfficiency = 0.5;

// Node counts one curve takes at most: each may run a search, and a plot shows no more.
inline constexpr size_t kMostScalingCounts = 1000;
// The largest node count a curve reaches: the largest training clusters built hold of the order of
// 100k GPUs (xAI's Colossus, 2024), some 12k nodes of 8; 100k nodes (800k such GPUs) leaves room
// for what-ifs beyond them.
inline constexpr int64_t kMostScalingNodes = 100000;

struct ScalingOptions {
    std::vector<int64_t> nodes; // the counts; walked in ascending order, repeats and counts below 1 dropped
    BatchScaling batch = BatchScaling::FixedGlobalBatch;
    bool best = true; // search the best configuration at each count (the slow part)
    // The best holds the parallel fields the scenario pins (ParallelPins), as `search` does; off:
    // every field is searched, the pins set aside.
    bool keepPins = true;
    EfficiencyParams params;
    std::shared_ptr<const Calibration> calibration; // as EvaluateOptions::calibration
    // Attached to every result that fits (compare() then says when two steps lie within each
    // other's band); null: none.
    std::shared_ptr<const UncertaintyBands> bands;
    double minMarginalEfficiency = kStopsPayingEfficiency;
    unsigned threads = 0; // the search's; 0 = one per hardware thread
    const std::atomic<bool>* cancel = nullptr; // checked between node counts
};

// Every count from `first` to `last` (both included) in steps of `stride`.
[[nodiscard]] std::vector<int64_t> nodeRange(int64_t first, int64_t last, int64_t stride = 1);

// One configuration at one node count, as evaluate() priced it in detail (diagnostics, groups).
struct ScalingSample {
    Scenario scenario; // what was evaluated: apply it to get this result again
    Result result;     // invalid: its diagnostics say why
    // USD per million tokens from cluster.gpu_hour_cost_usd; none without a price or a valid result.
    std::optional<double> costPerMillionTokensUsd;

    // Valid and within memory: a point the curve's marks may stand on.
    [[nodiscard]] bool usable() const { return result.valid && result.fits; }
};

struct ScalingPoint {
    int64_t nodes = 0;
    int64_t gpus = 0;
    int64_t dp = 0;         // the held configuration's data-parallel degree here (0: none divides)
    ScalingSample current;  // the scenario's configuration held at this count
    // The search's fastest configuration that fits here (an invalid result saying why where there is
    // none); absent when ScalingOptions::best is off.
    std::optional<ScalingSample> best;
};

// The evidence behind a mark: the step from one count to the next as compare() splits it, the part
// of it furthest behind perfect scaling (each part's seconds times the tokens per step per GPU
// after over before: strong scaling shrinks every part with the GPUs, weak scaling keeps it), and
// the group that carries that part where it is communication.
struct ScalingCause {
    Comparison comparison; // the difference by component, with compare()'s cause
    TimeComponent component = TimeComponent::Compute; // the part furthest behind perfect scaling
    double secondsBefore = 0, secondsAfter = 0;       // its exposed seconds per step
    double secondsPerfect = 0;                        // what perfect scaling would have left of it
    double hiddenBefore = 0, hiddenAfter = 0;         // communication of its kind run under compute
    // The group carrying that communication at each count (none: the kind sent nothing there).
    std::optional<GroupReport> groupBefore, groupAfter;
};

enum class ScalingMarkKind {
    StopsPaying, // the first count whose added GPUs bring less than minMarginalEfficiency
    Peak,        // the highest throughput, with a larger count beyond it that is slower
};

struct ScalingMark {
    ScalingMarkKind kind = ScalingMarkKind::StopsPaying;
    size_t point = 0;           // the marked count's index in ScalingCurve::points
    size_t from = 0, to = 0;    // the two counts compared (indices): the explanation is of this step
    // Tokens/s the GPUs added from `from` to `to` bring, per GPU, over the per-GPU tokens/s at the
    // series' smallest usable count (1: perfect scaling; negative: slower).
    double marginalEfficiency = 0;
    ScalingCause cause;
    Sentence summary;     // what happens to throughput (context "Scaling")
    Sentence explanation; // why, in the model's figures (context "Scaling")
};

struct ScalingMarks {
    std::optional<ScalingMark> stopsPaying;
    std::optional<ScalingMark> peak;
};

struct ScalingCurve {
    BatchScaling batch = BatchScaling::FixedGlobalBatch;
    int64_t scenarioNodes = 0; // the scenario's own count
    std::vector<ScalingPoint> points;
    ScalingMarks current; // on the held configuration's series
    ScalingMarks best;    // on the best configuration's series
    // How the scenario was carried to other counts beyond cluster.nodes and dp (a rank table, a
    // topology of several node kinds, a pinned dp), context "Scaling".
    std::vector<Sentence> notes;
    // Why no curve could be drawn (points empty): per-replica scaling of a batch that does not
    // divide over the scenario's replicas.
    std::optional<Sentence> problem;
    bool cancelled = false;
};

[[nodiscard]] ScalingCurve scaleNodes(const Scenario& scenario, const ScalingOptions& options);

// ---- the curve as a plot draws it: one series per configuration and quantity ----

enum class ScalingConfiguration { Held, Best };
enum class ScalingQuantity { StepS, TokensPerS, Mfu, CostPerMillionTokensUsd, TimeToTrainS };
// What the x axis counts: nodes, GPUs, or the configuration's data-parallel degree (with the global
// batch fixed, dp is what each replica's share of it shrinks with).
enum class ScalingAxis { Nodes, Gpus, DataParallel };

// A quantity of a sample that runs and fits; none otherwise, or where the result lacks it (no
// price, no train_tokens).
[[nodiscard]] std::optional<double> quantityOf(const ScalingSample& sample, ScalingQuantity quantity);

struct ScalingSeries {
    std::vector<double> x, y;
    std::vector<size_t> points; // each value's index in ScalingCurve::points (tooltips, the marks)
};
// The counts where the configuration runs, fits and has the quantity, in ascending order of nodes.
[[nodiscard]] ScalingSeries seriesOf(const ScalingCurve& curve, ScalingConfiguration configuration,
                                     ScalingQuantity quantity, ScalingAxis axis = ScalingAxis::Nodes);

// The scenario's global batch per data-parallel replica at its own size; none when its dp is not
// whole or does not divide the batch.
[[nodiscard]] std::optional<int64_t> batchPerReplica(const Scenario& scenario);

// The scenario carried to `nodes` nodes with its configuration held (what each point's `current`
// evaluates): cluster.nodes set, dp derived, the global batch per `batch` (per replica: needs
// batchPerReplica), a rank table repeated when it is one node's pattern repeated and dropped
// otherwise, a topology of several node kinds cut or extended in its own order. At the scenario's
// own count it is the scenario with dp derived.
[[nodiscard]] Scenario scenarioAtNodes(const Scenario& scenario, int64_t nodes, BatchScaling batch);

} // namespace paraplan
