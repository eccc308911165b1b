// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/placement_warnings.h"

#include "core/spec/translatable.h"
#include "core/spec/units.h"

#include <cstdio>
#include <string>

namespace paraplan {

namespace {

DiagnosticArg number(double value, const char* format = "%.1f")
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, format, value);
    return { buffer };
}

// "0, 2, 5 and 7" (global GPU numbers), or "64 GPUs" for large groups.
DiagnosticArg gpuList(const std::vector<int64_t>& members)
{
    if (members.size() > 8)
        return { std::to_string(members.size()) };
    std::string text;
    for (size_t i = 0; i < members.size(); ++i)
        text += (i == 0 ? "" : i + 1 == members.size() ? " & " : ", ") + std::to_string(members[i]);
    return { text };
}

// The path in the scenario a user changes to move the group.
const char* pathOf(CommGroup group)
{
    switch (group) {
    case CommGroup::Tp:
        return "parallel.tp";
    case CommGroup::Cp:
        return "parallel.cp";
    case CommGroup::Ep:
        return "parallel.ep";
    case CommGroup::ExpertTp:
        return "parallel.etp";
    case CommGroup::PipelineHop:
        return "parallel.pp";
    default:
        return "parallel.placement";
    }
}

void warnNodeLimit(Diagnostics& out, const Fabric& fabric, CommGroup group, const FabricLimit& limit, double efficiency)
{
    const int32_t link = limit.link.link;
    const NodeLinkSpec& spec = fabric.topology().nodes[size_t(fabric.kindOf(fabric.nodeOfLink(link)))]
                                   .links[size_t(fabric.localLinkOf(link))];
    out.push_back(makeDiagnostic(
        Severity::Warning, "slow_group_link", pathOf(group),
        QT_TRANSLATE_NOOP("Diagnostics", "The %1 group of GPUs %2 runs at %3 GB/s, %4x slower than its GPUs' own links "
                                         "allow: it crosses %5 - %6 (%7) on node %8, a link %9 groups share. Place its "
                                         "ranks closer together (parallel.placement) or choose other degrees."),
        { { toString(group) }, gpuList(limit.members), number(limit.GBps * efficiency),
          number(limit.slowdown()), { spec.from }, { spec.to }, { toString(spec.kind) },
          { std::to_string(fabric.nodeOfLink(link)) }, { std::to_string(limit.sharing) } }));
}

void warnNetworkLimit(Diagnostics& out, const Fabric& fabric, CommGroup group, const FabricLimit& limit, double efficiency)
{
    const int32_t link = limit.link.link;
    const DiagnosticArg rate = number(limit.GBps * efficiency), alone = number(limit.ownGBps * efficiency);
    if (const int64_t rail = fabric.railOfLink(link); rail >= 0)
        out.push_back(makeDiagnostic(
            Severity::Warning, "shared_nic", pathOf(group),
            QT_TRANSLATE_NOOP("Diagnostics", "%1 %2 groups share NIC %3 of node %4: the slowest runs at %5 GB/s instead of "
                                             "the %6 GB/s it would get alone (%7x slower). Spread the groups over more "
                                             "NICs, or keep this traffic inside the nodes."),
            { { std::to_string(limit.sharing) }, { toString(group) }, { fabric.nicName(fabric.nodeOfLink(link), rail) },
              { std::to_string(fabric.nodeOfLink(link)) }, rate, alone, number(limit.slowdown()) }));
    else if (limit.collisions >= kSlowGroupFactor)
        out.push_back(makeDiagnostic(
            Severity::Warning, "ecmp_collisions", "cluster.topology.network.load_balancing",
            QT_TRANSLATE_NOOP("Diagnostics", "%1 groups' flows collide on %2, which ECMP hashes them onto: the busiest "
                                             "uplink carries %3x an even share and the slowest group runs at %4 GB/s. "
                                             "Spread each connection over more flows (flows_per_connection, "
                                             "NCCL_IB_QPS_PER_CONNECTION), route adaptively, or keep this traffic "
                                             "inside a pod."),
            { { toString(group) }, { fabric.describe(link) }, number(limit.collisions), rate }));
    else if (fabric.zoneOfLink(link) >= 0)
        out.push_back(makeDiagnostic(
            Severity::Warning, "oversubscribed_core", "cluster.topology.network.core_oversubscription",
            QT_TRANSLATE_NOOP("Diagnostics", "%1 groups cross the oversubscribed core between zones of %2 nodes: they "
                                             "run at %3 GB/s instead of %4 GB/s alone (%5x slower). Keep these groups "
                                             "inside a zone, or lower the core's oversubscription."),
            { { toString(group) }, { std::to_string(fabric.zoneNodes()) }, rate, alone, number(limit.slowdown()) }));
    else
        out.push_back(makeDiagnostic(
            Severity::Warning, "oversubscribed_spine", "cluster.topology.network",
            QT_TRANSLATE_NOOP("Diagnostics", "%1 groups cross the oversubscribed spine uplinks of a leaf switch: they run "
                                             "at %2 GB/s instead of %3 GB/s alone (%4x slower). Keep these groups inside "
                                             "a leaf, or lower the oversubscription."),
            { { toString(group) }, rate, alone, number(limit.slowdown()) }));
}

// The expert layers' groups that are the dense layers' own (etp = tp; expert DP = DP when ep
// re-splits nothing): reported once, under the dense name.
bool sameAsDense(const GroupPlacements& groups, CommGroup group)
{
    if (group == CommGroup::ExpertTp)
        return groups[group].pricing == groups[CommGroup::Tp].pricing;
    if (group == CommGroup::ExpertDataParallel)
        return groups[group].pricing == groups[CommGroup::DataParallel].pricing;
    return false;
}

} // namespace

void addPlacementWarnings(Diagnostics& diagnostics, const GroupPlacements& groups, const EfficiencyParams& params)
{
    for (CommGroup group : { CommGroup::Tp, CommGroup::Cp, CommGroup::Ep, CommGroup::ExpertTp, CommGroup::DataParallel,
                             CommGroup::PipelineHop }) {
        const GroupPlacement& placement = groups[group];
        if (placement.pricing->groupCount == 0 || sameAsDense(groups, group))
            continue;
        const FabricLimit& limit = placement.limit(params);
        // ECMP collisions slow a group even alone, so they are weighed against an even spread.
        const bool slowed = limit.slowdown() >= kSlowGroupFactor || limit.collisions >= kSlowGroupFactor;
        if (!limit.found() || !slowed)
            continue;
        if (&limit == &placement.pricing->node)
            warnNodeLimit(diagnostics, *groups.fabric, group, limit, params.ncclIntraNodeEfficiency);
        else
            warnNetworkLimit(diagnostics, *groups.fabric, group, limit, params.ncclInterNodeEfficiency);
    }
}

std::vector<GroupReport> groupReports(const GroupPlacements& groups, const EfficiencyParams& params)
{
    std::vector<GroupReport> reports;
    for (CommGroup group : { CommGroup::Tp, CommGroup::Cp, CommGroup::Ep, CommGroup::ExpertTp, CommGroup::DataParallel,
                             CommGroup::ExpertDataParallel, CommGroup::PipelineHop }) {
        const GroupPlacement& placement = groups[group];
        const GroupSetPricing& pricing = *placement.pricing;
        if (pricing.groupCount == 0 || sameAsDense(groups, group))
            continue;
        const FabricLimit& limit = placement.limit(params);
        GroupReport report;
        report.group = group;
        report.size = pricing.groupSize;
        report.count = pricing.groupCount;
        report.nodesSpanned = pricing.nodesSpanned;
        report.crossesNodes = pricing.crossesNodes;
        report.busGBps = bytesPerSToGBps(placement.rate.busBytesPerS);
        report.latencyUs = pricing.latencyUs;
        if (limit.found()) {
            report.boundLink = limit.link.link;
            report.boundBy = groups.fabric->describe(limit.link.link);
            report.sharing = limit.sharing;
            report.slowdown = limit.slowdown();
        }
        reports.push_back(std::move(report));
    }
    return reports;
}

} // namespace paraplan
