// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <cstdint>
#include <vector>

// The values each parallel degree can take next to the scenario's others, so that a slider stops
// wherever a configuration can be valid and nowhere else it could not: the rules of
// core/rules/parallel_rules.h that involve the degree, with the others as they are (dp follows
// from tp, pp and cp; the micro-batch count from the micro-batch and dp).
namespace paraplan {

struct ParallelChoices {
    std::vector<int64_t> tp, pp, cp, ep, vpp, microBatch;
    std::vector<int64_t> etp; // the expert tensor split: {} for a dense model
    int64_t dp = 0; // what tp, pp and cp leave (0 when they do not divide the GPUs)
};

[[nodiscard]] ParallelChoices parallelChoices(const Scenario& scenario);

} // namespace paraplan
