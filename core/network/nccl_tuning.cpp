// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/nccl_tuning.h"

namespace paraplan {

const std::array<NcclProtocol, 3>& ncclProtocols()
{
    // tuning.cc @ 5067397c, ring latencies in us: base LL 6.6, LL128 14.0, Simple 8.4; per step
    // over NVLink 0.6 / 1.9 / 3.4, over the network 2.7 / 4.0 / 14.0; a tree's network step
    // 5.0 / 8.5 / 14. Bandwidth: LL x 0.5, LL128 x 0.92 (120/128) of Simple's.
    static const std::array<NcclProtocol, 3> protocols{ {
        { "Simple", 0.0, 1.0, 1.0, 1.0, 1.0, false },
        { "LL128", 14.0e-6 - 8.4e-6, 1.9 / 3.4, 4.0 / 14.0, 8.5 / 14.0, 0.92, true },
        { "LL", 6.6e-6 - 8.4e-6, 0.6 / 3.4, 2.7 / 14.0, 5.0 / 14.0, 0.5, false },
    } };
    return protocols;
}

double nvlinkSharpEfficiency(std::string_view architecture)
{
    // 307/450 and 543/900 (nvlinkSharpEfficiency's comment); NCCL's tuner holds the same ratio
    // between the generations (nvlsEfficiency: Hopper 0.85, Blackwell 0.74).
    if (architecture == "hopper")
        return 0.68;
    if (architecture == "blackwell")
        return 0.60;
    return 0.0;
}

int64_t nvlinkSharpChannels(std::string_view architecture, bool acrossNodes)
{
    if (architecture == "blackwell")
        return acrossNodes ? 32 : 24;
    return 16;
}

bool nvlinkSharpCapable(const ClusterSpec& cluster)
{
    return cluster.intraNode.kind == LinkKind::NvSwitch && nvlinkSharpEfficiency(cluster.gpu.architecture) > 0;
}

bool hasNvlinkSharp(const ClusterSpec& cluster) { return nvlinkSharpCapable(cluster) && cluster.intraNode.nvls; }

bool hasNvlinkInNode(const ClusterSpec& cluster)
{
    return cluster.intraNode.kind == LinkKind::NvSwitch || cluster.intraNode.kind == LinkKind::NvLink;
}

} // namespace paraplan
