// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/fabric.h"
#include "core/spec/scenario.h"

#include <memory>

// The topology a cluster runs on: the one it describes, or the one its intra_node / inter_node
// summary stands for: every GPU on one NVSwitch (or PCIe switch) at the summary's bandwidth, a NIC
// of the inter-node bandwidth beside each GPU, all NICs on one non-blocking switch per rail,
// beyond 32 nodes rail-optimised pods of 32 joined by non-blocking spines, and beyond a zone of
// 2,048 NICs zones joined by a non-blocking core.
namespace paraplan {

[[nodiscard]] TopologySpec summaryTopology(const ClusterSpec& cluster);
[[nodiscard]] TopologySpec topologyOf(const ClusterSpec& cluster);
// topologyOf() with what the cluster's other fields settle for the model: how the switches spread
// flows over their uplinks (ECMP on Ethernet, adaptive routing otherwise) where the topology
// leaves it to them. The fabric is built on this.
[[nodiscard]] TopologySpec pricedTopologyOf(const ClusterSpec& cluster);

// The cluster's fabric, built once and shared: recent clusters are kept, so repeated evaluations
// of one cluster (a search, a slider) reuse it. Safe to call from several threads.
[[nodiscard]] std::shared_ptr<const Fabric> fabricOf(const ClusterSpec& cluster);

} // namespace paraplan
