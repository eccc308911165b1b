// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/collectives.h"

#include "core/network/calibration.h"

#include <algorithm>
#include <cmath>

namespace paraplan {

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
    const double ringHops = pointToPoint ? 1.0 : collectiveTraits(collective).latencyStepsPerPeer * double(ranks - 1);
    const double ring = ringHops * link.latencyS + bytes * factor / link.busBytesPerS;
    // Across nodes NCCL may all-reduce over a double binary tree instead: 2 log2(n) latency-bound
    // steps where a ring takes 2(n-1), at half the bus bandwidth (tuning.cc, ncclTopoGetAlgoTime);
    // it takes whichever it predicts faster, so small reductions over many ranks stay cheap.
    if (collective == Collective::AllReduce && link.crossesNodes) {
        const double tree = 2 * std::ceil(std::log2(double(ranks))) * link.latencyS + 2 * bytes / link.busBytesPerS;
        return params.collectiveOverheadS + std::min(ring, tree);
    }
    return params.collectiveOverheadS + ring;
}

} // namespace paraplan
