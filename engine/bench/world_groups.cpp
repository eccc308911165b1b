// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/bench/world_groups.h"

#include <algorithm>

namespace paraplan::engine {

std::optional<WorldGroup> worldGroupOf(CommGroup kind, const ParallelDegrees& degrees, const RankPlacement& placement,
                                       const World& world)
{
    GroupShape shape = groupShape(kind, degrees, placement.order);
    shape.form = GroupShape::Form::Axes; // the pipeline's whole line, not its pairs
    const int64_t size = shape.axes[0].size * shape.axes[1].size;
    if (size < 2 || size > world.size())
        return std::nullopt;
    if (degrees.ranks() == world.size()) {
        // Scenario rank r runs on the GPU the placement gives it, i.e. on that world rank.
        for (const std::vector<int64_t>& group : rankGroups(shape)) {
            WorldGroup placed;
            for (int64_t rank : group)
                placed.ranks.push_back(int(placement.gpuOf(rank)));
            if (std::find(placed.ranks.begin(), placed.ranks.end(), world.rank()) != placed.ranks.end())
                return placed;
        }
        return std::nullopt;
    }
    if (world.size() % size != 0)
        return std::nullopt;
    WorldGroup consecutive{ {}, false };
    const int first = world.rank() / int(size) * int(size);
    for (int r = first; r < first + int(size); ++r)
        consecutive.ranks.push_back(r);
    return consecutive;
}

} // namespace paraplan::engine
