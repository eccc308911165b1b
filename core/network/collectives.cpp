// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/collectives.h"

#include "core/network/calibration.h"

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
    const double hops = pointToPoint ? 1.0 : collectiveTraits(collective).latencyStepsPerPeer * double(ranks - 1);
    return params.collectiveOverheadS + hops * link.latencyS + bytes * factor / link.busBytesPerS;
}

} // namespace paraplan
