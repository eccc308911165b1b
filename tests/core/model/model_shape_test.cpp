// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/model_shape.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

using namespace paraplan;
using paraplan::test::gptModel;


TEST(Parameters, GptLayerIsTwelveHSquaredPlusNorms)
{
    const ModelSpec m = gptModel(96, 12288, 96, 51200);
    const double h = 12288;
    EXPECT_DOUBLE_EQ(layerParameters(m, m.layerKind(0)).total(), 12 * h * h + 4 * h);
    EXPECT_DOUBLE_EQ(totalParameters(m), 96 * (12 * h * h + 4 * h) + 2 * 51200 * h + 2 * h);
}

TEST(Parameters, GroupedQueryAttentionShrinksKeyAndValueProjections)
{
    ModelSpec m = gptModel(1, 8192, 64, 32000);
    const double mha = layerParameters(m, m.layerKind(0)).attention;
    m.kvHeads = 8;
    const double gqa = layerParameters(m, m.layerKind(0)).attention;
    EXPECT_DOUBLE_EQ(mha - gqa, 2.0 * 8192 * 128 * (64 - 8));
}

TEST(Parameters, GatedMlpHasThreeMatrices)
{
    ModelSpec m = gptModel(1, 4096, 32, 32000);
    m.ffnHidden = 11008;
    m.gatedMlp = true;
    EXPECT_DOUBLE_EQ(layerParameters(m, m.layerKind(0)).denseMlp, 3.0 * 4096 * 11008);
}

TEST(Parameters, MoeCountsAllExpertsButActivatesTopK)
{
    ModelSpec m = gptModel(32, 4096, 32, 32000);
    m.kvHeads = 8;
    m.gatedMlp = true;
    m.moe = { .experts = 8, .topK = 2, .expertFfnHidden = 14336 };
    const LayerParameters layer = layerParameters(m, m.layerKind(0));
    EXPECT_DOUBLE_EQ(layer.experts, 8.0 * 3 * 4096 * 14336);
    EXPECT_DOUBLE_EQ(layer.router, 4096.0 * 8);
    // Six of eight experts idle per token, and the input embedding is a lookup.
    EXPECT_DOUBLE_EQ(totalParameters(m) - activeParameters(m), 32 * 6.0 * 3 * 4096 * 14336 + embeddingParameters(m));
    EXPECT_NEAR(totalParameters(m) / 1e9, 46.7, 0.1); // Mixtral 8x7B
}

// Korthikanti et al. 2022, Appendix (Eq. 7): model FLOPs per iteration 72 B L s h^2 (1 + s/6h + V/12hL).
TEST(Flops, ModelFlopsFollowKorthikantiEquation7)
{
    for (auto [L, h, a, s] : { std::tuple{ 48, 6144, 64, 2048 }, std::tuple{ 96, 12288, 96, 2048 },
                               std::tuple{ 105, 20480, 128, 2048 }, std::tuple{ 128, 25600, 160, 2048 } }) {
        const ModelSpec m = gptModel(L, h, a, 51200);
        const double B = 1, V = 51200;
        const double expected = 72 * B * L * s * double(h) * h * (1 + s / (6.0 * h) + V / (12.0 * h * L));
        EXPECT_NEAR(modelFlopsPerSequence(m, s), expected, 1e-9 * expected);
    }
}

// Narayanan et al. 2021 (SC21), Eq. 3: with full recomputation the GPUs execute
// 96 B s l h^2 (1 + s/6h + V/16lh) per iteration.
TEST(Flops, FullRecomputationAddsOneForwardAsInSc21Equation3)
{
    const ModelSpec m = gptModel(96, 12288, 96, 51200);
    const double s = 2048, h = 12288, l = 96, V = 51200;
    const double expected = 96 * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
    const double hardware = modelFlopsPerSequence(m, 2048) + recomputeFlopsPerSequence(m, 2048, Recompute::Full);
    EXPECT_NEAR(hardware, expected, 1e-9 * expected);
}

// Selective recomputation replays QK^T and scores x V: 4 s^2 h forward FLOPs per layer. (The
// paper's Eq. 8 reports HFU as 72BLsh^2(1 + s/3h + V/12hL), counting that replay twice; we count
// the FLOPs executed.)
TEST(Flops, SelectiveRecomputationReplaysTheAttentionScores)
{
    const ModelSpec m = gptModel(96, 12288, 96, 51200);
    EXPECT_DOUBLE_EQ(recomputeFlopsPerSequence(m, 2048, Recompute::Selective), 96 * 4.0 * 2048 * 2048 * 12288);
    EXPECT_DOUBLE_EQ(recomputeFlopsPerSequence(m, 2048, Recompute::None), 0.0);
}

TEST(Flops, AttentionScoresAreCountedInFull)
{
    const ModelSpec m = gptModel(1, 4096, 32, 32000);
    EXPECT_DOUBLE_EQ(layerForwardFlops(m, m.layerKind(0), 8192).attentionScores, 4.0 * 8192 * 8192 * 4096);
}

// torchtitan's per-operator checkpointing replays the key projection's columns of QKV, the output
// projection and a gated MLP's w3: with Llama 3 8B's shapes (32 heads, 8 KV heads, h 4096, f
// 14336) per layer and token 2·(h·kv·d + h·h + h·f) FLOPs, where d = h/heads.
TEST(ModelShape, PerOperatorCheckpointingReplaysTheUnkeptMatmuls)
{
    ModelSpec m;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kvHeads = 8;
    m.ffnHidden = 14336;
    m.vocab = 128256;
    m.gatedMlp = true;
    const double tokens = 8192, h = 4096, headDim = 128;
    const double perLayer = 2 * tokens * (h * 8 * headDim + h * h + h * 14336.0);
    EXPECT_NEAR(recomputeFlopsPerSequence(m, 8192, Recompute::Selective, {}, SelectiveCheckpointing::PerOperator),
                32 * perLayer, 1e-9 * 32 * perLayer);
    // Megatron's core_attn replays the attention scores instead.
    EXPECT_NE(recomputeFlopsPerSequence(m, 8192, Recompute::Selective, RecomputeModules{}),
              recomputeFlopsPerSequence(m, 8192, Recompute::Selective, {}, SelectiveCheckpointing::PerOperator));
}
