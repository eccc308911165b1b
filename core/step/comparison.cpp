// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/comparison.h"

#include "core/model/model_shape.h"
#include "core/spec/units.h"

#include <algorithm>

namespace paraplan {

namespace {

// A group's bus bandwidth and whether it spans nodes, as the evaluation priced them (a kind that
// sends nothing: 0 GB/s, inside a node).
struct GroupFigures {
    double busGBps = 0;
    bool crossesNodes = false;
};

GroupFigures figuresOf(const Result& r, CommGroup group)
{
    const GroupReport* report = findGroup(r.groups, group);
    return report ? GroupFigures{ report->busGBps, report->crossesNodes } : GroupFigures{};
}

Cause tensorParallelCause(const Scenario& a, const Result& ra, const Scenario& b, const Result& rb)
{
    const GroupFigures ga = figuresOf(ra, CommGroup::Tp);
    const GroupFigures gb = figuresOf(rb, CommGroup::Tp);
    Cause c;
    c.valueA = ga.busGBps;
    c.valueB = gb.busGBps;
    c.countA = ra.parallel.degrees.tp;
    c.countB = rb.parallel.degrees.tp;
    if (gb.crossesNodes && !ga.crossesNodes)
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
           + recomputeFlopsPerSequence(s.model, s.training.seqLen, r.recomputeChosen, r.parallel.recomputeModules,
                                       frameworkDefaults(s.framework.name).selectiveCheckpointing))
        / double(r.gpus);
    const double seconds = r.time.compute + r.time.recompute;
    return seconds > 0 ? flopsPerSToTflops(flops / seconds) : 0;
}

Cause causeOf(TimeComponent component, const Scenario& a, const Result& ra, const Scenario& b, const Result& rb)
{
    const ParallelDegrees &pa = ra.parallel.degrees, &pb = rb.parallel.degrees;
    auto busOf = [&](CommGroup group) { return std::pair{ figuresOf(ra, group).busGBps, figuresOf(rb, group).busGBps }; };
    Cause c;
    switch (component) {
    case TimeComponent::TpComm:
        return tensorParallelCause(a, ra, b, rb);
    case TimeComponent::Bubble:
        // Alike pipelines under different schedules: the schedule is what differs.
        if (ra.schedule != rb.schedule && pa.pp == pb.pp && ra.microBatches == rb.microBatches) {
            c = { CauseKind::PipelineSchedule, ra.bubbleFraction, rb.bubbleFraction, int64_t(ra.schedule), int64_t(rb.schedule), 0, 0 };
            return c;
        }
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
        c = { CauseKind::DataParallelExposed, busA, busB, pa.dp, pb.dp, ra.parallel.zeroStage, rb.parallel.zeroStage };
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
        c.countA = ra.parallel.zeroStage;
        c.countB = rb.parallel.zeroStage;
        return c;
    case TimeComponent::Other:
        c.kind = CauseKind::StepOverhead;
        return c;
    }
    return c;
}

} // namespace

Comparison compare(const Scenario& a, const Result& ra, const Scenario& b, const Result& rb)
{
    Comparison cmp;
    cmp.stepA = ra.time.step;
    cmp.stepB = rb.time.step;
    for (TimeComponent component : kTimeComponents)
        cmp.components.push_back({ component, componentSeconds(ra.time, component), componentSeconds(rb.time, component),
                                   hiddenSeconds(ra.time, component), hiddenSeconds(rb.time, component) });
    const auto largest = std::max_element(cmp.components.begin(), cmp.components.end(),
                                          [](const ComponentDelta& x, const ComponentDelta& y) { return x.delta() < y.delta(); });
    cmp.largest = largest->component;
    cmp.cause = cmp.stepB > cmp.stepA ? causeOf(cmp.largest, a, ra, b, rb) : Cause{};
    cmp.noRealDifference = ra.uncertainty && rb.uncertainty && withinEachOthersBand(*ra.uncertainty, *rb.uncertainty);
    return cmp;
}

} // namespace paraplan
