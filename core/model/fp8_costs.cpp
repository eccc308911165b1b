// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/fp8_costs.h"

namespace paraplan {

namespace {

// Block-scaled formats add a scale per block: fp32 per 128 elements (blockwise), e8m0 per 32 (MX).
constexpr double kBlockwiseScaleBytes = 4.0 / 128;
constexpr double kMxScaleBytes = 1.0 / 32;

} // namespace

Fp8Quantization fp8Quantization(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Delayed:
        // cast_transpose: read bf16, write FP8 and its transpose. From a norm, the norm writes FP8
        // (1 byte instead of 2) and a transpose follows (read 1, write 1).
        return { 2 + 1 + 1, -1 + 2, 2 + 1 + 1, 2 + 1 + 1, 1 };
    case Fp8Recipe::Tensorwise:
        // An amax pass reads the tensor first; nothing fuses into the norm.
        return { 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 };
    case Fp8Recipe::Blockwise: {
        // One pass writes row-wise and column-wise FP8, each with its block scales.
        const double quantized = 2 + 2 * (1 + kBlockwiseScaleBytes);
        return { quantized, quantized, quantized, 2 + 2, 1 };
    }
    case Fp8Recipe::Mxfp8: {
        const double quantized = 2 + 2 * (1 + kMxScaleBytes);
        return { quantized, quantized, quantized, quantized, 1 };
    }
    }
    return {};
}

double fp8GatherBytes(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Delayed:
    case Fp8Recipe::Tensorwise:
        return 1;
    case Fp8Recipe::Blockwise:
        return 2;
    case Fp8Recipe::Mxfp8:
        return 1 + kMxScaleBytes;
    }
    return 2;
}

double fp8WeightCacheBytes(const TrainingSpec& training)
{
    if (training.fp8ParamGather)
        return 0;
    return training.fp8Recipe == Fp8Recipe::Mxfp8 ? 2 * (1 + kMxScaleBytes) : 2;
}

double fp8WeightCastBytes(const TrainingSpec& training, double dataShards)
{
    if (!training.fp8ParamGather)
        return fp8Quantization(training.fp8Recipe).weight;
    // Transposes rebuilt from the FP8 weight (read 1, write 1), and the fp32 master shard cast to
    // FP8 after the optimizer step (read 4, write 1).
    return 2 + 5 / dataShards;
}

} // namespace paraplan
