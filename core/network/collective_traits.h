// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

// NCCL's collectives as nccl-tests measures them (doc/PERFORMANCE.md of NVIDIA/nccl-tests), one
// table of traits: the name, the latency-bound steps and the bus-bandwidth factor, with
// algorithm bandwidth = S / t and bus bandwidth = algbw x factor(n). S is the buffer nccl-tests
// names: the whole buffer for all-reduce, the gathered (output) buffer for all-gather, the input
// buffer for reduce-scatter, the per-rank buffer for all-to-all. Measurements (calibration) and
// the pricing (collectives.h) both speak in these terms.
namespace paraplan {

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

} // namespace paraplan
