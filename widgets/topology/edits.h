// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

// The topology editor's changes as functions of values: each returns a changed copy, so the editor
// keeps no model of its own and every change is one whole scenario for the undo history. Device
// ids stay unique inside a node kind and links never name a device that is gone.
namespace paraplan::widgets {

// The node kind of each of the first `limit` nodes, by the fabric's rule: one kind repeats; several
// kinds follow their counts in order, and nodes beyond the counts repeat the last kind.
[[nodiscard]] std::vector<int64_t> kindsOfNodes(const TopologySpec& topology, int64_t nodes, int64_t limit);

// The scenario on `topology`, marked as edited (no preset). With one node kind, gpus_per_node
// follows its GPU count; a rank table then made for another number of GPUs is dropped.
[[nodiscard]] Scenario withTopology(Scenario scenario, TopologySpec topology);

// An id in the kind's naming scheme that the node does not use yet: "gpu8", "nic3", "pcie2".
[[nodiscard]] std::string freeDeviceId(const NodeSpec& node, DeviceKind kind);
// Appends a device and returns its id; a NIC takes the port speed of the node's other NICs.
std::string addDevice(NodeSpec& node, DeviceKind kind);
// Removes the devices named and the links at `links` (indices), and every link of a removed device.
void removeDevices(NodeSpec& node, const std::vector<std::string>& devices, const std::vector<int64_t>& links);
// The index of a link joining the two devices in either direction, or -1.
[[nodiscard]] int64_t linkBetween(const NodeSpec& node, const std::string& a, const std::string& b);
// A new link between two devices: a copy of the node's first link between the same two kinds of
// device, or by the kinds: NVLink 450 GB/s to or between GPUs and NVSwitches, a socket link of
// 64 GB/s between CPUs, PCIe 64 GB/s otherwise.
[[nodiscard]] NodeLinkSpec defaultLink(const NodeSpec& node, const std::string& from, const std::string& to);
// Renames a device and the links that name it; false, and nothing changed, when `to` is empty or taken.
bool renameDevice(NodeSpec& node, const std::string& from, const std::string& to);

// The rank table after the ranks on two GPUs trade places (from the identity when there is none).
[[nodiscard]] std::vector<int64_t> swapRanks(const RankPlacement& placement, int64_t gpuCount, int64_t gpuA, int64_t gpuB);

} // namespace paraplan::widgets
