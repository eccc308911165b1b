// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// DeepSpeed's pipeline engine: TrainSchedule's lockstep steps and their blocking exchanges, against
// Megatron's 1F1B on the same passes.
#include "core/step/deepspeed_schedule.h"
#include "core/step/pipeline_simulation.h"
#include "tests/core/step/pipeline_reference.h"

#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <vector>

using namespace paraplan;

namespace {

// DeepSpeed's pipeline over p alike stages, each transfer taking `send` seconds.
PipelineInput uniform(int64_t p, int64_t m, double f, double b, double send)
{
    PipelineInput in = test::uniformPipeline(p, 1, m, f, b);
    in.sendForwardSeconds = in.sendBackwardSeconds = send;
    in.lockstepExchanges = true;
    in.recordTimeline = true;
    return in;
}

} // namespace

TEST(DeepSpeedSchedule, WithFreeExchangesItIsOneFOneBsMakespan)
{
    for (int64_t p : { 1, 2, 3, 4, 8 })
        for (int64_t m : { 1, 2, 5, 16 }) {
            const PipelineResult r = simulatePipeline(uniform(p, m, 1.0, 2.0, 0.0));
            ASSERT_TRUE(r.ok);
            EXPECT_DOUBLE_EQ(r.makespan, double(m + p - 1) * 3.0) << "p " << p << " m " << m;
        }
}

TEST(DeepSpeedSchedule, AnExchangeWaitsForBothStagesWhereMegatronsSenderGoesOn)
{
    // Worked by hand from TrainSchedule's steps (p 2, m 2; F 1, B 2, each transfer 0.5):
    // step 0 F0 on stage 0 [0, 1]; step 1 the activation [1, 1.5], F0 on stage 1 [1.5, 2.5];
    // step 2 F1 on stage 0 [1.5, 2.5], B0 on stage 1 [2.5, 4.5]; step 3 the activation and the
    // gradient, both blocked until stage 1 is done [4.5, 5.5], then B0 on stage 0 [5.5, 7.5] and F1 on
    // stage 1 [5.5, 6.5]; step 4 B1 on stage 1 [6.5, 8.5]; step 5 the gradient [8.5, 9], B1 on
    // stage 0 [9, 11].
    PipelineInput in = uniform(2, 2, 1.0, 2.0, 0.5);
    const PipelineResult deepspeed = simulatePipeline(in);
    ASSERT_TRUE(deepspeed.ok);
    EXPECT_DOUBLE_EQ(deepspeed.makespan, 11.0);
    EXPECT_DOUBLE_EQ(deepspeed.stages[0].busyCompute, 6.0);
    EXPECT_DOUBLE_EQ(deepspeed.stages[0].busySend, 2.0);
    EXPECT_DOUBLE_EQ(deepspeed.stages[1].end, 9.0);
    in.lockstepExchanges = false;
    const PipelineResult megatron = simulatePipeline(in);
    ASSERT_TRUE(megatron.ok);
    EXPECT_LT(megatron.makespan, deepspeed.makespan);
}

TEST(DeepSpeedSchedule, EveryPassRunsOnceInOneFOneBOrderAndEachWaitsForItsInput)
{
    const int64_t p = 4, m = 7;
    PipelineInput in = uniform(p, m, 1.0, 2.5, 0.3);
    in.forwardSeconds[2] = 1.4; // an uneven stage
    const PipelineResult r = simulatePipeline(in);
    ASSERT_TRUE(r.ok);
    ASSERT_EQ(r.timeline.size(), size_t(2 * p * m));
    std::map<std::tuple<int64_t, int64_t, bool>, const PipelineOp*> byPass;
    std::vector<const PipelineOp*> previous(size_t(p), nullptr);
    std::vector<int64_t> inFlight(size_t(p), 0);
    for (const PipelineOp& op : r.timeline) {
        const bool forward = op.kind == PipelineOpKind::Forward;
        EXPECT_TRUE(byPass.emplace(std::tuple{ op.stage, op.microBatch, forward }, &op).second);
        if (const PipelineOp* before = previous[size_t(op.stage)]) {
            EXPECT_GE(op.start, before->sendEnd - 1e-12);
        }
        previous[size_t(op.stage)] = &op;
        inFlight[size_t(op.stage)] += forward ? 1 : -1;
        EXPECT_LE(inFlight[size_t(op.stage)], p - op.stage); // TrainSchedule's buffers: p - s in flight
        EXPECT_GE(inFlight[size_t(op.stage)], 0);
    }
    for (const PipelineOp& op : r.timeline) {
        const bool forward = op.kind == PipelineOpKind::Forward;
        if (forward && op.stage > 0) { // its activation arrived, after the transfer
            EXPECT_GE(op.start, byPass.at({ op.stage - 1, op.microBatch, true })->end + in.sendForwardSeconds - 1e-12);
        }
        if (!forward && op.stage + 1 < p) {
            EXPECT_GE(op.start, byPass.at({ op.stage + 1, op.microBatch, false })->end + in.sendBackwardSeconds - 1e-12);
        }
        if (!forward && op.stage + 1 == p) { // the loss, after its own forward
            EXPECT_GE(op.start, byPass.at({ op.stage, op.microBatch, true })->end);
        }
    }
    // A middle stage takes part in four transfers a micro-batch, an end stage in two.
    EXPECT_NEAR(r.stages[0].busySend, double(m) * 2 * 0.3, 1e-12);
    EXPECT_NEAR(r.stages[1].busySend, double(m) * 4 * 0.3, 1e-12);
    EXPECT_NEAR(r.stages[3].busySend, double(m) * 2 * 0.3, 1e-12);
}

TEST(DeepSpeedSchedule, OnlyOneFOneBWithOneChunk)
{
    PipelineInput in = uniform(2, 4, 1.0, 2.0, 0.1);
    in.schedule = PipelineSchedule::Interleaved1F1B;
    in.chunks = 2;
    in.forwardSeconds.assign(4, 1.0);
    in.backwardSeconds.assign(4, 2.0);
    EXPECT_FALSE(simulateDeepSpeedSchedule(in).ok);
}
