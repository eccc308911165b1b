// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/schedule_comparison.h"

#include <gtest/gtest.h>

using namespace paraplan;

TEST(ScheduleComparison, PricesEveryScheduleOrSaysWhyItCannotRun)
{
    Scenario s = test::llama70bOnDgxH100(); // pp 4, vpp 5: interleaved, 128 micro-batches
    s.parallel.recompute = Recompute::Selective;
    const std::vector<ScheduleOption> options = compareSchedules(s, {});
    ASSERT_EQ(options.size(), kPipelineScheduleNames.size());
    const auto of = [&](PipelineSchedule schedule) { return options[size_t(schedule)]; };
    for (const ScheduleOption& o : options) {
        EXPECT_TRUE(o.runs) << toString(o.schedule) << ": " << o.whyNot;
        EXPECT_GT(o.stepS, 0);
        EXPECT_EQ(o.current, o.schedule == PipelineSchedule::Interleaved1F1B);
    }
    EXPECT_EQ(of(PipelineSchedule::Interleaved1F1B).vpp, 5); // the scenario's chunks
    EXPECT_EQ(of(PipelineSchedule::ZbV).vpp, 2);
    EXPECT_TRUE(of(PipelineSchedule::OneFOneB).shipped);
    EXPECT_FALSE(of(PipelineSchedule::ZbH2).shipped); // Megatron-Core's release has no zero-bubble schedule
    // The trade: ZB-H2 and DualPipe hold more than 1F1B for less bubble.
    EXPECT_GT(of(PipelineSchedule::ZbH2).peakMemoryBytes, of(PipelineSchedule::OneFOneB).peakMemoryBytes);
    EXPECT_GT(of(PipelineSchedule::DualPipe).peakMemoryBytes, of(PipelineSchedule::OneFOneB).peakMemoryBytes);
    EXPECT_LT(of(PipelineSchedule::ZbV).bubbleFraction, of(PipelineSchedule::OneFOneB).bubbleFraction);

    // Three stages: DualPipe cannot pair them, and says so.
    s.cluster.nodes = 6;
    s.parallel.degrees.pp = 3;
    s.parallel.degrees.vpp = 1;
    s.model.layers = 78;
    const ScheduleOption dual = compareSchedules(s, {})[size_t(PipelineSchedule::DualPipe)];
    EXPECT_FALSE(dual.runs);
    EXPECT_NE(dual.whyNot.find("even pp"), std::string::npos) << dual.whyNot;
}
