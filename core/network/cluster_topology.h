// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/fabric.h"
#include "core/spec/scenario.h"

#include <memory>

// The topology a cluster runs on: the one it describes, or the one its intra_node / inter_node
// summary stands for: every GPU on one NVSwitch (or PCIe switch) at the summary's bandwidth, a NIC
// of the inter-node bandwidth beside each GPU, all NICs on one non-blocking switch per rail, and
// beyond 32 nodes rail-optimised pods of 32 joined by non-blocking spines.
namespace paraplan {

[[nodiscard]] TopologySpec summaryTopology(const ClusterSpec& cluster);
[[nodiscard]] TopologySpec topologyOf(const ClusterSpec& cluster);

// The cluster's fabric, built once and shared: recent clusters are kept, so repeated evaluations
// of one cluster (a search, a slider) reuse it. Safe to call from several threads.
[[nodiscard]] std::shared_ptr<const Fabric> fabricOf(const ClusterSpec& cluster);

} // namespace paraplan
