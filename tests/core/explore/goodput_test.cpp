// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Goodput (core/run): Young's and Daly's intervals and Daly's wall-clock model against figures
// computed by hand, the published fleet rates, the checkpoint's size and time, and the run's
// time and cost through failures.
#include "tests/core/scenario_fixtures.h"

#include "core/io/result_json.h"
#include "core/io/scenario_writer.h"
#include "core/model/model_shape.h"
#include "core/rules/validation.h"
#include "core/run/checkpoint.h"
#include "core/run/fleet_failures.h"
#include "core/run/goodput.h"
#include "core/run/token_budget.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;
using namespace paraplan::test;

namespace {

// Llama 3 405B as Meta trained it (Dubey et al. 2024, Table 4): 16,384 H100, tp 8, pp 16, dp 128,
// 8K sequences, 16M tokens a step; 15.6T tokens.
Scenario llama405bOn16kH100(const std::string& extraTraining = "", const std::string& extraCluster = "")
{
    return scenarioFromJson(R"({"model": {"preset": "llama3.1-405b"},
        "training": {"seq_len": 8192, "global_batch": 2048, "train_tokens": 15.6e12)" + extraTraining + R"(},
        "cluster": {"preset": "dgx-h100", "nodes": 2048)" + extraCluster + R"(},
        "parallel": {"tp": 8, "pp": 16, "dp": 128, "recompute": "auto"}})");
}

struct Evaluated {
    Scenario scenario;
    Result result;
};

Evaluated withGoodput(Scenario scenario)
{
    Result r = evaluate(scenario);
    r.goodput = goodputOf(scenario, r);
    return { std::move(scenario), std::move(r) };
}

} // namespace

TEST(Goodput, YoungsIntervalIsTheSquareRootOfTwiceCheckpointTimesMtbf)
{
    // √(2 · 600 s · 3 h) = √12,960,000 s² = 3600 s.
    EXPECT_DOUBLE_EQ(youngInterval(600, 10800), 3600);
}

TEST(Goodput, DalysIntervalAddsTheHigherOrderTermsAndSubtractsTheCheckpoint)
{
    // δ/2M = 600/21600 = 1/36: 3600 · (1 + (1/6)/3 + (1/36)/9) − 600 = 3600 · 1.058642 − 600.
    EXPECT_NEAR(dalyInterval(600, 10800), 3211.111, 1e-3);
    // A checkpoint longer than twice the MTBF: checkpoint once per MTBF (Daly's rule).
    EXPECT_DOUBLE_EQ(dalyInterval(30000, 10000), 10000);
}

TEST(Goodput, DalysWallClockModelGivesTheUsefulShareComputedByHand)
{
    // τ / (M · e^{R/M} · (e^{(τ+δ)/M} − 1)) with τ 3211.11, δ 600, R 600, M 10800:
    // e^{0.055556} = 1.057127, e^{0.352881} − 1 = 0.423163 → 3211.11 / (10800 · 1.057127 · 0.423163).
    EXPECT_NEAR(goodputFraction(3211.111, 600, 600, 10800), 0.664658, 1e-5);
    // Without failures only the checkpoints cost: τ / (τ + δ).
    EXPECT_DOUBLE_EQ(goodputFraction(3000, 600, 600, INFINITY), 3000.0 / 3600.0);
    // So far past the MTBF that no interval ever completes: 0, never NaN or infinity.
    EXPECT_EQ(goodputFraction(1e9, 1e9, 1e9, 1), 0);
    EXPECT_EQ(goodputFraction(0, 600, 600, 10800), 0);
}

TEST(Goodput, DalysIntervalIsWhereTheUsefulShareIsHighest)
{
    for (const double mtbf : { 3600.0, 10800.0, 86400.0 })
        for (const double checkpoint : { 5.0, 60.0, 600.0 }) {
            const double best = dalyInterval(checkpoint, mtbf);
            const double atBest = goodputFraction(best, checkpoint, 300, mtbf);
            for (double tau = best / 4; tau < best * 4; tau *= 1.01)
                EXPECT_LE(goodputFraction(tau, checkpoint, 300, mtbf), atBest + 1e-6)
                    << "M " << mtbf << " s, δ " << checkpoint << " s, τ " << tau << " s";
        }
}

TEST(Goodput, PublishedFleetRatesAgreeWithinAQuarter)
{
    // Llama 3: 419 unexpected interruptions in 54 days on 16,384 GPUs.
    EXPECT_NEAR(defaultFailuresPerGpuHour(), 419.0 / (16384.0 * 54 * 24), 1e-12);
    const FailureRateRange range = publishedFailureRateRange();
    EXPECT_LE(range.low, defaultFailuresPerGpuHour());
    EXPECT_GE(range.high, defaultFailuresPerGpuHour());
    EXPECT_LT(range.high / range.low, 1.25); // BLOOM, OPT and Llama 3 lie within 25 % of each other
    for (const FleetFailureRecord& r : fleetFailureRecords()) {
        EXPECT_GT(std::string(r.source).size(), 20u) << r.run;
        EXPECT_GT(r.perGpuHour(), 1e-5) << r.run;
        EXPECT_LT(r.perGpuHour(), 1e-4) << r.run;
    }
}

TEST(Goodput, Llama3sJobIsInterruptedEveryThreeHoursAndTrainsAboutNinetyPercentOfTheTime)
{
    const Evaluated e = withGoodput(llama405bOn16kH100());
    ASSERT_TRUE(e.result.valid);
    const RunGoodput& g = *e.result.goodput;
    // "one failure every three hours" (the paper's 419 in 54 days): 54 · 24 / 419 = 3.09 h.
    EXPECT_NEAR(g.mtbfS, 54.0 * 24 * 3600 / 419, 1);
    // Weights and optimizer states of 405B parameters, 2 + 12 bytes each, over 2,048 GB/s.
    const double bytes = totalParameters(e.scenario.model) * 14;
    EXPECT_NEAR(g.checkpointBytes, bytes, bytes * 1e-9);
    EXPECT_NEAR(g.checkpointWriteS, bytes / 2048e9, 1e-9);
    EXPECT_DOUBLE_EQ(g.checkpointBlockingS, g.checkpointWriteS);
    EXPECT_NEAR(g.restartS, kDefaultRestartS + g.checkpointWriteS, 1e-9);
    // Whole steps, near Daly's optimum.
    EXPECT_GE(g.checkpointIntervalSteps, 1);
    EXPECT_NEAR(g.checkpointIntervalS, double(g.checkpointIntervalSteps) * e.result.time.step, 1e-6);
    EXPECT_LE(std::abs(g.checkpointIntervalS - g.dalyIntervalS), e.result.time.step / 2 + 1e-9);
    // Meta: "more than 90 % effective training time".
    EXPECT_GT(g.fraction, 0.90);
    EXPECT_LT(g.fraction, 0.96);
    EXPECT_LE(g.fractionLow, g.fraction);
    EXPECT_GE(g.fractionHigh, g.fraction);
    ASSERT_TRUE(g.timeToTrainS);
    EXPECT_NEAR(*g.timeToTrainS, *e.result.timeToTrainS / g.fraction, 1);
    EXPECT_NEAR(*g.expectedFailures, *g.timeToTrainS / g.mtbfS, 1e-9);
    ASSERT_TRUE(g.costUsd); // the preset's price per GPU-hour
    EXPECT_NEAR(*g.costUsd, *g.timeToTrainS / 3600 * 16384 * *e.scenario.cluster.gpuHourCostUsd, 1);
    EXPECT_NEAR(g.effectiveTokensPerS, e.result.tokensPerS * g.fraction, 1e-6);
}

TEST(Goodput, MoreGpusFailMoreOftenAndLoseMoreOfTheirTime)
{
    const RunGoodput small = *withGoodput(llama405bOn16kH100("", R"(, "reliability": {"restart_s": 600})")).result.goodput;
    Scenario doubled = llama405bOn16kH100();
    doubled.cluster.nodes = 4096;
    doubled.parallel.degrees.dp = 256;
    const RunGoodput large = *withGoodput(doubled).result.goodput;
    EXPECT_NEAR(large.mtbfS, small.mtbfS / 2, 1e-6);
    EXPECT_LT(large.fraction, small.fraction);
}

TEST(Goodput, AsynchronousCheckpointsBlockOnlyForTheCopyOffTheGpus)
{
    const Evaluated sync = withGoodput(llama405bOn16kH100(R"(, "checkpoint": {"async": false})", R"(, "storage_write_GBps": 100)"));
    const Evaluated async = withGoodput(llama405bOn16kH100(R"(, "checkpoint": {"async": true})", R"(, "storage_write_GBps": 100)"));
    const RunGoodput &s = *sync.result.goodput, &a = *async.result.goodput;
    EXPECT_NEAR(a.checkpointWriteS, s.checkpointWriteS, 1e-9);
    // Each GPU copies its share to host memory at PCIe's pace.
    EXPECT_NEAR(a.checkpointBlockingS, a.checkpointBytes / 16384 / (kHostCopyGBps * 1e9), 1e-12);
    // One save at a time: never more often than the storage can take them.
    EXPECT_GE(a.checkpointIntervalS + async.result.time.step, a.checkpointWriteS);
    // With a slow file system asynchronous saves win, though a failure loses the write in flight.
    EXPECT_GT(a.lostWorkPerFailureS, a.checkpointIntervalS / 2);
    EXPECT_GT(a.fraction, s.fraction);
}

TEST(Goodput, AGivenIntervalIsKeptInWholeStepsAndCostsMoreThanTheOptimum)
{
    const Evaluated optimal = withGoodput(llama405bOn16kH100());
    const Evaluated hourly = withGoodput(llama405bOn16kH100(R"(, "checkpoint": {"interval_s": 3600})"));
    const RunGoodput& g = *hourly.result.goodput;
    EXPECT_TRUE(g.intervalGiven);
    EXPECT_NEAR(g.checkpointIntervalS, 3600, hourly.result.time.step / 2 + 1e-9);
    EXPECT_LT(g.fraction, optimal.result.goodput->fraction);
}

TEST(Goodput, AClusterWithoutFailuresLosesOnlyItsRestartFreeCheckpoints)
{
    const Evaluated e = withGoodput(llama405bOn16kH100("", R"(, "reliability": {"failures_per_gpu_hour": 0})"));
    const RunGoodput& g = *e.result.goodput;
    EXPECT_FALSE(std::isfinite(g.mtbfS));
    EXPECT_DOUBLE_EQ(g.fraction, 1); // no failure: no checkpoint needed, none priced
    EXPECT_DOUBLE_EQ(*g.expectedFailures, 0);
    const nlohmann::json j = io::toJson(g);
    EXPECT_TRUE(j["mtbf_s"].is_null()); // infinite: null, never invalid JSON
}

TEST(Goodput, TheDataSetTimesItsEpochsIsTheTokenBudget)
{
    Scenario s = llama405bOn16kH100();
    s.training.trainTokens.reset();
    s.training.datasetTokens = 5e12;
    s.training.epochs = 3;
    EXPECT_DOUBLE_EQ(*tokenBudget(s.training), 15e12);
    const Evaluated e = withGoodput(s);
    EXPECT_DOUBLE_EQ(*e.result.goodput->trainTokens, 15e12);
    EXPECT_NEAR(*e.result.timeToTrainS, 15e12 / e.result.tokensPerS, 1e-6);
}

TEST(Goodput, ChinchillaPutsTwentyTokensPerParameter)
{
    const ChinchillaPoint p = chinchillaPoint(modelPreset("llama3.1-70b"));
    EXPECT_TRUE(p.dense);
    EXPECT_NEAR(p.tokens / 1e12, 1.41, 0.02); // Chinchilla's Table 3: 70B at 1.4T tokens
    EXPECT_DOUBLE_EQ(p.trainingFlops, 6 * p.parameters * p.tokens);
    // Llama 3 8B's 15T tokens: about 94 times the compute-optimal budget.
    EXPECT_NEAR(tokensOverChinchilla(15e12, modelPreset("llama3.1-8b")), 94, 3);
}

TEST(Goodput, ResultJsonHoldsTheContractsFields)
{
    const Evaluated e = withGoodput(llama405bOn16kH100());
    const nlohmann::json j = io::toJson(e.result)["goodput"];
    for (const char* key : { "fraction", "mtbf_s", "checkpoint_write_s", "checkpoint_interval_s", "restart_s",
                             "time_to_train_s", "cost_usd" })
        EXPECT_TRUE(j.contains(key) && j[key].is_number()) << key;
}

TEST(Goodput, BadRunFieldsAreRefusedNamingThePath)
{
    auto errorsOf = [](const std::string& training, const std::string& cluster) {
        const Scenario s = scenarioFromJson(R"({"model": {"preset": "llama3.1-8b"},
            "training": {"seq_len": 4096, "global_batch": 64)" + training + R"(},
            "cluster": {"preset": "dgx-h100", "nodes": 1)" + cluster + R"(}})");
        std::string paths;
        for (const Diagnostic& d : validateScenario(s))
            if (d.severity == Severity::Error)
                paths += d.path + " ";
        return paths;
    };
    EXPECT_NE(errorsOf(R"(, "train_tokens": 1e9, "dataset_tokens": 1e9)", "").find("training.dataset_tokens"), std::string::npos);
    EXPECT_NE(errorsOf(R"(, "epochs": 2)", "").find("training.epochs"), std::string::npos);
    EXPECT_NE(errorsOf(R"(, "checkpoint": {"interval_s": -1})", "").find("training.checkpoint.interval_s"), std::string::npos);
    EXPECT_NE(errorsOf("", R"(, "storage_write_GBps": 0)").find("cluster.storage_write_GBps"), std::string::npos);
    EXPECT_NE(errorsOf("", R"(, "reliability": {"failures_per_gpu_hour": 2})").find("cluster.reliability.failures_per_gpu_hour"),
              std::string::npos);
    EXPECT_NE(errorsOf("", R"(, "reliability": {"restart_s": -5})").find("cluster.reliability.restart_s"), std::string::npos);
    EXPECT_EQ(errorsOf(R"(, "dataset_tokens": 1e9, "epochs": 2.5, "checkpoint": {"async": true, "interval_s": 600})",
                       R"(, "storage_write_GBps": 50, "reliability": {"failures_per_gpu_hour": 3e-5, "restart_s": 300})"),
              "");
}

TEST(Goodput, TheRunFieldsAreWrittenAndReadBackUnchanged)
{
    const Scenario s = scenarioFromJson(R"({"model": {"preset": "llama3.1-70b"},
        "training": {"seq_len": 8192, "global_batch": 512, "dataset_tokens": 5e12, "epochs": 3,
                     "checkpoint": {"async": true, "interval_s": 1800}},
        "cluster": {"preset": "dgx-h100", "nodes": 64, "storage_write_GBps": 200,
                    "reliability": {"failures_per_gpu_hour": 3e-5, "restart_s": 900}}})");
    EXPECT_TRUE(s.training.checkpoint.async);
    EXPECT_EQ(s.cluster.reliability.restartS, 900);
    const Scenario back = scenarioFromJson(io::toJson(s).dump());
    EXPECT_EQ(back.training, s.training);
    EXPECT_EQ(back.cluster.storageWriteGBps, s.cluster.storageWriteGBps);
    EXPECT_EQ(back.cluster.reliability, s.cluster.reliability);
}
