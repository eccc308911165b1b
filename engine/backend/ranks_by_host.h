// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/runtime/world.h"

#include "core/io/probe_records.h"

#include <string>
#include <vector>

// Discovery's gathering step, the same for every backend: each rank describes itself, rank 0
// receives every description and sorts them by host.
namespace paraplan::engine {

struct HostRanks {
    std::string host;
    std::vector<io::RankDescription> ranks; // in rank order
};

// Collective over the world. On rank 0 the hosts (by `device.host`) in the order of their first
// rank, elsewhere nothing.
[[nodiscard]] std::vector<HostRanks> gatherRanksByHost(const World& world, const io::RankDescription& mine);

} // namespace paraplan::engine
