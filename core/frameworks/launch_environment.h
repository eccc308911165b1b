// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// The NCCL / UCX environment the cluster calls for, each setting with its reason, and the rank
// placement as per-node CUDA_VISIBLE_DEVICES orders (docs/frameworks/env.md).
namespace paraplan::frameworks {

struct EnvironmentSetting {
    std::string name;
    std::string value;
    std::string reason; // one line: why this cluster needs it
};
[[nodiscard]] std::vector<EnvironmentSetting> launchEnvironment(const LaunchContext& context);
[[nodiscard]] LaunchBundle exportEnvironment(const LaunchContext& context);

// One node of the job as torchrun launches it: torchrun numbers the ranks of the node it starts
// with --node-rank q as q * gpus_per_node + local rank, and Megatron-LM puts local rank i on
// device i, which CUDA_VISIBLE_DEVICES maps to a physical GPU.
struct NodeLaunch {
    int64_t node = 0;                    // the job's n-th node: ParaPlan's node n, Slurm's SLURM_NODEID
    int64_t nodeRank = 0;                // torchrun's --node-rank there
    std::vector<int64_t> visibleDevices; // CUDA_VISIBLE_DEVICES: local rank i runs on GPU visibleDevices[i]
};
// Every node's launch such that rank r runs on parallel.placement's GPU for r; nullopt where the
// rank table sends the ranks of one torchrun node (a block of gpus_per_node consecutive ranks) to
// more than one node, which no per-node order can say.
[[nodiscard]] std::optional<std::vector<NodeLaunch>> nodeLaunches(const Scenario& scenario);

// The shell text of the environment: each setting as `export NAME=value` under its reason, the
// check that the InfiniBand devices named exist, and the placement (a `case` on the node index
// exporting CUDA_VISIBLE_DEVICES and PARAPLAN_NODE_RANK, or the per-rank tables where only a
// launcher of one process per GPU can place the ranks). `notes` gains what it cannot set.
[[nodiscard]] std::string environmentShell(const LaunchContext& context, std::vector<std::string>& notes);

// The per-rank tables of a placement no per-node order can express: the node and the local GPU
// of each rank, in rank order.
struct RankTargets {
    std::vector<int64_t> node;
    std::vector<int64_t> localGpu;
};
[[nodiscard]] RankTargets rankTargets(const Scenario& scenario);

} // namespace paraplan::frameworks
