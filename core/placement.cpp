// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "placement.h"

#include <algorithm>

namespace paraplan {

namespace {

double intraBusBytesPerS(const ClusterSpec& cluster, const EfficiencyParams& params)
{
    return cluster.intraNode.GBpsPerGpu * 1e9 * params.ncclIntraNodeEfficiency;
}

double interBusBytesPerS(const ClusterSpec& cluster, const EfficiencyParams& params, int64_t nicsPerNode)
{
    return cluster.interNode.GBpsPerGpu * 1e9 * params.ncclInterNodeEfficiency * double(nicsPerNode);
}

} // namespace

GroupPlacement placeGroup(int64_t size, int64_t stride, const ClusterSpec& cluster, const EfficiencyParams& params)
{
    GroupPlacement g;
    g.size = std::max<int64_t>(size, 1);
    g.stride = std::max<int64_t>(stride, 1);
    const int64_t perNode = std::max<int64_t>(cluster.gpusPerNode, 1);
    g.membersPerNode = g.stride >= perNode ? 1 : std::min(g.size, std::max<int64_t>(perNode / g.stride, 1));
    g.nodesSpanned = (g.size + g.membersPerNode - 1) / g.membersPerNode;
    g.crossesNodes = g.nodesSpanned > 1;
    if (g.crossesNodes) {
        g.rate.busBytesPerS
            = std::min(intraBusBytesPerS(cluster, params), interBusBytesPerS(cluster, params, g.membersPerNode));
        g.rate.latencyS = cluster.interNode.latencyUs * 1e-6;
    } else {
        g.rate.busBytesPerS = intraBusBytesPerS(cluster, params);
        g.rate.latencyS = cluster.intraNode.latencyUs * 1e-6;
    }
    return g;
}

GroupPlacement placePipelineHop(int64_t stride, const ClusterSpec& cluster, const EfficiencyParams& params)
{
    // Stage s and s+1 are `stride` ranks apart: the hop leaves the node once stride reaches a node.
    GroupPlacement g = placeGroup(2, stride, cluster, params);
    if (g.crossesNodes) // each GPU sends its own shard over its own rail
        g.rate.busBytesPerS = std::min(intraBusBytesPerS(cluster, params), interBusBytesPerS(cluster, params, 1));
    return g;
}

} // namespace paraplan
