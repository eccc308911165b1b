// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A calibration profile reaches every GEMM and every collective of an evaluation, a search and a
// landscape, and only those its measurements describe (issue #5, item 4); its overlap slowdown
// prices every overlap in place of the constant (issue #10).
#include "tests/core/scenario_fixtures.h"

#include "core/explore/landscape.h"
#include "core/explore/search.h"
#include "core/model/model_shape.h"
#include "core/network/calibration.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <memory>

using namespace paraplan;

namespace {

// Llama 3.1 8B on two DGX H100: TP 8 all-reduces inside a node, DP 2 all-reduces across the two,
// after the last backward (not overlapped, so that DP time depends on nothing else).
Scenario tp8dp2()
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 8, "pp": 1, "sequence_parallel": false, "recompute": "none", "zero_stage": 0,
                    "overlap_grad_reduce": false }
    })");
}

constexpr double kH100Bf16Peak = 989.4e12;

// One measured bf16 GEMM: every shape of the model then runs at its rate.
std::shared_ptr<const Calibration> gemmsAt(double fractionOfPeak)
{
    CalibrationProfile profile;
    const double seconds = 2.0 * 4096 * 4096 * 4096 / (fractionOfPeak * kH100Bf16Peak);
    profile.gemms = { { 4096, 4096, 4096, Precision::Bf16, seconds } };
    return std::make_shared<const Calibration>(profile);
}

// An all-reduce series at one bus bandwidth over every message size the scenario sends.
std::shared_ptr<const Calibration> allReduceAt(int64_t ranks, bool crossesNodes, double busGBps)
{
    CalibrationProfile profile;
    profile.collectives = { { Collective::AllReduce, ranks, crossesNodes, 1e3, busGBps },
                            { Collective::AllReduce, ranks, crossesNodes, 1e11, busGBps } };
    return std::make_shared<const Calibration>(profile);
}

// A profile that measured nothing but compute's slowdown beside communication (bench's overlap).
std::shared_ptr<const Calibration> overlapSlowdownOf(double slowdown)
{
    CalibrationProfile profile;
    profile.overlapSlowdown = slowdown;
    return std::make_shared<const Calibration>(profile);
}

Result evaluateWith(const Scenario& s, std::shared_ptr<const Calibration> calibration)
{
    EvaluateOptions options;
    options.calibration = std::move(calibration);
    const Result r = evaluate(s, options);
    EXPECT_TRUE(r.valid);
    return r;
}

// Searches `s` with a profile that slows it: the best configuration's step is longer than the
// model's best, and it is what evaluate gives that configuration with the profile.
void expectASlowerBestThatEvaluateConfirms(const Scenario& s, std::shared_ptr<const Calibration> calibration)
{
    SearchOptions options;
    options.topK = 3;
    const SearchResult modelled = searchConfigurations(s, options);
    options.calibration = std::move(calibration);
    const SearchResult calibrated = searchConfigurations(s, options);
    ASSERT_FALSE(calibrated.best.empty());
    EXPECT_GT(calibrated.best.front().result.time.step, modelled.best.front().result.time.step);
    Scenario best = s;
    best.parallel = calibrated.best.front().result.parallel;
    best.training.microBatch = calibrated.best.front().microBatch;
    EXPECT_DOUBLE_EQ(evaluateWith(best, options.calibration).time.step, calibrated.best.front().result.time.step);
}

} // namespace

TEST(CalibratedEvaluation, WithoutAProfileIsTheModel)
{
    const Scenario s = tp8dp2();
    EXPECT_DOUBLE_EQ(evaluateWith(s, nullptr).time.step, evaluate(s).time.step);
}

TEST(CalibratedEvaluation, EveryGemmOfTheStepRunsAtTheMeasuredRate)
{
    const Scenario s = tp8dp2();
    const Result slow = evaluateWith(s, gemmsAt(0.1));
    const Result fast = evaluateWith(s, gemmsAt(0.2));
    // Halving the rate adds the GEMM FLOPs of one GPU's step over the slower rate's half: QKV,
    // projection and MLP of every layer and the logits, forward and both backward products.
    const LayerForwardFlops layer = layerForwardFlops(s.model, s.model.layerKind(0), s.training.seqLen);
    const double gemmFlopsPerSequence = 3
        * (double(s.model.layers) * (layer.qkv + layer.projection + layer.mlp)
           + logitsForwardFlops(s.model, s.training.seqLen));
    const double sequencesPerGpu = double(s.training.globalBatch) / 2 /* dp */;
    const double gemmFlopsPerGpu = sequencesPerGpu * gemmFlopsPerSequence / 8 /* tp */;
    EXPECT_NEAR(slow.time.compute - fast.time.compute, gemmFlopsPerGpu / (0.2 * kH100Bf16Peak),
                1e-9 * slow.time.compute);
    // Communication is not what was measured (TP's backward all-reduces hide behind GEMMs, so
    // only the DP tail is independent of them).
    EXPECT_DOUBLE_EQ(slow.time.dpComm, evaluate(s).time.dpComm);
}

TEST(CalibratedEvaluation, AMeasuredCopyBandwidthPricesTheMemoryBoundWork)
{
    const Scenario s = tp8dp2();
    const Result model = evaluateWith(s, nullptr);
    CalibrationProfile profile;
    // Half the model's achievable HBM bandwidth (3.35 TB/s x the fitted efficiency).
    const EfficiencyParams params;
    profile.memoryGBps = s.cluster.gpu.hbmGBps * params.hbmEfficiency / 2;
    const Result slower = evaluateWith(s, std::make_shared<const Calibration>(profile));
    // The optimizer streams memory and nothing else: its time doubles, less the kernel launches.
    EXPECT_NEAR(slower.time.optimizer, 2 * model.time.optimizer, 0.02 * model.time.optimizer);
    EXPECT_GT(slower.time.compute, model.time.compute); // norms, activations, the loss
    EXPECT_NEAR(slower.time.tpComm, model.time.tpComm, 0.01 * model.time.tpComm); // collectives keep their prices
}

TEST(CalibratedEvaluation, AMeasuredTpAllReduceReplacesTheModelsForThatGroupAlone)
{
    const Scenario s = tp8dp2();
    const Result modelled = evaluate(s);
    const Result slowTp = evaluateWith(s, allReduceAt(8, false, 10));
    // 10 GB/s instead of NVLink's few hundred: TP communication many times longer.
    EXPECT_GT(slowTp.time.tpComm, 10 * modelled.time.tpComm);
    // The GEMMs keep their price; compute moves only by the host's issue time, which the modelled
    // collectives (NVLink SHARP on this H100 node) left exposed and the slow measured ones cover.
    EXPECT_NEAR(slowTp.time.compute, modelled.time.compute, 0.05 * modelled.time.compute);
    EXPECT_DOUBLE_EQ(slowTp.time.dpComm, modelled.time.dpComm);
    // Another group size or another locality is not what was measured: the model stands.
    EXPECT_DOUBLE_EQ(evaluateWith(s, allReduceAt(4, false, 10)).time.step, modelled.time.step);
    EXPECT_DOUBLE_EQ(evaluateWith(s, allReduceAt(8, true, 10)).time.step, modelled.time.step);
}

TEST(CalibratedEvaluation, AMeasuredAllReduceAcrossNodesReachesTheDataParallelGroups)
{
    const Scenario s = tp8dp2();
    const Result modelled = evaluate(s);
    const Result slowDp = evaluateWith(s, allReduceAt(2, true, 1));
    EXPECT_GT(slowDp.time.dpComm, modelled.time.dpComm);
    EXPECT_GT(slowDp.time.step, modelled.time.step);
    EXPECT_DOUBLE_EQ(slowDp.time.tpComm, modelled.time.tpComm);
}

TEST(CalibratedEvaluation, AMeasuredOverlapSlowdownPricesTheCommunicationThatHidesUnderCompute)
{
    const Scenario s = test::llama70bOnDgxH100(); // TP's backward and the DP reduction run under compute
    const Result modelled = evaluate(s);
    ASSERT_GT(modelled.time.hidden.dp, 0);
    ASSERT_GT(modelled.time.hidden.tp, 0);
    const Result none = evaluateWith(s, overlapSlowdownOf(0));
    const Result some = evaluateWith(s, overlapSlowdownOf(0.3));
    const Result more = evaluateWith(s, overlapSlowdownOf(0.45));
    EXPECT_LT(none.time.step, modelled.time.step); // measured 0: the fitted constant's price is gone
    EXPECT_GT(some.time.step, none.time.step);
    EXPECT_GT(more.time.step, some.time.step);
    // What hides stays hidden; only its price on the critical path grows.
    EXPECT_NEAR(more.time.hidden.dp, none.time.hidden.dp, 1e-9 * none.time.hidden.dp);

    // The measured figure stands in for the constant, whatever the constant was.
    EvaluateOptions constant;
    constant.params.overlapSlowdown = 0.3;
    EXPECT_DOUBLE_EQ(some.time.step, evaluate(s, constant).time.step);
    EvaluateOptions both = constant;
    both.params.overlapSlowdown = 0.05;
    both.calibration = overlapSlowdownOf(0.3);
    EXPECT_DOUBLE_EQ(evaluate(s, both).time.step, some.time.step);
    // A profile that did not measure it keeps the constant.
    constant.calibration = gemmsAt(0.7);
    const Result gemmsOnly = evaluate(s, constant);
    constant.params.overlapSlowdown = 0;
    EXPECT_GT(gemmsOnly.time.step, evaluate(s, constant).time.step);
}

TEST(CalibratedSearch, RanksWithTheProfileAndReportsWhatEvaluateGives)
{
    const Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 2 }
    })");
    expectASlowerBestThatEvaluateConfirms(s, gemmsAt(0.1));
}

TEST(CalibratedSearch, TheMeasuredOverlapSlowdownReachesEveryConfiguration)
{
    expectASlowerBestThatEvaluateConfirms(test::llama70bOnDgxH100(), overlapSlowdownOf(0.3));
}

TEST(CalibratedLandscape, PricesEveryPointWithTheProfile)
{
    const Scenario s = tp8dp2();
    LandscapeOptions options;
    options.calibration = gemmsAt(0.1);
    options.maxPoints = 40;
    const Landscape landscape = computeLandscape(s, options);
    ASSERT_FALSE(landscape.points.empty());
    for (size_t i = 0; i < landscape.points.size(); i += 7) {
        Scenario point = s;
        applyCandidate(point, landscape.points[i].candidate);
        EvaluateOptions quiet;
        quiet.calibration = options.calibration;
        quiet.diagnostics = false;
        EXPECT_DOUBLE_EQ(landscape.points[i].stepS, evaluate(point, quiet).time.step);
        EXPECT_GT(landscape.points[i].stepS, evaluate(point).time.step);
    }
}

TEST(CalibratedLandscape, TheBubbleCurveUsesTheProfile)
{
    Scenario s = tp8dp2();
    s.cluster.nodes = 4;
    s.parallel.degrees.pp = 2;
    EvaluateOptions options;
    options.calibration = gemmsAt(0.1);
    const Result calibrated = evaluateWith(s, options.calibration);
    const std::vector<double> curve = bubbleFractionByMicroBatches(s, { calibrated.microBatches }, options);
    ASSERT_EQ(curve.size(), 1u);
    EXPECT_DOUBLE_EQ(curve[0], calibrated.bubbleFraction);
}
