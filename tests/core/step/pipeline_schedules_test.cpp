// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The schedules beyond Megatron's: their orders, their bubbles against the papers' formulas where
// those are exact (every pass alike, sends free), and the memory they hold.
#include "core/model/memory_model.h"
#include "core/rules/parallel_layout.h"
#include "core/rules/schedule_rules.h"
#include "core/step/order_simulation.h"
#include "core/step/pipeline_simulation.h"
#include "core/step/schedule_orders.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>

using namespace paraplan;

namespace {

// Every chunk alike: F seconds forward, B input gradient, W weight gradient.
PipelineInput alike(PipelineSchedule schedule, int64_t p, int64_t v, int64_t m, double f, double b, double w)
{
    PipelineInput in;
    in.schedule = schedule;
    in.stages = p;
    in.chunks = v;
    in.microBatches = m;
    const size_t n = size_t(virtualStagesOf(schedule, p, v));
    in.forwardSeconds.assign(n, f);
    in.backwardSeconds.assign(n, b + w);
    in.weightSeconds.assign(n, w);
    return in;
}

double busiest(const PipelineResult& r)
{
    double busy = 0;
    for (const PipelineStageStats& s : r.stages)
        busy = std::max(busy, s.busyCompute);
    return busy;
}

// The longest time a stage is idle between its first and its last pass.
double worstInnerIdle(const PipelineResult& r)
{
    double idle = 0;
    for (const PipelineStageStats& s : r.stages)
        idle = std::max(idle, s.end - s.start - s.busyCompute - s.busySend);
    return idle;
}

} // namespace

TEST(ScheduleOrders, RunEveryPassOnceAndEachWeightGradientAfterItsInputGradient)
{
    for (PipelineSchedule schedule : { PipelineSchedule::GPipe, PipelineSchedule::ZbH1, PipelineSchedule::ZbH2,
                                       PipelineSchedule::ZbV, PipelineSchedule::DualPipe, PipelineSchedule::DualPipeV })
        for (int64_t p : { 2, 4, 6 })
            for (int64_t m : { 2 * p, 3 * p + 2 }) {
                const int64_t v = scheduleTraits(schedule).chunksPerStage == 2 ? 2 : 1;
                const StageOrders orders = scheduleOrders(schedule, p, v, m);
                ASSERT_EQ(int64_t(orders.size()), p) << toString(schedule);
                std::map<std::tuple<int, int64_t, int64_t, int>, int> seen; // (direction, vs, mb, kind)
                for (int64_t s = 0; s < p; ++s)
                    for (const OrderedOp& op : orders[size_t(s)]) {
                        EXPECT_EQ(stageOfVirtual(schedule, p, op.virtualStage, op.direction), s) << toString(schedule);
                        if (op.kind == PipelineOpKind::WeightGradient) { // its input gradient came first
                            EXPECT_EQ((seen[{ op.direction, op.virtualStage, op.microBatch, int(PipelineOpKind::InputGradient) }]), 1);
                        }
                        ++seen[{ op.direction, op.virtualStage, op.microBatch, int(op.kind) }];
                    }
                const int64_t perDirection = scheduleTraits(schedule).bidirectional ? m / 2 : m;
                const int64_t directions = scheduleTraits(schedule).bidirectional ? 2 : 1;
                const int64_t virtualStages = virtualStagesOf(schedule, p, v);
                for (int d = 0; d < directions; ++d)
                    for (int64_t vs = 0; vs < virtualStages; ++vs)
                        for (int64_t mb = 0; mb < perDirection; ++mb) {
                            EXPECT_EQ((seen[{ d, vs, mb, int(PipelineOpKind::Forward) }]), 1) << toString(schedule);
                            const int whole = seen[{ d, vs, mb, int(PipelineOpKind::Backward) }];
                            const int split = seen[{ d, vs, mb, int(PipelineOpKind::InputGradient) }];
                            EXPECT_EQ(whole + split, 1) << toString(schedule) << " p=" << p << " m=" << m;
                            EXPECT_EQ((seen[{ d, vs, mb, int(PipelineOpKind::WeightGradient) }]), split);
                        }
            }
}

TEST(OrderSimulation, AgreesWithTheFastPathOnMegatronsSchedules)
{
    std::mt19937 random(7);
    std::uniform_real_distribution<double> seconds(0.5, 2.0);
    for (auto [p, v, m] : { std::tuple{ 4, 1, 9 }, std::tuple{ 4, 2, 8 }, std::tuple{ 3, 3, 9 }, std::tuple{ 8, 1, 3 } }) {
        PipelineInput in;
        in.schedule = v > 1 ? PipelineSchedule::Interleaved1F1B : PipelineSchedule::OneFOneB;
        in.stages = p;
        in.chunks = v;
        in.microBatches = m;
        for (int64_t i = 0; i < p * v; ++i) {
            in.forwardSeconds.push_back(seconds(random));
            in.backwardSeconds.push_back(2 * seconds(random));
        }
        in.sendForwardSeconds = in.sendBackwardSeconds = 0.1;
        const PipelineResult fast = simulatePipeline(in);
        const PipelineResult ordered = simulateOrders(in, scheduleOrders(in.schedule, p, v, m));
        ASSERT_TRUE(fast.ok && ordered.ok);
        EXPECT_NEAR(ordered.makespan, fast.makespan, 1e-9 * fast.makespan);
        for (int64_t s = 0; s < p; ++s) {
            EXPECT_NEAR(ordered.stages[size_t(s)].end, fast.stages[size_t(s)].end, 1e-9 * fast.makespan);
            EXPECT_NEAR(ordered.stages[size_t(s)].start, fast.stages[size_t(s)].start, 1e-9 * fast.makespan);
            EXPECT_NEAR(ordered.stages[size_t(s)].busyCompute, fast.stages[size_t(s)].busyCompute, 1e-9 * fast.makespan);
        }
    }
}

class ScheduleBubbles : public ::testing::TestWithParam<std::tuple<int64_t, int64_t>> {
};

// GPipe idles as much as 1F1B: (p-1)(F+B) per stage (Huang et al. 2019).
TEST_P(ScheduleBubbles, GPipeIdlesAsMuchAsOneFOneB)
{
    const auto [p, m] = GetParam();
    const PipelineResult r = simulatePipeline(alike(PipelineSchedule::GPipe, p, 1, m, 1, 1.5, 0.5));
    ASSERT_TRUE(r.ok);
    EXPECT_NEAR(r.makespan, double(m + p - 1) * 3.0, 1e-9);
}

// ZB-H1: (p-1)(F + B - 2W) with B the whole backward (DualPipe's README table), here F + B_in - W,
// exact where the input and weight gradients take alike and the pipeline fills (m >= p; Qi et al.,
// ICLR 2024, §3.1).
TEST_P(ScheduleBubbles, ZeroBubbleH1MatchesItsFormula)
{
    const auto [p, m] = GetParam();
    if (m < p)
        return;
    for (double f : { 1.0, 2.0 }) {
        const double b = 1, w = 1;
        const PipelineResult r = simulatePipeline(alike(PipelineSchedule::ZbH1, p, 1, m, f, b, w));
        ASSERT_TRUE(r.ok);
        const double wholeBackward = b + w;
        EXPECT_NEAR(r.makespan - busiest(r), double(p - 1) * (f + wholeBackward - 2 * w), 1e-9) << "p=" << p << " m=" << m;
    }
}

// ZB-H2 and ZB-V: no stage idles once it has started (the parallelogram that post-validation
// turns into a step without bubble), for ZB-H2 once 2p-1 micro-batches fill its warm-up and for
// ZB-V once 2p fill its V (with fewer, the repository's greedy order leaves bubbles too).
TEST_P(ScheduleBubbles, ZeroBubbleH2AndVNeverIdleOnceStarted)
{
    const auto [p, m] = GetParam();
    if (m >= 2 * p - 1) {
        const PipelineResult h2 = simulatePipeline(alike(PipelineSchedule::ZbH2, p, 1, m, 1, 1, 1));
        ASSERT_TRUE(h2.ok);
        EXPECT_NEAR(worstInnerIdle(h2), 0, 1e-9) << "p=" << p << " m=" << m;
    }
    if (m >= 2 * p) {
        const PipelineResult v = simulatePipeline(alike(PipelineSchedule::ZbV, p, 2, m, 1, 1, 1));
        ASSERT_TRUE(v.ok);
        EXPECT_NEAR(worstInnerIdle(v), 0, 1e-9) << "p=" << p << " m=" << m;
    }
}

// DualPipe: (PP/2 - 1)(F&B + B - 3W) with B the whole backward and F&B an overlapped pair, here
// F + B with no communication to hide (DualPipe's README @ 3da1bbe); DualPipeV is its V over PP/2
// ranks of two chunks each.
TEST_P(ScheduleBubbles, DualPipeMatchesItsFormula)
{
    const auto [p, m] = GetParam();
    const double f = 1, b = 1, w = 1, wholeBackward = b + w, pair = f + wholeBackward;
    const double expected = (pair + wholeBackward - 3 * w);
    if (p % 2 == 0 && m % 2 == 0 && m >= 2 * p) {
        const PipelineResult r = simulatePipeline(alike(PipelineSchedule::DualPipe, p, 1, m, f, b, w));
        ASSERT_TRUE(r.ok);
        EXPECT_NEAR(r.makespan - busiest(r), double(p / 2 - 1) * expected, 1e-9) << "p=" << p << " m=" << m;
    }
    if (m >= 2 * p) {
        const PipelineResult r = simulatePipeline(alike(PipelineSchedule::DualPipeV, p, 2, m, f, b, w));
        ASSERT_TRUE(r.ok);
        EXPECT_NEAR(r.makespan - busiest(r), double(p - 1) * expected, 1e-9) << "p=" << p << " m=" << m;
    }
}

INSTANTIATE_TEST_SUITE_P(StagesAndMicroBatches, ScheduleBubbles,
                         ::testing::Combine(::testing::Values(2, 4, 6, 8), ::testing::Values(4, 8, 16, 24, 32)));

TEST(ScheduleBubbles, OverlappedPairsHideCommunication)
{
    // DualPipe's pair runs both passes' compute back to back and hides their communication under it.
    PipelineInput in = alike(PipelineSchedule::DualPipe, 4, 1, 16, 1, 1, 1);
    const PipelineResult plain = simulatePipeline(in);
    in.forwardSeconds.assign(4, 1.3);
    in.backwardSeconds.assign(4, 2.3);
    in.forwardCommSeconds.assign(4, 0.3);
    in.backwardCommSeconds.assign(4, 0.3);
    const PipelineResult hidden = simulatePipeline(in);
    in.overlapSlowdown = 0.5;
    const PipelineResult slowed = simulatePipeline(in);
    ASSERT_TRUE(plain.ok && hidden.ok && slowed.ok);
    EXPECT_LT(hidden.makespan, plain.makespan + 0.3 * 2 * 16); // less than the communication added
    EXPECT_GT(hidden.makespan, plain.makespan);                // the unpaired passes still expose theirs
    EXPECT_GT(slowed.makespan, hidden.makespan);                // hiding is not free
}

TEST(ScheduleRules, NameWhatEachScheduleNeeds)
{
    EXPECT_TRUE(scheduleMatchesChunks(PipelineSchedule::ZbV, 2));
    EXPECT_FALSE(scheduleMatchesChunks(PipelineSchedule::ZbV, 1));
    EXPECT_FALSE(scheduleMatchesChunks(PipelineSchedule::Interleaved1F1B, 1));
    EXPECT_TRUE(scheduleMatchesChunks(PipelineSchedule::Interleaved1F1B, 4));
    EXPECT_FALSE(scheduleMatchesChunks(PipelineSchedule::ZbH1, 2));
    EXPECT_FALSE(scheduleFitsStages(PipelineSchedule::DualPipe, 3));
    EXPECT_TRUE(scheduleFitsStages(PipelineSchedule::DualPipeV, 3));
    EXPECT_FALSE(scheduleFitsMicroBatches(PipelineSchedule::DualPipe, 4, 7));
    EXPECT_FALSE(scheduleFitsMicroBatches(PipelineSchedule::DualPipe, 4, 6));
    EXPECT_TRUE(scheduleFitsMicroBatches(PipelineSchedule::DualPipe, 4, 8));
    EXPECT_FALSE(scheduleFitsMicroBatches(PipelineSchedule::DualPipeV, 4, 7));
    EXPECT_FALSE(simulatePipeline(alike(PipelineSchedule::DualPipe, 3, 1, 12, 1, 1, 1)).ok);
    EXPECT_FALSE(simulatePipeline(alike(PipelineSchedule::ZbV, 4, 1, 12, 1, 1, 1)).ok);
}

// The memory model's closed forms hold what the orders hold (a chunk counting 1 / chunks per stage).
TEST(ScheduleMemory, InFlightMicroBatchesMatchTheOrders)
{
    for (PipelineSchedule schedule : { PipelineSchedule::GPipe, PipelineSchedule::OneFOneB, PipelineSchedule::ZbH1,
                                       PipelineSchedule::ZbH2, PipelineSchedule::ZbV, PipelineSchedule::DualPipe,
                                       PipelineSchedule::DualPipeV })
        for (int64_t p : { 2, 4, 6, 8 })
            for (int64_t m : { 2 * p, 2 * p + 2, 5 * p }) {
                const bool two = scheduleTraits(schedule).chunksPerStage == 2 || scheduleTraits(schedule).bidirectional;
                ParallelLayout layout;
                layout.degrees.pp = p;
                layout.degrees.vpp = scheduleTraits(schedule).chunksPerStage == 2 ? 2 : 1;
                layout.microBatches = m;
                layout.schedule = schedule;
                const StageOrders orders = scheduleOrders(schedule, p, layout.degrees.vpp, m);
                for (int64_t s = 0; s < p; ++s)
                    EXPECT_DOUBLE_EQ(inFlightMicroBatches(layout, s), double(peakHeldActivations(orders[size_t(s)])) / (two ? 2.0 : 1.0))
                        << toString(schedule) << " p=" << p << " m=" << m << " stage " << s;
            }
}

TEST(ScheduleMemory, MatchesThePapersTables)
{
    const auto held = [](PipelineSchedule schedule, int64_t p, int64_t stage) {
        ParallelLayout layout;
        layout.degrees.pp = p;
        layout.degrees.vpp = scheduleTraits(schedule).chunksPerStage == 2 ? 2 : 1;
        layout.microBatches = 8 * p;
        layout.schedule = schedule;
        return inFlightMicroBatches(layout, stage);
    };
    // Zero-bubble README: ZB-1P 1x 1F1B's activations, ZB-2P 2x, ZB-V 1x (1F1B's first stage: p).
    EXPECT_EQ(held(PipelineSchedule::ZbH1, 8, 7), 8);
    EXPECT_EQ(held(PipelineSchedule::ZbH2, 8, 0), 15);
    EXPECT_EQ(held(PipelineSchedule::ZbV, 8, 3), 8);
    // DualPipe README: PP + 1 chunks of activations on the busiest stage, where a chunk is a stage's
    // layers (each stage holding two), and DualPipeV PP + 1 for its 2·ranks stages.
    EXPECT_EQ(2 * held(PipelineSchedule::DualPipe, 8, 3), 9);
    EXPECT_EQ(2 * held(PipelineSchedule::DualPipeV, 4, 3), 9);
}
