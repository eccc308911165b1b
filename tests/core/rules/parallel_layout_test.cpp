// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/rules/parallel_layout.h"
#include "core/rules/pipeline_split.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace paraplan;

using Layers = std::vector<int64_t>;

namespace {

// The split of `layers` over pp x vpp virtual stages, `given` as layers_per_stage.
Layers splitOf(int64_t layers, int64_t pp, int64_t vpp, const Layers& given)
{
    ParallelSpec p;
    p.degrees.pp = pp;
    p.degrees.vpp = vpp;
    p.layersPerStage = given;
    return virtualStageLayers(layers, p.degrees, p);
}

} // namespace

TEST(PipelineSplit, EvenWhenTheLayersDivide)
{
    EXPECT_EQ(splitOf(32, 4, 1, {}), (Layers{ 8, 8, 8, 8 }));
    EXPECT_EQ(splitOf(80, 4, 5, {}), Layers(20, 4));
}

TEST(PipelineSplit, TheRemainderGoesToTheEarliestVirtualStages)
{
    // The first stages carry the cheap embedding rather than the logits: they take the extra layers.
    EXPECT_EQ(splitOf(30, 4, 1, {}), (Layers{ 8, 8, 7, 7 }));
    EXPECT_EQ(splitOf(10, 2, 2, {}), (Layers{ 3, 3, 2, 2 }));
}

TEST(PipelineSplit, AnExplicitSplitWins)
{
    EXPECT_EQ(splitOf(126, 4, 1, { 30, 32, 32, 32 }), (Layers{ 30, 32, 32, 32 }));
    // One whose count does not match the stages is no split for them (validation reports it).
    EXPECT_EQ(splitOf(32, 4, 1, { 16, 16 }), (Layers{ 8, 8, 8, 8 }));
}

TEST(PipelineSplit, AStageHoldsItsChunksSpacedPpApart)
{
    // Megatron: chunk c of stage s is virtual stage c * pp + s.
    const ModelSpec model = test::gptModel(21, 1024, 16);
    ParallelLayout split;
    split.degrees.pp = 2; // vpp 3
    split.assignLayers(model, { 1, 2, 3, 4, 5, 6 });
    EXPECT_EQ(split.stageLayers, (Layers{ 1 + 3 + 5, 2 + 4 + 6 }));
    for (int64_t layers : { 7, 30, 126 })
        for (int64_t pp : { 1, 2, 3, 4 })
            for (int64_t vpp : { 1, 2 }) {
                ParallelLayout layout;
                layout.degrees.pp = pp;
                layout.assignLayers(test::gptModel(layers, 1024, 16), splitOf(layers, pp, vpp, {}));
                EXPECT_EQ(std::accumulate(layout.stageLayers.begin(), layout.stageLayers.end(), int64_t(0)), layers)
                    << layers << " layers, pp " << pp << ", vpp " << vpp;
            }
}

// DeepSeek-V3's 3 dense layers and 58 MoE layers over 4 stages of 2 chunks: each virtual stage takes
// the layers after those of the virtual stages before it in index order.
TEST(PipelineSplit, EachStageKnowsItsKindsOfLayer)
{
    ModelSpec model = test::gptModel(61, 1024, 16);
    model.moe = { .experts = 8, .topK = 2, .expertFfnHidden = 512, .firstDenseLayers = 3 };
    ParallelLayout layout;
    layout.degrees.pp = 4;
    layout.assignLayers(model, splitOf(61, 4, 2, {})); // 8 8 8 8 8 7 7 7
    const LayerKind dense{}, moe{ .moe = true };
    EXPECT_EQ(layout.virtualMix(0).of(dense), 3);
    EXPECT_EQ(layout.virtualMix(0).of(moe), 5);
    EXPECT_EQ(layout.virtualMix(1).of(dense), 0);
    EXPECT_EQ(layout.stageMix(0).of(dense), 3);
    EXPECT_EQ(layout.stageMix(0).of(moe), 5 + 8);
    EXPECT_EQ(layout.stageMix(3).of(moe), 8 + 7);
    LayerMix all;
    for (size_t stage = 0; stage < 4; ++stage)
        all += layout.stageMix(stage);
    EXPECT_EQ(all.moe(), 58);
    EXPECT_EQ(all.total(), 61);
}

TEST(ParallelLayout, ResolvesDpMicroBatchesAndTheSplitOnce)
{
    const Scenario s = test::llama70bOnDgxH100(); // 64 GPUs, tp 8, pp 4, vpp 5, batch 256, micro-batch 1
    const ParallelLayout layout = resolveLayout(s);
    EXPECT_EQ(layout.degrees.dp, 2);
    EXPECT_EQ(layout.degrees.tp, 8);
    EXPECT_EQ(layout.degrees.vpp, 5);
    EXPECT_EQ(layout.microBatches, 128);
    EXPECT_EQ(layout.virtualLayers, Layers(20, 4));
    EXPECT_EQ(layout.stageLayers, Layers(4, 20));
    EXPECT_TRUE(layout.sequenceParallel);
    EXPECT_EQ(layout.zeroStage, 1);
    EXPECT_EQ(layout.recompute, Recompute::Auto); // settled by the step model
}

TEST(ParallelLayout, AGivenDpIsKept)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.dp = 2;
    EXPECT_EQ(resolveLayout(s).degrees.dp, 2);
}

TEST(ParallelLayout, SequenceParallelismNeedsATpGroup)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.tp = 1;
    s.parallel.degrees.pp = 4;
    ASSERT_TRUE(s.parallel.sequenceParallel);
    EXPECT_FALSE(resolveLayout(s).sequenceParallel);
}

TEST(ParallelLayout, AnExplicitSplitReachesEveryStage)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.vpp = 1;
    s.parallel.layersPerStage = { 18, 21, 21, 20 };
    const ParallelLayout layout = resolveLayout(s);
    EXPECT_EQ(layout.stageLayers, (Layers{ 18, 21, 21, 20 }));
    EXPECT_EQ(std::accumulate(layout.stageLayers.begin(), layout.stageLayers.end(), int64_t(0)), s.model.layers);
}

// Megatron's uneven splits (get_num_layers_to_build, transformer_block.py @ d98e8a64).
TEST(PipelineSplit, MegatronsFirstAndLastStageLayers)
{
    ParallelSpec p;
    p.degrees.pp = 4;
    p.firstStageLayers = 6;
    p.lastStageLayers = 6;
    EXPECT_EQ(virtualStageLayers(32, p.degrees, p), (Layers{ 6, 10, 10, 6 }));
    p.degrees.vpp = 2; // each rank's layers split over its chunks
    EXPECT_EQ(virtualStageLayers(32, p.degrees, p), (Layers{ 3, 5, 5, 3, 3, 5, 5, 3 }));
    p.firstStageLayers = 7; // 19 left for two stages: Megatron refuses
    EXPECT_NE(megatronSplitProblem(32, p.degrees, p).find("split evenly"), std::string::npos);
}

TEST(PipelineSplit, MegatronsEmbeddingAndLossCountedAsLayers)
{
    ParallelSpec p;
    p.degrees.pp = 16;
    p.embeddingAsLayer = true;
    p.lossAsLayer = true;
    // Llama 3.1 405B's 126 layers: 128 counted, 8 a stage, 7 on the first and the last.
    Layers expected(16, 8);
    expected.front() = expected.back() = 7;
    EXPECT_EQ(virtualStageLayers(126, p.degrees, p), expected);
    EXPECT_TRUE(megatronSplitProblem(126, p.degrees, p).empty());
    EXPECT_FALSE(megatronSplitProblem(125, p.degrees, p).empty());
}

TEST(PipelineSplit, TrimmedEndsMoveLayersToTheMiddle)
{
    EXPECT_EQ(trimmedEndsSplit(32, 4, 1), (Layers{ 7, 9, 9, 7 }));
    // Llama 3.1 405B on 16 stages: Megatron-Bridge's recipe, 7 on the ends and 8 between.
    Layers recipe(16, 8);
    recipe.front() = recipe.back() = 7;
    EXPECT_EQ(trimmedEndsSplit(126, 16, 1), recipe);
    EXPECT_TRUE(trimmedEndsSplit(8, 2, 1).empty()); // no middle
    EXPECT_TRUE(trimmedEndsSplit(4, 4, 1).empty()); // no layer left at the ends
}
