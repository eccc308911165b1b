// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/runtime/timing.h"

#include <gtest/gtest.h>

using namespace paraplan::engine;

TEST(Timing, SummaryOfRuns)
{
    const TimingStats s = summarize({ 5, 1, 4, 2, 3, 6, 7, 8, 9, 10, 11 });
    EXPECT_EQ(s.count, 11);
    EXPECT_DOUBLE_EQ(s.median, 6);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 11);
    EXPECT_DOUBLE_EQ(s.p10, 2);
    EXPECT_DOUBLE_EQ(s.p90, 10);
    EXPECT_DOUBLE_EQ(s.spread(), 8.0 / 6.0);
    EXPECT_EQ(summarize({}).count, 0);
    EXPECT_EQ(summarize({}).spread(), 0);
}

TEST(Timing, WarmUpRunsAreNotTimedAndEveryRunIsSynchronised)
{
    int runs = 0, synchronisations = 0;
    const TimingStats s = timeRepeated(3, 5, [&] { ++runs; }, [&] { ++synchronisations; });
    EXPECT_EQ(runs, 8);
    EXPECT_EQ(s.count, 5);
    EXPECT_EQ(synchronisations, 6); // once after the warm-up, once per timed run
    EXPECT_GE(s.min, 0);
}
