// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

#include <cstdint>

// A GEMM on pseudo-random operands (random_operands.h), and a check of its first outputs against
// dot products the host computes from the operands' seeds alone.
namespace paraplan::engine {

struct GemmOperands {
    uint64_t seedA = 1;
    uint64_t seedB = 2;
};

// A (batch x m x k) and B (batch x k x n) become the operands' random values.
void fillGemmOperands(Backend& backend, Buffer& a, Buffer& b, DataType type, int64_t m, int64_t n, int64_t k,
                      int64_t batch, const GemmOperands& operands = {});

// Whether C's first row (first batch, up to 8 columns) matches the host's dot products within the
// output type's rounding.
[[nodiscard]] bool gemmOutputsMatch(Backend& backend, const Buffer& c, DataType type, int64_t n, int64_t k,
                                    const GemmOperands& operands = {});

} // namespace paraplan::engine
