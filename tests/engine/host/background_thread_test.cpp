// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The host backend's side stream: work runs in order beside the thread that queued it, wait()
// measures it on the side thread's own clock, and a failure comes back to the caller.
#include "engine/host/background_thread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace paraplan::engine;

TEST(BackgroundThread, RunsWhatIsQueuedInOrderBesideTheCaller)
{
    BackgroundThread side;
    std::vector<int> order;
    std::atomic<bool> release{ false };
    side.post([&] {
        while (!release) // holds the side thread until the caller has gone on
            std::this_thread::yield();
        order.push_back(1);
    });
    side.post([&] { order.push_back(2); });
    release = true; // the caller was not blocked by the work it queued
    (void)side.wait();
    EXPECT_EQ(order, (std::vector<int>{ 1, 2 }));
}

TEST(BackgroundThread, WaitGivesTheSpanOfWhatRanSinceTheLastWait)
{
    BackgroundThread side;
    EXPECT_EQ(side.wait(), 0); // nothing ran
    const auto pause = [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); };
    side.post(pause);
    side.post(pause);
    const double both = side.wait();
    EXPECT_GE(both, 0.04);
    EXPECT_LT(both, 1.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(50)); // idle time between waits does not count
    side.post(pause);
    const double one = side.wait();
    EXPECT_GE(one, 0.02);
    EXPECT_LT(one, both + 0.02);
}

// The failure may come before the next piece is even posted (CI found this order): that piece
// counted on the failed one too.
TEST(BackgroundThread, WorkPostedAfterAnUnreportedFailureIsDropped)
{
    BackgroundThread side;
    side.post([] { throw std::runtime_error("collective failed"); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50)); // it has failed by now
    bool ranAfter = false;
    side.post([&] { ranAfter = true; });
    EXPECT_THROW((void)side.wait(), std::runtime_error);
    EXPECT_FALSE(ranAfter);
}

TEST(BackgroundThread, AFailureReachesTheCallerAndDropsWhatCountedOnIt)
{
    BackgroundThread side;
    bool ranAfter = false;
    side.post([] { throw std::runtime_error("collective failed"); });
    side.post([&] { ranAfter = true; });
    EXPECT_THROW((void)side.wait(), std::runtime_error);
    EXPECT_FALSE(ranAfter);
    side.post([&] { ranAfter = true; }); // the thread lives on
    (void)side.wait();
    EXPECT_TRUE(ranAfter);
}

TEST(BackgroundThread, EndingFinishesWhatIsQueued)
{
    int ran = 0;
    {
        BackgroundThread side;
        for (int i = 0; i < 3; ++i)
            side.post([&] { ++ran; });
    }
    EXPECT_EQ(ran, 3);
}
