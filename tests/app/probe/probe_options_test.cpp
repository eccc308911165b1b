// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_options.h"

#include <gtest/gtest.h>

using namespace paraplan::probe;

TEST(ProbeOptions, ReadsEveryOption)
{
    const ProbeOptions o = parseProbeOptions({ "bench", "--backend", "host", "--scenario", "s.json", "--output", "r.jsonl",
                                               "--profile-out", "p.json", "--warmup", "2", "--iterations", "7",
                                               "--watchdog-s", "30", "--stall-rank", "1" });
    EXPECT_EQ(o.command, "bench");
    EXPECT_EQ(o.backend, "host");
    EXPECT_EQ(o.scenario, "s.json");
    EXPECT_EQ(o.output, "r.jsonl");
    EXPECT_EQ(o.profileOut, "p.json");
    EXPECT_EQ(o.warmup, 2);
    EXPECT_EQ(o.iterations, 7);
    EXPECT_EQ(o.watchdogSeconds, 30);
    EXPECT_EQ(o.stallRank, 1);
    EXPECT_FALSE(o.crashRank);
}

TEST(ProbeOptions, NamesWhatIsWrong)
{
    auto message = [](std::vector<std::string> args) {
        try {
            (void)parseProbeOptions(args);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(message({}).find("no command"), std::string::npos);
    EXPECT_NE(message({ "benchmark" }).find("unknown command"), std::string::npos);
    EXPECT_NE(message({ "bench" }).find("--scenario"), std::string::npos);
    EXPECT_NE(message({ "discover", "--iterations", "0" }).find("--iterations"), std::string::npos);
    EXPECT_NE(message({ "discover", "--iterations", "2.5" }).find("whole number"), std::string::npos);
    EXPECT_NE(message({ "discover", "--watchdog-s", "nan" }).find("--watchdog-s"), std::string::npos);
    EXPECT_NE(message({ "discover", "--backend" }).find("needs a value"), std::string::npos);
    EXPECT_NE(message({ "discover", "--fast" }).find("unknown option"), std::string::npos);
    EXPECT_NE(probeUsage().find("confirm --scenario"), std::string::npos);
    EXPECT_NE(message({ "confirm", "--scenario", "s.json", "--slow-norms", "3" }).find("STAGE:FACTOR"), std::string::npos);
    EXPECT_NE(message({ "confirm", "--scenario", "s.json", "--slow-norms", "3:0.5" }).find("--slow-norms (factor)"),
              std::string::npos);
    EXPECT_NE(message({ "bench", "--scenario", "s.json", "--trace-out", "t" }).find("belong to confirm"), std::string::npos);
}

TEST(ProbeOptions, ConfirmRecordsATraceAndSlowsANormWhereAsked)
{
    const ProbeOptions o = parseProbeOptions({ "confirm", "--scenario", "s.json", "--trace-out", "traces", "--slow-norms",
                                               "3:2.3" });
    EXPECT_EQ(o.traceOut, "traces");
    EXPECT_EQ(o.slowNormStage, 3);
    EXPECT_DOUBLE_EQ(o.slowNormFactor, 2.3);
    const ProbeOptions plain = parseProbeOptions({ "confirm", "--scenario", "s.json" });
    EXPECT_TRUE(plain.traceOut.empty());
    EXPECT_EQ(plain.slowNormStage, -1);
}
