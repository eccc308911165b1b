// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/io/result_json.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;
using paraplan::test::gpt3OnDgxA100;
using paraplan::test::llama70bOnDgxH100;

namespace {

void expectFiniteAndConsistent(const Result& r)
{
    ASSERT_TRUE(r.valid);
    const TimeBreakdown& t = r.time;
    for (double v : { t.step, t.compute, t.recompute, t.tpComm, t.cpComm, t.epComm, t.ppComm, t.dpComm, t.bubble,
                      t.optimizer, t.other, r.mfu, r.hfu, r.tokensPerS, r.memory.total(), r.bubbleFraction }) {
        EXPECT_TRUE(std::isfinite(v));
        EXPECT_GE(v, 0.0);
    }
    EXPECT_GT(t.step, 0.0);
    EXPECT_NEAR(t.sumOfParts(), t.step, 1e-9 * t.step);
    EXPECT_LE(r.mfu, r.hfu + 1e-12);
    EXPECT_LT(r.hfu, 1.0);
}

} // namespace

TEST(Evaluate, ComponentsAddUpToTheStep)
{
    expectFiniteAndConsistent(evaluate(gpt3OnDgxA100()));
    expectFiniteAndConsistent(evaluate(llama70bOnDgxH100()));
}

TEST(Evaluate, EveryCatalogModelOnEveryClusterIsFiniteOrRejected)
{
    const Catalog& catalog = io::builtinCatalog();
    for (const ModelPreset& model : catalog.models)
        for (const ClusterPreset& cluster : catalog.clusters) {
            Scenario s;
            s.model = model.spec;
            s.cluster = cluster.spec;
            s.cluster.nodes = 16;
            s.training.seqLen = 4096;
            s.training.globalBatch = 512;
            s.parallel.degrees.tp = std::min<int64_t>(cluster.spec.gpusPerNode, 8);
            s.parallel.degrees.pp = 4;
            s.parallel.degrees.dp = 0;
            s.parallel.recompute = Recompute::Auto;
            const Result r = evaluate(s);
            if (r.valid)
                expectFiniteAndConsistent(r);
            else
                EXPECT_FALSE(r.diagnostics.empty()) << model.spec.preset << " on " << cluster.spec.preset;
        }
}

TEST(Evaluate, MfuMatchesModelFlopsOverStepTime)
{
    const Scenario s = gpt3OnDgxA100();
    const Result r = evaluate(s);
    const double flops = 1536 * 72.0 * 96 * 2048 * 12288.0 * 12288 * (1 + 2048 / (6.0 * 12288) + 51200 / (12.0 * 12288 * 96));
    EXPECT_NEAR(r.modelTflopsPerGpu, flops / r.time.step / 512 / 1e12, 1e-9 * r.modelTflopsPerGpu);
    EXPECT_NEAR(r.mfu, r.modelTflopsPerGpu / 312.0, 1e-12);
    EXPECT_NEAR(r.tokensPerS, 1536.0 * 2048 / r.time.step, 1e-6 * r.tokensPerS);
}

TEST(Evaluate, TimeAndCostToTrain)
{
    const Result r = evaluate(gpt3OnDgxA100());
    ASSERT_TRUE(r.timeToTrainS && r.costUsd);
    EXPECT_NEAR(*r.timeToTrainS, 300e9 / r.tokensPerS, 1e-6 * *r.timeToTrainS);
    EXPECT_NEAR(*r.costUsd, *r.timeToTrainS / 3600 * 512 * 2.0, 1e-6 * *r.costUsd);
    EXPECT_FALSE(evaluate(llama70bOnDgxH100()).timeToTrainS.has_value());
}

TEST(Evaluate, InvalidScenarioReportsErrorsAndNoNumbers)
{
    Scenario s = gpt3OnDgxA100();
    s.parallel.degrees.tp = 64; // 96 heads do not split 64 ways
    const Result r = evaluate(s);
    EXPECT_FALSE(r.valid);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(io::toJson(r).count("time_s"), 0u);
    EXPECT_EQ(io::toJson(r)["errors"][0]["path"], "parallel.tp");
}

TEST(Evaluate, AutoRecomputeTakesTheLeastThatFits)
{
    Scenario s = llama70bOnDgxH100();
    const Result roomy = evaluate(s);
    EXPECT_EQ(roomy.recomputeChosen, Recompute::None);
    EXPECT_TRUE(roomy.fits);
    s.training.microBatch = 4; // four times the activations
    s.training.globalBatch = 512;
    const Result tight = evaluate(s);
    EXPECT_EQ(tight.recomputeChosen, Recompute::Full);
    EXPECT_TRUE(tight.fits);
}

TEST(Evaluate, OutOfMemoryIsAWarningAndFitsIsFalse)
{
    Scenario s = llama70bOnDgxH100();
    s.parallel.degrees.tp = 1;
    s.parallel.degrees.pp = 1;
    s.parallel.degrees.vpp = 1;
    s.parallel.recompute = Recompute::None;
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    EXPECT_FALSE(r.fits);
    EXPECT_TRUE(std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                            [](const Diagnostic& d) { return d.code == "out_of_memory"; }));
}

TEST(Evaluate, MoreMicroBatchesNeverRaiseTheBubbleFraction)
{
    Scenario s = gpt3OnDgxA100();
    s.parallel.degrees.dp = 0;
    double previous = 1.0;
    for (int64_t batch : { 64, 128, 256, 512, 1024, 2048 }) {
        s.training.globalBatch = batch;
        const Result r = evaluate(s);
        ASSERT_TRUE(r.valid);
        EXPECT_LE(r.bubbleFraction, previous + 1e-12) << "global batch " << batch;
        previous = r.bubbleFraction;
    }
}

TEST(Evaluate, InterleavingShrinksTheBubble)
{
    Scenario s = gpt3OnDgxA100();
    const double plain = evaluate(s).bubbleFraction;
    s.parallel.degrees.vpp = 3;
    EXPECT_LT(evaluate(s).bubbleFraction, plain);
}

TEST(Evaluate, TensorParallelismAcrossNodesIsSlowerAndWarned)
{
    Scenario s = gpt3OnDgxA100();
    s.parallel.degrees.pp = 4;
    const Result inside = evaluate(s);
    s.parallel.degrees.tp = 16;
    const Result across = evaluate(s);
    ASSERT_TRUE(inside.valid && across.valid);
    EXPECT_GT(across.time.tpComm, 2 * inside.time.tpComm);
    EXPECT_TRUE(std::any_of(across.diagnostics.begin(), across.diagnostics.end(),
                            [](const Diagnostic& d) { return d.code == "tp_crosses_node"; }));
}

TEST(Evaluate, OverlappingGradientReductionNeverSlowsTheStep)
{
    Scenario s = gpt3OnDgxA100();
    s.parallel.overlapGradReduce = false;
    const double exposed = evaluate(s).time.step;
    s.parallel.overlapGradReduce = true;
    EXPECT_LE(evaluate(s).time.step, exposed);
}

TEST(Evaluate, TimelineCoversEveryOperation)
{
    EvaluateOptions options;
    options.recordTimeline = true;
    const Result r = evaluate(llama70bOnDgxH100(), options);
    EXPECT_EQ(r.timeline.size(), size_t(2 * 4 * 5 * 128));
}

TEST(Evaluate, UnevenSplitFollowsLayersPerStage)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-405b" },
      "training": { "seq_len": 8192, "global_batch": 2048 },
      "cluster": { "preset": "dgx-h100", "nodes": 2048 },
      "parallel": { "tp": 8, "pp": 16, "layers_per_stage": [7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7] }
    })");
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    EXPECT_EQ(r.stages.front().layers, 7);
    EXPECT_EQ(r.stages[1].layers, 8);
    EXPECT_EQ(r.stages.back().layers, 7);
    EXPECT_EQ(r.parallel.degrees.dp, 128);
}

TEST(ResultJson, HasEveryContractField)
{
    const nlohmann::json j = io::toJson(evaluate(gpt3OnDgxA100()));
    for (const char* key : { "valid", "errors", "warnings", "gpus", "micro_batches", "memory_gib", "time_s",
                             "recompute_chosen", "bubble_fraction", "model_tflops_per_gpu", "hardware_tflops_per_gpu",
                             "mfu", "hfu", "tokens_per_s", "samples_per_s", "time_to_train_s", "cost_usd" })
        EXPECT_TRUE(j.contains(key)) << key;
    for (const char* key : { "weights", "gradients", "optimizer", "activations", "other", "total", "capacity", "fits",
                             "worst_stage" })
        EXPECT_TRUE(j["memory_gib"].contains(key)) << key;
    for (const char* key : { "step", "compute", "recompute", "tp_comm", "cp_comm", "ep_comm", "pp_comm", "dp_comm",
                             "bubble", "optimizer", "other" })
        EXPECT_TRUE(j["time_s"].contains(key)) << key;
    EXPECT_EQ(j["micro_batches"], 1536 / 8);
    EXPECT_EQ(j["recompute_chosen"], "selective");
}
