// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <array>
#include <string_view>

// What NCCL's tuner chooses between for one collective, beyond the ring the bus bandwidth is
// defined for: its three protocols and, on NVSwitch systems that reduce in the switch, NVLink
// SHARP (NVLS). Figures from NCCL's own model, src/graph/tuning.cc (NVIDIA/nccl @ 5067397c), and
// nccl-tests measurements; derivation: docs/cost-model.md, "Communication".
namespace paraplan {

// How a protocol trades latency for bandwidth against Simple, the protocol a ring's bus bandwidth
// and per-hop latency stand for. LL sends 8-byte flag+data words (half the bandwidth, a fraction of
// the latency); LL128 128-byte lines with 8 flag bytes (120/128 of it, NVLink only).
struct NcclProtocol {
    const char* name;
    double baseOffsetS;      // the protocol's fixed latency less Simple's (tuning.cc baseLatencies)
    double nodeHopScale;     // a ring step over NVLink or PCIe against Simple's (hwLatencies)
    double networkHopScale;  // a ring step over the network against Simple's
    double treeHopScale;     // a double binary tree's network step against Simple's
    double bandwidthShare;   // of the bus bandwidth
    bool nvlinkOnly;         // NCCL enables it by default only where the GPUs talk over NVLink
};

// Simple, LL128, LL: Simple first.
[[nodiscard]] const std::array<NcclProtocol, 3>& ncclProtocols();

// NVLink SHARP's all-reduce: every GPU sends its buffer to the switch, which reduces it and
// multicasts the sum back, so each GPU moves S(n+1)/n bytes each way (NCCL's maintainers,
// nccl-tests#212) instead of the ring's 2S(n-1)/n; but the switch's reduction sustains only this
// fraction of the GPU's NVLink bandwidth (measured 8 x H100: 273 GB/s algorithm bandwidth, so
// 307 GB/s a direction of 450; 8 x B300 483 GB/s, so 543 of 900; NVIDIA/nccl#1455 and #2140).
// 0 for a generation whose switch cannot reduce.
[[nodiscard]] double nvlinkSharpEfficiency(std::string_view architecture);
// NVLS channels a communicator sets up (NCCL src/transport/nvls.cc @ 5067397c, the defaults of
// ncclNvlsTreeSm100Tuning): 16 on Hopper; on Blackwell 24 inside one node, 32 across nodes.
[[nodiscard]] int64_t nvlinkSharpChannels(std::string_view architecture, bool acrossNodes);
// NVLS's fixed latency less the Simple ring's base latency the collective overhead stands for
// (tuning.cc: NVLS 25 us over NVLink with no base, Simple ring 8.4 us base).
inline constexpr double kNvlinkSharpLatencyOffsetS = 25e-6 - 8.4e-6;

// CollNet Direct over InfiniBand SHARP (NCCL's SHARP plugin): the share of the NIC's ring bus
// bandwidth its in-network all-reduce keeps (tuning.cc: x 0.85 on Hopper and later, where a
// rank drives its own NIC), and its fixed latency less the Simple ring's base (31 us for CollNet
// Direct over the network, against 8.4 us).
inline constexpr double kSharpBandwidthShare = 0.85;
inline constexpr double kSharpLatencyOffsetS = 31e-6 - 8.4e-6;

// The cluster's switch can reduce inside the node: a third-generation NVSwitch or later (Hopper and
// Blackwell systems).
[[nodiscard]] bool nvlinkSharpCapable(const ClusterSpec& cluster);
// It can, and NCCL_NVLS_ENABLE is not off (`cluster.intra_node.nvls`).
[[nodiscard]] bool hasNvlinkSharp(const ClusterSpec& cluster);
// NCCL enables LL128 over the cluster's intra-node links (NVLink or NVSwitch).
[[nodiscard]] bool hasNvlinkInNode(const ClusterSpec& cluster);

} // namespace paraplan
