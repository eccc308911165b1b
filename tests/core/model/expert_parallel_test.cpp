// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Expert parallelism as Megatron-Core runs it (issue #13): expert tensor parallelism (ETP) and
// expert data parallelism beside EP, the model states of the experts by their own shards, and the
// token dispatchers' traffic on the topology. The memory is held term by term against
// Megatron-LM's own theoretical-memory formula in its corrected form.
#include "core/model/layer_shapes.h"
#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/network/group_report.h"
#include "core/rules/parallel_layout.h"
#include "core/step/evaluator.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;

namespace {


// Megatron-LM's compute_weight_and_optimizer_memory (megatron/training/theoretical_memory_usage.py
// @ d98e8a64, the version that splits the weights by how each rank holds them), for a stage
// between the first and the last: its three kinds of weights per rank and their bytes with the
// distributed optimizer (2-byte weights and 4-byte gradients on every rank, 12 bytes of Adam
// state over the data-parallel ranks that hold the same weights).
struct MegatronStage {
    double tpSharded = 0, replicated = 0, expertSharded = 0;
    double bytes = 0;
};

MegatronStage megatronMiddleStage(const ModelSpec& m, const ParallelDegrees& d)
{
    const double h = double(m.hidden), gated = m.gatedMlp ? 1.5 : 1.0;
    const double kvChannels = double(m.headDim()), heads = double(m.heads), groups = double(m.kvHeads);
    const double attention = 2 * h * h * ((1 + groups / heads) * kvChannels * heads / h);
    const double denseMlp = 2 * h * double(m.ffnHidden) * gated;
    const double shared = 2 * h * double(m.moe.sharedExperts * m.moe.sharedExpertFfnHidden) * gated;
    const double routed = 2 * h * double(m.moe.expertFfnHidden) * double(m.moe.experts) * gated;
    const double norms = 2 * h; // RMSNorm: a weight each
    const double router = h * double(m.moe.experts);
    const double moeLayers = double(m.moeLayers()), denseLayers = double(m.layers) - moeLayers;
    const double pp = double(d.pp);
    MegatronStage s;
    s.tpSharded = ((attention + denseMlp) * denseLayers + (attention + shared) * moeLayers) / (pp * double(d.tp));
    s.replicated = (norms * denseLayers + (norms + router) * moeLayers) / pp; // the final norm is the last stage's
    s.expertSharded = routed * moeLayers / (pp * double(d.expertTp() * d.ep));
    const double world = double(d.ranks());
    const double expertDp = world / double(d.expertTp() * d.ep * d.pp);
    auto bytesPerParameter = [](double dataParallel) { return 6 + 12 / dataParallel; };
    s.bytes = (s.tpSharded + s.replicated) * bytesPerParameter(double(d.dp)) + s.expertSharded * bytesPerParameter(expertDp);
    return s;
}

Scenario moeScenario(const char* model, int64_t nodes, const ParallelDegrees& d)
{
    Scenario s = test::scenarioFromJson(std::string(R"({
      "model": { "preset": ")") + model + R"(" },
      "training": { "seq_len": 4096, "global_batch": 512 },
      "cluster": { "preset": "dgx-h100", "nodes": )" + std::to_string(nodes) + R"( },
      "parallel": { "sequence_parallel": true, "recompute": "none" } })");
    s.parallel.degrees = d;
    s.parallel.sequenceParallel = d.tp > 1;
    return s;
}

// A middle stage's model states as ParaPlan holds them.
struct OurStage {
    StageParameters params;
    MemoryBreakdown memory;
};

OurStage ourMiddleStage(const Scenario& s, int64_t stage)
{
    const ParallelLayout layout = resolveLayout(s);
    return { stageParameters(s.model, layout, stage), stageMemory(s.model, s.training, s.framework, layout, stage) };
}

double modelStates(const MemoryBreakdown& m) { return m.weights + m.gradients + m.optimizer; }

} // namespace

// Qwen3-30B-A3B (every layer MoE, 128 experts, no MLA) on 64 H100s in four splits, among them
// the ones where ETP x EP differs from TP (Megatron-Bridge PR #3744: the formula that divided the
// experts by tp x ep under-reported them). Term by term the weights agree with the corrected
// formula but for one thing ParaPlan says why: it counts a bias beside each norm's weight
// (LayerNorm), 2h per layer, where the RMSNorm these models use has none.
TEST(MegatronMemoryFormula, ExpertWeightsAndOptimizerStatesMatchTermByTerm)
{
    const ModelSpec& m = test::modelPreset("qwen3-30b-a3b");
    const ParallelDegrees splits[] = {
        { .tp = 2, .ep = 8, .pp = 4 },           // etp follows tp: 2 x 8
        { .tp = 2, .ep = 8, .pp = 4, .etp = 1 }, // ETP x EP = 8 over a stage's 16 ranks
        { .tp = 4, .ep = 16, .pp = 4, .etp = 1 }, // a stage's 16 ranks all EP: no expert data parallelism
        { .tp = 1, .ep = 4, .pp = 4, .etp = 2 }, // the experts split more ways than attention
    };
    for (const ParallelDegrees& given : splits) {
        ParallelDegrees d = given;
        d.dp = 64 / (d.tp * d.pp);
        const Scenario s = moeScenario("qwen3-30b-a3b", 8, d);
        ASSERT_TRUE(evaluate(s).valid) << "tp " << d.tp << " etp " << d.expertTp() << " ep " << d.ep;
        const MegatronStage megatron = megatronMiddleStage(m, d);
        const OurStage ours = ourMiddleStage(s, 1);
        const double layersHere = double(m.layers / d.pp), h = double(m.hidden);
        const double normBiases = 2 * h * layersHere;
        const std::string split = "tp " + std::to_string(d.tp) + " etp " + std::to_string(d.expertTp()) + " ep "
            + std::to_string(d.ep) + " pp " + std::to_string(d.pp);
        EXPECT_NEAR(ours.params.denseLinear, megatron.tpSharded, 1e-9 * megatron.tpSharded) << split;
        EXPECT_NEAR(ours.params.dense - ours.params.denseLinear, megatron.replicated + normBiases, 1e-6) << split;
        EXPECT_NEAR(ours.params.expert, megatron.expertSharded, 1e-9 * megatron.expertSharded) << split;
        // The bytes: ZeRO-1 with fp32 gradients is Megatron's distributed optimizer.
        const double normBytes = normBiases * (6 + 12 / double(d.dp));
        EXPECT_NEAR(modelStates(ours.memory), megatron.bytes + normBytes, 1e-9 * megatron.bytes) << split;
    }
}

// The case the old formula got wrong: with tp 4 and ETP 1 x EP 8 each rank holds an eighth of the
// experts, not a 32nd, and their Adam states are sharded over 16 / 8 = 2 expert-data-parallel
// ranks, not 16 / 8 x 4.
TEST(MegatronMemoryFormula, EtpTimesEpUnequalToTpKeepsTheExpertsOwnShards)
{
    const ModelSpec& m = test::modelPreset("qwen3-30b-a3b");
    const ParallelDegrees d{ .tp = 4, .ep = 8, .dp = 4, .pp = 4, .etp = 1 };
    const Scenario s = moeScenario("qwen3-30b-a3b", 8, d);
    EXPECT_EQ(d.expertDataRanks(), 2);
    const OurStage ours = ourMiddleStage(s, 1);
    const double experts = layerParameters(m, m.layerMix(12, 12)).experts;
    EXPECT_DOUBLE_EQ(ours.params.expert, experts / 8);
    const double denseStates = ours.params.dense * (2 + 4 + 12 / 4.0);
    const double expertStates = experts / 8 * (2 + 4 + 12 / 2.0);
    EXPECT_NEAR(modelStates(ours.memory), denseStates + expertStates, 1e-6 * expertStates);
    // What dividing the experts by tp x ep (and their optimizer by dp) would have said: 4x less.
    const double underReported = denseStates + experts / 32 * (2 + 4 + 12 / 4.0);
    EXPECT_GT(modelStates(ours.memory), 3 * underReported);
}

// MLA's down-projections run whole on every TP rank (Megatron-Core builds them as "duplicated"
// TELinear), so each rank holds them whole; Megatron-LM's formula divides them by tp with the
// rest of the attention. That, and the norm biases, are the whole difference on DeepSeek-V2-Lite.
TEST(MegatronMemoryFormula, MlaDownProjectionsAreWholeOnEveryTpRank)
{
    const ModelSpec& m = test::modelPreset("deepseek-v2-lite");
    const double h = double(m.hidden);
    const double down = h * double(m.mla.kvLoraRank + m.mla.qkRopeHeadDim); // q_lora_rank 0: no query latent
    const ParallelDegrees one{ .tp = 1, .ep = 8, .dp = 8 }, four{ .tp = 4, .ep = 8, .dp = 2 };
    const LayerParameters layer = layerParameters(m, LayerKind{ true, false });
    EXPECT_DOUBLE_EQ(layer.latent, down);
    const StageParameters whole = ourMiddleStage(moeScenario("deepseek-v2-lite", 1, one), 0).params;
    const StageParameters split = ourMiddleStage(moeScenario("deepseek-v2-lite", 1, four), 0).params;
    const double layers = double(m.layers);
    // Quartered: everything TP splits; the down-projections stay.
    EXPECT_NEAR(split.denseLinear - layers * down, (whole.denseLinear - layers * down) / 4, 1);
}

// The tokens a MoE layer moves per GPU (Megatron-Core's alltoall dispatcher): its sequence shard
// under SP, top-k copies, the busiest rank's share; the ETP all-gather brings the etp ranks' rows.
TEST(MoeDispatch, AllToAllCarriesTheSequenceShardsRoutedCopies)
{
    ModelSpec m = test::modelPreset("qwen3-30b-a3b");
    m.moe.imbalance = 1; // balanced, to read the sizes
    const ParallelDegrees d{ .tp = 4, .ep = 8, .dp = 8, .etp = 2 };
    const LayerShard sp(m, 4096, 1, d, true, 2), noSp(m, 4096, 1, d, false, 2);
    const double row = double(m.hidden) * 2;
    EXPECT_DOUBLE_EQ(sp.dispatchTokens, 1024);
    EXPECT_DOUBLE_EQ(layerMessages(m, sp).epDispatch, 1024 * 8 * row);
    EXPECT_DOUBLE_EQ(layerMessages(m, noSp).epDispatch, 4 * layerMessages(m, sp).epDispatch);
    EXPECT_DOUBLE_EQ(sp.expertRows, 1024 * 8 * 2);
    EXPECT_DOUBLE_EQ(layerMessages(m, sp).etpGathered, 1024 * 8 * 2 * row);
    // The grouped GEMMs: 16 local experts, each a share of the rows, half the FFN width.
    const LayerGemms gemms = transformerLayerGemms(m, sp, LayerKind{ true, false });
    EXPECT_DOUBLE_EQ(gemms.mlpUp.front().batch, 16);
    EXPECT_DOUBLE_EQ(gemms.mlpUp.front().m, 1024 * 8 * 2 / 16.0);
    EXPECT_DOUBLE_EQ(gemms.mlpUp.front().n, 768 / 2 * 2);
    EXPECT_DOUBLE_EQ(gemms.router.front().m, 1024);
}

// The busiest rank's share: the busiest expert (Wang et al. 2024: 1.62 with an auxiliary loss,
// 1.04 loss-free) beside localExperts - 1 of mean load; a capacity caps it, padding sets it.
TEST(MoeDispatch, TheBusiestRankCarriesTheImbalance)
{
    MoeSpec moe;
    moe.experts = 64;
    moe.topK = 8;
    EXPECT_DOUBLE_EQ(moe.expertImbalance(), 1.62);
    EXPECT_NEAR(moe.rankImbalance(4), 1 + 0.62 / 4, 1e-12);
    EXPECT_DOUBLE_EQ(moe.rankImbalance(1), 1.62);
    moe.loadBalancing = LoadBalancing::AuxFree;
    EXPECT_DOUBLE_EQ(moe.expertImbalance(), 1.04);
    moe.loadBalancing = LoadBalancing::AuxLoss;
    moe.capacityFactor = 1.25;
    EXPECT_DOUBLE_EQ(moe.expertImbalance(), 1.25); // tokens beyond the capacity are dropped
    moe.padToCapacity = true;
    EXPECT_DOUBLE_EQ(moe.rankImbalance(8), 1.25); // every expert padded to it
}

TEST(MoeDispatch, LossFreeBalancingTrainsFasterThanAnAuxiliaryLoss)
{
    Scenario s = moeScenario("qwen3-30b-a3b", 8, { .tp = 1, .ep = 64, .dp = 64 });
    const Result auxLoss = evaluate(s);
    s.model.moe.loadBalancing = LoadBalancing::AuxFree;
    const Result auxFree = evaluate(s);
    ASSERT_TRUE(auxLoss.valid && auxFree.valid);
    EXPECT_LT(auxFree.time.step, auxLoss.time.step);
    EXPECT_LT(auxFree.time.epComm, auxLoss.time.epComm);
    EXPECT_LT(auxFree.memory.activations, auxLoss.memory.activations);
}

// The same all-to-all, 8 GPUs of one node over NVSwitch against 16 over two nodes' NICs: the
// per-rank bytes are alike, the links are not.
TEST(MoeDispatch, AllToAllAcrossNodesCostsWhatTheNicsAllow)
{
    const Result inside = evaluate(moeScenario("qwen3-30b-a3b", 2, { .tp = 1, .ep = 8, .dp = 16 }));
    const Result across = evaluate(moeScenario("qwen3-30b-a3b", 2, { .tp = 1, .ep = 16, .dp = 16 }));
    ASSERT_TRUE(inside.valid && across.valid);
    // DGX H100: 450 GB/s NVLink against a 50 GB/s NIC per GPU, which half of the 16 ranks' traffic
    // crosses: the group's bus bandwidth falls 4.2-fold (359 to 86 GB/s after NCCL's efficiency).
    const GroupReport* ep8 = findGroup(inside.groups, CommGroup::Ep);
    const GroupReport* ep16 = findGroup(across.groups, CommGroup::Ep);
    ASSERT_TRUE(ep8 && ep16);
    EXPECT_FALSE(ep8->crossesNodes);
    EXPECT_TRUE(ep16->crossesNodes);
    EXPECT_GT(ep8->busGBps / ep16->busGBps, 4);
    EXPECT_GT(across.time.epComm, 4 * inside.time.epComm);
}

// ETP's own all-gather and reduce-scatter exist only where the experts split over tensor ranks.
TEST(MoeDispatch, ExpertTensorParallelismAddsItsGatherAndScatter)
{
    const ParallelDegrees etp1{ .tp = 2, .ep = 8, .dp = 8, .etp = 1 }, etp2{ .tp = 2, .ep = 8, .dp = 8, .etp = 2 };
    const Result without = evaluate(moeScenario("qwen3-30b-a3b", 2, etp1));
    const Result with = evaluate(moeScenario("qwen3-30b-a3b", 2, etp2));
    ASSERT_TRUE(without.valid && with.valid);
    EXPECT_GT(with.time.epComm, without.time.epComm);
    EXPECT_FALSE(findGroup(with.groups, CommGroup::ExpertTp)) << "etp = tp: the ETP group is the TP group";
    const Result withDetails = evaluate(moeScenario("qwen3-30b-a3b", 2, { .tp = 1, .ep = 4, .dp = 16, .etp = 2 }));
    ASSERT_TRUE(withDetails.valid);
    EXPECT_TRUE(findGroup(withDetails.groups, CommGroup::ExpertTp));
}

// The allgather dispatcher gathers every token of the ETP x EP group, whatever the routing: for
// top-1 routing over 16 ranks it moves far more than the all-to-all's single copy.
TEST(MoeDispatch, AllGatherDispatcherMovesEveryTokenOfTheGroup)
{
    Scenario s = moeScenario("qwen3-30b-a3b", 2, { .tp = 1, .ep = 16, .dp = 16 });
    s.model.moe.topK = 1;
    const Result allToAll = evaluate(s);
    s.parallel.moeDispatcher = MoeDispatcher::AllGather;
    const Result allGather = evaluate(s);
    ASSERT_TRUE(allToAll.valid && allGather.valid);
    EXPECT_GT(allGather.time.epComm, 4 * allToAll.time.epComm);
}

// --overlap-moe-expert-parallel-comm: each pass's token movement under the other micro-batch's
// pass through the layer; Megatron-Core runs it only with interleaving where there is a pipeline.
TEST(MoeDispatch, AllToAllOverlapHidesTheDispatchUnderAnotherMicroBatch)
{
    Scenario s = moeScenario("qwen3-30b-a3b", 2, { .tp = 1, .ep = 16, .dp = 16 });
    const Result serial = evaluate(s);
    s.parallel.moeA2aOverlap = true;
    const Result overlapped = evaluate(s);
    ASSERT_TRUE(serial.valid && overlapped.valid);
    EXPECT_LT(overlapped.time.epComm, 0.5 * serial.time.epComm);
    EXPECT_GT(overlapped.time.hidden.ep, 0.5 * serial.time.epComm);
    EXPECT_LT(overlapped.time.step, serial.time.step);

    Scenario piped = moeScenario("qwen3-30b-a3b", 2, { .tp = 1, .ep = 8, .dp = 8, .pp = 2 });
    piped.parallel.moeA2aOverlap = true;
    const Result noInterleaving = evaluate(piped);
    ASSERT_TRUE(noInterleaving.valid);
    EXPECT_EQ(noInterleaving.time.hidden.ep, 0);
    bool warned = false;
    for (const Diagnostic& d : noInterleaving.diagnostics)
        warned = warned || d.code == "moe_a2a_overlap_unused";
    EXPECT_TRUE(warned);
}

// --moe-shared-expert-overlap: the shared experts run while the tokens travel.
TEST(MoeDispatch, SharedExpertsHideTheDispatchWhereTheyOverlap)
{
    Scenario s = moeScenario("deepseek-v2-lite", 2, { .tp = 1, .ep = 16, .dp = 16 });
    const Result serial = evaluate(s);
    s.parallel.moeSharedExpertOverlap = true;
    const Result overlapped = evaluate(s);
    ASSERT_TRUE(serial.valid && overlapped.valid);
    EXPECT_LT(overlapped.time.epComm, serial.time.epComm);
    EXPECT_GT(overlapped.time.hidden.ep, 0);
    EXPECT_EQ(serial.time.hidden.ep, 0);
}
