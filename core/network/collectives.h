// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/collective_traits.h"
#include "core/spec/efficiency_params.h"

#include <cstdint>

// Collectives priced over the link a group's placement gives them (collective_traits.h for the
// nccl-tests definitions): the measured bus bandwidth where a calibration has one, else latency
// hops plus bytes over the bus bandwidth. Derivation: docs/cost-model.md, "Communication".
namespace paraplan {

class Calibration;

// The path a group's collective takes: bus bandwidth it can sustain and the per-hop latency; with a
// calibration, the measured bus bandwidth of the group's size and locality replaces both.
struct LinkRate {
    double busBytesPerS = 0;
    double latencyS = 0;
    const Calibration* calibration = nullptr; // null: the model's figures alone
    bool crossesNodes = false;                // which measured series applies
    // NCCL's tuner picks the fastest of what the group's links offer (nccl_tuning.h): its LL and
    // LL128 protocols (false: Simple alone, the protocol the bus bandwidth and latency stand for),
    // and inside an NVSwitch node that reduces in the switch, NVLink SHARP's all-reduce at this
    // rate per GPU (0: none).
    bool lowLatencyProtocols = false;
    bool ll128 = false;
    double nvlsBytesPerS = 0;
    // Across nodes whose network reduces in its switches (CollNet over InfiniBand SHARP): each of a
    // node's `ranksPerNode` members sends 1/ranksPerNode of the buffer up and takes the sum back at
    // `sharpBytesPerS`, after reducing inside the node at `nodeBytesPerS` (0: no CollNet).
    double sharpBytesPerS = 0;
    double nodeBytesPerS = 0;
    int64_t ranksPerNode = 1;
};

// Seconds for one collective of `bytes` over `ranks` ranks (0 when ranks < 2 or bytes <= 0). A
// measured bus bandwidth for it gives S x factor(n) / busbw, launch and latency included as measured.
[[nodiscard]] double collectiveSeconds(Collective collective, double bytes, int64_t ranks, const LinkRate& link,
                                       const EfficiencyParams& params);

} // namespace paraplan
