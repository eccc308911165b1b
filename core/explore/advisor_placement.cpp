// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Where the groups landed: TP and CP groups that leave their node or PCIe switch, and DP or
// pipeline traffic on a slow or shared link (a PCIe uplink, a NIC several groups share, an
// oversubscribed spine): seed 000 §2.2 and §3.2's placement lessons.
#include "core/explore/advice_context.h"

#include "core/network/group_report.h"
#include "core/network/placement_warnings.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"

#include <algorithm>

namespace paraplan::advice {

namespace {

// A slow group matters where its exposed traffic is at least this share of the step.
constexpr double kExposedWorthALook = 0.02;

// A rank table undone: ranks on GPUs in order, the seed's swap back.
std::vector<Scenario> tableUndone(const Scenario& s)
{
    if (!s.parallel.placement.table)
        return {};
    Scenario inOrder = s;
    inOrder.parallel.placement.table.reset();
    return { inOrder };
}

// The placements that keep the same degrees: the rank table undone, then every order of the
// dimensions (what moves DP or pipeline groups off a shared link).
std::vector<Scenario> placementProposals(const Scenario& s)
{
    std::vector<Scenario> proposals = tableUndone(s);
    Scenario inOrder = s;
    inOrder.parallel.placement.table.reset();
    RankOrder order{ ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Dp, ParallelDim::Pp };
    std::sort(order.begin(), order.end());
    do {
        Scenario p = inOrder;
        p.parallel.placement.order = order;
        proposals.push_back(std::move(p));
    } while (std::next_permutation(order.begin(), order.end()));
    return proposals;
}

// The same GPUs split another way around the slow group: its degree halved, the half going to
// data parallelism or to the pipeline.
std::vector<Scenario> degreeProposals(const Scenario& s, const Result& r, CommGroup group)
{
    std::vector<Scenario> proposals;
    const ParallelDegrees& d = r.parallel.degrees;
    const auto add = [&](ParallelDegrees next) {
        Scenario p = withDegrees(s, next.tp, next.pp, next.vpp);
        p.parallel.degrees.cp = next.cp;
        p.parallel.degrees.ep = d.ep;
        if (next.pp == 1)
            p.parallel.schedule.reset();
        proposals.push_back(std::move(p));
    };
    ParallelDegrees next = d;
    switch (group) {
    case CommGroup::Tp:
        if (d.tp % 2 == 0) {
            next.tp = d.tp / 2;
            add(next); // dp doubles
            next.pp = d.pp * 2;
            add(next);
        }
        break;
    case CommGroup::Cp:
        if (d.cp % 2 == 0) {
            next.cp = d.cp / 2;
            add(next);
        }
        break;
    case CommGroup::DataParallel:
        next.pp = d.pp * 2; // dp halves
        add(next);
        break;
    case CommGroup::PipelineHop:
        if (d.pp % 2 == 0) {
            next.pp = d.pp / 2;
            next.vpp = 1;
            add(next);
        }
        break;
    default:
        break;
    }
    return proposals;
}

std::vector<Scenario> joined(std::vector<Scenario> a, const std::vector<Scenario>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

Sentence slowGroupEvidence(const GroupReport& g, const char* groupName, double exposed, double hidden)
{
    if (g.crossesNodes && (g.group == CommGroup::Tp || g.group == CommGroup::Cp))
        return makeSentence(QT_TRANSLATE_NOOP("Advisor", "Each %1 group of %2 GPUs spans %3 nodes: its collectives run over %4 "
                                                         "at %5, %6 slower than its GPUs' own links; %7 of them per step is "
                                                         "exposed."),
                            { { groupName, true }, countArg(g.size), countArg(g.nodesSpanned), textArg(g.boundBy),
                              textArg(bandwidthText(g.busGBps)), textArg(ratioText(g.slowdown)), textArg(durationText(exposed)) });
    return makeSentence(QT_TRANSLATE_NOOP("Advisor", "The %1 groups of %2 GPUs run their collectives over %3, which %4 groups "
                                                     "share: %5, %6 slower than their own links; %7 per step is exposed and %8 "
                                                     "hidden under compute."),
                        { { groupName, true }, countArg(g.size), textArg(g.boundBy), countArg(g.sharing),
                          textArg(bandwidthText(g.busGBps)), textArg(ratioText(g.slowdown)), textArg(durationText(exposed)),
                          textArg(durationText(hidden)) });
}

struct SlowGroupKind {
    CommGroup group;
    const char* name;          // in the evidence, translated as a noun
    const char* crossingCode;  // the group leaves its node
    const char* sharedCode;    // the group runs on a slow or shared link inside or between nodes
};

constexpr SlowGroupKind kSlowGroupKinds[] = {
    { CommGroup::Tp, QT_TRANSLATE_NOOP("Advisor", "tensor-parallel"), "tp_group_crosses_nodes", "tp_group_on_shared_link" },
    { CommGroup::Cp, QT_TRANSLATE_NOOP("Advisor", "context-parallel"), "cp_group_crosses_nodes", "cp_group_on_shared_link" },
    { CommGroup::DataParallel, QT_TRANSLATE_NOOP("Advisor", "data-parallel"), "dp_on_slow_link", "dp_on_slow_link" },
    { CommGroup::PipelineHop, QT_TRANSLATE_NOOP("Advisor", "pipeline"), "pp_on_slow_link", "pp_on_slow_link" },
};

void addSlowGroupFinding(const Context& c, const SlowGroupKind& kind, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const GroupReport* g = findGroup(r.groups, kind.group);
    if (!g)
        return;
    const bool innerCrossing = g->crossesNodes && (kind.group == CommGroup::Tp || kind.group == CommGroup::Cp);
    if (!innerCrossing && g->slowdown < kSlowGroupFactor)
        return;
    const TimeComponent component = componentOfGroup(kind.group);
    const double exposed = componentSeconds(r.time, component);
    if (exposed < kExposedWorthALook * r.time.step)
        return;
    // A TP or CP group a rank table put on a slow link is fixed where it stands, by undoing the
    // table (the seed's swap back), else by a smaller degree; moving every dimension around is the
    // DP and pipeline findings' business.
    const bool inner = kind.group == CommGroup::Tp || kind.group == CommGroup::Cp;
    const std::vector<Scenario> undone = tableUndone(c.scenario());
    const std::optional<Tried> best
        = c.fastest(inner ? (undone.empty() ? degreeProposals(c.scenario(), r, kind.group) : undone)
                          : joined(placementProposals(c.scenario()), degreeProposals(c.scenario(), r, kind.group)));
    if (!best || !c.worthIt(*best))
        return;
    const GroupReport* after = findGroup(best->result.groups, kind.group);
    const char* changeTemplate = after ? QT_TRANSLATE_NOOP("Advisor", "Place the groups again, %1: they then run at %2 and the "
                                                                      "step saves %3.")
                                       : QT_TRANSLATE_NOOP("Advisor", "Split the GPUs another way, %1: the slow groups are gone "
                                                                      "and the step saves %2.");
    const DiagnosticArg saves = textArg(durationText(c.step() - best->result.time.step));
    std::vector<DiagnosticArg> changeArgs = after ? std::vector<DiagnosticArg>{ textArg(bandwidthText(after->busGBps)), saves }
                                                  : std::vector<DiagnosticArg>{ saves };
    findings.push_back(c.finding(innerCrossing ? kind.crossingCode : kind.sharedCode, FindingView::Topology,
                                 FindingFocus::onGroup(kind.group, component),
                                 slowGroupEvidence(*g, kind.name, exposed, hiddenSeconds(r.time, component)),
                                 { { "bus_GBps", g->busGBps },
                                   { "slowdown", g->slowdown },
                                   { "sharing", double(g->sharing) },
                                   { "nodes_spanned", double(g->nodesSpanned) },
                                   { "exposed_s", exposed } },
                                 changeTemplate, std::move(changeArgs), *best));
}

} // namespace

void addPlacementFindings(const Context& context, std::vector<Finding>& findings)
{
    for (const SlowGroupKind& kind : kSlowGroupKinds)
        addSlowGroupFinding(context, kind, findings);
}

} // namespace paraplan::advice
