// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/step_trace.h"

#include "core/model/kernel_costs.h"
#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/network/placement.h"
#include "core/step/step_model.h"

#include <algorithm>
#include <initializer_list>
#include <vector>

namespace paraplan {

namespace {

// Model FLOPs of one micro-batch's forward through a virtual stage on one GPU, and of them the
// linear layers' (whose weight gradients cost as much again): the terms of modelFlopsPerSequence,
// the logits and the MTP modules on the last virtual stage, the embedding lookup none.
struct ForwardFlops {
    double total = 0;
    double linear = 0;
};

std::vector<ForwardFlops> forwardFlopsPerVirtualStage(const Scenario& s, const ParallelLayout& L)
{
    const ModelSpec& model = s.model;
    const int64_t seqLen = s.training.seqLen;
    const double share = double(s.training.microBatch) / double(L.degrees.tp * L.degrees.cp);
    std::vector<ForwardFlops> flops(size_t(L.degrees.virtualStages()));
    const auto virtualStages = int64_t(flops.size());
    for (int64_t vs = 0; vs < virtualStages; ++vs) {
        const bool last = vs == virtualStages - 1;
        LayerMix mix = L.virtualMix(size_t(vs));
        if (last)
            mix += model.mtpLayerMix();
        ForwardFlops& f = flops[size_t(vs)];
        for (size_t k = 0; k < kLayerKinds; ++k) {
            if (mix.count[k] == 0)
                continue;
            const LayerForwardFlops layer = layerForwardFlops(model, LayerKind::ofIndex(k), seqLen);
            f.total += double(mix.count[k]) * layer.total();
            f.linear += double(mix.count[k]) * (layer.total() - layer.attentionScores);
        }
        if (last) {
            const double heads = logitsForwardFlops(model, seqLen) + mtpHeadForwardFlops(model, seqLen);
            f.total += heads;
            f.linear += heads;
        }
        f.total *= share;
        f.linear *= share;
    }
    return flops;
}

double passFlops(PipelineOpKind kind, const ForwardFlops& forward)
{
    switch (kind) {
    case PipelineOpKind::Forward:
        return forward.total;
    case PipelineOpKind::Backward:
        return 2 * forward.total;
    case PipelineOpKind::InputGradient:
        return 2 * forward.total - forward.linear;
    case PipelineOpKind::WeightGradient:
        return forward.linear;
    }
    return 0;
}

// A split backward's B is the backward but for its weight-gradient GEMMs, its W those alone
// (pipelineInput's weightSeconds).
PassCost passCost(PipelineOpKind kind, const PassCost& forward, const PassCost& backward)
{
    switch (kind) {
    case PipelineOpKind::Forward:
        return forward;
    case PipelineOpKind::Backward:
        return backward;
    case PipelineOpKind::InputGradient: {
        PassCost b = backward;
        b.compute -= b.weightGradient;
        b.weightGradient = 0;
        return b;
    }
    case PipelineOpKind::WeightGradient: {
        PassCost w;
        w.compute = w.weightGradient = backward.weightGradient;
        return w;
    }
    }
    return {};
}

// A DualPipe pair ran each pass's expert-parallel all-to-all under the other's compute, hiding the
// smaller of the two passes' all-to-all and their other work (pipelineInput's comm seconds,
// order_simulation.cpp's pairDuration): each pass keeps exposed the same share of its own.
void hideInPair(PassCost& a, PassCost& b)
{
    const double allToAll = a.epComm + b.epComm;
    if (allToAll <= 0)
        return;
    const double share = std::min(allToAll, a.total() + b.total() - allToAll) / allToAll;
    for (PassCost* pass : { &a, &b }) {
        pass->hidden.ep += pass->epComm * share;
        pass->epComm *= 1 - share;
    }
}

double exposedOf(const PassCost& cost, TraceTrack track)
{
    switch (track) {
    case TraceTrack::Tp:
        return cost.tpComm;
    case TraceTrack::Cp:
        return cost.cpComm;
    case TraceTrack::Ep:
        return cost.epComm;
    case TraceTrack::Dp:
        return cost.dpComm;
    default:
        return 0;
    }
}

double hiddenOf(const PassCost& cost, TraceTrack track)
{
    switch (track) {
    case TraceTrack::Tp:
        return cost.hidden.tp;
    case TraceTrack::Cp:
        return cost.hidden.cp;
    case TraceTrack::Ep:
        return cost.hidden.ep;
    case TraceTrack::Dp:
        return cost.hidden.dp;
    default:
        return 0;
    }
}

// The simulator records a DualPipe pair's two passes one after the other, each with the pair's
// interval and the sends that follow it.
bool pairsWithNext(const std::vector<PipelineOp>& timeline, size_t i)
{
    return timeline[i].overlapped && i + 1 < timeline.size() && timeline[i + 1].overlapped
        && timeline[i + 1].stage == timeline[i].stage && timeline[i + 1].start == timeline[i].start;
}

void addSlice(StepTrace& trace, const TraceSlice& slice)
{
    if (slice.seconds > 0)
        trace.slices.push_back(slice);
}

// The pass over [start, end] on its compute track and its communication on the tracks of its kinds
// (the rule of step_trace.h). Where a DualPipe pair's share of exposed communication would not fit
// its part of the pair, it is scaled into it; a hidden slice stops where its kind's exposed one
// begins, so that the slices of a track never cross.
void addPass(StepTrace& trace, int64_t index, double start, double end)
{
    const TracePass& pass = trace.passes[size_t(index)];
    const auto add = [&](TraceTrack track, TraceSliceKind kind, double from, double seconds, bool hidden) {
        addSlice(trace, { .stage = pass.op.stage, .track = track, .kind = kind, .start = from, .seconds = seconds,
                          .hidden = hidden, .pass = index });
    };
    const double length = end - start;
    add(TraceTrack::Compute, TraceSliceKind::Pass, start, length, false);
    const double exposed = pass.cost.tpComm + pass.cost.cpComm + pass.cost.epComm + pass.cost.dpComm;
    const double fit = exposed > length ? length / exposed : 1.0;
    double at = end - exposed * fit;
    for (TraceTrack track : kCommunicationTracks) {
        add(track, TraceSliceKind::Communication, start, std::min(hiddenOf(pass.cost, track), at - start), true);
        const double seconds = exposedOf(pass.cost, track) * fit;
        add(track, TraceSliceKind::Communication, at, seconds, false);
        at += seconds;
    }
}

// After a stage's last pass: the DP traffic that hid under its last backward (ending there), then
// what stays exposed of it, the optimizer step and the weight casts, as the evaluator adds them to
// the stage's end; on the critical stage the step's overhead and wait for the slowest rank follow.
void addTail(StepTrace& trace, int64_t stage, double passesEnd, const Scenario& s, const PricedStep& priced,
             const Result& result)
{
    const ParallelLayout& L = priced.plan.layout;
    const StepTiming& timing = priced.timing;
    const size_t i = size_t(stage);
    const double hiddenStart = std::max(0.0, passesEnd - timing.tailHiddenDp[i]);
    addSlice(trace, { .stage = stage, .track = TraceTrack::Tail, .kind = TraceSliceKind::GradientSync,
                      .start = hiddenStart, .seconds = passesEnd - hiddenStart, .hidden = true });
    double at = passesEnd;
    const auto next = [&](TraceSliceKind kind, double seconds, double bytes) {
        addSlice(trace, { .stage = stage, .track = TraceTrack::Tail, .kind = kind, .start = at, .seconds = seconds,
                          .bytes = bytes });
        at += seconds;
    };
    next(TraceSliceKind::GradientSync, timing.tailDp[i], 0);
    const OptimizerTraffic traffic = optimizerTraffic(L, stageParameters(s.model, L, stage), stateBytes(s.training));
    next(TraceSliceKind::Optimizer, timing.optimizer[i], traffic.update + traffic.zeroGradients);
    next(TraceSliceKind::WeightCast, timing.weightCast[i], 0);
    if (stage == result.criticalStage)
        next(TraceSliceKind::StepOverhead, result.time.other, 0);
}

} // namespace

StepTrace traceStep(const Scenario& s, const Result& result, const EvaluateOptions& options)
{
    StepTrace trace;
    if (!result.valid || result.timeline.empty())
        return trace;
    const PricedStep priced = priceStep(s, options);
    const ParallelLayout& L = priced.plan.layout;
    const int64_t stages = L.degrees.pp;
    const std::vector<ForwardFlops> flops = forwardFlopsPerVirtualStage(s, L);
    trace.passes.reserve(result.timeline.size());
    for (const PipelineOp& op : result.timeline) {
        const int64_t vs = op.virtualStage;
        trace.passes.push_back(
            { .op = op,
              .virtualStage = vs,
              .cost = passCost(op.kind, priced.timing.forward[size_t(vs)], priced.timing.backward[size_t(vs)]),
              .flops = passFlops(op.kind, flops[size_t(vs)]) });
    }

    std::vector<double> passesEnd(size_t(stages), 0.0);
    const auto passCount = int64_t(trace.passes.size());
    for (int64_t i = 0; i < passCount; ++i) {
        const PipelineOp& op = result.timeline[size_t(i)];
        passesEnd[size_t(op.stage)] = std::max(passesEnd[size_t(op.stage)], op.sendEnd);
        const int64_t first = i;
        if (pairsWithNext(result.timeline, size_t(i))) {
            TracePass& a = trace.passes[size_t(i)];
            TracePass& b = trace.passes[size_t(i + 1)];
            // The pair's interval is shared in proportion to the passes' own times.
            const double own = a.cost.total() + b.cost.total();
            const double middle = own > 0 ? op.start + (op.end - op.start) * a.cost.total() / own : op.start;
            hideInPair(a.cost, b.cost);
            addPass(trace, i, op.start, middle);
            addPass(trace, ++i, middle, op.end);
        } else {
            addPass(trace, i, op.start, op.end);
        }
        addSlice(trace, { .stage = op.stage, .track = TraceTrack::PipelineSend, .kind = TraceSliceKind::Send,
                          .start = op.end, .seconds = op.sendEnd - op.end, .pass = first });
    }
    for (int64_t stage = 0; stage < stages; ++stage)
        addTail(trace, stage, passesEnd[size_t(stage)], s, priced, result);
    return trace;
}

} // namespace paraplan
