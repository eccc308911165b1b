// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/result.h"
#include "core/step/time_components.h"

#include <vector>

// "Why is B slower than A?": the step-time difference split by component, and the physical cause
// behind the largest part, as data (kind and figures); front ends phrase it in their language.
namespace paraplan {

enum class CauseKind {
    NotSlower,            // B's step is no longer than A's
    TpGroupCrossesNodes,  // B's TP group spans nodes, A's does not (values: link GB/s A, B)
    TpGroupOnSlowerLink,  // B's TP group runs over a slower link (values: link GB/s A, B)
    LargerTpGroup,        // B splits each layer over more GPUs (counts: tp A, B)
    TpCommNotOverlapped,  // A overlaps TP communication with GEMMs, B does not
    PipelineBubble,       // values: bubble fraction A, B; counts: micro-batches A, B; extra: pp A, B
    PipelineSchedule,     // values: bubble fraction A, B; counts: PipelineSchedule A, B (as integers)
    PipelineSends,        // values: link GB/s of a stage hop A, B; counts: pp A, B
    DataParallelExposed,  // values: DP link GB/s A, B; counts: dp A, B; extra: ZeRO stage A, B
    SmallerGemms,         // values: TFLOP/s the compute reaches per GPU A, B; counts: tp A, B; extra: micro-batch A, B
    MoreWorkPerGpu,       // values: model TFLOP per GPU per step A, B
    MoreRecomputation,    // counts: Recompute A, B (as integers)
    ContextParallelComm,  // values: CP link GB/s A, B; counts: cp A, B
    ExpertParallelComm,   // values: EP link GB/s A, B; counts: ep A, B
    SlowerOptimizer,      // counts: ZeRO stage A, B
    StepOverhead,
};

struct Cause {
    CauseKind kind = CauseKind::NotSlower;
    double valueA = 0, valueB = 0;
    int64_t countA = 0, countB = 0;
    int64_t extraA = 0, extraB = 0;
};

struct ComponentDelta {
    TimeComponent component;
    double a = 0; // seconds in A's step
    double b = 0;
    double hiddenA = 0; // communication of this kind that ran under A's compute (hiddenSeconds)
    double hiddenB = 0;
    [[nodiscard]] double delta() const { return b - a; }
};

struct Comparison {
    double stepA = 0, stepB = 0;
    std::vector<ComponentDelta> components; // in kTimeComponents order
    TimeComponent largest = TimeComponent::Compute; // the component that grew most (or shrank least)
    Cause cause;
    // Both results carry a band, and each step lies within the other's: the model cannot tell A
    // and B apart, whatever the cause says of the difference it predicts.
    bool noRealDifference = false;
};

// Both results must be valid, detailed evaluations (EvaluateOptions::diagnostics, which reports
// the groups) of the scenarios given, with their bands where the front end attached them. Link figures in the cause are the bus bandwidths the
// evaluations priced the collectives at.
[[nodiscard]] Comparison compare(const Scenario& a, const Result& resultA, const Scenario& b, const Result& resultB);

} // namespace paraplan
