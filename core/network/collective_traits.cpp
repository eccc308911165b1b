// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/collective_traits.h"

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

} // namespace paraplan
