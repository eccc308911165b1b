// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"

// Time of single GPU kernels: GEMMs as a roofline with tile and wave quantisation, fused attention,
// and memory-bound elementwise work. Derivations: docs/cost-model.md, "Compute".
namespace paraplan {

class Calibration;

struct DeviceRates {
    double peakFlops = 0;      // dense tensor-core FLOP/s at the training precision
    double hbmBytesPerS = 0;   // achievable, i.e. already scaled by hbmEfficiency
    double sms = 1;
    double activationBytes = 2; // bytes per activation element (bf16/fp16; fp8 GEMMs still keep bf16 activations)
    double operandBytes = 2;    // bytes per GEMM input element: 1 in FP8, 0.5 in FP4, whose outputs stay 16-bit
    Precision precision = Precision::Bf16;
    EfficiencyParams params;                  // with the calibration's overlap slowdown where it has one
    const Calibration* calibration = nullptr; // measured GEMM rates; null: the tile/wave model alone
};

[[nodiscard]] DeviceRates deviceRates(const GpuSpec& gpu, Precision precision, const EfficiencyParams& params,
                                      const Calibration* calibration = nullptr);

// The 16-bit rates of the same GPU: what runs outside FP8's linear layers (attention, logits, router,
// every memory-bound kernel) in an FP8 run; `rates` itself otherwise.
[[nodiscard]] DeviceRates sixteenBitRates(const DeviceRates& rates, const GpuSpec& gpu);

// The fraction of its rated clock a GPU capped below its TDP sustains under tensor-core load:
// dynamic power goes as C·V²·f and along the DVFS curve V rises with f, so power goes as f³ and
// the clock as the cube root of the power allowed (500 W on a 700 W H100: 0.89). 1 uncapped.
[[nodiscard]] double sustainedClockFraction(const GpuSpec& gpu);

// One (batched) GEMM C[m x n] = A[m x k] B[k x n], `batch` independent products of that shape.
// Returns seconds on the GPU, kernel overhead included. With a calibration that measured GEMMs of
// the precision, the measured rate for the shape replaces the tile/wave model and the roofline.
[[nodiscard]] double gemmSeconds(const DeviceRates& rates, double m, double n, double k, double batch = 1);

// Fused (flash) attention over `flops` executed FLOPs.
[[nodiscard]] double fusedAttentionSeconds(const DeviceRates& rates, double flops);

// A memory-bound kernel that streams `bytes` through HBM.
[[nodiscard]] double streamingSeconds(const DeviceRates& rates, double bytes);

} // namespace paraplan
