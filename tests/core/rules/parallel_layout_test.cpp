// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/rules/parallel_layout.h"
#include "core/rules/pipeline_split.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace paraplan;

using Layers = std::vector<int64_t>;

TEST(PipelineSplit, EvenWhenTheLayersDivide)
{
    EXPECT_EQ(virtualStageLayers(32, 4, 1, {}), (Layers{ 8, 8, 8, 8 }));
    EXPECT_EQ(virtualStageLayers(80, 4, 5, {}), Layers(20, 4));
}

TEST(PipelineSplit, TheRemainderGoesToTheEarliestVirtualStages)
{
    // The first stages carry the cheap embedding rather than the logits: they take the extra layers.
    EXPECT_EQ(virtualStageLayers(30, 4, 1, {}), (Layers{ 8, 8, 7, 7 }));
    EXPECT_EQ(virtualStageLayers(10, 2, 2, {}), (Layers{ 3, 3, 2, 2 }));
}

TEST(PipelineSplit, AnExplicitSplitWins)
{
    EXPECT_EQ(virtualStageLayers(126, 4, 1, { 30, 32, 32, 32 }), (Layers{ 30, 32, 32, 32 }));
    // One whose count does not match the stages is no split for them (validation reports it).
    EXPECT_EQ(virtualStageLayers(32, 4, 1, { 16, 16 }), (Layers{ 8, 8, 8, 8 }));
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
                layout.assignLayers(test::gptModel(layers, 1024, 16), virtualStageLayers(layers, pp, vpp, {}));
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
    layout.assignLayers(model, virtualStageLayers(61, 4, 2, {})); // 8 8 8 8 8 7 7 7
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
