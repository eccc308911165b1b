// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QString>

#include <optional>

// Reading a node's topology from a saved `nvidia-smi topo -m` output, without any dialog: the
// window asks for the file, this reads it, and the result becomes one change of the scenario.
namespace paraplan::widgets {

struct TopologyImport {
    std::optional<NodeSpec> node;
    QString error; // "FILE: line N: what is wrong", when there is no node
};

[[nodiscard]] TopologyImport importTopologyFile(const QString& path);

// The scenario's cluster made of the imported node, repeated over its nodes, on the network it had;
// gpus_per_node becomes the node's GPU count.
[[nodiscard]] Scenario withImportedNode(const Scenario& scenario, NodeSpec node);

} // namespace paraplan::widgets
