// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/comparison.h"

#include "core/model/model_shape.h"
#include "core/network/placement.h"

#include <algorithm>

namespace paraplan {

namespace {

double busGBps(const GroupPlacement& group) { return group.rate.busBytesPerS / 1e9; }

// `pa`, `pb`: the configurations as evaluated (dp resolved).
Cause tensorParallelCause(const Scenario& a, const ParallelSpec& pa, const Scenario& b, const ParallelSpec& pb,
                          const EfficiencyParams& params)
{
    const GroupPlacement ga = placeGroup(a, degreesOf(pa), CommGroup::Tp, params);
    const GroupPlacement gb = placeGroup(b, degreesOf(pb), CommGroup::Tp, params);
    Cause c;
    c.valueA = busGBps(ga);
    c.valueB = busGBps(gb);
    c.countA = pa.tp;
    c.countB = pb.tp;
    if (gb.crossesNodes() && !ga.crossesNodes())
        c.kind = CauseKind::TpGroupCrossesNodes;
    else if (c.valueB < c.valueA)
        c.kind = CauseKind::TpGroupOnSlowerLink;
    else if (a.parallel.tpCommOverlap && a.parallel.sequenceParallel
             && !(b.parallel.tpCommOverlap && b.parallel.sequenceParallel))
        c.kind = CauseKind::TpCommNotOverlapped;
    else
        c.kind = CauseKind::LargerTpGroup;
    return c;
}

double computeRateTflops(const Scenario& s, const Result& r)
{
    // FLOPs one GPU executes per step over the critical stage's compute time.
    const double flops = double(s.training.globalBatch)
        * (modelFlopsPerSequence(s.model, s.training.seqLen)
           + recomputeFlopsPerSequence(s.model, s.training.seqLen, r.recomputeChosen))
        / double(r.gpus);
    const double seconds = r.time.compute + r.time.recompute;
    return seconds > 0 ? flops / seconds / 1e12 : 0;
}

Cause causeOf(TimeComponent component, const Scenario& a, const Result& ra, const Scenario& b, const Result& rb,
              const EfficiencyParams& params)
{
    const ParallelSpec &pa = ra.parallel, &pb = rb.parallel;
    auto busOf = [&](CommGroup group) {
        return std::pair{ busGBps(placeGroup(a, degreesOf(pa), group, params)),
                          busGBps(placeGroup(b, degreesOf(pb), group, params)) };
    };
    Cause c;
    switch (component) {
    case TimeComponent::TpComm:
        return tensorParallelCause(a, pa, b, pb, params);
    case TimeComponent::Bubble:
        c = { CauseKind::PipelineBubble, ra.bubbleFraction, rb.bubbleFraction, ra.microBatches, rb.microBatches,
              pa.pp, pb.pp };
        return c;
    case TimeComponent::PpComm: {
        const auto [busA, busB] = busOf(CommGroup::PipelineHop);
        c = { CauseKind::PipelineSends, busA, busB, pa.pp, pb.pp, 0, 0 };
        return c;
    }
    case TimeComponent::DpComm: {
        const auto [busA, busB] = busOf(CommGroup::DataParallel);
        c = { CauseKind::DataParallelExposed, busA, busB, pa.dp, pb.dp, pa.zeroStage, pb.zeroStage };
        return c;
    }
    case TimeComponent::Compute: {
        const double rateA = computeRateTflops(a, ra), rateB = computeRateTflops(b, rb);
        if (rateB < rateA)
            c = { CauseKind::SmallerGemms, rateA, rateB, pa.tp, pb.tp, a.training.microBatch, b.training.microBatch };
        else
            c = { CauseKind::MoreWorkPerGpu, ra.modelTflopsPerGpu * ra.time.step, rb.modelTflopsPerGpu * rb.time.step,
                  0, 0, 0, 0 };
        return c;
    }
    case TimeComponent::Recompute:
        c.kind = CauseKind::MoreRecomputation;
        c.countA = int64_t(ra.recomputeChosen);
        c.countB = int64_t(rb.recomputeChosen);
        return c;
    case TimeComponent::CpComm: {
        const auto [busA, busB] = busOf(CommGroup::Cp);
        c = { CauseKind::ContextParallelComm, busA, busB, pa.cp, pb.cp, 0, 0 };
        return c;
    }
    case TimeComponent::EpComm: {
        const auto [busA, busB] = busOf(CommGroup::Ep);
        c = { CauseKind::ExpertParallelComm, busA, busB, pa.ep, pb.ep, 0, 0 };
        return c;
    }
    case TimeComponent::Optimizer:
        c.kind = CauseKind::SlowerOptimizer;
        c.countA = pa.zeroStage;
        c.countB = pb.zeroStage;
        return c;
    case TimeComponent::Other:
        c.kind = CauseKind::StepOverhead;
        return c;
    }
    return c;
}

} // namespace

Comparison compare(const Scenario& a, const Result& ra, const Scenario& b, const Result& rb,
                   const EfficiencyParams& params)
{
    Comparison cmp;
    cmp.stepA = ra.time.step;
    cmp.stepB = rb.time.step;
    for (TimeComponent component : kTimeComponents)
        cmp.components.push_back({ component, componentSeconds(ra.time, component), componentSeconds(rb.time, component) });
    const auto largest = std::max_element(cmp.components.begin(), cmp.components.end(),
                                          [](const ComponentDelta& x, const ComponentDelta& y) { return x.delta() < y.delta(); });
    cmp.largest = largest->component;
    cmp.cause = cmp.stepB > cmp.stepA ? causeOf(cmp.largest, a, ra, b, rb, params) : Cause{};
    return cmp;
}

} // namespace paraplan
