// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/ranks_by_host.h"

#include <algorithm>

namespace paraplan::engine {

std::vector<HostRanks> gatherRanksByHost(const World& world, const nlohmann::json& mine)
{
    const std::vector<std::string> all = world.gather(mine.dump());
    std::vector<HostRanks> hosts;
    if (!world.isRoot())
        return hosts;
    for (const std::string& text : all) {
        nlohmann::json rank = nlohmann::json::parse(text);
        const std::string host = rank["host"].get<std::string>();
        auto it = std::find_if(hosts.begin(), hosts.end(), [&](const HostRanks& h) { return h.host == host; });
        if (it == hosts.end())
            it = hosts.insert(hosts.end(), HostRanks{ host, {} });
        it->ranks.push_back(std::move(rank));
    }
    return hosts;
}

} // namespace paraplan::engine
