// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// FP8 as Transformer Engine runs it: what runs at the FP8 rate, what the recipes' quantisation
// costs, what FP8 gathers and caches change.
#include "tests/core/scenario_fixtures.h"

#include "core/model/fp8_costs.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

Scenario fp8(Scenario s, Fp8Recipe recipe = Fp8Recipe::Delayed)
{
    s.training.precision = Precision::Fp8;
    s.training.fp8Recipe = recipe;
    return s;
}

} // namespace

// FP4: half a byte per value with its block scales; NVFP4 first finds the tensor's amax.
TEST(Fp4Quantization, FormatsMoveTheirHalfBytesAndScales)
{
    EXPECT_DOUBLE_EQ(fp8Quantization(QuantizedFormat::Nvfp4).input, 2 + 2 + 2 * (0.5 + 1.0 / 16));
    EXPECT_EQ(fp8Quantization(QuantizedFormat::Nvfp4).kernels, 2);
    EXPECT_DOUBLE_EQ(fp8Quantization(QuantizedFormat::Mxfp4).input, 2 + 2 * (0.5 + 1.0 / 32));
    EXPECT_DOUBLE_EQ(fp8GatherBytes(QuantizedFormat::Nvfp4), 0.5 + 1.0 / 16);
    EXPECT_TRUE(agreesOnAmaxPerGather(QuantizedFormat::Nvfp4));
    EXPECT_FALSE(agreesOnAmaxPerGather(QuantizedFormat::Mxfp4));
    TrainingSpec t;
    EXPECT_FALSE(quantizedFormat(t));
    t.precision = Precision::Fp4;
    EXPECT_EQ(quantizedFormat(t), QuantizedFormat::Nvfp4);
    EXPECT_DOUBLE_EQ(fp8WeightCacheBytes(t), 2 * (0.5 + 1.0 / 16));
}

// On a B200 the linear layers' GEMMs run twice as fast again in FP4; attention, the logits and
// everything memory-bound do not, so the step gains less than FP8 did.
TEST(Fp4Training, SpeedsUpTheLinearLayersOnAGpuWithFp4)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-70b" }, "training": { "seq_len": 8192, "global_batch": 128 },
      "cluster": { "preset": "dgx-b200", "nodes": 8 }, "parallel": { "tp": 4, "pp": 2, "sequence_parallel": true } })");
    const Result bf16 = evaluate(s);
    const Result withFp8 = evaluate(fp8(s, Fp8Recipe::Mxfp8));
    s.training.precision = Precision::Fp4;
    const Result withFp4 = evaluate(s);
    ASSERT_TRUE(bf16.valid && withFp8.valid && withFp4.valid);
    EXPECT_LT(withFp4.time.compute, withFp8.time.compute);
    EXPECT_GT(withFp4.time.compute, 0.5 * withFp8.time.compute);
    EXPECT_LT(withFp4.memory.weights, withFp8.memory.weights); // the cached copies are half as large
    EXPECT_GT(bf16.time.step / withFp8.time.step, withFp8.time.step / withFp4.time.step);
}

TEST(Fp4Training, NeedsAGpuWithFp4TensorCores)
{
    Scenario s = test::llama70bOnDgxH100();
    s.training.precision = Precision::Fp4;
    const Result r = evaluate(s);
    EXPECT_FALSE(r.valid);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics.front().code, "precision_unsupported");
    EXPECT_EQ(r.diagnostics.front().path, "training.precision");
}

TEST(Fp8Quantization, RecipesMoveTheBytesTheirKernelsDo)
{
    // Delayed scaling: one cast-transpose, read 2 write 1 + 1; fused into the norm's output.
    EXPECT_EQ(fp8Quantization(QuantizedFormat::Fp8Delayed).input, 4);
    EXPECT_EQ(fp8Quantization(QuantizedFormat::Fp8Delayed).normFedInput, 1);
    EXPECT_EQ(fp8Quantization(QuantizedFormat::Fp8Delayed).kernels, 1);
    // Current scaling reads the tensor for its amax first: two kernels, two more bytes.
    EXPECT_EQ(fp8Quantization(QuantizedFormat::Fp8Tensorwise).input, 6);
    EXPECT_EQ(fp8Quantization(QuantizedFormat::Fp8Tensorwise).kernels, 2);
    // Block scales: fp32 per 128 elements, e8m0 per 32, on both layouts.
    EXPECT_DOUBLE_EQ(fp8Quantization(QuantizedFormat::Fp8Blockwise).input, 2 + 2 * (1 + 4.0 / 128));
    EXPECT_DOUBLE_EQ(fp8Quantization(QuantizedFormat::Mxfp8).input, 2 + 2 * (1 + 1.0 / 32));
    // Gathers under SP move FP8, except blockwise (bf16 in TE 2.3).
    EXPECT_EQ(fp8GatherBytes(QuantizedFormat::Fp8Delayed), 1);
    EXPECT_EQ(fp8GatherBytes(QuantizedFormat::Fp8Blockwise), 2);
}

TEST(Fp8Training, OnlyTheLinearLayersRunAtTheFp8Rate)
{
    const Scenario bf16 = test::llama70bOnDgxH100();
    const Result slow = evaluate(bf16);
    const Result fast = evaluate(fp8(bf16));
    ASSERT_TRUE(slow.valid && fast.valid);
    // Faster, but far from twice: attention, norms, the embedding and the logits stay bf16, and
    // quantisation adds traffic.
    EXPECT_LT(fast.time.compute, 0.85 * slow.time.compute);
    EXPECT_GT(fast.time.compute, 0.55 * slow.time.compute);
    // FP8 attention speeds up what is left.
    Scenario withAttention = fp8(bf16);
    withAttention.training.fp8Attention = true;
    EXPECT_LT(evaluate(withAttention).time.compute, fast.time.compute);
}

TEST(Fp8Training, CurrentScalingCostsMoreThanDelayedScaling)
{
    const Scenario s = test::llama70bOnDgxH100();
    const double delayed = evaluate(fp8(s, Fp8Recipe::Delayed)).time.compute;
    const double tensorwise = evaluate(fp8(s, Fp8Recipe::Tensorwise)).time.compute;
    EXPECT_GT(tensorwise, delayed);
}

TEST(Fp8Training, Fp8ParameterGathersHalveTheWeightGatherAndDropTheCache)
{
    Scenario s = fp8(test::llama70bOnDgxH100());
    s.parallel.zeroStage = 3;
    s.parallel.degrees.pp = 1;
    s.parallel.degrees.vpp = 1;
    const Result cached = evaluate(s);
    s.training.fp8ParamGather = true;
    const Result gathered = evaluate(s);
    ASSERT_TRUE(cached.valid && gathered.valid);
    EXPECT_LT(gathered.time.dpComm + gathered.time.hidden.dp, cached.time.dpComm + cached.time.hidden.dp);
    EXPECT_LT(gathered.memory.weights, cached.memory.weights);
    EXPECT_EQ(fp8WeightCacheBytes(s.training), 0);
}

TEST(Fp8Training, TheWeightsFp8CopiesAreKeptInMemory)
{
    const Scenario s = test::llama70bOnDgxH100();
    const Result bf16 = evaluate(s);
    const Result withFp8 = evaluate(fp8(s));
    // 2 bytes per linear parameter beyond the 16-bit weight: about as much again.
    EXPECT_GT(withFp8.memory.weights, 1.8 * bf16.memory.weights);
    EXPECT_LT(withFp8.memory.weights, 2.0 * bf16.memory.weights);
}
