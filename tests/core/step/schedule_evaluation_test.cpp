// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// Whole evaluations under each pipeline schedule: the step, the memory each schedule trades for
// its bubble, and DualPipe's second copy of the weights.
#include "tests/core/scenario_fixtures.h"

#include "core/rules/pipeline_split.h"
#include "core/rules/schedule_rules.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

// Llama 3.1 70B on 8 DGX H100 nodes, tp 8 x pp 4 x dp 2, 128 micro-batches, nothing recomputed
// (so no schedule's memory is traded back for time behind the test's back).
Scenario llama70b(PipelineSchedule schedule)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.recompute = Recompute::Selective;
    s.parallel.schedule = schedule;
    const int64_t chunks = scheduleTraits(schedule).chunksPerStage;
    s.parallel.degrees.vpp = chunks == 0 ? 5 : chunks;
    return s;
}

Result run(PipelineSchedule schedule)
{
    EvaluateOptions options;
    options.recordTimeline = true;
    return evaluate(llama70b(schedule), options);
}

} // namespace

TEST(ScheduleEvaluation, EveryScheduleEvaluatesAndNamesItself)
{
    for (size_t i = 0; i < kPipelineScheduleNames.size(); ++i) {
        const Result r = run(PipelineSchedule(i));
        ASSERT_TRUE(r.valid) << kPipelineScheduleNames[i];
        EXPECT_EQ(r.schedule, PipelineSchedule(i));
        EXPECT_NEAR(r.time.sumOfParts(), r.time.step, 1e-9 * r.time.step) << kPipelineScheduleNames[i];
        EXPECT_GT(r.time.step, 0);
        EXPECT_FALSE(r.timeline.empty());
    }
}

TEST(ScheduleEvaluation, ZeroBubbleSchedulesShrinkTheBubbleThatOneFOneBLeaves)
{
    const Result oneF = run(PipelineSchedule::OneFOneB);
    const Result h1 = run(PipelineSchedule::ZbH1);
    const Result h2 = run(PipelineSchedule::ZbH2);
    EXPECT_LT(h1.time.bubble, oneF.time.bubble);
    EXPECT_LT(h1.time.step, oneF.time.step);
    EXPECT_LT(h2.time.step, h1.time.step);
}

TEST(ScheduleEvaluation, TheScheduleSetsTheActivationsEachStageHolds)
{
    const Result oneF = run(PipelineSchedule::OneFOneB);
    const Result gpipe = run(PipelineSchedule::GPipe);
    const Result h1 = run(PipelineSchedule::ZbH1);
    const Result h2 = run(PipelineSchedule::ZbH2);
    const size_t last = oneF.stages.size() - 1;
    // ZB-H1 holds on every stage what 1F1B holds on its first, ZB-H2 about twice that; GPipe all 128.
    EXPECT_NEAR(h1.stages[last].memory.activations / oneF.stages[last].memory.activations, 4.0, 0.35);
    EXPECT_NEAR(h2.stages[1].memory.activations / oneF.stages[0].memory.activations, 7.0 / 4.0, 0.2);
    EXPECT_GT(gpipe.stages[1].memory.activations, 20 * oneF.stages[1].memory.activations);
}

TEST(ScheduleEvaluation, DualPipeKeepsTwoCopiesOfTheWeightsAndDualPipeVOne)
{
    const Result oneF = run(PipelineSchedule::OneFOneB);
    const Result dual = run(PipelineSchedule::DualPipe);
    const Result dualV = run(PipelineSchedule::DualPipeV);
    // A middle stage holds its own layers and its mirror's: twice 1F1B's weights; DualPipeV folds
    // the model into 2·pp chunks, so each stage keeps 1F1B's share.
    EXPECT_NEAR(dual.stages[1].memory.weights / oneF.stages[1].memory.weights, 2.0, 1e-9);
    EXPECT_NEAR(dualV.stages[1].memory.weights / oneF.stages[1].memory.weights, 1.0, 1e-9);
    // Both ends of DualPipe run the embedding and the output layer; DualPipeV's first stage does.
    EXPECT_GT(dual.stages[0].memory.weights, dual.stages[1].memory.weights);
    EXPECT_GT(dualV.stages[0].memory.weights, dualV.stages[1].memory.weights);
}

TEST(ScheduleEvaluation, TheTimelineCarriesSplitBackwardsAndBothDirections)
{
    const Result h1 = run(PipelineSchedule::ZbH1);
    const auto kinds = [](const Result& r, PipelineOpKind kind) {
        return std::count_if(r.timeline.begin(), r.timeline.end(), [&](const PipelineOp& op) { return op.kind == kind; });
    };
    EXPECT_EQ(kinds(h1, PipelineOpKind::WeightGradient), kinds(h1, PipelineOpKind::InputGradient));
    EXPECT_EQ(kinds(h1, PipelineOpKind::Backward), 0);
    const Result dual = run(PipelineSchedule::DualPipe);
    EXPECT_TRUE(std::any_of(dual.timeline.begin(), dual.timeline.end(), [](const PipelineOp& op) { return op.direction == 1; }));
    EXPECT_TRUE(std::any_of(dual.timeline.begin(), dual.timeline.end(), [](const PipelineOp& op) { return op.overlapped; }));
}

// peakMemoryOf prices only the stages that can be the fullest: it agrees with every stage priced.
TEST(ScheduleEvaluation, ThePeakIsTheFullestStageUnderEverySchedule)
{
    for (size_t i = 0; i < kPipelineScheduleNames.size(); ++i)
        for (bool trimmed : { false, true }) {
            Scenario s = llama70b(PipelineSchedule(i));
            if (trimmed)
                s.parallel.layersPerStage = trimmedEndsSplit(s.model.layers, s.parallel.degrees.virtualStages(), 1);
            for (Recompute recompute : { Recompute::None, Recompute::Full }) {
                s.parallel.recompute = recompute;
                StepPlan plan = planStep(s);
                (void)resolveRecompute(s, plan);
                double fullest = 0;
                for (const MemoryBreakdown& stage : memoryPerStage(s, plan))
                    fullest = std::max(fullest, stage.total());
                EXPECT_DOUBLE_EQ(peakMemoryOf(s, plan), fullest) << kPipelineScheduleNames[i] << (trimmed ? " trimmed" : "");
            }
        }
}
