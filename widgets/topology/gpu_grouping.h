// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/fabric.h"
#include "core/spec/rank_layout.h"

#include <cstdint>
#include <optional>
#include <vector>

// Which GPUs belong together under a configuration, for colouring the topology drawing: the GPUs
// of one TP (CP, EP) group, of one pipeline stage or of one data-parallel replica share a colour.
// And, for the GPU a user picks, the group its traffic runs in and the load it puts on each link.
namespace paraplan::widgets {

enum class GpuColouring { TpGroup, PpStage, DpReplica, CpGroup, EpGroup };

// The communication a picked GPU's colour stands for: its TP, CP or EP group; for a stage, the
// hop to the next stage; for a replica, the data-parallel group that reduces its gradients.
[[nodiscard]] CommGroup commGroupOf(GpuColouring colouring);

struct GpuColours {
    std::vector<int64_t> rankOfGpu;   // global GPU -> rank (-1: no rank)
    std::vector<int64_t> colourOfGpu; // global GPU -> colour index (-1: none; a group of one)
};

// Colours for the first `gpuCount` GPUs of the cluster (those drawn). Groups are numbered in
// the order their first GPU appears; stages and replicas by their index.
[[nodiscard]] GpuColours colourGpus(const ParallelDegrees& degrees, const RankPlacement& placement, GpuColouring colouring,
                                    int64_t gpuCount);

struct PickedGroup {
    CommGroup group = CommGroup::Tp;
    int64_t index = 0; // among the groups of its kind
    int64_t count = 0; // groups of its kind
    std::vector<int64_t> gpus;
    std::vector<LinkLoad> loads;
};

// The group of `colouring`'s kind that runs on `gpu` (for a pipeline hop, the one it sends in),
// with every link its traffic crosses; nullopt when that kind sends nothing (a degree of 1).
[[nodiscard]] std::optional<PickedGroup> pickGroup(const Fabric& fabric, const ParallelDegrees& degrees,
                                                   const RankPlacement& placement, GpuColouring colouring, int64_t gpu);

} // namespace paraplan::widgets
