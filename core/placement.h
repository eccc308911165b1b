// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "collectives.h"
#include "scenario.h"

// Where each parallel group lands on the cluster. Ranks are laid out in Megatron order (tp fastest,
// then cp, dp, pp), so a group of size n along a dimension is n ranks `stride` apart, stride being
// the product of the faster dimensions. A group inside one node runs over the intra-node fabric;
// one that spans nodes is bounded by the NICs: with one rail per GPU, k members per node drive k
// NICs at once. Derivation: docs/cost-model.md, "Placement".
namespace paraplan {

struct GroupPlacement {
    int64_t size = 1;
    int64_t stride = 1;
    int64_t membersPerNode = 1;
    int64_t nodesSpanned = 1;
    bool crossesNodes = false;
    LinkRate rate;
};

[[nodiscard]] GroupPlacement placeGroup(int64_t size, int64_t stride, const ClusterSpec& cluster,
                                        const EfficiencyParams& params);

// The link between consecutive pipeline stages (ranks `stride` apart).
[[nodiscard]] GroupPlacement placePipelineHop(int64_t stride, const ClusterSpec& cluster,
                                              const EfficiencyParams& params);

} // namespace paraplan
