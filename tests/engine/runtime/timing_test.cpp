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

// A device whose every operation takes one millisecond of its time.
class CountingInterval : public DeviceInterval {
public:
    explicit CountingInterval(const int& operations)
        : m_operations(operations)
    {
    }
    void begin() override { m_begin = m_operations; }
    void end() override { m_end = m_operations; }
    [[nodiscard]] double seconds() override { return 1e-3 * (m_end - m_begin); }

private:
    const int& m_operations;
    int m_begin = 0, m_end = 0;
};

TEST(Timing, SamplesRunBackToBackAfterUntimedWarmUpsAndGiveSecondsPerRun)
{
    int runs = 0, barriers = 0;
    CountingInterval interval(runs);
    double alone = 0;
    const TimingStats s = timeSamples({ 3, 5 }, [&] { ++runs; }, interval,
                                      [&](double seconds) {
                                          alone = seconds;
                                          return runsPerSample(seconds);
                                      },
                                      [&] { ++barriers; });
    EXPECT_DOUBLE_EQ(alone, 1e-3); // one run timed alone after the warm-up
    EXPECT_EQ(runsPerSample(1e-3), 2);
    EXPECT_EQ(runs, 3 + 1 + 5 * 2);
    EXPECT_EQ(barriers, 5); // before each sample, outside its marks
    EXPECT_EQ(s.count, 5);
    EXPECT_DOUBLE_EQ(s.median, 1e-3);
}

TEST(Timing, ShortRunsAreBatchedUpToALimitAndLongOnesRunAlone)
{
    EXPECT_EQ(runsPerSample(1.0), 1);
    EXPECT_EQ(runsPerSample(kSampleSeconds), 1);
    EXPECT_EQ(runsPerSample(kSampleSeconds / 10), 10);
    EXPECT_EQ(runsPerSample(1e-9), kMaxRunsPerSample);
    EXPECT_EQ(runsPerSample(0), kMaxRunsPerSample); // too short for the clock
}
