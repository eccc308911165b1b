// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Issue #10: every prediction carries an 80 % band from the cross-validated residuals of its regime,
// falling back to coarser regimes where its own has too few runs.
#include "tests/core/scenario_fixtures.h"

#include "core/explore/band_estimation.h"
#include "core/explore/statistics.h"
#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

BandRegime regime(PrecisionRegime precision, ScaleRegime scale, PipelineRegime pipeline, bool calibrated = false)
{
    return { precision, scale, pipeline, calibrated };
}

// A table with the 16-bit, 2-512 GPU, pp 2–8 regime thin (5 runs) and its coarser regimes full.
UncertaintyBands thinTable()
{
    UncertaintyBands table;
    table.bands.push_back({ regime(PrecisionRegime::SixteenBit, ScaleRegime::UpTo512Gpus, PipelineRegime::UpTo8Stages), 5,
                            0.5, 0.6, 0.7 });
    table.bands.push_back({ regime(PrecisionRegime::Any, ScaleRegime::UpTo512Gpus, PipelineRegime::UpTo8Stages), 40, 0.9,
                            1.0, 1.2 });
    table.bands.push_back({ regime(PrecisionRegime::Any, ScaleRegime::Any, PipelineRegime::Any), 900, 0.8, 1.0, 1.3 });
    return table;
}

// Outcomes whose published step is `ratio` times the predicted one, in one regime and group.
struct Outcomes {
    std::vector<ValidationCase> cases;
    std::vector<CaseOutcome> outcomes;
};

Outcomes outcomesWithRatios(const Scenario& scenario, const std::vector<double>& ratios, const std::string& group = "g")
{
    Outcomes o;
    o.cases.resize(ratios.size());
    for (size_t i = 0; i < ratios.size(); ++i) {
        o.cases[i].scenario = scenario;
        o.cases[i].group = group;
        o.cases[i].metric = PublishedMetric::StepSeconds;
        o.cases[i].published = 10 * ratios[i];
    }
    for (size_t i = 0; i < ratios.size(); ++i) {
        CaseOutcome outcome;
        outcome.validationCase = &o.cases[i];
        outcome.evaluated = true;
        outcome.predicted = 10;
        outcome.result.parallel.degrees.pp = scenario.parallel.degrees.pp;
        o.outcomes.push_back(outcome);
    }
    return o;
}

} // namespace

TEST(BandRegimes, PrecisionScaleAndPipelineDepthSortAConfiguration)
{
    const Scenario oneNode = test::llama8bOnDgxH100(1);
    EXPECT_EQ(regimeOf(oneNode, 1, false), regime(PrecisionRegime::SixteenBit, ScaleRegime::OneNode, PipelineRegime::NoPipeline));
    Scenario eight = test::llama8bOnDgxH100(8); // 64 GPUs
    EXPECT_EQ(regimeOf(eight, 4, true).pipeline, PipelineRegime::UpTo8Stages);
    EXPECT_TRUE(regimeOf(eight, 4, true).calibrated);
    EXPECT_EQ(regimeOf(eight, 8, false).pipeline, PipelineRegime::UpTo8Stages);
    EXPECT_EQ(regimeOf(eight, 9, false).pipeline, PipelineRegime::Beyond8Stages);
    EXPECT_EQ(regimeOf(eight, 4, false).scale, ScaleRegime::UpTo512Gpus);
    eight.cluster.nodes = 64; // 512 GPUs: the last of the middle scale
    EXPECT_EQ(regimeOf(eight, 4, false).scale, ScaleRegime::UpTo512Gpus);
    eight.cluster.nodes = 65;
    EXPECT_EQ(regimeOf(eight, 4, false).scale, ScaleRegime::Beyond512Gpus);
    eight.training.precision = Precision::Fp8;
    EXPECT_EQ(regimeOf(eight, 4, false).precision, PrecisionRegime::Fp8);
    eight.training.precision = Precision::Fp16; // bf16 and fp16 share a regime
    EXPECT_EQ(regimeOf(eight, 4, false).precision, PrecisionRegime::SixteenBit);
}

TEST(BandRegimes, FallBackFromPrecisionToPipelineToEveryRun)
{
    const BandRegime own = regime(PrecisionRegime::Fp8, ScaleRegime::Beyond512Gpus, PipelineRegime::Beyond8Stages, true);
    const std::array<BandRegime, 4> chain = fallbackChain(own);
    EXPECT_EQ(chain[0], own);
    EXPECT_EQ(chain[1], regime(PrecisionRegime::Any, ScaleRegime::Beyond512Gpus, PipelineRegime::Beyond8Stages, true));
    EXPECT_EQ(chain[2], regime(PrecisionRegime::Any, ScaleRegime::Beyond512Gpus, PipelineRegime::Any, true));
    EXPECT_EQ(chain[3], regime(PrecisionRegime::Any, ScaleRegime::Any, PipelineRegime::Any, true));
}

TEST(Uncertainty, ARegimeWithTooFewRunsBorrowsTheNextCoarserBandAndSaysSo)
{
    const BandRegime own = regime(PrecisionRegime::SixteenBit, ScaleRegime::UpTo512Gpus, PipelineRegime::UpTo8Stages);
    const std::optional<StepUncertainty> u = uncertaintyOf(20.0, own, thinTable());
    ASSERT_TRUE(u);
    EXPECT_DOUBLE_EQ(u->p10, 18);
    EXPECT_DOUBLE_EQ(u->p50, 20);
    EXPECT_DOUBLE_EQ(u->p90, 24);
    EXPECT_EQ(u->runs, 40);
    EXPECT_EQ(u->ownRuns, 5);
    EXPECT_EQ(u->own, own);
    EXPECT_EQ(u->regime.precision, PrecisionRegime::Any);
    const std::string basis = describeBasis(*u);
    EXPECT_NE(basis.find("40 cross-validated runs: 2 nodes to 512 GPUs, pp 2–8, uncalibrated"), std::string::npos) << basis;
    EXPECT_NE(basis.find("bf16/fp16, 2 nodes to 512 GPUs, pp 2–8 has 5, fewer than 10"), std::string::npos) << basis;
}

TEST(Uncertainty, ARegimeWithEnoughRunsUsesItsOwnBand)
{
    UncertaintyBands table = thinTable();
    table.bands[0].runs = kMinBandRuns;
    const BandRegime own = table.bands[0].regime;
    const std::optional<StepUncertainty> u = uncertaintyOf(10.0, own, table);
    ASSERT_TRUE(u);
    EXPECT_EQ(u->regime, own);
    EXPECT_DOUBLE_EQ(u->p50, 6);
    EXPECT_EQ(describeBasis(*u), "10 cross-validated runs: bf16/fp16, 2 nodes to 512 GPUs, pp 2–8, uncalibrated");
}

TEST(Uncertainty, NoBandWithoutATableOrAValidResult)
{
    const BandRegime own = regime(PrecisionRegime::SixteenBit, ScaleRegime::OneNode, PipelineRegime::NoPipeline);
    EXPECT_FALSE(uncertaintyOf(1.0, own, UncertaintyBands{}));
    const Scenario s = test::llama8bOnDgxH100(1);
    Result invalid;
    EXPECT_FALSE(uncertaintyOf(s, invalid, io::builtinUncertaintyBands(), false));
}

TEST(Uncertainty, TheShippedTableGivesEveryRegimeAnOrderedBand)
{
    const UncertaintyBands& table = io::builtinUncertaintyBands();
    ASSERT_FALSE(table.bands.empty());
    for (PrecisionRegime precision : { PrecisionRegime::SixteenBit, PrecisionRegime::Fp8 })
        for (ScaleRegime scale : { ScaleRegime::OneNode, ScaleRegime::UpTo512Gpus, ScaleRegime::Beyond512Gpus })
            for (PipelineRegime pipeline :
                 { PipelineRegime::NoPipeline, PipelineRegime::UpTo8Stages, PipelineRegime::Beyond8Stages })
                for (bool calibrated : { false, true }) {
                    const std::optional<StepUncertainty> u
                        = uncertaintyOf(35.3, regime(precision, scale, pipeline, calibrated), table);
                    ASSERT_TRUE(u);
                    EXPECT_GT(u->p10, 0);
                    EXPECT_LE(u->p10, u->p50);
                    EXPECT_LE(u->p50, u->p90);
                    EXPECT_GE(u->runs, kMinBandRuns);
                    EXPECT_EQ(u->regime.calibrated, calibrated);
                }
}

TEST(Uncertainty, ACalibrationNarrowsTheBandAroundTheSameMedian)
{
    Scenario s = test::llama8bOnDgxH100(8);
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    const std::optional<StepUncertainty> model = uncertaintyOf(s, r, io::builtinUncertaintyBands(), false);
    const std::optional<StepUncertainty> calibrated = uncertaintyOf(s, r, io::builtinUncertaintyBands(), true);
    ASSERT_TRUE(model && calibrated);
    EXPECT_NEAR(calibrated->p50, model->p50, 1e-12 * model->p50);
    EXPECT_NEAR(calibrated->p90 - calibrated->p50, (model->p90 - model->p50) * kCalibratedSpreadFactor, 1e-9 * r.time.step);
    EXPECT_NEAR(calibrated->p50 - calibrated->p10, (model->p50 - model->p10) * kCalibratedSpreadFactor, 1e-9 * r.time.step);
    EXPECT_NE(describeBasis(*calibrated).find("assumed"), std::string::npos);
}

TEST(WithinEachOthersBand, BothMediansMustLieInTheOtherBand)
{
    // Bands 0.9-1.2 of the prediction, and a wide one 0.4-1.5.
    const UncertaintyBands table{ { { BandRegime{}, 100, 0.9, 1.0, 1.2 } } };
    const UncertaintyBands wideTable{ { { BandRegime{}, 100, 0.4, 1.0, 1.5 } } };
    const StepUncertainty a = *uncertaintyOf(10, BandRegime{}, table), near = *uncertaintyOf(11, BandRegime{}, table),
                          far = *uncertaintyOf(13, BandRegime{}, table), wide = *uncertaintyOf(13, BandRegime{}, wideTable);
    EXPECT_TRUE(withinEachOthersBand(a, a));
    EXPECT_TRUE(withinEachOthersBand(a, near));
    EXPECT_TRUE(withinEachOthersBand(near, a));
    EXPECT_FALSE(withinEachOthersBand(a, far));
    EXPECT_FALSE(withinEachOthersBand(a, wide)); // a's median is in wide's band, not wide's in a's
}

TEST(BandSide, SaysWhenTheBandLeavesItsOwnPredictionOut)
{
    const UncertaintyBands slowRuns{ { { BandRegime{}, 100, 1.05, 1.1, 1.3 } } };
    const UncertaintyBands fastRuns{ { { BandRegime{}, 100, 0.7, 0.8, 0.95 } } };
    const UncertaintyBands mixed{ { { BandRegime{}, 100, 0.9, 1.0, 1.1 } } };
    EXPECT_EQ(bandSide(*uncertaintyOf(10, BandRegime{}, slowRuns), 10), BandSide::AbovePrediction);
    EXPECT_EQ(bandSide(*uncertaintyOf(10, BandRegime{}, fastRuns), 10), BandSide::BelowPrediction);
    EXPECT_EQ(bandSide(*uncertaintyOf(10, BandRegime{}, mixed), 10), BandSide::AroundPrediction);
}

TEST(BandEstimation, QuantilesOfPublishedOverPredictedPerRegimeAndItsCoarserOnes)
{
    const Scenario s = test::llama8bOnDgxH100(2);
    const std::vector<double> ratios{ 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 0.95, 1.05, 1.15, 1.25, 0.85 };
    const Outcomes o = outcomesWithRatios(s, ratios);
    const UncertaintyBands table = bandsFromOutcomes(o.outcomes);
    ASSERT_EQ(table.bands.size(), 8u); // four regimes of the chain, each with its calibrated twin
    const BandRegime own = regimeOf(s, s.parallel.degrees.pp, false);
    for (const BandRegime& level : fallbackChain(own)) {
        const auto it = std::find_if(table.bands.begin(), table.bands.end(),
                                     [&](const UncertaintyBand& b) { return b.regime == level; });
        ASSERT_NE(it, table.bands.end());
        EXPECT_EQ(it->runs, int64_t(ratios.size()));
        EXPECT_DOUBLE_EQ(it->p10, quantile(ratios, 0.1));
        EXPECT_DOUBLE_EQ(it->p50, quantile(ratios, 0.5));
        EXPECT_DOUBLE_EQ(it->p90, quantile(ratios, 0.9));
    }
    const BandCoverage coverage = bandCoverage(table, o.outcomes);
    EXPECT_EQ(coverage.count, int64_t(ratios.size()));
    EXPECT_EQ(coverage.inside, 9); // all but the two ratios beyond the 10th and 90th percentiles
}

TEST(BandEstimation, AThroughputMetricCountsInverselyToTheStep)
{
    ValidationCase c;
    c.metric = PublishedMetric::ModelTflopsPerGpu;
    c.published = 400;
    CaseOutcome o;
    o.validationCase = &c;
    o.evaluated = true;
    o.predicted = 500; // the model's step is 0.8 of the real one
    EXPECT_DOUBLE_EQ(stepRatio(o), 1.25);
    c.metric = PublishedMetric::StepSeconds;
    c.published = 12;
    o.predicted = 10;
    EXPECT_DOUBLE_EQ(stepRatio(o), 1.2);
}

TEST(BandEstimation, HeldOutCoverageJudgesEachGroupByTheOthersBands)
{
    const Scenario s = test::llama8bOnDgxH100(2);
    std::vector<double> near(12, 1.0), far(12, 2.0);
    for (size_t i = 0; i < near.size(); ++i)
        near[i] += 0.01 * double(i);
    Outcomes a = outcomesWithRatios(s, near, "a"), b = outcomesWithRatios(s, far, "b");
    std::vector<CaseOutcome> all = a.outcomes;
    all.insert(all.end(), b.outcomes.begin(), b.outcomes.end());
    // Group a's bands (1.0-1.11) never hold b's 2.0, nor b's hold a's.
    EXPECT_EQ(heldOutBandCoverage(all).inside, 0);
    EXPECT_EQ(heldOutBandCoverage(all).count, 24);
    // In sample, a's own bands hold its middle: 1.02-1.09 of 1.00-1.11 (p10 1.011, p90 1.099).
    EXPECT_EQ(bandCoverage(bandsFromOutcomes(a.outcomes), a.outcomes).inside, 8);
}
