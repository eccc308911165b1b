// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/fp8_costs.h"
#include "core/model/memory_model.h"
#include "core/step/step_model.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

using namespace paraplan;
using paraplan::test::gptModel;

namespace {

ActivationShape shape(int64_t s, int64_t b, int64_t t, bool sp)
{
    ActivationShape x;
    x.seqLen = s;
    x.fullSeqLen = s;
    x.microBatch = b;
    x.tp = t;
    x.sequenceParallel = sp;
    x.flashAttention = false;
    return x;
}

constexpr double kGB = 1e9;

} // namespace

// ZeRO paper (Rajbhandari et al. 2020), Figure 1: Psi = 7.5B, N_d = 64, K = 12 with 2 + 2 bytes.
TEST(ZeroMemory, MatchesTheZeroPaperFigure)
{
    const StateBytes bytes{ 2, 2, 12 };
    const double psi = 7.5e9;
    EXPECT_NEAR(modelStateBytes(psi, 0, 64, bytes).total() / kGB, 120.0, 0.05);
    EXPECT_NEAR(modelStateBytes(psi, 1, 64, bytes).total() / kGB, 31.4, 0.05);
    EXPECT_NEAR(modelStateBytes(psi, 2, 64, bytes).total() / kGB, 16.6, 0.05);
    EXPECT_NEAR(modelStateBytes(psi, 3, 64, bytes).total() / kGB, 1.9, 0.05);
}

TEST(ZeroMemory, HigherStagesNeverNeedMore)
{
    const StateBytes bytes{ 2, 4, 12 };
    for (double shards : { 1.0, 2.0, 8.0, 512.0 })
        for (int stage = 1; stage <= 3; ++stage)
            EXPECT_LE(modelStateBytes(1e9, stage, shards, bytes).total(),
                      modelStateBytes(1e9, stage - 1, shards, bytes).total());
}

TEST(ZeroMemory, MegatronDefaultsToFp32MainGradients)
{
    TrainingSpec t;
    t.precision = Precision::Bf16;
    t.gradPrecision = GradPrecision::Fp32;
    const StateBytes bytes = stateBytes(t);
    EXPECT_DOUBLE_EQ(bytes.weights + bytes.gradients + bytes.optimizer, 18.0);
    t.gradPrecision = GradPrecision::Bf16;
    EXPECT_DOUBLE_EQ(stateBytes(t).gradients, 2.0);
}

// Korthikanti et al. 2022, Table 2: activation bytes per transformer layer.
class ActivationTable : public ::testing::TestWithParam<std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t>> {
};

TEST_P(ActivationTable, RowsOfTable2)
{
    const auto [h, a, s, b, t] = GetParam();
    const ModelSpec m = gptModel(1, h, a);
    const double sbh = double(s * b * h);
    const double as_h = double(a) * double(s) / double(h);
    const double tt = double(t);
    if (t == 1) {
        EXPECT_DOUBLE_EQ(layerActivationBytes(m, shape(s, b, 1, false), Recompute::None, m.layerKind(0)), sbh * (34 + 5 * as_h));
    }
    EXPECT_NEAR(layerActivationBytes(m, shape(s, b, t, false), Recompute::None, m.layerKind(0)),
                sbh * (10 + 24 / tt + 5 * as_h / tt), 1e-6 * sbh);
    EXPECT_NEAR(layerActivationBytes(m, shape(s, b, t, true), Recompute::None, m.layerKind(0)), sbh / tt * (34 + 5 * as_h), 1e-6 * sbh);
    EXPECT_NEAR(layerActivationBytes(m, shape(s, b, t, false), Recompute::Selective, m.layerKind(0)), sbh * (10 + 24 / tt), 1e-6 * sbh);
    EXPECT_NEAR(layerActivationBytes(m, shape(s, b, t, true), Recompute::Selective, m.layerKind(0)), sbh * 34 / tt, 1e-6 * sbh);
    EXPECT_NEAR(layerActivationBytes(m, shape(s, b, t, false), Recompute::Full, m.layerKind(0)), 2 * sbh, 1e-6 * sbh);
    EXPECT_NEAR(layerActivationBytes(m, shape(s, b, t, true), Recompute::Full, m.layerKind(0)), 2 * sbh / tt, 1e-6 * sbh);
}

INSTANTIATE_TEST_SUITE_P(GptShapes, ActivationTable,
                         ::testing::Values(std::make_tuple(6144, 64, 2048, 4, 8),   // 22B
                                           std::make_tuple(12288, 96, 2048, 1, 8),  // 175B
                                           std::make_tuple(20480, 128, 2048, 1, 8), // 530B
                                           std::make_tuple(25600, 160, 2048, 1, 8), // 1T
                                           std::make_tuple(4096, 32, 1024, 2, 1)));

TEST(Activations, FusedAttentionStoresNoScores)
{
    ModelSpec m = gptModel(1, 4096, 32);
    ActivationShape x = shape(8192, 1, 1, false);
    const double unfused = layerActivationBytes(m, x, Recompute::None, m.layerKind(0));
    x.flashAttention = true;
    const double fused = layerActivationBytes(m, x, Recompute::None, m.layerKind(0));
    const double scores = 5.0 * 32 * 8192 * 8192;
    EXPECT_NEAR(unfused - fused, scores - 4.0 * 8192 * 32, 1.0);
}

// In FP8 Transformer Engine keeps each linear layer's quantised input for its weight gradient:
// the QKV and MLP inputs (sbh each), the projection input (sbh) and the down GEMM's input (sb·4h)
// at one byte instead of two; the norms' inputs and the attention's Q, K, V stay 16-bit.
TEST(Activations, Fp8KeepsTheLinearLayersInputsQuantised)
{
    const ModelSpec m = gptModel(1, 4096, 32);
    ActivationShape x = shape(2048, 1, 1, false);
    const double bf16 = layerActivationBytes(m, x, Recompute::Selective, LayerKind{});
    x.linearInputBytes = 1;
    const double fp8 = layerActivationBytes(m, x, Recompute::Selective, LayerKind{});
    const double sbh = 2048.0 * 4096;
    EXPECT_DOUBLE_EQ(bf16 - fp8, sbh + sbh + sbh + 4 * sbh);
    TrainingSpec t;
    EXPECT_EQ(fp8SavedInputBytes(t), 2);
    t.precision = Precision::Fp8;
    t.fp8Recipe = Fp8Recipe::Mxfp8;
    EXPECT_DOUBLE_EQ(fp8SavedInputBytes(t), 1 + 1.0 / 32);
    t.precision = Precision::Fp4;
    EXPECT_DOUBLE_EQ(fp8SavedInputBytes(t), 0.5 + 1.0 / 16);
}

TEST(Activations, RecomputationNeverStoresMore)
{
    const ModelSpec m = gptModel(1, 8192, 64);
    for (bool sp : { false, true }) {
        const ActivationShape x = shape(4096, 1, 8, sp);
        EXPECT_LE(layerActivationBytes(m, x, Recompute::Selective, m.layerKind(0)), layerActivationBytes(m, x, Recompute::None, m.layerKind(0)));
        EXPECT_LE(layerActivationBytes(m, x, Recompute::Full, m.layerKind(0)), layerActivationBytes(m, x, Recompute::Selective, m.layerKind(0)));
    }
}

// Megatron keeps a sequence-parallel layer's attention and MLP inputs as the rank's shard (and
// gathers them again for the weight gradient); DTensor (torchtitan) keeps them gathered: t times as
// much for those two tensors, nothing else changed. Without SP both keep the whole input anyway.
TEST(Activations, TorchtitanKeepsTheGatheredLinearInputs)
{
    const ModelSpec m = gptModel(1, 8192, 64);
    ActivationShape sharded = shape(4096, 1, 8, true);
    ActivationShape gathered = sharded;
    gathered.keepsGatheredInputs = true;
    const double sbh = 4096.0 * 8192;
    EXPECT_DOUBLE_EQ(layerActivationBytes(m, gathered, Recompute::None, m.layerKind(0))
                         - layerActivationBytes(m, sharded, Recompute::None, m.layerKind(0)),
                     2 * sharded.linearInputBytes * sbh * (1 - 1.0 / 8));
    sharded.sequenceParallel = gathered.sequenceParallel = false;
    EXPECT_DOUBLE_EQ(layerActivationBytes(m, gathered, Recompute::None, m.layerKind(0)),
                     layerActivationBytes(m, sharded, Recompute::None, m.layerKind(0)));
}

TEST(InFlight, OneFOneBStageHoldsPMinusIMicroBatches)
{
    ParallelLayout layout;
    layout.degrees.pp = 8;
    layout.microBatches = 64;
    for (int64_t stage = 0; stage < 8; ++stage)
        EXPECT_DOUBLE_EQ(inFlightMicroBatches(layout, stage), double(8 - stage));
    layout.microBatches = 3; // never more than there are
    EXPECT_DOUBLE_EQ(inFlightMicroBatches(layout, 0), 3.0);
}

TEST(InFlight, InterleavingCostsOnePlusPMinusOneOverPvOnTheFirstStage)
{
    // Korthikanti et al. 2022, Section 4.2.3: the first stage holds (1 + (p-1)/(p v)) times the
    // activations of the non-interleaved schedule.
    ParallelLayout layout;
    layout.degrees.pp = 8;
    layout.degrees.vpp = 4;
    layout.microBatches = 64;
    layout.schedule = PipelineSchedule::Interleaved1F1B;
    EXPECT_DOUBLE_EQ(inFlightMicroBatches(layout, 0), 8.0 * (1 + 7.0 / 32));
}

TEST(StageMemory, MoreTensorParallelismNeverIncreasesWeightsPerGpu)
{
    const ModelSpec m = gptModel(96, 12288, 96);
    TrainingSpec t;
    t.seqLen = 2048;
    ParallelLayout layout;
    layout.degrees.pp = 8;
    layout.assignLayers(m, std::vector<int64_t>(8, 12));
    for (int64_t stage : { 0, 3, 7 }) {
        double previous = 1e300;
        for (int64_t tp : { 1, 2, 4, 8, 16, 32 }) {
            layout.degrees.tp = tp;
            const double weights = stageMemory(m, t, {}, layout, stage).weights;
            EXPECT_LE(weights, previous) << "tp " << tp << " stage " << stage;
            previous = weights;
        }
    }
}

TEST(StageMemory, FirstAndLastStagesCarryEmbeddingAndOutput)
{
    ModelSpec m = gptModel(32, 4096, 32);
    m.tiedEmbeddings = false;
    ParallelLayout layout;
    layout.degrees.pp = 4;
    layout.assignLayers(m, std::vector<int64_t>(4, 8));
    const double middle = stageParameters(m, layout, 1).total();
    EXPECT_NEAR(stageParameters(m, layout, 0).total() - middle, 51200.0 * 4096, 1.0);
    EXPECT_NEAR(stageParameters(m, layout, 3).total() - middle, 51200.0 * 4096 + 2 * 4096, 1.0);
}

TEST(StageMemory, TiedEmbeddingsOnOneStageAreStoredOnce)
{
    ModelSpec m = gptModel(32, 4096, 32);
    m.tiedEmbeddings = true;
    ParallelLayout layout;
    layout.assignLayers(m, { 32 });
    const double withEmbedding = stageParameters(m, layout, 0).total();
    m.tiedEmbeddings = false;
    EXPECT_NEAR(stageParameters(m, layout, 0).total() - withEmbedding, 51200.0 * 4096, 1.0);
}

TEST(StageMemory, LastStageHoldsTheFp32Logits)
{
    const ModelSpec m = gptModel(32, 4096, 32);
    TrainingSpec t;
    t.seqLen = 2048;
    t.microBatch = 1;
    ParallelLayout layout;
    layout.degrees.pp = 2;
    layout.assignLayers(m, { 16, 16 });
    layout.microBatches = 1;
    const double first = stageMemory(m, t, {}, layout, 0).activations;
    const double last = stageMemory(m, t, {}, layout, 1).activations;
    // Last: final-norm input (2sbh) and fp32 logits (4sbV); first: the embedding's dropout mask (sbh).
    const double sbh = 2048.0 * 4096;
    EXPECT_DOUBLE_EQ(last - first, 2 * sbh + 4.0 * 2048 * 51200 - sbh);
}

TEST(NcclBuffers, EachCollectiveCommunicatorHoldsAboutHalfAGibibyte)
{
    ParallelDegrees d;
    EXPECT_EQ(ncclBufferBytes(d), 0); // one GPU: no communicator
    d.dp = 8;
    const double one = ncclBufferBytes(d);
    // NCCL's own reports: 0.5-0.7 GB per process group.
    EXPECT_GT(one, 0.5e9);
    EXPECT_LT(one, 0.7e9);
    d.tp = 8;
    EXPECT_DOUBLE_EQ(ncclBufferBytes(d), 2 * one);
}

namespace {
ClusterSpec clusterPreset(const std::string& preset)
{
    return test::scenarioFromJson(R"({ "model": { "preset": "llama3.1-8b" }, "training": { "seq_len": 4096, "global_batch": 64 },
                                    "cluster": { "preset": ")" + preset
                                  + R"(", "nodes": 4 } })")
        .cluster;
}
} // namespace

// NCCL's NVLS buffers (nvls.cc): per channel and head, a reduce and a broadcast buffer of 8 chunks
// of 128 KiB (2 MiB); the heads are the communicator's GPUs in the node.
TEST(NvlsBuffers, EachCommunicatorWithGpusInANodeHoldsTwoMebibytesPerChannelAndHead)
{
    constexpr double kMiB = 1024.0 * 1024;
    const ClusterSpec h100 = clusterPreset("dgx-h100");
    // TP 8 fills the node: 16 channels x 8 heads x 2 MiB; DP has one GPU a node, so no NVLS.
    EXPECT_DOUBLE_EQ(nvlsBufferBytes(h100, { .tp = 8, .dp = 4 }, kMegatronOrder), 16 * 8 * 2 * kMiB);
    // TP 2 and DP 4 within a node of DP 16: 16 x 2 x 2 MiB and 16 x 4 x 2 MiB.
    EXPECT_DOUBLE_EQ(nvlsBufferBytes(h100, { .tp = 2, .dp = 16 }, kMegatronOrder), 16 * (2 + 4) * 2 * kMiB);
    // DP innermost: the DP group takes the node's eight GPUs, TP one per node.
    const RankOrder dpFirst{ ParallelDim::Dp, ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Pp };
    EXPECT_DOUBLE_EQ(nvlsBufferBytes(h100, { .tp = 4, .dp = 8 }, dpFirst), 16 * 8 * 2 * kMiB);
    // Switched off, or a switch that cannot reduce (A100's second-generation NVSwitch): none.
    ClusterSpec off = h100;
    off.intraNode.nvls = false;
    EXPECT_EQ(nvlsBufferBytes(off, { .tp = 8, .dp = 4 }, kMegatronOrder), 0);
    const ClusterSpec a100 = clusterPreset("dgx-a100-80gb");
    EXPECT_EQ(nvlsBufferBytes(a100, { .tp = 8, .dp = 4 }, kMegatronOrder), 0);
    // Blackwell: 24 channels inside a node, 32 for a communicator across nodes.
    const ClusterSpec b200 = clusterPreset("dgx-b200");
    EXPECT_DOUBLE_EQ(nvlsBufferBytes(b200, { .tp = 4, .dp = 8 }, kMegatronOrder), (24 * 4 + 32 * 2) * 2 * kMiB);
}

// They lie outside the allocator, on every stage, and the peak counts them.
TEST(NvlsBuffers, AreInEveryStagesMemoryOutsideTheAllocator)
{
    Scenario s = test::llama70bOnDgxH100();
    const StepPlan plan = planStep(s);
    const double nvls = nvlsBufferBytes(s.cluster, plan.layout.degrees, s.parallel.placement.order);
    ASSERT_GT(nvls, 0);
    Scenario off = s;
    off.cluster.intraNode.nvls = false;
    for (int64_t stage = 0; stage < plan.layout.degrees.pp; ++stage) {
        const MemoryBreakdown with = stageMemoryOf(s, plan, stage), without = stageMemoryOf(off, plan, stage);
        EXPECT_DOUBLE_EQ(with.total() - without.total(), nvls);
        EXPECT_DOUBLE_EQ(with.allocatorReserved(), without.allocatorReserved());
    }
    EXPECT_DOUBLE_EQ(peakMemoryOf(s, plan) - peakMemoryOf(off, plan), nvls);
}

TEST(NcclBuffers, AllToAllConnectsEveryPeerAndPipelinesOnlyTheirNeighbours)
{
    ParallelDegrees dense;
    dense.pp = 16;
    const double pipeline = ncclBufferBytes(dense);
    dense.pp = 2;
    EXPECT_DOUBLE_EQ(ncclBufferBytes(dense), pipeline); // two neighbours however deep
    ParallelDegrees experts;
    experts.dp = 8;
    experts.ep = 8;
    ParallelDegrees wider = experts;
    wider.dp = 64;
    wider.ep = 64;
    // 63 all-to-all peers instead of 7; neither has an expert data-parallel group (dp / ep = 1).
    const double peer = pipeline / 2;
    EXPECT_NEAR(ncclBufferBytes(wider) - ncclBufferBytes(experts), 56 * peer, 1);
}

TEST(StageMemory, TheAllocatorSeesAllButTheContextAndNccl)
{
    const ModelSpec m = gptModel(32, 4096, 32);
    TrainingSpec t;
    t.seqLen = 2048;
    ParallelLayout layout;
    layout.degrees.dp = 8;
    layout.degrees.tp = 2;
    layout.assignLayers(m, { 32 });
    layout.microBatches = 4;
    const MemoryBreakdown mem = stageMemory(m, t, {}, layout, 0);
    EXPECT_NEAR(mem.outsideAllocator, 0.5 * 1024 * 1024 * 1024 + ncclBufferBytes(layout.degrees), 1);
    EXPECT_DOUBLE_EQ(mem.allocatorReserved(), mem.total() - mem.outsideAllocator);
    EXPECT_LT(mem.outsideAllocator, mem.other);
}

TEST(StageMemory, CudaGraphsKeepTheirBuffersAndPool)
{
    const ModelSpec m = gptModel(32, 4096, 32);
    TrainingSpec t;
    t.seqLen = 2048;
    ParallelLayout layout;
    layout.assignLayers(m, { 32 });
    layout.microBatches = 1;
    FrameworkSpec graphed;
    graphed.cudaGraphs = true;
    const double extra = stageMemory(m, t, graphed, layout, 0).other - stageMemory(m, t, {}, layout, 0).other;
    // Each layer's static input and output (2 x 2sbh) and one layer's intermediates.
    const double sbh = 2048.0 * 4096;
    ActivationShape one = shape(2048, 1, 1, false);
    one.flashAttention = t.flashAttention;
    EXPECT_DOUBLE_EQ(extra, 32 * 4 * sbh + layerActivationBytes(m, one, Recompute::None, m.layerKind(0)));
}

// torchtitan's per-operator selective checkpointing (parallelize_llama.py @ 9dec370, _save_list and
// _custom_policy) on Llama 3.1 8B as its H100 runs shape it (seq 8192, local batch 2, no TP): of a
// block it keeps the input x, wq's and wv's outputs (the odd matmuls the backward needs), the
// attention's output with its fp32 log-sum-exp, and w1's; per token 2h + 2h + 2·8·128 + 2h + 4·32
// + 2·14336 bytes.
TEST(Activations, PerOperatorCheckpointingKeepsTheAttentionAndEveryOtherMatmul)
{
    const ModelSpec& m = test::modelPreset("llama3.1-8b");
    ActivationShape x = shape(8192, 2, 1, false);
    x.flashAttention = true;
    x.selective = SelectiveCheckpointing::PerOperator;
    const double tokens = 8192.0 * 2;
    const double perToken = 2 * 4096 + 2 * 4096 + 2 * 8 * 128 + 2 * 4096 + 4 * 32 + 2 * 14336;
    EXPECT_DOUBLE_EQ(layerActivationBytes(m, x, Recompute::Selective, m.layerKind(0)), tokens * perToken);
    // Well under Megatron's selective (everything but the attention core), above full recomputation.
    ActivationShape modules = x;
    modules.selective = SelectiveCheckpointing::Modules;
    EXPECT_LT(layerActivationBytes(m, x, Recompute::Selective, m.layerKind(0)),
              0.5 * layerActivationBytes(m, modules, Recompute::Selective, m.layerKind(0)));
    EXPECT_GT(layerActivationBytes(m, x, Recompute::Selective, m.layerKind(0)),
              layerActivationBytes(m, x, Recompute::Full, m.layerKind(0)));
}

// With TP 8 and sequence parallelism the input is the rank's sequence shard, the projections and
// the attention its 4 query heads and 1 KV head, and the projection's reduce-scattered output
// (on the save list, the residual stream the MLP's replay starts from) is kept as well.
TEST(Activations, PerOperatorCheckpointingUnderTensorParallelism)
{
    const ModelSpec& m = test::modelPreset("llama3.1-8b");
    ActivationShape x = shape(8192, 1, 8, true);
    x.flashAttention = true;
    x.selective = SelectiveCheckpointing::PerOperator;
    const double perToken
        = 2 * 4096 / 8 + 2 * 4 * 128 + 2 * 1 * 128 + 2 * 4 * 128 + 4 * 4 + 2 * 4096 / 8 + 2 * 14336 / 8;
    EXPECT_DOUBLE_EQ(layerActivationBytes(m, x, Recompute::Selective, m.layerKind(0)), 8192.0 * perToken);
}

// The framework's selective checkpointing reaches the stage: the same layout keeps less under
// torchtitan than under Megatron-Core, and the last stage's loss holds 12 bytes per logit there
// (PyTorch's cross_entropy on an fp32 upcast) against Megatron's 4.
TEST(StageMemory, TheFrameworkDecidesWhatSelectiveKeepsAndWhatTheLossHolds)
{
    const ModelSpec& m = test::modelPreset("llama3.1-8b");
    TrainingSpec t;
    t.seqLen = 8192;
    t.microBatch = 1;
    ParallelLayout layout;
    layout.degrees.dp = 8;
    layout.assignLayers(m, { m.layers });
    layout.microBatches = 1;
    layout.recompute = Recompute::Full;
    FrameworkSpec titan;
    titan.name = Framework::Torchtitan;
    const double logits = 8192.0 * double(m.vocab);
    EXPECT_DOUBLE_EQ(stageMemory(m, t, titan, layout, 0).activations - stageMemory(m, t, {}, layout, 0).activations,
                     (12.0 - 4.0) * logits);
    layout.recompute = Recompute::Selective;
    EXPECT_LT(stageMemory(m, t, titan, layout, 0).activations + 8 * logits,
              stageMemory(m, t, {}, layout, 0).activations);
    EXPECT_EQ(frameworkDefaults(Framework::Torchtitan).selectiveCheckpointing, SelectiveCheckpointing::PerOperator);
    for (Framework f :
         { Framework::MegatronCore, Framework::MegatronLm, Framework::MegatronDeepSpeed, Framework::Nemo })
        EXPECT_EQ(frameworkDefaults(f).lossBytesPerLogit, 4.0);
    // Compiled, torchtitan's loss keeps the bf16 logits and their bf16 gradient: Megatron's 4 bytes.
    layout.recompute = Recompute::Full;
    titan.compiledLoss = true;
    EXPECT_DOUBLE_EQ(stageMemory(m, t, titan, layout, 0).activations, stageMemory(m, t, {}, layout, 0).activations);
    FrameworkSpec megatron;
    megatron.compiledLoss = true;
    EXPECT_EQ(lossBytesPerLogit(megatron), 4.0);
}
