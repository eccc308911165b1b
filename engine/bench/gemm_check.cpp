// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/bench/gemm_check.h"

#include "engine/backend/random_operands.h"

#include <algorithm>
#include <cmath>

namespace paraplan::engine {

namespace {

constexpr int64_t kCheckedColumns = 8;
// bf16 keeps 8 significant bits: an output is off by at most 2^-9 of itself once rounded; the
// products are exact and their fp32 sum nearly so. Four times that, and an absolute floor for
// outputs near zero.
constexpr double kRelativeTolerance = 1.0 / 128;
constexpr double kAbsoluteTolerance = 1.0 / 128;

} // namespace

void fillGemmOperands(Backend& backend, Buffer& a, Buffer& b, DataType type, int64_t m, int64_t n, int64_t k,
                      int64_t batch, const GemmOperands& operands)
{
    backend.fillRandom(a, type, size_t(batch * m * k), operands.seedA);
    backend.fillRandom(b, type, size_t(batch * k * n), operands.seedB);
}

bool gemmOutputsMatch(Backend& backend, const Buffer& c, DataType type, int64_t n, int64_t k, const GemmOperands& operands)
{
    const int64_t columns = std::min(n, kCheckedColumns);
    const std::vector<double> outputs = backend.read(c, type, size_t(columns));
    for (int64_t j = 0; j < columns; ++j) {
        // Row 0 of A is elements 0..k-1; column j of B (row-major, k x n) is elements i*n + j.
        double expected = 0;
        for (int64_t i = 0; i < k; ++i)
            expected += double(randomOperand(operands.seedA, uint64_t(i)))
                * double(randomOperand(operands.seedB, uint64_t(i * n + j)));
        if (std::fabs(outputs[size_t(j)] - expected) > kRelativeTolerance * std::fabs(expected) + kAbsoluteTolerance)
            return false;
    }
    return true;
}

} // namespace paraplan::engine
