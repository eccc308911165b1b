// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/explanation.h"

#include "widgets/common/formatting.h"
#include "widgets/common/schedule_text.h"
#include "widgets/common/link_text.h"
#include "widgets/common/plot_theme.h"

#include "core/model/layer_shapes.h"
#include "core/network/cluster_topology.h"
#include "core/step/pipeline_schedule.h"

#include <QCoreApplication>

namespace paraplan::widgets {

namespace {

// The translation context of these free functions (lupdate files their strings under it).
struct Explanation {
    Q_DECLARE_TR_FUNCTIONS(Explanation)
};

// `modules`: what selective replays, where known.
QString recomputeName(int64_t recompute, std::optional<RecomputeModules> modules = std::nullopt)
{
    switch (Recompute(recompute)) {
    case Recompute::None:
        return Explanation::tr("nothing");
    case Recompute::Selective:
        return modules ? Explanation::tr("the modules %1 (selective)").arg(QString::fromStdString(moduleList(*modules)))
                       : Explanation::tr("the selective modules");
    case Recompute::Full:
        return Explanation::tr("every layer's forward (full)");
    case Recompute::Auto:
        break;
    }
    return Explanation::tr("nothing");
}

// Where a group's traffic runs and the link that limits it, as the evaluation priced it.
QString whereGroupRuns(const GroupReport& g, const Scenario& s)
{
    const QString bound = g.boundLink >= 0 ? linkText(*fabricOf(s.cluster), g.boundLink) : QString();
    if (!g.crossesNodes)
        return Explanation::tr("inside one node, bounded by %1").arg(bound);
    return Explanation::tr("across %1 nodes, bounded by %2").arg(g.nodesSpanned).arg(bound);
}

// The evaluation's report of a kind of group that communicates (one of size 1 sends nothing and
// has none: its component is then zero and never explained).
GroupReport reportOf(const Result& r, CommGroup group)
{
    const GroupReport* report = findGroup(r.groups, group);
    return report ? *report : GroupReport{};
}

} // namespace

QString describeConfiguration(const Scenario& s, const Result& r)
{
    const ParallelSpec& p = r.parallel;
    const ParallelDegrees& d = p.degrees;
    QStringList parts{ QStringLiteral("tp %1").arg(d.tp), QStringLiteral("pp %1").arg(d.pp), QStringLiteral("dp %1").arg(d.dp) };
    if (d.cp > 1)
        parts << QStringLiteral("cp %1").arg(d.cp);
    if (d.ep > 1)
        parts << QStringLiteral("ep %1").arg(d.ep);
    if (d.etp > 0 && d.etp != d.tp)
        parts << QStringLiteral("etp %1").arg(d.etp);
    if (s.model.isMoe() && p.moeDispatcher != MoeDispatcher::AllToAll)
        parts << QString::fromLatin1(toString(p.moeDispatcher));
    if (d.vpp > 1)
        parts << QStringLiteral("vpp %1").arg(d.vpp);
    parts << Explanation::tr("mb %1").arg(s.training.microBatch) << QStringLiteral("ZeRO-%1").arg(p.zeroStage);
    if (p.sequenceParallel)
        parts << QStringLiteral("SP");
    if (r.recomputeChosen != Recompute::None)
        parts << Explanation::tr("recompute %1").arg(QString::fromLatin1(toString(r.recomputeChosen)))
                     + (r.recomputeChosen == Recompute::Selective
                            ? QStringLiteral(" (%1)").arg(QString::fromStdString(moduleList(p.recomputeModules)))
                            : QString());
    return parts.join(QStringLiteral(" · "));
}

QString componentExplanation(TimeComponent component, const Evaluation& e)
{
    const Scenario& s = e.scenario;
    const Result& r = e.result;
    const ParallelSpec& p = r.parallel;
    const ParallelDegrees& d = p.degrees;
    switch (component) {
    case TimeComponent::Compute:
        return Explanation::tr("The GEMMs of each layer's TP shard (a roofline with tile and wave quantisation on %1 SMs), the "
                  "attention kernel and the memory-bound elementwise work, over the critical stage's %2 micro-batches.")
            .arg(s.cluster.gpu.sms)
            .arg(r.microBatches);
    case TimeComponent::Recompute:
        return Explanation::tr("Activation recomputation replays %1 before each backward.")
            .arg(recomputeName(int64_t(r.recomputeChosen), p.recomputeModules));
    case TimeComponent::TpComm: {
        const GroupReport g = reportOf(r, CommGroup::Tp);
        return Explanation::tr("TP group of %1 GPUs %2 at %3 bus bandwidth: %4 per layer and micro-batch in the forward, exposed; "
                  "the backward hides its column-parallel collectives behind the weight-gradient GEMMs.")
            .arg(d.tp)
            .arg(whereGroupRuns(g, s))
            .arg(formatGBps(g.busGBps))
            .arg(p.sequenceParallel ? Explanation::tr("two all-gathers and two reduce-scatters") : Explanation::tr("two all-reduces"));
    }
    case TimeComponent::CpComm: {
        const GroupReport g = reportOf(r, CommGroup::Cp);
        return Explanation::tr("Ring attention passes key/value chunks %1 times per pass %2 at %3; only what the attention kernel "
                  "cannot hide is counted.")
            .arg(d.cp - 1)
            .arg(whereGroupRuns(g, s))
            .arg(formatGBps(g.busGBps));
    }
    case TimeComponent::EpComm: {
        const GroupReport g = reportOf(r, CommGroup::Ep);
        const int64_t etp = d.expertTp();
        if (p.moeDispatcher == MoeDispatcher::AllGather)
            return Explanation::tr("Every token of the %1 × %2 expert-tensor and expert-parallel GPUs all-gathered to the experts "
                                   "and their outputs reduce-scattered back, per pass, %3 at %4 (allgather dispatcher).")
                .arg(etp)
                .arg(d.ep)
                .arg(whereGroupRuns(g, s))
                .arg(formatGBps(g.busGBps));
        QString text = Explanation::tr("All-to-all dispatch and combine of the routed tokens, twice per pass, over %1 GPUs %2 at %3.")
                           .arg(d.ep)
                           .arg(whereGroupRuns(g, s))
                           .arg(formatGBps(g.busGBps));
        if (p.moeDispatcher == MoeDispatcher::Flex && g.nodesSpanned > 1)
            text += QLatin1Char(' ')
                + Explanation::tr("The flex dispatcher sends a token across the network once per node holding its experts "
                                  "(%1 of %2 nodes on average) and forwards it inside the node: %3 % of an all-to-all's network "
                                  "bytes.")
                      .arg(remoteNodesPerToken(s.model.moe, g.nodesSpanned), 0, 'f', 1)
                      .arg(g.nodesSpanned - 1)
                      .arg(100 * flexNetworkShare(s.model.moe, g.nodesSpanned), 0, 'f', 0);
        if (etp > 1) {
            const GroupReport e = reportOf(r, etp == d.tp ? CommGroup::Tp : CommGroup::ExpertTp);
            text += QLatin1Char(' ')
                + Explanation::tr("The %1 expert-tensor-parallel GPUs then all-gather the dispatched rows and reduce-scatter the "
                                  "experts' outputs %2.")
                      .arg(etp)
                      .arg(whereGroupRuns(e, s));
        }
        if (p.moeA2aOverlap || p.moeSharedExpertOverlap)
            text += QLatin1Char(' ')
                + Explanation::tr("What runs under %1 is not counted here.")
                      .arg(p.moeA2aOverlap ? Explanation::tr("another micro-batch's compute") : Explanation::tr("the shared experts"));
        return text;
    }
    case TimeComponent::PpComm: {
        const GroupReport g = reportOf(r, CommGroup::PipelineHop);
        return Explanation::tr("Blocking sends of each micro-batch's activation and gradient between neighbouring stages (each GPU "
                  "sends 1/tp of it) %1 at %2.")
            .arg(whereGroupRuns(g, s))
            .arg(formatGBps(g.busGBps));
    }
    case TimeComponent::DpComm: {
        const GroupReport g = reportOf(r, CommGroup::DataParallel);
        const QString collective = p.zeroStage == 0 ? Explanation::tr("all-reduce") : Explanation::tr("reduce-scatter");
        return Explanation::tr("Gradient %1 over %2 data-parallel GPUs %3 at %4 after the last micro-batch, %5; ZeRO-2/3 traffic "
                  "per micro-batch where it cannot hide behind its pass.")
            .arg(collective)
            .arg(d.dataRanks())
            .arg(whereGroupRuns(g, s))
            .arg(formatGBps(g.busGBps))
            .arg(p.overlapGradReduce ? Explanation::tr("overlapped with its backward except the last bucket") : Explanation::tr("not overlapped"));
    }
    case TimeComponent::Bubble: {
        const double textbook = textbookBubbleFraction(d.pp, d.vpp, r.microBatches);
        return Explanation::tr("The critical stage's idle time while the pipeline fills and drains: %1 of the step (uniform stages "
                  "would give (p−1)/(v·m+p−1) = %2).")
            .arg(formatPercent(r.bubbleFraction))
            .arg(formatPercent(textbook));
    }
    case TimeComponent::Optimizer:
        return Explanation::tr("The Adam step over the parameters this GPU owns (ZeRO-%1), memory-bound at HBM bandwidth.").arg(p.zeroStage);
    case TimeComponent::Other:
        return Explanation::tr("Per-step framework overhead outside the pipeline.");
    }
    return {};
}

namespace {

// What the model predicts of the difference, whether or not it can be told from noise.
QString predictedDifference(const Comparison& c)
{
    const Cause& k = c.cause;
    if (k.kind == CauseKind::NotSlower)
        return Explanation::tr("B is not slower than A: its step takes %1 against %2.").arg(formatSeconds(c.stepB), formatSeconds(c.stepA));
    const QString lead = Explanation::tr("B's step takes %1 longer (%2 against %3), most of it in %4. ")
                             .arg(formatSeconds(c.stepB - c.stepA), formatSeconds(c.stepB), formatSeconds(c.stepA),
                                  componentName(c.largest));
    QString cause;
    switch (k.kind) {
    case CauseKind::NotSlower:
        break;
    case CauseKind::TpGroupCrossesNodes:
        cause = Explanation::tr("B's TP group of %1 GPUs spans nodes: its collectives run at %2 instead of %3.")
                    .arg(k.countB)
                    .arg(formatGBps(k.valueB), formatGBps(k.valueA));
        break;
    case CauseKind::TpGroupOnSlowerLink:
        cause = Explanation::tr("B's TP collectives run over a slower link: %1 instead of %2.").arg(formatGBps(k.valueB), formatGBps(k.valueA));
        break;
    case CauseKind::LargerTpGroup:
        cause = Explanation::tr("B splits every layer over %1 GPUs instead of %2: more collectives per layer for less compute each.")
                    .arg(k.countB)
                    .arg(k.countA);
        break;
    case CauseKind::TpCommNotOverlapped:
        cause = Explanation::tr("A hides its TP communication behind the GEMMs (TP communication overlap); B does not.");
        break;
    case CauseKind::PipelineBubble:
        cause = Explanation::tr("B's pipeline idles %1 of the step against %2: %3 stages share %4 micro-batches (A: %5 stages, %6).")
                    .arg(formatPercent(k.valueB), formatPercent(k.valueA))
                    .arg(k.extraB)
                    .arg(k.countB)
                    .arg(k.extraA)
                    .arg(k.countA);
        break;
    case CauseKind::PipelineSchedule:
        cause = Explanation::tr("B runs its pipeline under %1, A under %2: B's idles %3 of the step against %4.")
                    .arg(scheduleText(PipelineSchedule(k.countB)), scheduleText(PipelineSchedule(k.countA)))
                    .arg(formatPercent(k.valueB), formatPercent(k.valueA));
        break;
    case CauseKind::PipelineSends:
        cause = Explanation::tr("B sends activations between %1 stages at %2 (A: %3 stages at %4).")
                    .arg(k.countB)
                    .arg(formatGBps(k.valueB))
                    .arg(k.countA)
                    .arg(formatGBps(k.valueA));
        break;
    case CauseKind::DataParallelExposed:
        cause = Explanation::tr("B reduces gradients over %1 GPUs at %2 (A: %3 GPUs at %4), and the backward cannot hide it.")
                    .arg(k.countB)
                    .arg(formatGBps(k.valueB))
                    .arg(k.countA)
                    .arg(formatGBps(k.valueA));
        break;
    case CauseKind::SmallerGemms:
        cause = Explanation::tr("B's GEMMs are smaller (tp %1, micro-batch %2 against tp %3, micro-batch %4): its compute reaches "
                   "%5 per GPU against %6.")
                    .arg(k.countB)
                    .arg(k.extraB)
                    .arg(k.countA)
                    .arg(k.extraA)
                    .arg(formatTflops(k.valueB), formatTflops(k.valueA));
        break;
    case CauseKind::MoreWorkPerGpu:
        cause = Explanation::tr("B gives each GPU more work per step: %1 TFLOP against %2.")
                    .arg(QString::number(k.valueB, 'f', 0), QString::number(k.valueA, 'f', 0));
        break;
    case CauseKind::MoreRecomputation:
        cause = Explanation::tr("B recomputes %1 where A recomputes %2.").arg(recomputeName(k.countB), recomputeName(k.countA));
        break;
    case CauseKind::ContextParallelComm:
        cause = Explanation::tr("B's context-parallel ring over %1 GPUs runs at %2 (A: %3 GPUs at %4).")
                    .arg(k.countB)
                    .arg(formatGBps(k.valueB))
                    .arg(k.countA)
                    .arg(formatGBps(k.valueA));
        break;
    case CauseKind::ExpertParallelComm:
        cause = Explanation::tr("B's expert all-to-all over %1 GPUs runs at %2 (A: %3 GPUs at %4).")
                    .arg(k.countB)
                    .arg(formatGBps(k.valueB))
                    .arg(k.countA)
                    .arg(formatGBps(k.valueA));
        break;
    case CauseKind::SlowerOptimizer:
        cause = Explanation::tr("B's optimizer step updates more parameters per GPU (ZeRO-%1 against ZeRO-%2).").arg(k.countB).arg(k.countA);
        break;
    case CauseKind::StepOverhead:
        cause = Explanation::tr("B pays more fixed per-step overhead.");
        break;
    }
    return lead + cause;
}

} // namespace

QString explainComparison(const Comparison& c)
{
    if (!c.noRealDifference)
        return predictedDifference(c);
    return Explanation::tr("No real difference: A's and B's steps lie within each other's 80 % band, so the model cannot "
                           "tell them apart. What it predicts: %1")
        .arg(predictedDifference(c));
}

} // namespace paraplan::widgets
