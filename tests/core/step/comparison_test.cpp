// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/uncertainty.h"
#include "core/step/comparison.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace paraplan;

namespace {
// The band of `step` when the real step lies within 0.9-1.1 of the prediction.
std::optional<StepUncertainty> tenPercentBand(double step)
{
    return uncertaintyOf(step, BandRegime{}, UncertaintyBands{ { { BandRegime{}, 100, 0.9, 1.0, 1.1 } } });
}

Comparison compareScenarios(const Scenario& a, const Scenario& b)
{
    const Result ra = evaluate(a), rb = evaluate(b);
    EXPECT_TRUE(ra.valid && rb.valid);
    return compare(a, ra, b, rb);
}
} // namespace

TEST(Compare, DeltasAddUpToTheStepDifference)
{
    Scenario a = test::gpt3OnDgxA100();
    Scenario b = a;
    b.parallel.degrees.pp = 16;
    b.parallel.degrees.tp = 4;
    const Comparison c = compareScenarios(a, b);
    double sum = 0;
    for (const ComponentDelta& d : c.components)
        sum += d.delta();
    EXPECT_NEAR(sum, c.stepB - c.stepA, 1e-9 * c.stepB);
    EXPECT_EQ(c.components.size(), kTimeComponents.size());
}

TEST(Compare, TpGroupAcrossNodesIsNamedWithBothBandwidths)
{
    Scenario a = test::gpt3OnDgxA100();
    a.parallel.degrees.pp = 4;
    Scenario b = a;
    b.parallel.degrees.tp = 16;
    const Comparison c = compareScenarios(a, b);
    ASSERT_GT(c.stepB, c.stepA);
    EXPECT_EQ(c.largest, TimeComponent::TpComm);
    EXPECT_EQ(c.cause.kind, CauseKind::TpGroupCrossesNodes);
    EXPECT_GT(c.cause.valueA, c.cause.valueB); // NVSwitch against eight HDR rails
    EXPECT_EQ(c.cause.countA, 8);
    EXPECT_EQ(c.cause.countB, 16);
}

TEST(Compare, FewerMicroBatchesShowUpAsBubble)
{
    Scenario a = test::gpt3OnDgxA100();
    Scenario b = a;
    b.training.globalBatch = 128; // 16 micro-batches over 8 stages instead of 192
    const Result ra = evaluate(a), rb = evaluate(b);
    const Comparison c = compare(a, ra, b, rb);
    EXPECT_GT(rb.bubbleFraction, ra.bubbleFraction);
    EXPECT_LT(c.stepB, c.stepA); // a smaller batch is a shorter step
    EXPECT_EQ(c.cause.kind, CauseKind::NotSlower);
}

TEST(Compare, MoreRecomputationIsNamed)
{
    Scenario a = test::gpt3OnDgxA100();
    Scenario b = a;
    b.parallel.recompute = Recompute::Full;
    const Comparison c = compareScenarios(a, b);
    EXPECT_EQ(c.largest, TimeComponent::Recompute);
    EXPECT_EQ(c.cause.kind, CauseKind::MoreRecomputation);
    EXPECT_EQ(c.cause.countB, int64_t(Recompute::Full));
}

TEST(Compare, PipelineBubbleCause)
{
    Scenario a = test::gpt3OnDgxA100();
    a.training.globalBatch = 256;
    Scenario b = a;
    b.parallel.degrees.pp = 16;
    b.parallel.degrees.tp = 4;
    const Comparison c = compareScenarios(a, b);
    if (c.largest == TimeComponent::Bubble) {
        EXPECT_EQ(c.cause.kind, CauseKind::PipelineBubble);
        EXPECT_GT(c.cause.valueB, c.cause.valueA);
        EXPECT_EQ(c.cause.extraB, 16);
    }
    EXPECT_GT(c.stepB, c.stepA);
}

// Issue #14: a schedule is part of a configuration; where it is all that differs, it is the cause.
TEST(Compare, ASlowerScheduleIsNamed)
{
    Scenario a = test::gpt3OnDgxA100();
    a.training.globalBatch = 256;
    a.parallel.schedule = PipelineSchedule::ZbH1;
    Scenario b = a;
    b.parallel.schedule = PipelineSchedule::GPipe;
    const Comparison c = compareScenarios(a, b);
    ASSERT_GT(c.stepB, c.stepA);
    ASSERT_EQ(c.largest, TimeComponent::Bubble);
    EXPECT_EQ(c.cause.kind, CauseKind::PipelineSchedule);
    EXPECT_EQ(PipelineSchedule(c.cause.countA), PipelineSchedule::ZbH1);
    EXPECT_EQ(PipelineSchedule(c.cause.countB), PipelineSchedule::GPipe);
    EXPECT_GT(c.cause.valueB, c.cause.valueA);
}

TEST(Compare, QuotesTheBandwidthsTheEvaluationsPriced)
{
    // Issue #9: the verdict reads the evaluations' own groups, so it quotes the links at the
    // constants the step was priced with (re-placing the groups with the defaults would not).
    Scenario a = test::gpt3OnDgxA100();
    a.parallel.degrees.pp = 4;
    Scenario b = a;
    b.parallel.degrees.tp = 16;
    EvaluateOptions options;
    options.params.ncclIntraNodeEfficiency = 0.5;
    options.params.ncclInterNodeEfficiency = 0.6;
    const Result ra = evaluate(a, options), rb = evaluate(b, options);
    ASSERT_TRUE(ra.valid && rb.valid);
    const Comparison c = compare(a, ra, b, rb);
    ASSERT_EQ(c.largest, TimeComponent::TpComm);
    const GroupReport* tpA = findGroup(ra.groups, CommGroup::Tp);
    const GroupReport* tpB = findGroup(rb.groups, CommGroup::Tp);
    ASSERT_TRUE(tpA && tpB);
    EXPECT_DOUBLE_EQ(c.cause.valueA, tpA->busGBps);
    EXPECT_DOUBLE_EQ(c.cause.valueB, tpB->busGBps);
    const Result defaultB = evaluate(b);
    EXPECT_LT(c.cause.valueB, findGroup(defaultB.groups, CommGroup::Tp)->busGBps);
}

TEST(Compare, NoRealDifferenceWhenEachStepLiesInTheOthersBand)
{
    // Issue #10: A and B within each other's band are not told apart, whatever the cause says.
    const Scenario a = test::gpt3OnDgxA100();
    Scenario b = a;
    b.parallel.degrees.pp = 16;
    b.parallel.degrees.tp = 4;
    Result ra = evaluate(a), rb = evaluate(b);
    EXPECT_FALSE(compare(a, ra, b, rb).noRealDifference); // no bands attached: nothing to judge by
    ra.uncertainty = tenPercentBand(ra.time.step);
    rb.uncertainty = tenPercentBand(rb.time.step);
    const double ratio = rb.time.step / ra.time.step;
    EXPECT_EQ(compare(a, ra, b, rb).noRealDifference, 1 / 1.1 <= ratio && ratio <= 1.1);
    rb.uncertainty = tenPercentBand(ra.time.step * 2);
    EXPECT_FALSE(compare(a, ra, b, rb).noRealDifference);
    rb.uncertainty = tenPercentBand(ra.time.step * 1.05);
    EXPECT_TRUE(compare(a, ra, b, rb).noRealDifference);
}

TEST(Compare, CarriesTheHiddenCommunicationOfBoth)
{
    const Scenario a = test::gpt3OnDgxA100();
    Scenario b = a;
    b.parallel.degrees.pp = 16;
    b.parallel.degrees.tp = 4;
    const Result ra = evaluate(a), rb = evaluate(b);
    const Comparison c = compare(a, ra, b, rb);
    for (const ComponentDelta& d : c.components) {
        EXPECT_DOUBLE_EQ(d.hiddenA, hiddenSeconds(ra.time, d.component));
        EXPECT_DOUBLE_EQ(d.hiddenB, hiddenSeconds(rb.time, d.component));
    }
    const auto dp = std::find_if(c.components.begin(), c.components.end(),
                                 [](const ComponentDelta& d) { return d.component == TimeComponent::DpComm; });
    EXPECT_DOUBLE_EQ(dp->hiddenA, ra.time.hidden.dp);
}
