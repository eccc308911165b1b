// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The JSON-lines protocol (docs/engine-protocol.md) as EventLog writes it.
#include "engine/protocol/event_log.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace paraplan;
using namespace paraplan::engine;
using nlohmann::json;

namespace {
std::vector<json> lines(const std::string& text)
{
    std::vector<json> parsed;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        parsed.push_back(json::parse(line));
    return parsed;
}

io::ProbeGemm gemm(double medianS)
{
    io::ProbeGemm g;
    g.name = "qkv";
    g.timing.medianS = medianS;
    return g;
}

io::ProbeResult result(const char* command)
{
    io::ProbeResult r;
    r.command = command;
    return r;
}
} // namespace

TEST(EventLog, EveryEventIsOneJsonObjectOnOneLineWithItsEnvelopeFirst)
{
    std::ostringstream out;
    EventLog log(out, 3);
    log.write(io::ProbeProgress{ "bench", 1, 4, "GEMM qkv" });
    log.write(gemm(0.5));
    log.warning(io::ProbeCode::CpuMeasurements, "CPUs, not GPUs");
    log.error(io::ProbeCode::NoGpu, "no CUDA device");
    log.write(result("bench"));
    const std::vector<json> events = lines(out.str());
    ASSERT_EQ(events.size(), 5u);
    const char* expected[] = { "progress", "measurement", "warning", "error", "result" };
    for (size_t i = 0; i < events.size(); ++i) {
        EXPECT_EQ(events[i]["event"], expected[i]);
        EXPECT_EQ(events[i]["rank"], 3);
        EXPECT_GE(events[i]["time_s"].get<double>(), 0);
    }
    EXPECT_EQ(out.str().rfind("{\"event\":\"progress\",\"time_s\":", 0), 0u); // the envelope leads
    EXPECT_EQ(events[0]["done"], 1);
    EXPECT_EQ(events[0]["total"], 4);
    EXPECT_EQ(events[1]["median_s"], 0.5);
    EXPECT_EQ(events[2]["code"], "cpu_measurements");
    EXPECT_EQ(events[3]["code"], "no_gpu");
}

TEST(EventLog, TheResultsFileHoldsEveryEventSoFar)
{
    const std::filesystem::path path = paraplan::test::scratchPath("event-log-test.jsonl");
    std::filesystem::remove(path);
    std::ostringstream out;
    EventLog log(out, 0);
    log.write(io::ProbeProgress{ "bench", 0, 2, "first" });
    log.setResultsFile(path); // earlier events land too
    log.write(gemm(0.5));
    auto read = [&] {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        return lines(text.str());
    };
    EXPECT_EQ(read().size(), 2u);
    log.write(result("bench"));
    const std::vector<json> saved = read();
    ASSERT_EQ(saved.size(), 3u);
    EXPECT_EQ(saved.back()["event"], "result");
    EXPECT_FALSE(std::filesystem::exists(path.string() + ".partial")); // renamed over the target
    std::filesystem::remove(path);
}

TEST(EventLog, BrokenTextDoesNotBreakTheLine)
{
    std::ostringstream out;
    EventLog log(out, 0);
    log.warning(io::ProbeCode::DiscoveryNote, std::string("device \xff\xfe name"));
    const std::vector<json> events = lines(out.str());
    ASSERT_EQ(events.size(), 1u);
    EXPECT_NE(events[0]["message"].get<std::string>().find("device"), std::string::npos);
}

TEST(EventLog, TheErrorLineIsAReadyMadeEvent)
{
    std::ostringstream out;
    EventLog log(out, 2);
    const json line = json::parse(log.errorLine(io::ProbeCode::Terminated, "rank 2 was stopped"));
    EXPECT_EQ(line["event"], "error");
    EXPECT_EQ(line["code"], "terminated");
    EXPECT_EQ(line["rank"], 2);
    EXPECT_TRUE(out.str().empty()); // rendered, not written
}
