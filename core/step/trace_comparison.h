// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"
#include "core/step/component_prediction.h"
#include "core/step/evaluator.h"
#include "core/step/measured_trace.h"
#include "core/step/result.h"

#include <cstdint>
#include <string>
#include <vector>

// A measured trace held against the prediction, stage by stage and kernel class by kernel class,
// and what stands out, worded: a part of one stage far from the same part on the others ("stage 3:
// norms take 2.3× longer than on the other stages"), a part that differs from the prediction on
// every stage, kernels the model has no part for. A trace from another device, or from a device
// the model was not calibrated for, runs at its own pace: every comparison with the prediction is
// made at the trace's pace, its step over the predicted step, which the first finding states.
// Rules and thresholds: docs/trace.md, "Importing a measured trace".
namespace paraplan {

// The pipeline stage of world rank `worldRank` (the rank torch.distributed numbers, one per GPU):
// the scenario rank that GPU runs (parallel.placement's table) and its coordinate along pp.
// `degrees`: as evaluated (dp resolved).
[[nodiscard]] int64_t stageOfRank(const Scenario& scenario, const ParallelDegrees& degrees, int64_t worldRank);

struct StageComparison {
    int64_t stage = 0;
    std::vector<size_t> ranks;   // indices into the measured ranks given: this stage's
    MeasuredSeconds measured;    // per step, the mean of its ranks'; all zero without a trace
    PredictedStage predicted;    // per step
    [[nodiscard]] bool hasTrace() const { return !ranks.empty(); }
};

enum class TraceFindingKind {
    Pace,         // the measured step against the predicted one
    StageOutlier, // one stage's part far from the same part on the other stages
    Systematic,   // a part off the prediction on every stage, at the trace's pace
    Unmodelled,   // kernels the model has no part for
};

struct TraceFinding {
    TraceFindingKind kind = TraceFindingKind::Pace;
    int64_t stage = -1; // StageOutlier: the stage; else -1
    KernelClass component = KernelClass::Other;
    // StageOutlier: the stage's measured / predicted over the median of the other stages', each part
    // measured as its kernels typically take (MeasuredSeconds::typicalByClass).
    double versusOtherStages = 0;
    // The part's measured / predicted over the trace's pace (StageOutlier: the stage's; Systematic:
    // the median stage's); Pace: the pace itself.
    double versusPrediction = 0;
    double measuredSeconds = 0; // per step: the stage's part (StageOutlier), the median stage's (Systematic)
    double expectedSeconds = 0; // what the other stages' pace (StageOutlier) or the trace's (Systematic) gives it
    double excessSeconds = 0;   // per step, summed over the stages concerned: how much the finding weighs
    // The sentence: an English template with %1, %2, ... that front ends translate (context
    // "TraceComparison"), its arguments, and the template filled in.
    const char* messageTemplate = nullptr;
    std::vector<DiagnosticArg> args;
    std::string message;
};

struct TraceComparison {
    double measuredStep = 0;  // per step: the longest of the stages' mean spans
    double predictedStep = 0; // the evaluated step
    double pace = 1;          // measuredStep / predictedStep
    std::vector<StageComparison> stages; // one per pipeline stage
    // The pace first, then the stage outliers, the systematic differences and the unmodelled kernels,
    // each by weight (excessSeconds), largest first.
    std::vector<TraceFinding> findings;
    // What the comparison assumed or left out: ranks placed by the order of their files, ranks
    // beyond the scenario's GPUs, a world size that differs from the scenario's, stages without a
    // trace, the readers' notes.
    std::vector<std::string> notes;
};

// Outliers and systematic differences count from this far off (either way) and this heavy: an
// outlier's part at least this share of its stage's kernel time in the parts compared, as measured
// or as predicted; a systematic difference this share of all the traced stages' steps; kernels the
// model has no part for this share of them.
inline constexpr double kTraceOutlierRatio = 1.5;
inline constexpr double kTraceOutlierShare = 0.01;
inline constexpr double kTraceSystematicShare = 0.05;
inline constexpr double kTraceUnmodelledShare = 0.03;

// `result`: evaluate(scenario, options), valid; `ranks`: the measured traces, one per rank (a rank
// without a number takes its position in the list). An empty list compares nothing.
[[nodiscard]] TraceComparison compareTrace(const Scenario& scenario, const Result& result,
                                           const EvaluateOptions& options, const std::vector<MeasuredRank>& ranks);

} // namespace paraplan
