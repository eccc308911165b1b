// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

// Pseudo-random GEMM operands, the same on the host and on the device. Benchmarks must not run on
// constant data: a GPU holds higher clocks on operands whose bits never toggle (about 13 % more
// TFLOP/s on Hopper at 8192^3 bf16), which would make every calibration too fast. Element i of a
// buffer filled with `seed` is a counter-based hash of (seed, i), so the host can recompute any
// element without reading the buffer back. Each value is an integer in [-128, 127] over 128:
// exactly representable in bf16, fp16 and fp32, and the products of two are exact in fp32, so a
// host dot product reproduces a device's output up to the output's own rounding.
#if defined(__CUDACC__)
#define PARAPLAN_HOST_DEVICE __host__ __device__
#else
#define PARAPLAN_HOST_DEVICE
#endif

namespace paraplan::engine {

PARAPLAN_HOST_DEVICE inline float randomOperand(uint64_t seed, uint64_t index)
{
    // splitmix64 (Steele, Lea and Flood, OOPSLA 2014) of the index in the seed's stream.
    uint64_t z = index + (seed + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return float(int(z >> 56) - 128) / 128.0f;
}

} // namespace paraplan::engine
