// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The watchdog ends a stuck step with an error event and its own exit code, after the abort
// hooks; a step that finishes in time is left alone.
#include "engine/runtime/watchdog.h"

#include <gtest/gtest.h>

#include <iostream>
#include <stdexcept>
#include <thread>

using namespace paraplan::engine;
using namespace std::chrono_literals;

TEST(WatchdogDeathTest, AStuckStepEndsWithAnErrorEventAfterTheHooks)
{
    EXPECT_EXIT(
        {
            EventLog log(std::cerr, 0);
            Watchdog watchdog(log, 0.2s);
            watchdog.addAbortHook([] { std::cerr << "communicators aborted\n"; });
            const WatchdogStep step(watchdog, "TP all_reduce");
            std::this_thread::sleep_for(30s); // a collective that never returns
        },
        ::testing::ExitedWithCode(Watchdog::kExitCode),
        "\"event\":\"error\".*\"code\":\"watchdog_timeout\".*TP all_reduce.*\n.*communicators aborted");
}

TEST(Watchdog, AStepThatFinishesInTimeIsLeftAlone)
{
    std::ostringstream out;
    EventLog log(out, 0);
    {
        Watchdog watchdog(log, 0.3s);
        for (int i = 0; i < 5; ++i) {
            const WatchdogStep step(watchdog, "quick step");
            std::this_thread::sleep_for(100ms); // each step well within its limit, together beyond it
        }
        std::this_thread::sleep_for(500ms); // disarmed: nothing to time
    }
    EXPECT_TRUE(out.str().empty());
}

// Unwinding after an error frees device memory and ends communicators, which can wait for a peer
// that is gone: the step left by the error stays watched, for the teardown's own limit.
TEST(WatchdogDeathTest, AStepLeftByAnErrorKeepsTheTeardownWatched)
{
    EXPECT_EXIT(
        {
            EventLog log(std::cerr, 0);
            Watchdog watchdog(log, 3600s); // the step's own limit is never reached
            struct HangsOnRelease {
                ~HangsOnRelease() { std::this_thread::sleep_for(60s); } // a release waiting for a dead peer
            };
            try {
                const HangsOnRelease buffers;
                const WatchdogStep step(watchdog, "confirm: training step 2");
                throw std::runtime_error("a rank failed");
            } catch (const std::runtime_error&) {
            }
        },
        ::testing::ExitedWithCode(Watchdog::kExitCode),
        "watchdog_timeout.*teardown after an error in .*confirm: training step 2.*within 10 s");
}
