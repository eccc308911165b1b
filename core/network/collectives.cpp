// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/collectives.h"

#include "core/network/calibration.h"

namespace paraplan {

namespace {
constexpr CollectiveTraits kTraits[] = {
    { Collective::AllReduce, "all_reduce", 2 },
    { Collective::AllGather, "all_gather", 1 },
    { Collective::ReduceScatter, "reduce_scatter", 1 },
    { Collective::AllToAll, "all_to_all", 1 },
    { Collective::Broadcast, "broadcast", 1 },
    { Collective::Reduce, "reduce", 1 },
    { Collective::SendRecv, "send_recv", 0 },
};
}

const CollectiveTraits& collectiveTraits(Collective collective) { return kTraits[int(collective)]; }

std::optional<Collective> collectiveNamed(std::string_view name)
{
    for (const CollectiveTraits& traits : kTraits)
        if (name == traits.name)
            return traits.collective;
    return std::nullopt;
}

double busBandwidthFactor(Collective collective, int64_t ranks)
{
    const double n = double(ranks);
    switch (collective) {
    case Collective::AllReduce:
        return 2 * (n - 1) / n;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        return (n - 1) / n;
    case Collective::Broadcast:
    case Collective::Reduce:
    case Collective::SendRecv:
        return 1;
    }
    return 1;
}

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
