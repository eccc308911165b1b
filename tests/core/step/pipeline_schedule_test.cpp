// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/pipeline_simulation.h"
#include "tests/core/step/pipeline_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace paraplan;

namespace {

double idleFraction(const PipelineResult& r, int64_t stage)
{
    const PipelineStageStats& s = r.stages[size_t(stage)];
    return (r.makespan - s.busyCompute - s.busySend) / r.makespan;
}

} // namespace

class UniformOneFOneB : public ::testing::TestWithParam<std::tuple<int64_t, int64_t>> {
};

TEST_P(UniformOneFOneB, BubbleIsPMinusOneOverMPlusPMinusOne)
{
    const auto [p, m] = GetParam();
    const PipelineResult r = simulatePipeline(test::uniformPipeline(p, 1, m, 1.0, 2.0));
    ASSERT_TRUE(r.ok);
    EXPECT_NEAR(r.makespan, double(m + p - 1) * 3.0, 1e-9);
    for (int64_t stage = 0; stage < p; ++stage)
        EXPECT_NEAR(idleFraction(r, stage), textbookBubbleFraction(p, 1, m), 1e-12);
}

INSTANTIATE_TEST_SUITE_P(StagesAndMicroBatches, UniformOneFOneB,
                         ::testing::Combine(::testing::Values(1, 2, 4, 8, 16), ::testing::Values(1, 3, 8, 16, 64)));

class UniformInterleaved : public ::testing::TestWithParam<std::tuple<int64_t, int64_t, int64_t>> {
};

TEST_P(UniformInterleaved, BubbleIsPMinusOneOverVmPlusPMinusOne)
{
    const auto [p, v, mPerP] = GetParam();
    const int64_t m = mPerP * p;
    const PipelineResult r = simulatePipeline(test::uniformPipeline(p, v, m, 1.0, 2.0));
    ASSERT_TRUE(r.ok);
    const double expected = textbookBubbleFraction(p, v, m);
    for (int64_t stage = 0; stage < p; ++stage)
        EXPECT_NEAR(idleFraction(r, stage), expected, 1e-12) << "stage " << stage;
}

INSTANTIATE_TEST_SUITE_P(StagesChunksMicroBatches, UniformInterleaved,
                         ::testing::Combine(::testing::Values(2, 4, 8), ::testing::Values(2, 3, 4),
                                            ::testing::Values(1, 2, 4)));

TEST(Pipeline, MoreMicroBatchesNeverIncreaseTheBubble)
{
    for (int64_t p : { 2, 4, 8 }) {
        double previous = 1.0;
        for (int64_t m = 1; m <= 64; ++m) {
            const PipelineResult r = simulatePipeline(test::uniformPipeline(p, 1, m, 1.0, 2.0));
            const double bubble = idleFraction(r, 0);
            EXPECT_LE(bubble, previous + 1e-12) << "p " << p << " m " << m;
            previous = bubble;
        }
    }
}

TEST(Pipeline, TheSlowestStagePacesTheSteadyState)
{
    PipelineInput in = test::uniformPipeline(4, 1, 32, 1.0, 2.0);
    in.forwardSeconds[2] = 2.0;
    in.backwardSeconds[2] = 4.0;
    const PipelineResult r = simulatePipeline(in);
    ASSERT_TRUE(r.ok);
    // 32 micro-batches through a 6 s stage, plus filling and draining the other stages.
    EXPECT_GE(r.makespan, 32 * 6.0);
    EXPECT_LE(r.makespan, 32 * 6.0 + 3 * 3.0 + 1e-9);
    // The fast stages wait for it.
    EXPECT_GT(idleFraction(r, 0), idleFraction(r, 2));
}

TEST(Pipeline, SendsDelayTheNeighbourAndOccupyTheSender)
{
    PipelineInput in = test::uniformPipeline(2, 1, 1, 1.0, 2.0);
    in.sendForwardSeconds = 0.25;
    in.sendBackwardSeconds = 0.5;
    const PipelineResult r = simulatePipeline(in);
    ASSERT_TRUE(r.ok);
    // F0 (1) + send (0.25) + F1 (1) + B1 (2) + send (0.5) + B0 (2).
    EXPECT_DOUBLE_EQ(r.makespan, 6.75);
    EXPECT_DOUBLE_EQ(r.stages[0].busySend, 0.25);
    EXPECT_DOUBLE_EQ(r.stages[1].busySend, 0.5);
}

TEST(Pipeline, SingleStageRunsMicroBatchesBackToBack)
{
    const PipelineResult r = simulatePipeline(test::uniformPipeline(1, 1, 5, 1.0, 2.0));
    ASSERT_TRUE(r.ok);
    EXPECT_DOUBLE_EQ(r.makespan, 15.0);
    EXPECT_DOUBLE_EQ(idleFraction(r, 0), 0.0);
}

TEST(Pipeline, RejectsInputItCannotSchedule)
{
    EXPECT_FALSE(simulatePipeline(test::uniformPipeline(4, 2, 6, 1, 2)).ok); // interleaving needs m % p == 0
    PipelineInput wrongSize = test::uniformPipeline(2, 1, 4, 1, 2);
    wrongSize.forwardSeconds.pop_back();
    EXPECT_FALSE(simulatePipeline(wrongSize).ok);
    EXPECT_FALSE(simulatePipeline(test::uniformPipeline(0, 1, 4, 1, 2)).ok);
}

TEST(Pipeline, TimelineHasEveryOperationOnceWithoutOverlapOnAStage)
{
    PipelineInput in = test::uniformPipeline(4, 2, 8, 1.0, 2.0);
    in.recordTimeline = true;
    const PipelineResult r = simulatePipeline(in);
    ASSERT_TRUE(r.ok);
    ASSERT_EQ(r.timeline.size(), size_t(2 * 4 * 2 * 8));
    for (int64_t stage = 0; stage < 4; ++stage) {
        std::vector<PipelineOp> ops;
        std::copy_if(r.timeline.begin(), r.timeline.end(), std::back_inserter(ops),
                     [&](const PipelineOp& op) { return op.stage == stage; });
        std::sort(ops.begin(), ops.end(), [](const PipelineOp& a, const PipelineOp& b) { return a.start < b.start; });
        for (size_t i = 1; i < ops.size(); ++i)
            EXPECT_GE(ops[i].start, ops[i - 1].sendEnd - 1e-12);
    }
}

TEST(Schedule, OneFOneBWarmsUpWithPMinusStageMinusOneForwards)
{
    const std::vector<ScheduledOp> ops = stageSchedule(1, 4, 1, 8);
    ASSERT_EQ(ops.size(), 16u);
    for (int i = 0; i < 2; ++i)
        EXPECT_EQ(ops[size_t(i)].kind, PipelineOpKind::Forward);
    EXPECT_EQ(ops[2].kind, PipelineOpKind::Forward);
    EXPECT_EQ(ops[3].kind, PipelineOpKind::Backward);
    EXPECT_EQ(ops[3].microBatch, 0);
    EXPECT_EQ(ops.back().kind, PipelineOpKind::Backward);
    EXPECT_EQ(ops.back().microBatch, 7);
}

TEST(Schedule, InterleavedVisitsChunksInGroupsOfP)
{
    // Megatron: forward k runs chunk (k / p) % v of micro-batch (k / (p v)) p + k % p.
    const std::vector<ScheduledOp> ops = stageSchedule(3, 4, 2, 8);
    std::vector<ScheduledOp> forwards;
    std::copy_if(ops.begin(), ops.end(), std::back_inserter(forwards),
                 [](const ScheduledOp& op) { return op.kind == PipelineOpKind::Forward; });
    ASSERT_EQ(forwards.size(), 16u);
    EXPECT_EQ(forwards[0].chunk, 0);
    EXPECT_EQ(forwards[4].chunk, 1);
    EXPECT_EQ(forwards[4].microBatch, 0);
    EXPECT_EQ(forwards[8].chunk, 0);
    EXPECT_EQ(forwards[8].microBatch, 4);
}

// The production simulator walks positions in a fixed order and skips the repeating middle of the
// steady phase; both must agree exactly with the plain polling reference, on stages of any speed.
TEST(Pipeline, MatchesThePlainReferenceOnRandomNonUniformStages)
{
    std::mt19937 random(2026);
    std::uniform_real_distribution<double> seconds(0.5, 2.0);
    int compared = 0, skipped = 0;
    for (int64_t p : { 1, 2, 3, 4, 7, 8, 12 })
        for (int64_t v : { 1, 2, 3, 5 })
            for (int64_t groups : { 1, 2, 5, 16 }) {
                if (v > 1 && p == 1)
                    continue;
                const int64_t m = v == 1 ? groups * 3 + p / 2 : groups * p;
                PipelineInput in = test::uniformPipeline(p, v, m, 1.0, 2.0);
                for (double& t : in.forwardSeconds)
                    t = seconds(random);
                for (double& t : in.backwardSeconds)
                    t = 2 * seconds(random);
                in.sendForwardSeconds = 0.05 * seconds(random);
                in.sendBackwardSeconds = 0.05 * seconds(random);
                const PipelineResult expected = test::referenceSimulation(in);
                const PipelineResult fast = simulatePipeline(in);
                in.recordTimeline = true; // no skipping when every operation is wanted
                const PipelineResult full = simulatePipeline(in);
                ASSERT_TRUE(expected.ok && fast.ok && full.ok);
                SCOPED_TRACE("p " + std::to_string(p) + " v " + std::to_string(v) + " m " + std::to_string(m));
                EXPECT_NEAR(fast.makespan, expected.makespan, 1e-9 * expected.makespan);
                EXPECT_NEAR(full.makespan, expected.makespan, 1e-12 * expected.makespan);
                for (int64_t s = 0; s < p; ++s) {
                    EXPECT_NEAR(fast.stages[size_t(s)].end, expected.stages[size_t(s)].end, 1e-9 * expected.makespan);
                    EXPECT_NEAR(fast.stages[size_t(s)].busyCompute, expected.stages[size_t(s)].busyCompute,
                                1e-9 * expected.makespan);
                    EXPECT_NEAR(fast.stages[size_t(s)].busySend, expected.stages[size_t(s)].busySend,
                                1e-9 * expected.makespan);
                }
                EXPECT_EQ(full.operationsSimulated, 2 * p * v * m);
                skipped += fast.operationsSimulated < full.operationsSimulated ? 1 : 0;
                ++compared;
            }
    EXPECT_GT(compared, 80);
    EXPECT_GT(skipped, 20); // the comparison covered the shortcut, not only full simulations
}

TEST(Pipeline, SkipsTheRepeatingSteadyStateOnlyWhereItRepeats)
{
    // A slow middle stage makes the pipeline settle only after a transient; the answer must still
    // be the reference's.
    PipelineInput in = test::uniformPipeline(6, 1, 500, 1.0, 2.0);
    in.forwardSeconds[3] = 1.3;
    in.backwardSeconds[0] = 2.4;
    in.sendForwardSeconds = 0.01;
    const PipelineResult expected = test::referenceSimulation(in);
    const PipelineResult fast = simulatePipeline(in);
    EXPECT_NEAR(fast.makespan, expected.makespan, 1e-9 * expected.makespan);
    EXPECT_LT(fast.operationsSimulated, 6 * 500);
}
