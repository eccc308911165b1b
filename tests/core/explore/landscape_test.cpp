// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/landscape.h"
#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace paraplan;

namespace {
Scenario small() { return test::llama8bOnDgxH100(2); }
} // namespace

TEST(Landscape, PricesEveryFittingConfigurationExactly)
{
    const Landscape l = computeLandscape(small());
    ASSERT_FALSE(l.points.empty());
    EXPECT_FALSE(l.truncated);
    EXPECT_EQ(int64_t(l.points.size()), l.fitting);
    const Scenario base = small();
    for (size_t i = 0; i < l.points.size(); i += 37) {
        Scenario s = base;
        applyCandidate(s, l.points[i].candidate);
        const Result r = evaluate(s);
        EXPECT_DOUBLE_EQ(l.points[i].stepS, r.time.step);
        EXPECT_NEAR(l.points[i].memoryBytes, r.memory.total(), 1e-6 * r.memory.total());
        EXPECT_LE(l.points[i].memoryBytes, r.capacityBytes);
    }
}

TEST(Landscape, IgnoresPinsToShowEveryChoice)
{
    const Landscape l = computeLandscape(small());
    bool otherTp = false;
    for (const LandscapePoint& p : l.points)
        otherTp |= p.candidate.degrees.tp != 2;
    EXPECT_TRUE(otherTp);
}

TEST(Landscape, ParetoFrontIsExactlyTheUnbeatenPoints)
{
    std::vector<LandscapePoint> points(5);
    const double steps[] = { 1, 2, 3, 2, 4 }, memory[] = { 5, 4, 1, 6, 0.5 };
    for (size_t i = 0; i < 5; ++i) {
        points[i].stepS = steps[i];
        points[i].memoryBytes = memory[i];
    }
    markParetoFront(points);
    EXPECT_TRUE(points[0].pareto);
    EXPECT_TRUE(points[1].pareto);
    EXPECT_TRUE(points[2].pareto);
    EXPECT_FALSE(points[3].pareto); // slower and bigger than point 1
    EXPECT_TRUE(points[4].pareto);
}

TEST(Landscape, ShadesThePointsTheModelCannotTellFromTheFastest)
{
    LandscapeOptions options;
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
    const Landscape l = computeLandscape(small(), options);
    const auto fastest = std::min_element(l.points.begin(), l.points.end(),
                                          [](const auto& a, const auto& b) { return a.stepS < b.stepS; });
    ASSERT_NE(fastest, l.points.end());
    EXPECT_TRUE(fastest->tiedWithFastest);
    int64_t tied = 0;
    for (const LandscapePoint& p : l.points) {
        const auto band = uncertaintyOf(p.stepS, regimeOf(small(), p.candidate.degrees.pp, false), *options.bands);
        const auto best = uncertaintyOf(fastest->stepS, regimeOf(small(), fastest->candidate.degrees.pp, false), *options.bands);
        EXPECT_EQ(p.tiedWithFastest, withinEachOthersBand(*best, *band));
        tied += p.tiedWithFastest;
    }
    EXPECT_GT(tied, 1);
    EXPECT_LT(tied, int64_t(l.points.size())); // the slow end of the landscape is told apart
    for (const LandscapePoint& p : computeLandscape(small()).points)
        EXPECT_FALSE(p.tiedWithFastest); // without bands nothing is shaded
}

TEST(Landscape, SamplesHugeSpacesAndSaysSo)
{
    LandscapeOptions options;
    options.maxPoints = 50;
    const Landscape l = computeLandscape(small(), options);
    EXPECT_TRUE(l.truncated);
    EXPECT_EQ(l.points.size(), 50u);
    EXPECT_GT(l.fitting, 50);
}

TEST(Landscape, StopsWhenCancelled)
{
    std::atomic<bool> cancel{ true };
    LandscapeOptions options;
    options.cancel = &cancel;
    const Landscape l = computeLandscape(small(), options);
    EXPECT_TRUE(l.cancelled);
    EXPECT_TRUE(l.points.empty());
}

TEST(BubbleCurve, MatchesEvaluationAndNeverRises)
{
    Scenario s = small();
    s.parallel.degrees.pp = 4;
    s.parallel.degrees.dp = 0;
    const std::vector<int64_t> counts{ 1, 2, 4, 8, 16, 32 };
    const std::vector<double> bubble = bubbleFractionByMicroBatches(s, counts);
    ASSERT_EQ(bubble.size(), counts.size());
    for (size_t i = 1; i < bubble.size(); ++i)
        EXPECT_LE(bubble[i], bubble[i - 1] + 1e-12);
    s.training.globalBatch = 8 * 1 * 2; // 8 micro-batches, dp 2
    EXPECT_DOUBLE_EQ(bubble[3], evaluate(s).bubbleFraction);
}

TEST(BubbleCurve, InterleavingNeedsMultiplesOfPp)
{
    Scenario s = small();
    s.parallel.degrees.pp = 4;
    s.parallel.degrees.vpp = 2;
    const std::vector<double> bubble = bubbleFractionByMicroBatches(s, { 2, 4, 6, 8 });
    EXPECT_LT(bubble[0], 0);
    EXPECT_GE(bubble[1], 0);
    EXPECT_LT(bubble[2], 0);
    EXPECT_GE(bubble[3], 0);
}

TEST(Landscape, ItsInputsAreEverythingButTheChoicesItExplores)
{
    const Scenario s = test::llama70bOnDgxH100();
    Scenario moved = s;
    moved.parallel.degrees = { .tp = 4, .dp = 0, .pp = 8, .vpp = 2 };
    moved.training.microBatch = 2;
    moved.parallel.zeroStage = 3;
    moved.parallel.recompute = Recompute::Full;
    moved.parallel.sequenceParallel = false;
    moved.pins = ParallelPins{ true, true, true, true, true, true, true, true, true, true, true };
    EXPECT_EQ(landscapeInputs(moved), landscapeInputs(s));
    // What the landscape prices every point with changes it.
    for (auto change : { +[](Scenario& x) { x.training.globalBatch *= 2; }, +[](Scenario& x) { x.cluster.nodes = 4; },
                         +[](Scenario& x) { x.parallel.overlapGradReduce = false; },
                         +[](Scenario& x) { x.parallel.tpCommOverlap = true; }, +[](Scenario& x) { x.model.layers = 40; },
                         +[](Scenario& x) { x.parallel.placement.order = *parseRankOrder("cp-tp-ep-dp-pp"); } }) {
        Scenario other = s;
        change(other);
        EXPECT_NE(landscapeInputs(other), landscapeInputs(s));
    }
}
