// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/json_reader.h"
#include "core/spec/topology.h"

#include <nlohmann/json.hpp>

// `cluster.topology` in JSON (docs/topology.md): node kinds with their devices and links, and the
// network between the nodes.
namespace paraplan::io {

// Reads a topology object on top of `base` (a preset's, or empty): `nodes` replaces the base's
// node kinds, `network` overrides it field by field. Throws ReadError naming the JSON path.
[[nodiscard]] TopologySpec readTopology(ObjectReader& in, TopologySpec base);
[[nodiscard]] NodeSpec readNode(ObjectReader& in);
void readNetworkFields(ObjectReader& in, NetworkSpec& network);

[[nodiscard]] nlohmann::json toJson(const TopologySpec& topology);
[[nodiscard]] nlohmann::json toJson(const NodeSpec& node);
[[nodiscard]] nlohmann::json toJson(const NetworkSpec& network);

// Latency of a node link when the JSON leaves it out: an NVSwitch path is two NVLink hops of
// 1.5 us (3 us GPU to GPU, as the cluster summaries say), a PCIe hop 1 us, a socket link 2 us.
[[nodiscard]] double defaultLatencyUs(NodeLinkKind kind);

} // namespace paraplan::io
