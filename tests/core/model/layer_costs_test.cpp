// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// One layer's pass costs, op by op: which collectives each split adds and where they hide, what
// recomputation replays, and the embedding and output layers at the ends of the pipeline.
#include "tests/core/scenario_fixtures.h"

#include "core/model/layer_costs.h"
#include "core/model/layer_shapes.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

ModelSpec llama8b() { return io::builtinCatalog().findModel("llama3.1-8b")->spec; }

// `link`: bytes per second of every group's bus (NVLink-like unless told otherwise).
LayerCostInput input(const ModelSpec& model, const ParallelDegrees& degrees, double link = 360e9)
{
    LayerCostInput in;
    in.model = &model;
    in.kind = model.layerKind(0);
    in.seqLen = 8192;
    in.microBatch = 1;
    in.degrees = degrees;
    in.rates = deviceRates(test::h100Gpu(), Precision::Bf16, EfficiencyParams{});
    in.linearRates = in.rates;
    in.tpLink = { link, 2e-6 };
    in.cpLink = { link, 2e-6 };
    in.epLink = { link, 2e-6 };
    return in;
}

double tpActivationBytes(const LayerCostInput& in)
{
    const LayerShard shard(*in.model, in.seqLen, in.microBatch, in.degrees, in.sequenceParallel, in.rates.activationBytes);
    return layerMessages(*in.model, shard).tpActivation;
}

} // namespace

TEST(LayerCosts, WithoutASplitThereIsNoCommunication)
{
    const ModelSpec m = llama8b();
    const LayerCosts c = transformerLayerCosts(input(m, {}));
    EXPECT_GT(c.forward.compute, 0);
    for (const PassCost& pass : { c.forward, c.backward })
        EXPECT_EQ(pass.tpComm + pass.cpComm + pass.epComm + pass.dpComm + pass.recompute, 0);
    // The backward runs each product twice (data and weight gradients) and the attention's 2.5x.
    EXPECT_GT(c.backward.compute, 1.8 * c.forward.compute);
    EXPECT_LT(c.backward.compute, 2.6 * c.forward.compute);
}

TEST(LayerCosts, TensorParallelismAllReducesTwicePerForward)
{
    const ModelSpec m = llama8b();
    const LayerCostInput in = input(m, { .tp = 4 });
    const LayerCosts c = transformerLayerCosts(in);
    const double allReduce = collectiveSeconds(Collective::AllReduce, tpActivationBytes(in), 4, in.tpLink, in.rates.params);
    EXPECT_DOUBLE_EQ(c.forward.tpComm, 2 * allReduce);
    // The backward's two all-reduces hide behind the column-parallel weight gradients.
    EXPECT_LT(c.backward.tpComm, 2 * allReduce);
}

TEST(LayerCosts, SequenceParallelismGathersAndScattersInstead)
{
    const ModelSpec m = llama8b();
    LayerCostInput in = input(m, { .tp = 4 });
    in.sequenceParallel = true;
    const LayerCosts c = transformerLayerCosts(in);
    const double bytes = tpActivationBytes(in);
    const double gather = collectiveSeconds(Collective::AllGather, bytes, 4, in.tpLink, in.rates.params);
    const double scatter = collectiveSeconds(Collective::ReduceScatter, bytes, 4, in.tpLink, in.rates.params);
    EXPECT_DOUBLE_EQ(c.forward.tpComm, 2 * gather + 2 * scatter);
}

TEST(LayerCosts, TpCommunicationOverlapHidesItBehindTheGemms)
{
    const ModelSpec m = llama8b();
    LayerCostInput in = input(m, { .tp = 8 });
    in.sequenceParallel = true;
    const LayerCosts exposed = transformerLayerCosts(in);
    in.tpCommOverlap = true;
    const LayerCosts overlapped = transformerLayerCosts(in);
    EXPECT_LT(overlapped.forward.tpComm, exposed.forward.tpComm);
    EXPECT_LE(overlapped.backward.tpComm, exposed.backward.tpComm);
    EXPECT_DOUBLE_EQ(overlapped.forward.compute, exposed.forward.compute);
    // Without sequence parallelism there are no gathers and scatters to pipeline: nothing changes.
    in.sequenceParallel = false;
    const LayerCosts plain = transformerLayerCosts(in);
    in.tpCommOverlap = false;
    EXPECT_DOUBLE_EQ(plain.forward.tpComm, transformerLayerCosts(in).forward.tpComm);
}

// Megatron runs the column-parallel backward's collectives beside its GEMMs; DTensor (torchtitan)
// keeps the gathered input and waits for the input gradient's reduction at the next operator.
TEST(LayerCosts, WithoutMegatronsAsyncBackwardTheInputGradientsReductionWaits)
{
    const ModelSpec m = llama8b();
    LayerCostInput in = input(m, { .tp = 4 });
    const double allReduce = collectiveSeconds(Collective::AllReduce, tpActivationBytes(in), 4, in.tpLink, in.rates.params);
    in.tpBackwardBesideGemms = false;
    const LayerCosts waited = transformerLayerCosts(in);
    EXPECT_DOUBLE_EQ(waited.backward.tpComm, 2 * allReduce);
    EXPECT_EQ(waited.backward.hidden.tp, 0);
    // With SP: the two output-gradient gathers and the two input-gradient reduce-scatters, no re-gather.
    in.sequenceParallel = true;
    const double bytes = tpActivationBytes(in);
    const double gather = collectiveSeconds(Collective::AllGather, bytes, 4, in.tpLink, in.rates.params);
    const double scatter = collectiveSeconds(Collective::ReduceScatter, bytes, 4, in.tpLink, in.rates.params);
    const LayerCosts sequenced = transformerLayerCosts(in);
    EXPECT_DOUBLE_EQ(sequenced.backward.tpComm, 2 * gather + 2 * scatter);
    in.tpBackwardBesideGemms = true;
    const LayerCosts megatron = transformerLayerCosts(in);
    EXPECT_GT(megatron.backward.hidden.tp, 0);
    // Asynchronous TP pipelines the reduce-scatters with the data gradients.
    in.tpBackwardBesideGemms = false;
    in.tpCommOverlap = true;
    const LayerCosts asyncTp = transformerLayerCosts(in);
    EXPECT_LT(asyncTp.backward.tpComm, sequenced.backward.tpComm);
    EXPECT_GT(asyncTp.backward.hidden.tp, 0);
}

// The framework decides: Megatron-Core's layers run their backward collectives beside the GEMMs,
// torchtitan's do not.
TEST(LayerCosts, TheFrameworkDecidesWhetherTheBackwardsCollectivesRunBesideTheGemms)
{
    EXPECT_TRUE(frameworkDefaults(Framework::MegatronCore).tpBackwardBesideGemms);
    EXPECT_TRUE(frameworkDefaults(Framework::MegatronDeepSpeed).tpBackwardBesideGemms);
    EXPECT_FALSE(frameworkDefaults(Framework::Torchtitan).tpBackwardBesideGemms);
}

TEST(LayerCosts, RecomputationReplaysWhatItDropped)
{
    const ModelSpec m = llama8b();
    LayerCostInput in = input(m, { .tp = 2 });
    const LayerCosts none = transformerLayerCosts(in);
    in.recompute = Recompute::Full;
    const LayerCosts full = transformerLayerCosts(in);
    EXPECT_DOUBLE_EQ(full.backward.recompute, none.forward.compute);
    EXPECT_DOUBLE_EQ(full.backward.tpComm, none.backward.tpComm + none.forward.tpComm);
    in.recompute = Recompute::Selective;
    const LayerCosts selective = transformerLayerCosts(in);
    EXPECT_GT(selective.backward.recompute, 0); // the attention core
    EXPECT_LT(selective.backward.recompute, 0.5 * none.forward.compute);
    EXPECT_DOUBLE_EQ(selective.backward.tpComm, none.backward.tpComm);
}

TEST(LayerCosts, ContextParallelRingHidesBehindAttentionUntilTheLinkIsSlow)
{
    const ModelSpec m = llama8b();
    LayerCostInput fastRing = input(m, { .cp = 2 }, 360e9);
    fastRing.rates.params.overlapSlowdown = 0; // hidden means free here
    const LayerCosts fast = transformerLayerCosts(fastRing);
    EXPECT_EQ(fast.forward.cpComm, 0);
    EXPECT_GT(fast.forward.hidden.cp, 0);
    LayerCostInput slowRing = input(m, { .cp = 2 }, 0.5e9);
    slowRing.rates.params.overlapSlowdown = 0;
    const LayerCosts slow = transformerLayerCosts(slowRing);
    EXPECT_GT(slow.forward.cpComm, 0);
    EXPECT_GT(slow.backward.cpComm, slow.forward.cpComm); // keys, values and their gradients
}

TEST(LayerCosts, ExpertParallelismDispatchesAndCombinesEachPass)
{
    ModelSpec m = llama8b();
    m.moe = { .experts = 8, .topK = 2, .expertFfnHidden = 14336 };
    const LayerCostInput alone = input(m, {});
    EXPECT_EQ(transformerLayerCosts(alone).forward.epComm, 0);
    const LayerCostInput split = input(m, { .ep = 4 });
    const LayerShard shard(m, split.seqLen, split.microBatch, split.degrees, false, split.rates.activationBytes);
    const double dispatch = collectiveSeconds(Collective::AllToAll, layerMessages(m, shard).epDispatch, 4, split.epLink,
                                              split.rates.params);
    const LayerCosts c = transformerLayerCosts(split);
    EXPECT_DOUBLE_EQ(c.forward.epComm, 2 * dispatch);
    EXPECT_DOUBLE_EQ(c.backward.epComm, 2 * dispatch);
}

TEST(LayerCosts, UnfusedAttentionCostsMoreThanFlashAtLongSequences)
{
    const ModelSpec m = llama8b();
    LayerCostInput in = input(m, {});
    const double flash = transformerLayerCosts(in).forward.compute;
    in.flashAttention = false;
    EXPECT_GT(transformerLayerCosts(in).forward.compute, flash);
}

TEST(LayerCosts, TheEmbeddingAndTheOutputLayerSumOverTheTpGroup)
{
    const ModelSpec m = llama8b();
    const LayerCostInput one = input(m, {});
    EXPECT_EQ(embeddingCosts(one).forward.tpComm, 0);
    EXPECT_EQ(outputLayerCosts(one).forward.tpComm + outputLayerCosts(one).backward.tpComm, 0);
    const LayerCostInput four = input(m, { .tp = 4 });
    EXPECT_GT(embeddingCosts(four).forward.tpComm, 0);
    EXPECT_GT(outputLayerCosts(four).backward.tpComm, 0);
    // The logits GEMM dominates the output layer and splits over the vocabulary.
    EXPECT_LT(outputLayerCosts(four).forward.compute, outputLayerCosts(one).forward.compute / 2);
    EXPECT_GT(outputLayerCosts(one).backward.compute, outputLayerCosts(one).forward.compute);
}

TEST(PassCost, AddsAndScalesEveryCause)
{
    const PassCost a{ 1, 2, 3, 4, 5, 6, { 0.5, 0.25, 0.125, 1 } };
    PassCost sum = a;
    sum += a.scaled(2);
    EXPECT_DOUBLE_EQ(sum.total(), 3 * a.total());
    EXPECT_DOUBLE_EQ(sum.dpComm, 18);
    EXPECT_DOUBLE_EQ(a.scaled(0.5).compute, 0.5);
    EXPECT_DOUBLE_EQ(sum.hidden.total(), 3 * a.hidden.total()); // hidden traffic is never on the critical path
    EXPECT_DOUBLE_EQ(sum.total(), 3 * 21);
}

TEST(LayerCosts, HiddenCommunicationIsReportedAndPricedByTheOverlapSlowdown)
{
    const ModelSpec m = llama8b();
    LayerCostInput in = input(m, { .tp = 4 });
    in.rates.params.overlapSlowdown = 0;
    const LayerCosts free = transformerLayerCosts(in);
    // Without SP the backward's two all-reduces hide under the weight gradients.
    EXPECT_GT(free.backward.hidden.tp, 0);
    EXPECT_EQ(free.forward.hidden.tp, 0); // the forward's are on the critical path
    in.rates.params.overlapSlowdown = 0.2;
    const LayerCosts priced = transformerLayerCosts(in);
    EXPECT_DOUBLE_EQ(priced.backward.hidden.tp, free.backward.hidden.tp);
    EXPECT_NEAR(priced.backward.tpComm, free.backward.tpComm + 0.2 * free.backward.hidden.tp, 1e-15);
    EXPECT_DOUBLE_EQ(priced.forward.tpComm, free.forward.tpComm);
}

TEST(OverlapPrice, TheUncoveredPartPlusTheSlowdownOfTheOverlap)
{
    double hidden = 0;
    EXPECT_DOUBLE_EQ(overlapPrice(3, 10, 0.1, hidden), 0.3);
    EXPECT_DOUBLE_EQ(hidden, 3);
    EXPECT_DOUBLE_EQ(overlapPrice(10, 4, 0.1, hidden), 6 + 0.4);
    EXPECT_DOUBLE_EQ(hidden, 7);
    EXPECT_DOUBLE_EQ(overlapPrice(5, 0, 0.5, hidden), 5);
}
