// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The pieces evaluate() is built from, one by one: the plan, memory per stage and its peak,
// recomputation chosen to fit, the optimizer's traffic, the per-stage timing and the bound the
// search prunes with.
#include "tests/core/scenario_fixtures.h"

#include "core/model/kernel_costs.h"
#include "core/model/memory_model.h"
#include "core/spec/framework.h"
#include "core/spec/units.h"
#include "core/step/evaluator.h"
#include "core/step/step_model.h"
#include "core/step/stragglers.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace paraplan;

namespace {

struct Priced {
    StepPlan plan;
    StepTiming timing;
};

Priced price(const Scenario& s)
{
    const EfficiencyParams params;
    StepPlan plan = planStep(s);
    (void)resolveRecompute(s, plan);
    const DeviceRates rates = deviceRates(s.cluster.gpu, s.training.precision, params);
    const GroupPlacements groups = placeGroups(s, plan.layout.degrees, params, nullptr);
    StepTiming timing = stepTiming(s, plan, rates, layerCostsFor(s, plan.layout, rates, groups), groups, params);
    return { std::move(plan), std::move(timing) };
}

} // namespace

TEST(StepPlan, HoldsTheLayoutAndTheGpusMemory)
{
    const Scenario s = test::llama70bOnDgxH100();
    const StepPlan plan = planStep(s);
    EXPECT_DOUBLE_EQ(plan.capacityBytes, gibToBytes(s.cluster.gpu.hbmGib));
    EXPECT_EQ(plan.layout.degrees.dp, 2);
    EXPECT_EQ(plan.layout.microBatches, 128);
}

TEST(StepMemory, ThePeakIsTheFullestStage)
{
    for (Scenario s : { test::llama70bOnDgxH100(), test::gpt3OnDgxA100() }) {
        StepPlan plan = planStep(s);
        (void)resolveRecompute(s, plan);
        const std::vector<MemoryBreakdown> stages = memoryPerStage(s, plan);
        ASSERT_EQ(int64_t(stages.size()), plan.layout.degrees.pp);
        double fullest = 0;
        for (const MemoryBreakdown& m : stages)
            fullest = std::max(fullest, m.total());
        EXPECT_DOUBLE_EQ(peakMemoryOf(s, plan), fullest);
        // With an explicit split every stage is looked at; the answer must not change.
        s.parallel.degrees.vpp = 1;
        s.parallel.layersPerStage = plan.layout.stageLayers;
        StepPlan explicitPlan = planStep(s);
        (void)resolveRecompute(s, explicitPlan);
        double explicitFullest = 0;
        for (const MemoryBreakdown& m : memoryPerStage(s, explicitPlan))
            explicitFullest = std::max(explicitFullest, m.total());
        EXPECT_DOUBLE_EQ(peakMemoryOf(s, explicitPlan), explicitFullest);
    }
}

TEST(StepMemory, AutoRecomputationTakesTheLeastThatFits)
{
    Scenario s = test::gpt3OnDgxA100();
    s.training.flashAttention = false; // selective recomputation then drops the attention scores
    s.parallel.recompute = Recompute::None;
    const double none = peakMemoryBytes(s);
    s.parallel.recompute = Recompute::Selective;
    const double selective = peakMemoryBytes(s);
    s.parallel.recompute = Recompute::Full;
    const double full = peakMemoryBytes(s);
    ASSERT_LT(selective, none);
    ASSERT_LT(full, selective);

    s.parallel.recompute = Recompute::Auto;
    auto chosenWith = [&](double capacityBytes) {
        s.cluster.gpu.hbmGib = bytesToGib(capacityBytes);
        StepPlan plan = planStep(s);
        return resolveRecompute(s, plan);
    };
    EXPECT_EQ(chosenWith(none * 1.01), Recompute::None);
    EXPECT_EQ(chosenWith((none + selective) / 2), Recompute::Selective);
    EXPECT_EQ(chosenWith((selective + full) / 2), Recompute::Full);
    EXPECT_EQ(chosenWith(full / 2), Recompute::Full); // nothing fits: the least memory
}

TEST(OptimizerTraffic, ZeroShardsTheUpdateButNotTheZeroing)
{
    ParallelLayout layout;
    layout.degrees = { .cp = 2, .ep = 2, .dp = 4 };
    const StageParameters weights{ 800e6, 400e6 };
    const StateBytes bytes; // bf16 weights, fp32 gradients, master copy and moments
    const double gradientBytes = bytes.gradients;
    layout.zeroStage = 0;
    const OptimizerTraffic replicated = optimizerTraffic(layout, weights, bytes);
    EXPECT_DOUBLE_EQ(replicated.update, weights.total() * (26 + gradientBytes));
    EXPECT_DOUBLE_EQ(replicated.zeroGradients, weights.total() * gradientBytes);
    layout.zeroStage = 1;
    const OptimizerTraffic sharded = optimizerTraffic(layout, weights, bytes);
    // Dense weights over dp·cp = 8 ranks, expert weights over dp·cp / ep = 4.
    EXPECT_DOUBLE_EQ(sharded.update, (800e6 / 8 + 400e6 / 4) * (26 + gradientBytes));
    EXPECT_DOUBLE_EQ(sharded.zeroGradients, replicated.zeroGradients);
}

TEST(OptimizerTraffic, LowPrecisionStatesStreamTheirOwnBytes)
{
    // DeepSeek-V3's layout: bf16 moments, fp32 master weights kept as 16-bit remainders beside
    // the bf16 weights: the update reads remainder, weight, both moments and the gradient, and
    // writes remainder, weight and moments: 2·(2 + 2 + 2) + 2·2 + 4 = 20 bytes, not 30.
    TrainingSpec training;
    training.precisionAwareOptimizer = PrecisionAwareOptimizer{ .expAvg = StatePrecision::Bf16,
                                                                .expAvgSq = StatePrecision::Bf16 };
    const StateBytes bytes = stateBytes(training);
    ParallelLayout layout;
    const StageParameters weights{ 1e9, 0 };
    EXPECT_DOUBLE_EQ(optimizerTraffic(layout, weights, bytes).update, 1e9 * 20);
    EXPECT_DOUBLE_EQ(optimizerTraffic(layout, weights, StateBytes{}).update, 1e9 * 30);
}

TEST(StepTiming, OneEntryPerVirtualStageAndPerStage)
{
    const Scenario s = test::llama70bOnDgxH100(); // pp 4, vpp 5
    const Priced p = price(s);
    EXPECT_EQ(p.timing.forward.size(), 20u);
    EXPECT_EQ(p.timing.backward.size(), 20u);
    EXPECT_EQ(p.timing.tailDp.size(), 4u);
    EXPECT_EQ(p.timing.optimizer.size(), 4u);
    EXPECT_GT(p.timing.sendSeconds, 0);
    // The first virtual stage carries the embedding, the last the logits and the loss.
    EXPECT_GT(p.timing.forward.back().total(), p.timing.forward[1].total());
    EXPECT_GT(p.timing.forward.front().total(), p.timing.forward[1].total());
}

TEST(StepTiming, NoPipelineMeansNoSends)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees = { .tp = 8, .dp = 0, .pp = 1 };
    s.parallel.recompute = Recompute::Full;
    s.parallel.zeroStage = 3;
    EXPECT_EQ(price(s).timing.sendSeconds, 0);
}

TEST(StepTiming, AnUnoverlappedGradientReduceIsExposedWhole)
{
    Scenario s = test::llama70bOnDgxH100();
    const double overlapped = price(s).timing.tailDp.front();
    s.parallel.overlapGradReduce = false;
    const double exposed = price(s).timing.tailDp.front();
    EXPECT_GT(exposed, overlapped);
}

TEST(PipelineInput, CarriesEachVirtualStagesPassesAndTheSends)
{
    const Scenario s = test::llama70bOnDgxH100();
    const Priced p = price(s);
    const PipelineInput in = pipelineInput(p.plan, p.timing);
    EXPECT_EQ(in.stages, 4);
    EXPECT_EQ(in.chunks, 5);
    EXPECT_EQ(in.microBatches, 128);
    ASSERT_EQ(in.forwardSeconds.size(), p.timing.forward.size());
    for (size_t i = 0; i < in.forwardSeconds.size(); ++i) {
        EXPECT_DOUBLE_EQ(in.forwardSeconds[i], p.timing.forward[i].total());
        EXPECT_DOUBLE_EQ(in.backwardSeconds[i], p.timing.backward[i].total());
    }
    EXPECT_DOUBLE_EQ(in.sendForwardSeconds, p.timing.sendSeconds);
}

TEST(StepLowerBound, NeverAboveTheStepAndExactWithoutAPipeline)
{
    const EfficiencyParams params;
    for (Scenario s : { test::llama70bOnDgxH100(), test::gpt3OnDgxA100() }) {
        const Priced p = price(s);
        const Result r = evaluate(s);
        ASSERT_TRUE(r.valid);
        EXPECT_LE(stepLowerBound(p.plan, p.timing, params), r.time.step * (1 + 1e-12));
    }
    // One stage: nothing to wait for, so the step is its work, its tail and the overhead.
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees = { .tp = 8, .dp = 0, .pp = 1 };
    s.parallel.recompute = Recompute::Full;
    s.parallel.zeroStage = 3;
    const Priced p = price(s);
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    EXPECT_NEAR(stepLowerBound(p.plan, p.timing, params), r.time.step, 1e-9 * r.time.step);
}

// The search gives every configuration that fits this floor and the full bound only where the floor
// may beat the best step found: the floor must never be above the bound, whatever the pipeline
// (interleaved, DualPipe with MTP and its hidden all-to-all), ZeRO stage or FP8 recipe.
TEST(StepWorkFloor, NeverAboveTheLowerBound)
{
    const EfficiencyParams params;
    const Scenario deepSeek = test::scenarioFromJson(R"({
      "model": { "preset": "deepseek-v3" },
      "training": { "seq_len": 4096, "global_batch": 512, "micro_batch": 1, "precision": "fp8", "fp8_recipe": "delayed" },
      "cluster": { "preset": "dgx-h100", "nodes": 32 },
      "parallel": { "tp": 1, "pp": 8, "ep": 32, "schedule": "dualpipe", "zero_stage": 3, "recompute": "full" }
    })");
    ASSERT_TRUE(evaluate(deepSeek).valid);
    for (const Scenario& s : { test::llama70bOnDgxH100(), test::gpt3OnDgxA100(), deepSeek }) {
        const Priced p = price(s);
        const DeviceRates rates = deviceRates(s.cluster.gpu, s.training.precision, params);
        const GroupPlacements groups = placeGroups(s, p.plan.layout.degrees, params, nullptr);
        const double floor = stepWorkFloor(s, p.plan, layerCostsFor(s, p.plan.layout, rates, groups), params);
        EXPECT_GT(floor, 0);
        EXPECT_LE(floor, stepLowerBound(p.plan, p.timing, params)) << s.model.name;
    }
}

// One stage of large layers at ZeRO-1 waits for no host and adds no traffic to its passes: the bound
// is the floor plus the tail (the DP reduction, the optimizer step), both lagged by the stragglers.
TEST(StepWorkFloor, IsTheBoundWithoutTheTail)
{
    const EfficiencyParams params;
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees = { .tp = 8, .dp = 0, .pp = 1 };
    s.parallel.recompute = Recompute::Full;
    const Priced p = price(s);
    const DeviceRates rates = deviceRates(s.cluster.gpu, s.training.precision, params);
    const GroupPlacements groups = placeGroups(s, p.plan.layout.degrees, params, nullptr);
    const double floor = stepWorkFloor(s, p.plan, layerCostsFor(s, p.plan.layout, rates, groups), params);
    const double lag = 1 + stragglerLag(params.rankJitter, p.plan.layout.degrees.ranks());
    const double tail = p.timing.tailDp[0] + p.timing.optimizer[0] + p.timing.weightCast[0];
    ASSERT_GT(tail, 0);
    EXPECT_NEAR(stepLowerBound(p.plan, p.timing, params) - floor, tail * lag, 1e-9 * floor);
}

TEST(StepTiming, TheOverlappedGradientReduceIsHiddenAndItsPriceIsTheSlowdown)
{
    Scenario s = test::llama70bOnDgxH100();
    const Priced free = price(s);
    ASSERT_GT(free.timing.tailHiddenDp.front(), 0);
    const Result r = evaluate(s);
    EXPECT_GE(r.time.hidden.dp, free.timing.tailHiddenDp.front());
    EXPECT_GT(r.time.hidden.tp, 0);

    EvaluateOptions slowed;
    slowed.params.overlapSlowdown = 0.25;
    const Result priced = evaluate(s, slowed);
    EXPECT_GT(priced.time.step, r.time.step);
    EXPECT_NEAR(priced.time.hidden.dp, r.time.hidden.dp, 1e-9 * r.time.hidden.dp);
}

TEST(StepTiming, DeepSpeedsPipelineSplitsItsSendsOverTheTpRanksAsMegatronDoes)
{
    Scenario s = test::llama70bOnDgxH100(); // tp 8, pp 4
    s.parallel.degrees.vpp = 1;
    const double megatron = price(s).timing.sendSeconds;
    s.framework.name = Framework::MegatronDeepSpeed;
    EXPECT_GT(megatron, 0);
    EXPECT_EQ(price(s).timing.sendSeconds, megatron);
}

TEST(PipelineInput, DeepSpeedsPipelineExchangesInLockstep)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.vpp = 1;
    const Priced megatron = price(s);
    EXPECT_FALSE(pipelineInput(megatron.plan, megatron.timing).lockstepExchanges);
    for (Framework deepspeed : { Framework::MegatronDeepSpeed, Framework::DeepSpeed }) {
        s.framework.name = deepspeed;
        const Priced p = price(s);
        EXPECT_TRUE(pipelineInput(p.plan, p.timing).lockstepExchanges);
    }
}

TEST(StepTiming, DeepSpeedAccumulatesEachMicroBatchsGradientsInPassesOfTheirOwn)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.vpp = 1;
    s.framework.name = Framework::MegatronDeepSpeed;
    s.parallel.zeroStage = 1;
    const Priced zero1 = price(s);
    // ZeRO-2 reduce-scatters every micro-batch's gradients instead: traffic, no pass of its own.
    s.parallel.zeroStage = 2;
    const Priced zero2 = price(s);
    const EfficiencyParams params;
    const DeviceRates rates = deviceRates(s.cluster.gpu, s.training.precision, params);
    const ParallelLayout& L = zero1.plan.layout;
    for (int64_t vs = 0; vs < L.degrees.virtualStages(); ++vs) {
        const bool last = vs == L.degrees.virtualStages() - 1;
        const double parameters = shardParameters(s.model, L, L.virtualMix(size_t(vs)), vs == 0, last).total();
        // bf16 under the BF16_Optimizer: zeroed, accumulated by autograd, cast and added to fp32.
        EXPECT_NEAR(zero1.timing.backward[size_t(vs)].compute - zero2.timing.backward[size_t(vs)].compute,
                    streamingSeconds(rates, 26 * parameters), 1e-12)
            << "virtual stage " << vs;
        EXPECT_EQ(zero1.timing.forward[size_t(vs)].compute, zero2.timing.forward[size_t(vs)].compute);
    }
    // Accumulated in bf16 (data_types.grad_accum_dtype bf16): autograd's in-place adds alone.
    s.training.gradPrecision = GradPrecision::Bf16;
    s.parallel.zeroStage = 1;
    const Priced bf16 = price(s);
    s.parallel.zeroStage = 2;
    const double m = double(L.microBatches);
    const double firstParameters = shardParameters(s.model, L, L.virtualMix(0), true, L.degrees.virtualStages() == 1).total();
    EXPECT_NEAR(bf16.timing.backward.front().compute - price(s).timing.backward.front().compute,
                streamingSeconds(rates, 6 * (m - 1) / m * firstParameters), 1e-12);
    // Megatron's weight-gradient GEMM accumulates into the fp32 gradient itself.
    s.framework.name = Framework::MegatronCore;
    s.parallel.zeroStage = 1;
    const Priced megatron = price(s);
    s.parallel.zeroStage = 2;
    EXPECT_EQ(megatron.timing.backward.front().compute, price(s).timing.backward.front().compute);
}

TEST(StepTiming, DeepSpeedsBf16OptimizerAllReducesItsFp32GradientsWhole)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.vpp = 1;
    s.parallel.zeroStage = 1;
    s.parallel.overlapGradReduce = false;
    s.parallel.overlapParamGather = false;
    const Priced megatron = price(s);
    s.framework.name = Framework::MegatronDeepSpeed;
    const Priced deepspeed = price(s);
    s.training.gradPrecision = GradPrecision::Bf16; // not the BF16_Optimizer: ZeRO-1's own reduce-scatter
    const Priced bf16Gradients = price(s);
    const EfficiencyParams params;
    const GroupPlacements groups = placeGroups(s, megatron.plan.layout.degrees, params, nullptr);
    const GroupPlacement& dp = groups[CommGroup::DataParallel];
    const double fp32Gradients = 4 * stageParameters(s.model, megatron.plan.layout, 1).dense; // a dense model
    const double allReduce = collectiveSeconds(Collective::AllReduce, fp32Gradients, dp.size(), dp.rate, params);
    const double reduceScatter = collectiveSeconds(Collective::ReduceScatter, fp32Gradients, dp.size(), dp.rate, params);
    ASSERT_GT(allReduce, 1.5 * reduceScatter);
    // A middle stage: no embedding to keep in sync; the gather of the updated weights is the same.
    EXPECT_NEAR(deepspeed.timing.tailDp[1] - megatron.timing.tailDp[1], allReduce - reduceScatter, 1e-12);
    EXPECT_LT(bf16Gradients.timing.tailDp[1], megatron.timing.tailDp[1]);
    EXPECT_TRUE(deepSpeedBf16Optimizer(Framework::DeepSpeed, true, 0));
    EXPECT_FALSE(deepSpeedBf16Optimizer(Framework::DeepSpeed, true, 2));
    EXPECT_FALSE(deepSpeedBf16Optimizer(Framework::DeepSpeed, false, 1));
    EXPECT_FALSE(deepSpeedBf16Optimizer(Framework::MegatronCore, true, 1));
}

// Megatron-LM (2021 and now) all-reduces an fp16 run's gradients in fp16 unless
// --accumulate-allreduce-grads-in-fp32: half the bytes of fp32 main gradients.
TEST(StepTiming, Fp16GradientsAllReduceInHalfTheBytes)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.vpp = 1;
    s.parallel.zeroStage = 0;
    s.parallel.overlapGradReduce = false;
    s.training.precision = Precision::Fp16;
    s.training.gradPrecision = GradPrecision::Fp16;
    const Priced fp16 = price(s);
    s.training.gradPrecision = GradPrecision::Fp32;
    const Priced fp32 = price(s);
    const EfficiencyParams params;
    const GroupPlacements groups = placeGroups(s, fp16.plan.layout.degrees, params, nullptr);
    const GroupPlacement& dp = groups[CommGroup::DataParallel];
    const double parameters = stageParameters(s.model, fp16.plan.layout, 1).dense; // a middle stage: no embedding
    EXPECT_NEAR(fp32.timing.tailDp[1] - fp16.timing.tailDp[1],
                collectiveSeconds(Collective::AllReduce, 4 * parameters, dp.size(), dp.rate, params)
                    - collectiveSeconds(Collective::AllReduce, 2 * parameters, dp.size(), dp.rate, params),
                1e-12);
    EXPECT_GT(fp32.timing.tailDp[1], fp16.timing.tailDp[1]);
}

TEST(GradientAccumulation, BytesPerParameterByFrameworkPrecisionAndZeroStage)
{
    for (Framework deepspeed : { Framework::MegatronDeepSpeed, Framework::DeepSpeed }) {
        EXPECT_EQ(gradientAccumulationBytesPerParameter(deepspeed, true, 0, 8), 26.0);
        EXPECT_EQ(gradientAccumulationBytesPerParameter(deepspeed, true, 1, 1), 26.0);
        // fp16, or bf16 accumulated in bf16: autograd adds in place from the second micro-batch on.
        EXPECT_EQ(gradientAccumulationBytesPerParameter(deepspeed, false, 1, 4), 6.0 * 3 / 4);
        EXPECT_EQ(gradientAccumulationBytesPerParameter(deepspeed, false, 0, 1), 0.0);
        EXPECT_EQ(gradientAccumulationBytesPerParameter(deepspeed, true, 2, 8), 0.0);
        EXPECT_EQ(gradientAccumulationBytesPerParameter(deepspeed, true, 3, 8), 0.0);
    }
    for (Framework fused : { Framework::MegatronCore, Framework::MegatronLm, Framework::Nemo, Framework::Torchtitan })
        EXPECT_EQ(gradientAccumulationBytesPerParameter(fused, true, 1, 8), 0.0);
}

TEST(HostOverhead, CudaGraphsLaunchALayerAtOnceSoTheHostNoLongerPacesSmallLayers)
{
    // Small layers at micro-batch 1: the host's kernel-by-kernel launches set the pace.
    Scenario s = test::llama70bOnDgxH100();
    s.training.seqLen = 512;
    EvaluateOptions hostBound;
    hostBound.params.hostLayerOverheadS = 5e-3;
    const double launched = evaluate(s, hostBound).time.step;
    s.framework.cudaGraphs = true;
    const double graphed = evaluate(s, hostBound).time.step;
    EXPECT_LT(graphed, 0.8 * launched);
    EXPECT_NEAR(graphed, evaluate(s).time.step, 0.02 * graphed);
}

TEST(Stragglers, TheSlowestOfNRanksLagsByTheExpectedMaximumOfNormals)
{
    // Expected maxima of n standard normals (Harter 1961; numerical integration).
    EXPECT_EQ(expectedMaxOfNormals(1), 0);
    EXPECT_NEAR(expectedMaxOfNormals(2), 0.5642, 1e-4); // 1/sqrt(pi)
    EXPECT_NEAR(expectedMaxOfNormals(4), 1.0294, 1e-4);
    EXPECT_NEAR(expectedMaxOfNormals(8), 1.4236, 1e-4);
    EXPECT_NEAR(expectedMaxOfNormals(16), 1.7660, 1e-4);
    EXPECT_NEAR(expectedMaxOfNormals(17), 1.7939, 0.005 * 1.7939);
    EXPECT_NEAR(expectedMaxOfNormals(512), 3.0439, 0.005 * 3.0439);
    EXPECT_NEAR(expectedMaxOfNormals(16384), 3.9714, 0.005 * 3.9714);
    EXPECT_NEAR(normalQuantile(0.975), 1.959963984540054, 1e-12);
    EXPECT_NEAR(normalQuantile(0.001), -3.090232306167813, 1e-12);
    EXPECT_NEAR(normalQuantile(0.5), 0, 1e-15);
}

TEST(Stragglers, JitterLengthensTheStepMoreOnMoreGpus)
{
    EvaluateOptions steady, jittery;
    steady.params.rankJitter = 0;
    jittery.params.rankJitter = 0.02;
    Scenario small = test::llama70bOnDgxH100(); // 64 GPUs
    Scenario large = small;
    large.cluster.nodes = 64; // 512 GPUs, dp 16
    const double smallRatio = evaluate(small, jittery).time.step / evaluate(small, steady).time.step;
    const double largeRatio = evaluate(large, jittery).time.step / evaluate(large, steady).time.step;
    EXPECT_NEAR(smallRatio - 1, 0.02 * expectedMaxOfNormals(64), 1e-3);
    EXPECT_GT(largeRatio, smallRatio);
}
