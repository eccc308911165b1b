// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <cstdint>
#include <vector>

// The values each parallel degree can take next to the scenario's others, so that a slider only
// stops where a configuration can be valid: tp divides the heads (and the KV heads, or is a
// multiple of them) and the FFN width; pp fits the layers; cp divides the sequence; together they
// divide the GPU count; dp follows; ep divides the experts and dp x cp; vpp splits the layers
// evenly and the micro-batches by pp; the micro-batch divides the per-replica batch.
namespace paraplan {

struct ParallelChoices {
    std::vector<int64_t> tp, pp, cp, ep, vpp, microBatch;
    int64_t dp = 0; // what tp, pp and cp leave (0 when they do not divide the GPUs)
};

[[nodiscard]] ParallelChoices parallelChoices(const Scenario& scenario);

// Every divisor of n in ascending order.
[[nodiscard]] std::vector<int64_t> divisorsOf(int64_t n);

} // namespace paraplan
