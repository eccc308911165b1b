// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/placement.h"

#include "core/network/cluster_topology.h"
#include "core/network/nccl_tuning.h"
#include "core/spec/units.h"

#include <algorithm>
#include <cmath>

namespace paraplan {

namespace {

double nodeRate(const GroupSetPricing& p, const EfficiencyParams& params)
{
    return GBpsToBytesPerS(p.node.GBps) * params.ncclIntraNodeEfficiency;
}

double networkRate(const GroupSetPricing& p, const EfficiencyParams& params)
{
    return GBpsToBytesPerS(p.network.GBps) * params.ncclInterNodeEfficiency;
}

GroupPlacement placed(const Fabric& fabric, const Scenario& scenario, const ParallelDegrees& degrees, CommGroup group,
                      const EfficiencyParams& params, const Calibration* calibration)
{
    GroupPlacement placement;
    placement.group = group;
    placement.pricing
        = fabric.priceGroups(groupShape(group, degrees, scenario.parallel.placement.order), scenario.parallel.placement);
    placement.rate = rateOf(*placement.pricing, scenario.cluster, params, calibration);
    return placement;
}

} // namespace

const FabricLimit& GroupPlacement::limit(const EfficiencyParams& params) const
{
    return networkRate(*pricing, params) < nodeRate(*pricing, params) ? pricing->network : pricing->node;
}

LinkRate rateOf(const GroupSetPricing& pricing, const ClusterSpec& cluster, const EfficiencyParams& params,
                const Calibration* calibration)
{
    const double bus = std::min(nodeRate(pricing, params), networkRate(pricing, params));
    LinkRate rate{ std::isfinite(bus) ? bus : 0.0, usToSeconds(pricing.latencyUs), calibration, pricing.crossesNodes };
    rate.lowLatencyProtocols = true;
    rate.ll128 = hasNvlinkInNode(cluster);
    if (!pricing.crossesNodes && hasNvlinkSharp(cluster) && std::isfinite(pricing.node.GBps))
        rate.nvlsBytesPerS = GBpsToBytesPerS(pricing.node.GBps) * nvlinkSharpEfficiency(cluster.gpu.architecture);
    if (pricing.crossesNodes && cluster.interNode.sharp && std::isfinite(pricing.network.GBps)) {
        rate.sharpBytesPerS = networkRate(pricing, params) * kSharpBandwidthShare;
        rate.nodeBytesPerS = std::isfinite(pricing.node.GBps) ? nodeRate(pricing, params) : 0.0;
        rate.ranksPerNode = std::max<int64_t>(pricing.membersPerNode, 1);
    }
    return rate;
}

GroupPlacements placeGroups(const Scenario& scenario, const ParallelDegrees& degrees, const EfficiencyParams& params,
                            const Calibration* calibration)
{
    GroupPlacements placements;
    placements.fabric = fabricOf(scenario.cluster);
    for (CommGroup group : kCommGroups)
        placements.groups[size_t(group)] = placed(*placements.fabric, scenario, degrees, group, params, calibration);
    return placements;
}

GroupPlacement placeGroup(const Scenario& scenario, const ParallelDegrees& degrees, CommGroup group,
                          const EfficiencyParams& params)
{
    return placed(*fabricOf(scenario.cluster), scenario, degrees, group, params, nullptr);
}

} // namespace paraplan
