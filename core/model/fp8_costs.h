// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <optional>

// What FP8 (and FP4) training adds, as Transformer Engine 2.x runs it under Megatron-Core: the
// quantisation kernels (memory-bound casts, transposes, amax passes) per recipe, the weights'
// quantised copies cached across a step's micro-batches, and the gathers that move them. Byte
// counts and sources: docs/cost-model.md, "FP8" and "FP4".
namespace paraplan {

// The format the transformer blocks' linear layers take their operands in: an FP8 recipe or an FP4 one.
enum class QuantizedFormat { Fp8Delayed, Fp8Tensorwise, Fp8Blockwise, Mxfp8, Nvfp4, Mxfp4 };
// The run's format; nullopt when its linear layers run in 16 bits.
[[nodiscard]] std::optional<QuantizedFormat> quantizedFormat(const TrainingSpec& training);

// Bytes the quantisation kernels read plus write per element quantised.
struct Fp8Quantization {
    double input = 0;        // a GEMM input quantised on its own: cast and FP8 transpose (and amax)
    double normFedInput = 0; // an input straight out of a norm; delayed scaling fuses the cast into it
    double gradient = 0;     // an output gradient, in the backward
    double weight = 0;       // a 16-bit weight, once per step
    int kernels = 1;         // launches per tensor quantised (current scaling computes the amax apart)
};
[[nodiscard]] Fp8Quantization fp8Quantization(QuantizedFormat format);

// Bytes per element of an activation all-gathered under sequence parallelism: the per-tensor,
// MX and FP4 recipes gather the quantised input, FP8 blockwise gathers it in bf16 (TE 2.3).
[[nodiscard]] double fp8GatherBytes(QuantizedFormat format);
// Whether the TP group agrees on a per-tensor amax before quantising a gathered tensor (current
// scaling: FP8 tensorwise, and NVFP4's per-tensor second-level scale).
[[nodiscard]] bool agreesOnAmaxPerGather(QuantizedFormat format);

// Bytes per element a linear layer keeps of its input for the backward: 2 in a 16-bit run; in an
// FP8 or FP4 run Transformer Engine keeps the quantised (column-wise) copy its weight-gradient
// GEMM reads, with its scales (linear.py, grouped_linear.py: `saved_inputmat`).
[[nodiscard]] double fp8SavedInputBytes(const TrainingSpec& training);

// Bytes an FP8 linear weight keeps beyond a 16-bit one: its FP8 copy and transpose, cached across
// the step's micro-batches; none with FP8 parameters, whose FP8 copy and transpose are the weight.
[[nodiscard]] double fp8WeightCacheBytes(const TrainingSpec& training);

// Bytes per FP8 linear weight that its casts move each step: the recipe's cast of the 16-bit
// weight, or with FP8 parameters the rebuilt transposes and the optimizer's cast of the fp32 shard
// it owns (one of `dataShards`).
[[nodiscard]] double fp8WeightCastBytes(const TrainingSpec& training, double dataShards);

// Bytes of the amax values delayed scaling all-reduces per FP8 GEMM after a pass: three tensors
// per GEMM forward, two backward, one fp32 each.
inline constexpr double kAmaxBytesForward = 3 * 4;
inline constexpr double kAmaxBytesBackward = 2 * 4;

} // namespace paraplan
