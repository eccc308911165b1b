// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <cstdint>

// What saving and restoring the training state costs (docs/goodput.md). A checkpoint holds every
// parameter's weight and optimizer states once (Megatron's distributed checkpoint: the model's
// 16-bit weights and the fp32 master copy with Adam's two moments; gradients are not saved), each
// GPU writing its shard in parallel, so the storage's aggregate bandwidth sets the time.
namespace paraplan {

// Checkpoint storage per node when the cluster does not say: Llama 3's Tectonic file system
// sustained 2 TB/s for 16,384 GPUs, about 1 GB/s per node of 8 (Dubey et al. 2024, §3.3.1).
inline constexpr double kStorageGBpsPerNode = 1.0;
// An asynchronous save first copies each GPU's shard to pinned host memory over PCIe: 4.0 x16
// carries 32 GB/s a direction, about 25 in practice (Megatron's --async-save, torch_dist format).
inline constexpr double kHostCopyGBps = 25.0;
// A restart without the checkpoint read: the failure detected, the job rescheduled on healthy
// nodes, processes started and NCCL communicators built. An assumption (no run publishes it); set
// cluster.reliability.restart_s from your own logs.
inline constexpr double kDefaultRestartS = 600.0;

struct CheckpointCost {
    double bytes = 0;
    double writeS = 0;    // to storage, all shards at once
    double blockingS = 0; // of which the training waits
    double readS = 0;     // back from storage on a restart
};

// The aggregate write bandwidth the scenario's checkpoints see (1e9 bytes/s).
[[nodiscard]] double storageWriteGBps(const ClusterSpec& cluster);

[[nodiscard]] CheckpointCost checkpointCost(const Scenario& scenario, int64_t gpus);

} // namespace paraplan
