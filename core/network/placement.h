// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/collectives.h"
#include "core/network/fabric.h"
#include "core/spec/scenario.h"

#include <array>
#include <memory>

// Where each kind of parallel group lands on the cluster's fabric and what its collectives can
// sustain there: the bus bandwidth of its slowest link share, after NCCL's efficiency for links
// inside a node or across the network. Derivation: docs/cost-model.md, "Placement".
namespace paraplan {

struct GroupPlacement {
    CommGroup group = CommGroup::Tp;
    std::shared_ptr<const GroupSetPricing> pricing; // never null
    LinkRate rate;

    [[nodiscard]] int64_t size() const { return pricing->groupSize; }
    [[nodiscard]] bool crossesNodes() const { return pricing->crossesNodes; }
    [[nodiscard]] int64_t membersPerNode() const { return pricing->membersPerNode; }
    [[nodiscard]] int64_t nodesSpanned() const { return pricing->nodesSpanned; }
    // The limit that sets `rate`: the network's when it is the slower, else the node's.
    [[nodiscard]] const FabricLimit& limit(const EfficiencyParams& params) const;
};

// Bus bandwidth and per-hop latency of a priced group set (0 bandwidth: nothing to send), what else
// NCCL can run there on the cluster's hardware (its protocols, NVLink SHARP), and the calibration
// whose measurements of the group's size and locality replace them where they apply.
[[nodiscard]] LinkRate rateOf(const GroupSetPricing& pricing, const ClusterSpec& cluster,
                              const EfficiencyParams& params, const Calibration* calibration);

struct GroupPlacements {
    std::shared_ptr<const Fabric> fabric;
    std::array<GroupPlacement, kCommGroups.size()> groups;

    [[nodiscard]] const GroupPlacement& operator[](CommGroup group) const { return groups[size_t(group)]; }
};

[[nodiscard]] GroupPlacements placeGroups(const Scenario& scenario, const ParallelDegrees& degrees,
                                          const EfficiencyParams& params, const Calibration* calibration);
[[nodiscard]] GroupPlacement placeGroup(const Scenario& scenario, const ParallelDegrees& degrees, CommGroup group,
                                        const EfficiencyParams& params);

} // namespace paraplan
