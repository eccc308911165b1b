// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/evaluator.h"
#include "core/step/kernel_classes.h"
#include "core/step/result.h"

#include <vector>

// The model's step as a profiler would see it on one GPU of each pipeline stage: the seconds per
// step its kernels of each class run (core/step/kernel_classes.h) and the seconds no kernel runs,
// to hold a measured trace against (core/step/trace_comparison.h). How the model's figures map to
// kernel classes (docs/trace.md, "Importing a measured trace"):
// - A pass's compute, as the layer model prices it before the host's pace is applied: its GEMMs,
//   the attention core and the norms from the shapes (core/model/layer_shapes.h) at the model's
//   rates, the rest (residual adds, activations, the loss, casts, permutes) elementwise. The replay
//   of recomputation splits as the forward pass does.
// - Communication in full, the part hidden under compute included (a kernel runs either way): TP as
//   all-reduce, or all-gather and reduce-scatter in equal parts with sequence parallelism; CP's ring
//   as send/receive; EP as all-to-all (all-gather and reduce-scatter with the allgather dispatcher);
//   ZeRO's traffic and the DP tail as all-reduce (ZeRO 0) or reduce-scatter and all-gather.
// - Pipeline sends and the waits for a neighbour's activation or gradient as send/receive: NCCL's
//   receive kernel is launched ahead and spins until the data arrives, so a profile shows the
//   bubble inside it.
// - The optimizer's update as the optimizer, zeroing the gradients as elementwise.
// - Idle: the step less the stage's own end (waiting for the slowest stage, the step's overhead),
//   plus what the host's pace adds to a pass beyond its kernels (gaps between kernels).
namespace paraplan {

struct PredictedStage {
    std::vector<double> byClass = std::vector<double>(kKernelClasses, 0.0); // seconds per step, by KernelClass
    double idle = 0;
    [[nodiscard]] double of(KernelClass kind) const { return byClass[size_t(kind)]; }
};

// `result`: evaluate(scenario, options), valid. One entry per pipeline stage.
[[nodiscard]] std::vector<PredictedStage> predictKernelClasses(const Scenario& scenario, const Result& result,
                                                               const EvaluateOptions& options);

} // namespace paraplan
