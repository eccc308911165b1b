// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// paraplan-probe's records in JSON (issue #9): every line of real results files read and written
// back byte for byte, every record type through a line and back, rank descriptions, and lines cut
// off, corrupted or holding hostile values, which read or fail with a ReadError naming the line.
#include "tests/fuzz/mutator.h"

#include "core/io/json_reader.h"
#include "core/io/probe_json.h"
#include "core/io/topology_json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

std::vector<std::string> sampleLines(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/engine/" + name);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    EXPECT_FALSE(lines.empty()) << name;
    return lines;
}

std::vector<std::string> everySampleLine()
{
    std::vector<std::string> all;
    for (const char* name : { "probe_discover_host.jsonl", "probe_bench_host.jsonl", "probe_confirm_host.jsonl" })
        for (std::string& line : sampleLines(name))
            all.push_back(std::move(line));
    return all;
}

io::ProbeLine parsed(const std::string& line)
{
    std::optional<io::ProbeLine> event = io::parseProbeLine(line, 1);
    EXPECT_TRUE(event.has_value()) << line;
    return event ? std::move(*event) : io::ProbeLine{};
}

// The record written as a line and read back.
template <typename Record>
Record throughALine(const Record& record)
{
    const io::ProbeLine back = parsed(io::renderProbeLine({ 1.25, 3, record }));
    EXPECT_EQ(back.timeS, 1.25);
    EXPECT_EQ(back.rank, 3);
    const Record* same = std::get_if<Record>(&back.event);
    EXPECT_NE(same, nullptr) << "read back as another event";
    return same ? *same : Record{};
}

io::ProbeTiming timing(double base)
{
    return { base, base * 0.9, base * 1.2, base * 0.95, base * 1.1, 0.16, 7 };
}

io::ProbeDevice device(int64_t rank)
{
    return { rank, "node-a", rank % 8, "NVIDIA H200", 150e9, 132, "9.0", 1980, 3201.5, "0000:18:00.0" };
}

io::ProbeGemm gemm()
{
    return { "mlp up (weight gradient)", 4096, 14336, 8192, 2, "bf16", 712.5, 1.5e-3, true, timing(1.6e-3) };
}

io::ProbeAttention attention() { return { 64, 8192, 128, 310.25, 2e-3, true, timing(2.5e-3) }; }

io::ProbeMemory memory() { return { 1073741824.0, 3912.75, 4320, false, timing(5.5e-4) }; }

io::ProbeCollective collective()
{
    return { "DP", "reduce_scatter", "DP gradient bucket", 16, 52428800.0, true, false, 41.5, 45, 9.5e-4, true,
             timing(1.1e-3) };
}

io::ProbeOverlap overlap()
{
    io::ProbeOverlap o;
    o.m = o.n = o.k = 8192;
    o.precision = "bf16";
    o.collective = "all_reduce";
    o.ranks = 8;
    o.bytes = 268435456.0;
    o.crossesNodes = false;
    o.queued = 3;
    o.gemmAloneS = 1.45e-3;
    o.slowdown = 0.125;
    o.predictedSlowdown = 0.05;
    o.busGBps = 301.5;
    o.busGBpsAlone = 355.25;
    o.correct = true;
    o.timing = timing(1.63e-3);
    return o;
}

io::ProbeStep measuredStep()
{
    io::ProbeStep s;
    s.stepS = 0.75;
    s.stages = { { 0, 0.5, 0.125, 0.01, 0.05 }, { 1, 0.55, 0.0625, 0.02, 0.04 } };
    s.stepMinS = 0.7;
    s.stepMaxS = 0.8;
    s.steps = 3;
    s.reservedBytes = 7.5e10;
    return s;
}

io::ProbeStep predictedStep()
{
    io::ProbeStep s;
    s.stepS = 0.5;
    s.stages = { { 0, 0.4, 0.05, 0.001, 0.002 } };
    s.bubbleFraction = 0.0625;
    return s;
}

NodeSpec node(const std::string& name)
{
    NodeSpec n;
    n.name = name;
    n.devices = { { "gpu0", DeviceKind::Gpu, 0, std::nullopt }, { "gpu1", DeviceKind::Gpu, 0, std::nullopt },
                  { "nic0", DeviceKind::Nic, 50, std::array<double, 2>{ 10, 20 } } };
    n.links = { { "gpu0", "gpu1", NodeLinkKind::NvLink, 450, 1.5 }, { "nic0", "gpu0", NodeLinkKind::Pcie, 64, 1 } };
    return n;
}

std::string topologyText(const std::optional<TopologySpec>& topology)
{
    return topology ? io::toJson(*topology).dump() : "none";
}

io::ProbeResult result(const char* command, const char* backend, bool cpu, int64_t ranks)
{
    io::ProbeResult r;
    r.command = command;
    r.backend = backend;
    r.cpu = cpu;
    r.ranks = ranks;
    return r;
}

void expectSameResult(const io::ProbeResult& a, const io::ProbeResult& b)
{
    EXPECT_EQ(a.command, b.command);
    EXPECT_EQ(a.backend, b.backend);
    EXPECT_EQ(a.cpu, b.cpu);
    EXPECT_EQ(a.ranks, b.ranks);
    EXPECT_EQ(a.devices, b.devices);
    EXPECT_EQ(topologyText(a.topology), topologyText(b.topology));
    EXPECT_EQ(a.notes, b.notes);
    EXPECT_EQ(a.gemms, b.gemms);
    EXPECT_EQ(a.attention, b.attention);
    EXPECT_EQ(a.memory, b.memory);
    EXPECT_EQ(a.collectives, b.collectives);
    EXPECT_EQ(a.overlap, b.overlap);
    EXPECT_EQ(a.calibrated, b.calibrated);
    EXPECT_EQ(a.measured, b.measured);
    EXPECT_EQ(a.predicted, b.predicted);
    EXPECT_EQ(a.predictedWithoutFramework, b.predictedWithoutFramework);
}

// Reading `line` either gives an event or throws a ReadError naming the line; nothing else.
void probeLineReadsOrRefuses(const std::string& line)
{
    try {
        (void)io::parseProbeLine(line, 7);
    } catch (const io::ReadError& e) {
        EXPECT_EQ(e.path(), "line 7") << line;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "threw " << e.what() << " for: " << line;
    }
}

} // namespace

TEST(ProbeJson, EveryLineOfRealResultsFilesIsWrittenBackByteForByte)
{
    const std::vector<std::string> lines = everySampleLine();
    ASSERT_GT(lines.size(), 40u);
    for (const std::string& line : lines)
        EXPECT_EQ(io::renderProbeLine(parsed(line)), line);
}

TEST(ProbeJson, TheEnvelopeLeadsAndTheEventsOwnFieldsFollowInAlphabeticalOrder)
{
    const std::string line = io::renderProbeLine({ 0.5, 2, io::ProbeProgress{ "bench", 1, 4, "GEMM qkv" } });
    EXPECT_EQ(line,
              R"({"event":"progress","time_s":0.5,"rank":2,"done":1,"message":"GEMM qkv","step":"bench","total":4})");
    EXPECT_EQ(io::renderProbeLine({ 0.25, 1, io::ProbeError{ "no_gpu", "none" } }),
              R"({"event":"error","time_s":0.25,"rank":1,"code":"no_gpu","message":"none"})");
}

TEST(ProbeJson, EveryMeasurementComesBackFromItsLine)
{
    EXPECT_EQ(throughALine(device(5)), device(5));
    EXPECT_EQ(throughALine(gemm()), gemm());
    EXPECT_EQ(throughALine(attention()), attention());
    EXPECT_EQ(throughALine(memory()), memory());
    EXPECT_EQ(throughALine(collective()), collective());
    EXPECT_EQ(throughALine(overlap()), overlap());
    EXPECT_EQ(throughALine(io::ProbeStepTime{ 2, 0.875 }), (io::ProbeStepTime{ 2, 0.875 }));
    EXPECT_EQ(throughALine(io::ProbeOtherMeasurement{ "power" }), io::ProbeOtherMeasurement{ "power" });
}

TEST(ProbeJson, ProgressWarningsAndErrorsComeBackFromTheirLines)
{
    const io::ProbeProgress progress{ "confirm", 2, 4, "step 2" };
    EXPECT_EQ(throughALine(progress), progress);
    const io::ProbeWarning warning{ "group_does_not_fit", "EP all_to_all skipped" };
    EXPECT_EQ(throughALine(warning), warning);
    const io::ProbeError error{ "watchdog_timeout", "\"confirm: training step 3\" did not finish" };
    EXPECT_EQ(throughALine(error), error);
}

TEST(ProbeJson, EachCommandsResultComesBackFromItsLine)
{
    io::ProbeResult discover = result("discover", "cuda", false, 2);
    discover.devices = std::vector{ device(0), device(1) };
    discover.topology.emplace().nodes = { node("node-a"), node("node-b") };
    discover.topology->network.kind = NetworkKind::RailOptimized;
    discover.topology->network.nodesPerLeaf = 16;
    discover.notes = std::vector<std::string>{ "node-a: NVML is missing" };
    expectSameResult(throughALine(discover), discover);

    io::ProbeResult bench = result("bench", "host", true, 16);
    bench.devices = std::vector{ device(0) };
    bench.gemms = std::vector{ gemm(), gemm() };
    bench.attention = std::vector{ attention() };
    bench.memory = memory();
    bench.collectives = std::vector{ collective() };
    bench.overlap = overlap();
    expectSameResult(throughALine(bench), bench);
    bench.attention = std::vector{ attention(), attention() }; // a list, when there is more than one
    expectSameResult(throughALine(bench), bench);

    io::ProbeResult confirm = result("confirm", "cuda", false, 2);
    confirm.calibrated = true;
    confirm.measured = measuredStep();
    confirm.predicted = predictedStep();
    confirm.predictedWithoutFramework = predictedStep();
    expectSameResult(throughALine(confirm), confirm);
}

TEST(ProbeJson, ADiscoveryWithoutNodesReadsAsATopologyWithoutNodes)
{
    io::ProbeResult discover = result("discover", "cuda", false, 1);
    discover.topology = TopologySpec{};
    const io::ProbeResult back = throughALine(discover);
    ASSERT_TRUE(back.topology.has_value());
    EXPECT_TRUE(back.topology->nodes.empty());
}

TEST(ProbeJson, ARankDescriptionComesBackFromItsText)
{
    io::RankDescription rank{ device(9), 1, 6.5, io::HostDescription{ node("node-b"), { "0000:18:00.0" }, { "x" } } };
    const io::RankDescription back = io::readRankDescription(io::writeRankDescription(rank));
    EXPECT_EQ(back.device, rank.device);
    EXPECT_EQ(back.localRank, 1);
    EXPECT_EQ(back.linkGBps, 6.5);
    ASSERT_TRUE(back.host && back.host->node);
    EXPECT_EQ(io::toJson(*back.host->node), io::toJson(*rank.host->node));
    EXPECT_EQ(back.host->gpuBusIds, rank.host->gpuBusIds);
    EXPECT_EQ(back.host->notes, rank.host->notes);

    rank.host.reset();
    EXPECT_FALSE(io::readRankDescription(io::writeRankDescription(rank)).host.has_value());
    EXPECT_THROW((void)io::readRankDescription("{\"local_rank\": 0}"), io::ReadError);
}

TEST(ProbeJson, TruncatedLinesReadOrFailNamingTheLine)
{
    for (const std::string& line : everySampleLine())
        for (size_t length = 0; length < line.size(); length += 5)
            probeLineReadsOrRefuses(line.substr(0, length));
}

TEST(ProbeJson, MutatedLinesReadOrFailNamingTheLine)
{
    fuzz::Mutator mutator(everySampleLine(), 9); // fixed seed: a failure reproduces
    for (int round = 0; round < 4000; ++round)
        probeLineReadsOrRefuses(mutator.next());
}

TEST(ProbeJson, HostileValuesInEveryFieldReadOrFailNamingTheLine)
{
    for (const std::string& line : everySampleLine())
        for (const std::string& text : fuzz::everyHostileVariant(nlohmann::json::parse(line)))
            probeLineReadsOrRefuses(text);
}

// A line nested too deep for nlohmann to write or free safely is refused naming the line.
TEST(ProbeJson, ALineNestedTooDeepIsRefusedNamingIt)
{
    const std::string line = R"({"event": "gemm", "x": )" + std::string(200000, '[');
    try {
        (void)io::parseProbeLine(line, 7);
        FAIL() << "a line nested 200,000 deep was read";
    } catch (const io::ReadError& e) {
        EXPECT_EQ(e.path(), "line 7");
    }
}
