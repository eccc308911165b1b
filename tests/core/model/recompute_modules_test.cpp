// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Selective recomputation by module (Megatron-Core's --recompute-modules) and the precision-aware
// optimizer (issue #13): what each module stops storing and what the backward replays, the rules
// Megatron-Core enforces, the modules a search and recompute auto choose, and the optimizer's
// bytes per parameter.
#include "core/explore/search.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/model/layer_costs.h"
#include "core/model/layer_shapes.h"
#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/validation.h"
#include "core/step/evaluator.h"
#include "core/step/step_model.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace paraplan;

namespace {

constexpr LayerKind kMoeLayer{ true, false };
constexpr LayerKind kDenseLayer{ false, false };

Scenario scenarioOf(const char* model, const char* parallel, const char* training = R"("seq_len": 4096, "global_batch": 512)")
{
    return test::scenarioFromJson(std::string(R"({ "model": { "preset": ")") + model + R"(" }, "training": { )" + training
                                  + R"( }, "cluster": { "preset": "dgx-h100", "nodes": 4 }, "parallel": )" + parallel + "}");
}

ActivationShape shapeOf(int64_t tp, int64_t ep, bool sp)
{
    ActivationShape shape;
    shape.seqLen = shape.fullSeqLen = 4096;
    shape.microBatch = 1;
    shape.tp = tp;
    shape.ep = ep;
    shape.sequenceParallel = sp;
    return shape;
}

RecomputeModules only(RecomputeModule module) { return RecomputeModules::none().with(module); }

// The bytes one layer stops storing when selective recomputation replays `module` alone.
double savedBy(const ModelSpec& m, ActivationShape shape, LayerKind kind, RecomputeModule module)
{
    const double kept = layerActivationBytes(m, shape, Recompute::None, kind);
    shape.recomputeModules = only(module);
    return kept - layerActivationBytes(m, shape, Recompute::Selective, kind);
}

// Equal but for the rounding of sums taken in another order.
::testing::AssertionResult sameBytes(double actual, double expected)
{
    if (std::abs(actual - expected) <= 1e-12 * std::max(std::abs(expected), 1.0))
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << actual << " bytes, expected " << expected;
}

bool hasCode(const Diagnostics& diagnostics, const std::string& code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
}

} // namespace

// DeepSeek-V2-Lite (MLA without a query latent, 64 routed and 2 shared experts) on TP 2 with SP
// and EP 8: each module drops exactly the tensors Megatron-Core's module discards or checkpoints.
TEST(SelectiveRecomputation, EachModuleDropsWhatItReplays)
{
    const ModelSpec m = scenarioOf("deepseek-v2-lite", "{}").model;
    ASSERT_TRUE(m.mla.enabled());
    ASSERT_GT(m.moe.sharedExperts, 0);
    const ActivationShape shape = shapeOf(2, 8, true);
    const double s = 4096, b = 1, h = double(m.hidden), t = 2, heads = double(m.heads) / t;
    const double tokens = s * b / t; // the sequence-parallel shard
    const MlaSpec& a = m.mla;
    const double latents = double(std::max<int64_t>(a.qLoraRank, 0) + a.kvLoraRank + a.qkRopeHeadDim);

    // Fused attention keeps only its fp32 softmax statistics.
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::CoreAttn), 4 * s * b * heads));
    // MLA's up projections: the normalised latents and every head's query, key and value.
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::MlaUpProj),
                     2 * tokens * latents + 2 * s * b * heads * (2 * double(a.qkHeadDim()) + double(a.vHeadDim))));
    // Two norms of their own in a MoE layer with MLA: the input norm and the pre-MLP norm.
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::Layernorm), 2 * 2 * tokens * h));
    // The experts' activation: each routed row's down-GEMM input.
    const ParallelDegrees split{ .tp = 2, .ep = 8 };
    const double rows = tokens * expertRowsPerToken(m, split);
    const double expertFfn = double(m.moe.expertFfnHidden) / double(split.expertTp());
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::MoeAct), rows * 2 * expertFfn));
    // The shared experts' interior, a dense MLP's terms.
    const double shared = double(m.moe.sharedExperts * m.moe.sharedExpertFfnHidden) / t;
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::SharedExperts),
                     2 * s * b * shared * 2 + 2 * s * b * shared));
    // The whole MoE layer: router scores, routed rows, combine outputs and shared experts.
    const double moe = 4 * tokens * double(m.moe.experts) + rows * (2 * h + 2 * expertFfn * 2 + 2 * expertFfn)
        + rows / double(split.expertTp()) * 2 * h + 2 * s * b * shared * 2 + 2 * s * b * shared;
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::Moe), moe));
    // The dense first layer: its MLP's input and interior; the MoE modules leave it alone.
    const double ffn = double(m.ffnHidden) / t;
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kDenseLayer, RecomputeModule::Mlp), 2 * tokens * h + 2 * s * b * ffn * 2 + 2 * s * b * ffn));
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kDenseLayer, RecomputeModule::MoeAct), 0.0));
    EXPECT_TRUE(sameBytes(savedBy(m, shape, kMoeLayer, RecomputeModule::Mlp), 0.0));
}

// Transformer Engine fuses a dense GPT layer's norms into the next linear layer: there is no norm
// output of its own to drop.
TEST(SelectiveRecomputation, FusedNormsHaveNothingToDrop)
{
    const ModelSpec m = scenarioOf("llama3.1-8b", "{}").model;
    EXPECT_TRUE(sameBytes(savedBy(m, shapeOf(1, 1, false), kDenseLayer, RecomputeModule::Layernorm), 0.0));
}

// The default module set is core attention alone, as before modules existed.
TEST(SelectiveRecomputation, DefaultIsCoreAttention)
{
    const ModelSpec m = scenarioOf("gpt3-175b", "{}").model;
    ActivationShape shape = shapeOf(8, 1, true);
    shape.flashAttention = false;
    const double s = 4096, heads = double(m.heads) / 8;
    EXPECT_DOUBLE_EQ(layerActivationBytes(m, shape, Recompute::None, kDenseLayer)
                         - layerActivationBytes(m, shape, Recompute::Selective, kDenseLayer),
                     heads * s * s * (2 + 3)); // softmax output, dropout mask and output
}

// The backward replays each module's forward: the experts' activation for moe_act, the whole MoE
// layer with its dispatch and combine for moe.
TEST(SelectiveRecomputation, TheBackwardReplaysTheModulesForward)
{
    Scenario s = scenarioOf("qwen3-30b-a3b", R"({ "tp": 1, "pp": 1, "ep": 8, "recompute": "none" })");
    const Result none = evaluate(s);
    ASSERT_TRUE(none.valid);
    s.parallel.recompute = Recompute::Selective;
    s.parallel.recomputeModules = only(RecomputeModule::MoeAct);
    const Result act = evaluate(s);
    s.parallel.recomputeModules = only(RecomputeModule::Moe);
    const Result moe = evaluate(s);
    EXPECT_GT(act.time.recompute, 0.0);
    EXPECT_GT(moe.time.recompute, 5 * act.time.recompute); // GEMMs, not one elementwise kernel
    EXPECT_GT(moe.time.epComm, none.time.epComm * 1.4);    // the tokens move again
    EXPECT_DOUBLE_EQ(act.time.epComm, none.time.epComm);
    EXPECT_LT(act.memory.activations, none.memory.activations);
    EXPECT_LT(moe.memory.activations, act.memory.activations);
    // HFU counts the replayed GEMMs: the MoE layer's, not the activation function's.
    EXPECT_DOUBLE_EQ(recomputeFlopsPerSequence(s.model, 4096, Recompute::Selective, only(RecomputeModule::MoeAct)), 0.0);
    EXPECT_GT(recomputeFlopsPerSequence(s.model, 4096, Recompute::Selective, only(RecomputeModule::Moe)), 0.0);
}

// MLA's up projections replayed: their GEMM FLOPs count towards HFU.
TEST(SelectiveRecomputation, MlaUpProjectionFlops)
{
    const ModelSpec m = scenarioOf("deepseek-v3", "{}").model;
    const LayerForwardFlops layer = layerForwardFlops(m, kMoeLayer, 4096);
    const MlaSpec& a = m.mla;
    const double s = 4096, heads = double(m.heads);
    EXPECT_DOUBLE_EQ(layer.mlaUp, 2 * s * double(a.qLoraRank) * heads * double(a.qkHeadDim())
                                      + 2 * s * double(a.kvLoraRank) * heads * double(a.qkNopeHeadDim + a.vHeadDim));
    const double layers = double(m.layers + m.mtpLayers);
    EXPECT_DOUBLE_EQ(recomputeFlopsPerSequence(m, 4096, Recompute::Selective, only(RecomputeModule::MlaUpProj)),
                     layers * layer.mlaUp);
}

// Megatron-Core's refusals (transformer_config.py) are errors; modules that do nothing are warnings.
TEST(SelectiveRecomputation, MegatronsRulesAreRules)
{
    Scenario dense = scenarioOf("llama3.1-8b", R"({ "recompute": "selective", "recompute_modules": ["mla_up_proj"] })");
    EXPECT_TRUE(hasCode(validateScenario(dense), "recompute_module_needs_mla"));
    dense.parallel.recomputeModules = only(RecomputeModule::MoeAct);
    EXPECT_TRUE(hasCode(validateScenario(dense), "recompute_module_not_in_model"));
    dense.parallel.recompute = Recompute::None;
    EXPECT_TRUE(hasCode(validateScenario(dense), "recompute_modules_unused"));

    Scenario moe = scenarioOf("deepseek-v2-lite",
                              R"({ "ep": 8, "recompute": "selective", "recompute_modules": ["shared_experts"],
                                   "moe_shared_expert_overlap": true })");
    EXPECT_TRUE(hasCode(validateScenario(moe), "recompute_shared_experts_with_overlap"));
    moe.parallel.moeSharedExpertOverlap = false;
    EXPECT_FALSE(hasErrors(validateScenario(moe)));
    moe.parallel.recomputeModules = only(RecomputeModule::MoeAct);
    moe.training.precision = Precision::Fp8;
    moe.training.fp8Recipe = Fp8Recipe::Delayed;
    EXPECT_TRUE(hasCode(validateScenario(moe), "recompute_discard_with_delayed_fp8"));
    moe.training.fp8Recipe = Fp8Recipe::Blockwise;
    EXPECT_FALSE(hasErrors(validateScenario(moe)));

    // Recomputing the whole MoE layer turns the all-to-all overlap off.
    ParallelSpec p;
    p.degrees = { .ep = 8, .pp = 1 };
    p.moeA2aOverlap = true;
    EXPECT_TRUE(moeA2aOverlapRuns(p, Recompute::Selective));
    p.recomputeModules = only(RecomputeModule::Moe);
    EXPECT_FALSE(moeA2aOverlapRuns(p, Recompute::Selective));
}

// The file names the modules; a name Megatron does not know, or none at all, is refused.
TEST(SelectiveRecomputation, ReadAndWrittenAsMegatronNamesThem)
{
    const Scenario s = scenarioOf("deepseek-v3", R"({ "recompute": "selective", "recompute_modules": ["mla_up_proj", "moe_act"] })");
    EXPECT_TRUE(s.parallel.recomputeModules.has(RecomputeModule::MlaUpProj));
    EXPECT_TRUE(s.parallel.recomputeModules.has(RecomputeModule::MoeAct));
    EXPECT_FALSE(s.parallel.recomputeModules.has(RecomputeModule::CoreAttn));
    EXPECT_TRUE(s.pins.recomputeModules);
    const Scenario again = test::scenarioFromJson(io::toJson(s).dump());
    EXPECT_EQ(again.parallel.recomputeModules, s.parallel.recomputeModules);
    EXPECT_EQ(scenarioOf("llama3.1-8b", "{}").parallel.recomputeModules, RecomputeModules());

    try {
        (void)scenarioOf("llama3.1-8b", R"({ "recompute_modules": ["attention"] })");
        FAIL() << "an unknown module was accepted";
    } catch (const io::ReadError& e) {
        EXPECT_EQ(e.path(), "parallel.recompute_modules[0]");
        EXPECT_NE(e.message().find("core_attn"), std::string::npos) << e.message();
    }
    EXPECT_THROW((void)scenarioOf("llama3.1-8b", R"({ "recompute_modules": [] })"), io::ReadError);
}

// Left open, selective means the modules worth replaying: the output-discarding ones for MoE and
// MLA models, core attention where attention is unfused, nothing for a dense model with fused
// attention; the search prices exactly those, and recompute auto takes them when none does not fit.
TEST(SelectiveRecomputation, OpenScenariosReplayWhatIsWorthIt)
{
    const Scenario moe = scenarioOf("deepseek-v3", "{}");
    const std::optional<RecomputeModules> chosen = selectiveRecomputeModules(moe);
    ASSERT_TRUE(chosen.has_value());
    EXPECT_EQ(*chosen, RecomputeModules::none()
                           .with(RecomputeModule::MlaUpProj)
                           .with(RecomputeModule::Layernorm)
                           .with(RecomputeModule::MoeAct));
    EXPECT_FALSE(selectiveRecomputeModules(scenarioOf("llama3.1-8b", "{}")).has_value());
    Scenario unfused = scenarioOf("llama3.1-8b", "{}");
    unfused.training.flashAttention = false;
    EXPECT_EQ(selectiveRecomputeModules(unfused), RecomputeModules());
    Scenario delayed = scenarioOf("qwen3-30b-a3b", "{}");
    delayed.training.precision = Precision::Fp8;
    EXPECT_FALSE(selectiveRecomputeModules(delayed).has_value()); // moe_act and layernorm refused

    Scenario qwen = scenarioOf("qwen3-30b-a3b", R"({ "tp": 1, "pp": 1, "cp": 1, "ep": 8, "zero_stage": 1,
                                                    "sequence_parallel": false, "moe_dispatcher": "alltoall" })");
    qwen.pins.recompute = false;
    const std::vector<Candidate> candidates = enumerateCandidates(qwen);
    const bool selectivePriced = std::any_of(candidates.begin(), candidates.end(), [&](const Candidate& c) {
        return c.recompute == Recompute::Selective && c.recomputeModules == *selectiveRecomputeModules(qwen);
    });
    EXPECT_TRUE(selectivePriced);

    // Auto on a micro-batch that only fits with the experts' activations dropped.
    Scenario tight = scenarioOf("qwen3-30b-a3b", R"({ "tp": 1, "pp": 1, "ep": 8, "recompute": "auto" })",
                                R"("seq_len": 4096, "global_batch": 512, "micro_batch": 8)");
    StepPlan plan = planStep(tight);
    plan.layout.recompute = Recompute::None;
    const double none = peakMemoryOf(tight, plan);
    plan.layout.recompute = Recompute::Selective;
    plan.layout.recomputeModules = *selectiveRecomputeModules(tight);
    const double selective = peakMemoryOf(tight, plan);
    ASSERT_LT(selective, none);
    plan.capacityBytes = (none + selective) / 2;
    EXPECT_EQ(resolveRecompute(tight, plan), Recompute::Selective);
    EXPECT_EQ(plan.layout.recomputeModules, *selectiveRecomputeModules(tight));
}

// Bytes per parameter of the optimizer's states (Megatron-Core's OptimizerConfig and Transformer
// Engine's FusedAdam).
TEST(PrecisionAwareOptimizer, StatesTakeTheirOwnBytes)
{
    TrainingSpec t;
    EXPECT_DOUBLE_EQ(stateBytes(t).optimizer, 12); // fp32 master and moments
    t.precisionAwareOptimizer = PrecisionAwareOptimizer{ .expAvg = StatePrecision::Bf16, .expAvgSq = StatePrecision::Bf16 };
    EXPECT_DOUBLE_EQ(stateBytes(t).optimizer, 2 + 2 + 2); // DeepSeek-V3: bf16 moments, fp32 master as remainders
    t.precisionAwareOptimizer->paramRemainders = false;
    EXPECT_DOUBLE_EQ(stateBytes(t).optimizer, 4 + 2 + 2);
    t.precisionAwareOptimizer = PrecisionAwareOptimizer{ .mainParams = StatePrecision::Fp16,
                                                         .expAvg = StatePrecision::Fp8,
                                                         .expAvgSq = StatePrecision::Fp8 };
    EXPECT_DOUBLE_EQ(stateBytes(t).optimizer, 2 + 1 + 1);
    // Megatron-Core keeps the master weights itself (whole fp32) for FP8 recipes other than delayed.
    t.precisionAwareOptimizer = PrecisionAwareOptimizer{};
    t.precision = Precision::Fp8;
    t.fp8Recipe = Fp8Recipe::Delayed;
    EXPECT_DOUBLE_EQ(stateBytes(t).optimizer, 2 + 4 + 4);
    t.fp8Recipe = Fp8Recipe::Mxfp8;
    EXPECT_DOUBLE_EQ(stateBytes(t).optimizer, 4 + 4 + 4);
}

// The scenario's field, its memory effect on a stage and Megatron-Core's one rule.
TEST(PrecisionAwareOptimizer, ReadPricedAndRuled)
{
    Scenario s = scenarioOf("deepseek-v2-lite", R"({ "ep": 8, "zero_stage": 1 })",
                            R"("seq_len": 4096, "global_batch": 512,
                               "precision_aware_optimizer": { "exp_avg": "bf16", "exp_avg_sq": "bf16" })");
    ASSERT_TRUE(s.training.precisionAwareOptimizer.has_value());
    EXPECT_EQ(s.training.precisionAwareOptimizer->mainParams, StatePrecision::Fp32);
    EXPECT_TRUE(s.training.precisionAwareOptimizer->paramRemainders);
    const Scenario again = test::scenarioFromJson(io::toJson(s).dump());
    EXPECT_EQ(again.training, s.training);

    const Result low = evaluate(s);
    Scenario classic = s;
    classic.training.precisionAwareOptimizer.reset();
    const Result full = evaluate(classic);
    ASSERT_TRUE(low.valid && full.valid);
    EXPECT_NEAR(low.memory.optimizer / full.memory.optimizer, 6.0 / 12.0, 1e-9);
    EXPECT_LT(low.time.optimizer, full.time.optimizer);

    s.parallel.zeroStage = 0;
    EXPECT_TRUE(hasCode(validateScenario(s), "precision_aware_optimizer_needs_sharding"));
    EXPECT_THROW((void)scenarioOf("llama3.1-8b", "{}", R"("seq_len": 4096, "global_batch": 512,
                                                        "precision_aware_optimizer": { "exp_avg": "int8" })"),
                 io::ReadError);
}

namespace {

LayerCostInput titanLayer(const ModelSpec& m, int64_t tp, SelectiveCheckpointing selective, Recompute recompute)
{
    LayerCostInput in;
    in.model = &m;
    in.kind = kDenseLayer;
    in.seqLen = 8192;
    in.microBatch = 2;
    in.degrees = { .tp = tp };
    in.sequenceParallel = tp > 1;
    in.recompute = recompute;
    in.selective = selective;
    in.rates = in.linearRates = deviceRates(test::h100Gpu(), Precision::Bf16, EfficiencyParams{});
    in.tpLink = { 360e9, 2e-6 };
    return in;
}

} // namespace

// torchtitan's per-operator policy replays the key projection (a sixth of Llama 3 8B's fused QKV
// GEMM: 8 of 32 + 2 x 8 heads), the output projection and the gated MLP's w3 (half the up GEMM),
// with the norms and the activation; it never replays the attention kernel, the query and value
// projections, w1 or w2.
TEST(PerOperatorCheckpointing, ReplaysTheUnkeptMatmulsButNotTheAttention)
{
    const ModelSpec m = scenarioOf("llama3.1-8b", "{}").model;
    const LayerCostInput in = titanLayer(m, 1, SelectiveCheckpointing::PerOperator, Recompute::Selective);
    const LayerCosts perOperator = transformerLayerCosts(in);
    const DeviceRates& r = in.rates;
    const double tokens = 8192.0 * 2;
    const double qkv = gemmSeconds(r, tokens, 6144, 4096), projection = gemmSeconds(r, tokens, 4096, 4096);
    const double up = gemmSeconds(r, tokens, 2 * 14336, 4096), down = gemmSeconds(r, tokens, 4096, 14336);
    const double replayedGemms = qkv / 6 + projection + up / 2;
    EXPECT_GT(perOperator.backward.recompute, replayedGemms);
    // Below the forward less what it keeps: the attention kernel and the other GEMMs.
    const LayerCosts none
        = transformerLayerCosts(titanLayer(m, 1, SelectiveCheckpointing::PerOperator, Recompute::None));
    const LayerCosts full
        = transformerLayerCosts(titanLayer(m, 1, SelectiveCheckpointing::PerOperator, Recompute::Full));
    EXPECT_LT(perOperator.backward.recompute, none.forward.compute - (qkv * 5 / 6 + up / 2 + down));
    EXPECT_LT(perOperator.backward.recompute, 0.5 * full.backward.recompute);
    EXPECT_DOUBLE_EQ(perOperator.backward.compute, none.backward.compute);
}

// Under TP with sequence parallelism the all-gathers into the attention and into the MLP are not
// on the save list: the replay gathers again. The reduce-scatters' outputs are kept.
TEST(PerOperatorCheckpointing, GathersTheSequenceAgainUnderTensorParallelism)
{
    const ModelSpec m = scenarioOf("llama3.1-8b", "{}").model;
    const LayerCostInput in = titanLayer(m, 8, SelectiveCheckpointing::PerOperator, Recompute::Selective);
    const LayerCosts perOperator = transformerLayerCosts(in);
    const LayerCosts none
        = transformerLayerCosts(titanLayer(m, 8, SelectiveCheckpointing::PerOperator, Recompute::None));
    const LayerShard shard(m, in.seqLen, in.microBatch, in.degrees, true, in.rates.activationBytes);
    const double gather = collectiveSeconds(Collective::AllGather, layerMessages(m, shard).tpActivation, 8, in.tpLink,
                                            in.rates.params);
    EXPECT_NEAR(perOperator.backward.tpComm - none.backward.tpComm, 2 * gather, 1e-12);
    // Megatron's default selective (core_attn) replays no communication.
    const LayerCosts modules
        = transformerLayerCosts(titanLayer(m, 8, SelectiveCheckpointing::Modules, Recompute::Selective));
    EXPECT_DOUBLE_EQ(modules.backward.tpComm, none.backward.tpComm);
}

// On torchtitan selective is its per-operator policy: the search tries it on a dense model with
// fused attention (where Megatron's modules would save nothing), and naming modules earns a warning.
TEST(RecomputeModules, TorchtitansSelectiveIsAlwaysWorthTryingAndTakesNoModules)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 8192, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "framework": { "name": "torchtitan" },
      "parallel": { "tp": 1, "zero_stage": 3 }
    })");
    EXPECT_TRUE(selectiveRecomputeModules(s).has_value());
    s.framework.name = Framework::MegatronCore;
    EXPECT_FALSE(selectiveRecomputeModules(s).has_value());

    Scenario named = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 8192, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "framework": { "name": "torchtitan" },
      "parallel": { "tp": 1, "zero_stage": 3, "recompute": "selective", "recompute_modules": ["mlp"] }
    })");
    EXPECT_TRUE(hasCode(validateScenario(named), "recompute_modules_not_in_framework"));
}
