// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/efficiency_params.h"

#include <cstdint>
#include <optional>
#include <string_view>

// NCCL collectives priced the way nccl-tests measures them (doc/PERFORMANCE.md of NVIDIA/nccl-tests):
// algorithm bandwidth = S / t, bus bandwidth = algbw x factor(n), so t = S x factor(n) / busbw.
// S is the buffer nccl-tests names: the whole buffer for all-reduce, the gathered (output) buffer
// for all-gather, the input buffer for reduce-scatter, the per-rank buffer for all-to-all.
namespace paraplan {

class Calibration;

enum class Collective { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast, Reduce, SendRecv };

struct CollectiveTraits {
    Collective collective;
    const char* name;
    // Latency-bound steps of the ring algorithm as a multiple of (n - 1); 0 = a single hop.
    double latencyStepsPerPeer;
};

[[nodiscard]] const CollectiveTraits& collectiveTraits(Collective collective);
// The collective whose traits carry `name` ("all_reduce"); nullopt for any other name.
[[nodiscard]] std::optional<Collective> collectiveNamed(std::string_view name);

// nccl-tests' bus-bandwidth factor: 2(n-1)/n for all-reduce; (n-1)/n for all-gather,
// reduce-scatter and all-to-all; 1 for broadcast, reduce and send/recv.
[[nodiscard]] double busBandwidthFactor(Collective collective, int64_t ranks);

// The path a group's collective takes: bus bandwidth it can sustain and the per-hop latency; with a
// calibration, the measured bus bandwidth of the group's size and locality replaces both.
struct LinkRate {
    double busBytesPerS = 0;
    double latencyS = 0;
    const Calibration* calibration = nullptr; // null: the model's figures alone
    bool crossesNodes = false;                // which measured series applies
};

// Seconds for one collective of `bytes` over `ranks` ranks (0 when ranks < 2 or bytes <= 0). A
// measured bus bandwidth for it gives S x factor(n) / busbw, launch and latency included as measured.
[[nodiscard]] double collectiveSeconds(Collective collective, double bytes, int64_t ranks, const LinkRate& link,
                                       const EfficiencyParams& params);

} // namespace paraplan
