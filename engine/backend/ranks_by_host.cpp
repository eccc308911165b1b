// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/ranks_by_host.h"

#include "core/io/probe_json.h"

#include <algorithm>

namespace paraplan::engine {

std::vector<HostRanks> gatherRanksByHost(const World& world, const io::RankDescription& mine)
{
    const std::vector<std::string> all = world.gather(io::writeRankDescription(mine));
    std::vector<HostRanks> hosts;
    if (!world.isRoot())
        return hosts;
    for (const std::string& text : all) {
        io::RankDescription rank = io::readRankDescription(text);
        const std::string host = rank.device.host;
        auto it = std::find_if(hosts.begin(), hosts.end(), [&](const HostRanks& h) { return h.host == host; });
        if (it == hosts.end())
            it = hosts.insert(hosts.end(), HostRanks{ host, {} });
        it->ranks.push_back(std::move(rank));
    }
    return hosts;
}

} // namespace paraplan::engine
