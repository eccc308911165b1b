// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/fp8_costs.h"

namespace paraplan {

namespace {

// Block-scaled formats add a scale per block: fp32 per 128 elements (blockwise), e8m0 per 32 (MX),
// e4m3 per 16 (NVFP4; its per-tensor fp32 scale is negligible).
constexpr double kBlockwiseScaleBytes = 4.0 / 128;
constexpr double kMxScaleBytes = 1.0 / 32;
constexpr double kNvfp4ScaleBytes = 1.0 / 16;
// FP4 packs two E2M1 values in a byte.
constexpr double kFp4Bytes = 0.5;

// Bytes per element of a tensor in the format, its block scales included.
double quantizedBytes(QuantizedFormat format)
{
    switch (format) {
    case QuantizedFormat::Fp8Delayed:
    case QuantizedFormat::Fp8Tensorwise:
        return 1;
    case QuantizedFormat::Fp8Blockwise:
        return 1 + kBlockwiseScaleBytes;
    case QuantizedFormat::Mxfp8:
        return 1 + kMxScaleBytes;
    case QuantizedFormat::Nvfp4:
        return kFp4Bytes + kNvfp4ScaleBytes;
    case QuantizedFormat::Mxfp4:
        return kFp4Bytes + kMxScaleBytes;
    }
    return 2;
}

} // namespace

std::optional<QuantizedFormat> quantizedFormat(const TrainingSpec& training)
{
    if (training.precision == Precision::Fp4)
        return training.fp4Recipe == Fp4Recipe::Mxfp4 ? QuantizedFormat::Mxfp4 : QuantizedFormat::Nvfp4;
    if (training.precision != Precision::Fp8)
        return std::nullopt;
    switch (training.fp8Recipe) {
    case Fp8Recipe::Delayed:
        return QuantizedFormat::Fp8Delayed;
    case Fp8Recipe::Tensorwise:
        return QuantizedFormat::Fp8Tensorwise;
    case Fp8Recipe::Blockwise:
        return QuantizedFormat::Fp8Blockwise;
    case Fp8Recipe::Mxfp8:
        return QuantizedFormat::Mxfp8;
    }
    return QuantizedFormat::Fp8Delayed;
}

Fp8Quantization fp8Quantization(QuantizedFormat format)
{
    switch (format) {
    case QuantizedFormat::Fp8Delayed:
        // cast_transpose: read bf16, write FP8 and its transpose. From a norm, the norm writes FP8
        // (1 byte instead of 2) and a transpose follows (read 1, write 1).
        return { 2 + 1 + 1, -1 + 2, 2 + 1 + 1, 2 + 1 + 1, 1 };
    case QuantizedFormat::Fp8Tensorwise:
        // An amax pass reads the tensor first; nothing fuses into the norm.
        return { 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 };
    case QuantizedFormat::Fp8Blockwise: {
        // One pass writes row-wise and column-wise FP8, each with its block scales.
        const double quantized = 2 + 2 * quantizedBytes(format);
        return { quantized, quantized, quantized, 2 + 2, 1 };
    }
    case QuantizedFormat::Mxfp8:
    case QuantizedFormat::Mxfp4: {
        const double quantized = 2 + 2 * quantizedBytes(format);
        return { quantized, quantized, quantized, quantized, 1 };
    }
    case QuantizedFormat::Nvfp4: {
        // An amax pass for the per-tensor scale, then one pass writing both layouts with their
        // block scales; the random Hadamard transform of the weight-gradient inputs is fused in.
        const double quantized = 2 + 2 + 2 * quantizedBytes(format);
        return { quantized, quantized, quantized, quantized, 2 };
    }
    }
    return {};
}

double fp8GatherBytes(QuantizedFormat format)
{
    return format == QuantizedFormat::Fp8Blockwise ? 2 : quantizedBytes(format);
}

bool agreesOnAmaxPerGather(QuantizedFormat format)
{
    return format == QuantizedFormat::Fp8Tensorwise || format == QuantizedFormat::Nvfp4;
}

double fp8SavedInputBytes(const TrainingSpec& training)
{
    const std::optional<QuantizedFormat> format = quantizedFormat(training);
    return format ? quantizedBytes(*format) : 2;
}

double fp8WeightCacheBytes(const TrainingSpec& training)
{
    const std::optional<QuantizedFormat> format = quantizedFormat(training);
    if (!format || (training.precision == Precision::Fp8 && training.fp8ParamGather))
        return 0;
    // The copy and its transpose (blockwise's fp32 scales, a thirtieth of a byte, left out).
    return 2 * (*format == QuantizedFormat::Fp8Blockwise ? 1.0 : quantizedBytes(*format));
}

double fp8WeightCastBytes(const TrainingSpec& training, double dataShards)
{
    const std::optional<QuantizedFormat> format = quantizedFormat(training);
    if (!format)
        return 0;
    if (training.precision != Precision::Fp8 || !training.fp8ParamGather)
        return fp8Quantization(*format).weight;
    // Transposes rebuilt from the FP8 weight (read 1, write 1), and the fp32 master shard cast to
    // FP8 after the optimizer step (read 4, write 1).
    return 2 + 5 / dataShards;
}

} // namespace paraplan
