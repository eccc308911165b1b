// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/collectives.h"

#include "core/network/calibration.h"
#include "core/network/nccl_tuning.h"

#include <algorithm>
#include <cmath>

namespace paraplan {

namespace {

// One algorithm's shape: its latency-bound steps and the bytes each rank moves over the bus.
struct CollectiveShape {
    double steps;
    double busBytes;
    bool tree;
};

double protocolSeconds(const CollectiveShape& shape, const NcclProtocol& protocol, const LinkRate& link)
{
    const double hopScale = shape.tree ? protocol.treeHopScale
                          : link.crossesNodes ? protocol.networkHopScale
                                              : protocol.nodeHopScale;
    return protocol.baseOffsetS + shape.steps * link.latencyS * hopScale
         + shape.busBytes / (link.busBytesPerS * protocol.bandwidthShare);
}

// The fastest protocol NCCL may run the shape with over this link (Simple, listed first, always).
double fastestProtocolSeconds(const CollectiveShape& shape, const LinkRate& link)
{
    const std::array<NcclProtocol, 3>& protocols = ncclProtocols();
    double best = protocolSeconds(shape, protocols.front(), link);
    if (!link.lowLatencyProtocols)
        return best;
    for (auto protocol = protocols.begin() + 1; protocol != protocols.end(); ++protocol)
        if (!protocol->nvlinkOnly || link.ll128)
            best = std::min(best, protocolSeconds(shape, *protocol, link));
    return best;
}

// CollNet Direct: the node's members reduce-scatter over NVLink, each sends its 1/g share up
// through its NIC once and takes the network's sum back once, then they all-gather inside the node.
// NCCL pipelines the node and network halves, so the slower of the two sets the pace. The ring
// moves 2S(n-1)/n through every NIC: SHARP up to halves it for one rank per node.
double inNetworkReductionSeconds(double bytes, const LinkRate& link)
{
    const double g = double(std::max<int64_t>(link.ranksPerNode, 1));
    const double network = bytes / g / link.sharpBytesPerS;
    const double node = g > 1 && link.nodeBytesPerS > 0 ? 2 * bytes * (g - 1) / g / link.nodeBytesPerS : 0.0;
    return kSharpLatencyOffsetS + std::max(network, node);
}

} // namespace

double collectiveSeconds(Collective collective, double bytes, int64_t ranks, const LinkRate& link,
                         const EfficiencyParams& params)
{
    const bool pointToPoint = collective == Collective::SendRecv;
    if (bytes <= 0 || (!pointToPoint && ranks < 2) || link.busBytesPerS <= 0)
        return 0.0;
    const double factor = busBandwidthFactor(collective, ranks);
    if (link.calibration)
        if (const std::optional<double> measured
            = link.calibration->busBytesPerS(collective, ranks, link.crossesNodes, bytes))
            return bytes * factor / *measured;
    const double ringSteps = pointToPoint ? 1.0 : collectiveTraits(collective).latencyStepsPerPeer * double(ranks - 1);
    double best = fastestProtocolSeconds({ ringSteps, bytes * factor, false }, link);
    // Across nodes NCCL may all-reduce over a double binary tree instead: 2 log2(n) latency-bound
    // steps where a ring takes 2(n-1), at half the bus bandwidth (tuning.cc, ncclTopoGetAlgoTime);
    // it takes whichever it predicts faster, so small reductions over many ranks stay cheap.
    if (collective == Collective::AllReduce && link.crossesNodes)
        best = std::min(best, fastestProtocolSeconds({ 2 * std::ceil(std::log2(double(ranks))), 2 * bytes, true }, link));
    // Inside a node whose switch reduces, NVLink SHARP moves S(n+1)/n each way at the switch's rate.
    if (collective == Collective::AllReduce && !link.crossesNodes && link.nvlsBytesPerS > 0)
        best = std::min(best, kNvlinkSharpLatencyOffsetS + bytes * double(ranks + 1) / double(ranks) / link.nvlsBytesPerS);
    if (collective == Collective::AllReduce && link.crossesNodes && link.sharpBytesPerS > 0)
        best = std::min(best, inNetworkReductionSeconds(bytes, link));
    return params.collectiveOverheadS + best;
}

} // namespace paraplan
