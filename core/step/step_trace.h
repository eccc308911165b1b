// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/layer_costs.h"
#include "core/spec/scenario.h"
#include "core/step/evaluator.h"
#include "core/step/pipeline_schedule.h"
#include "core/step/result.h"

#include <array>
#include <cstdint>
#include <vector>

// One simulated step laid out as timed slices on tracks, for a trace viewer (core/io/trace_json.h
// writes it as a Chrome trace): every pass of the timeline on its stage's compute track, each
// pass's communication by kind, the pipeline sends, and each stage's tail after its last pass.
// Seconds from the step's start, as the timeline has them.
//
// The simulator times whole passes, not the kernels inside them, so a pass's communication is
// placed by a rule (docs/trace.md): what it adds to the critical path at the end of the pass, one
// kind after the other in the order of kCommunicationTracks, and what ran hidden from the pass's
// start, beside the compute that covered it.
namespace paraplan {

enum class TraceTrack { Compute, PipelineSend, Tp, Cp, Ep, Dp, Tail };
inline constexpr std::array<TraceTrack, 7> kTraceTracks{
    TraceTrack::Compute, TraceTrack::PipelineSend, TraceTrack::Tp, TraceTrack::Cp,
    TraceTrack::Ep,      TraceTrack::Dp,           TraceTrack::Tail,
};
inline constexpr std::array<TraceTrack, 4> kCommunicationTracks{ TraceTrack::Tp, TraceTrack::Cp, TraceTrack::Ep,
                                                                 TraceTrack::Dp };

enum class TraceSliceKind {
    Pass,          // a forward, backward, input- or weight-gradient pass: StepTrace::passes[pass]
    Send,          // the blocking pipeline send after passes[pass] (after both passes of a DualPipe pair)
    Communication, // passes[pass]'s collectives of the track's kind
    GradientSync,  // DP after the last backward: the gradients reduced, the weights gathered
    Optimizer,     // the optimizer step and the zeroing of the gradients
    WeightCast,    // an FP8 run's casts of its weights, once a step
    StepOverhead,  // the per-step overhead and the wait for the slowest rank, on the critical stage
};

struct TracePass {
    PipelineOp op;
    int64_t virtualStage = 0;
    // Its seconds by cause and the communication hidden under it. A split backward's B holds the
    // backward but for its weight-gradient GEMMs, its W those alone; in a DualPipe pair the part of
    // each pass's all-to-all that the other pass covered is moved to `hidden`.
    PassCost cost;
    // Model FLOPs of the pass on one GPU, in the Megatron convention of MFU (a backward twice the
    // forward, recomputation not counted; W the linear layers' forward FLOPs, B the rest), the
    // micro-batch's share of the tp·cp ranks that split it.
    double flops = 0;
};

struct TraceSlice {
    int64_t stage = 0;
    TraceTrack track = TraceTrack::Compute;
    TraceSliceKind kind = TraceSliceKind::Pass;
    double start = 0;
    double seconds = 0;  // never 0: empty slices are left out
    bool hidden = false; // ran under compute, off the critical path
    int64_t pass = -1;   // index into StepTrace::passes; -1 for a stage's tail
    double bytes = 0;    // read and written, where the model knows it; 0 where not
};

struct StepTrace {
    std::vector<TracePass> passes;  // in the timeline's order
    std::vector<TraceSlice> slices; // the passes' in the timeline's order, then each stage's tail
};

// `result`: evaluate(scenario, options) with options.recordTimeline (an invalid result, or one
// without its timeline, gives an empty trace); `options` as it was evaluated with, since the
// passes' costs are priced again.
[[nodiscard]] StepTrace traceStep(const Scenario& scenario, const Result& result, const EvaluateOptions& options);

} // namespace paraplan
