// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/runtime/world.h"

#include "core/spec/rank_layout.h"

#include <optional>
#include <vector>

// Which ranks of this run form each group. With one rank per GPU of the scenario they are the
// scenario's groups, placed as it says (rank order, rank table); with a different number of ranks
// the micro-benchmarks still measure each group size on consecutive ranks where it fits.
namespace paraplan::engine {

struct WorldGroup {
    std::vector<int> ranks; // world ranks, in the group's order
    bool asScenario = true; // false: consecutive ranks standing in for the scenario's group
};

// This rank's group of `kind` (for the pipeline, its whole line of stages); nullopt when the
// group size does not fit this run's ranks.
[[nodiscard]] std::optional<WorldGroup> worldGroupOf(CommGroup kind, const ParallelDegrees& degrees,
                                                     const RankPlacement& placement, const World& world);

} // namespace paraplan::engine
