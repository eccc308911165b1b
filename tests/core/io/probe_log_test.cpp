// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// paraplan-probe's JSON lines read back: results files the host backend wrote under mpirun -np 2
// (tests/data/engine/probe_*_host.jsonl), read whole or line by line as the GUI reads a live run,
// cut off mid-line, corrupted; and the calibration profile a bench run makes.
#include "core/io/calibration_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/probe_log.h"
#include "core/io/scenario_reader.h"
#include "core/io/topology_json.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

std::string probeLogSample(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/engine/" + name);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_FALSE(text.str().empty()) << name;
    return text.str();
}

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The ReadError's path for `text`, or "" when it reads.
std::string probeLogErrorPathOf(const std::string& text)
{
    try {
        (void)io::readProbeLog(text);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "";
}

} // namespace

TEST(ProbeLog, DiscoverGivesTheDevicesAndTheTopology)
{
    const io::ProbeLog log = io::readProbeLog(probeLogSample("probe_discover_host.jsonl"));
    ASSERT_TRUE(log.finished());
    EXPECT_EQ(log.command, "discover");
    EXPECT_EQ(log.backend, "host");
    EXPECT_TRUE(log.cpu);
    EXPECT_EQ(log.ranks, 2);
    ASSERT_EQ(log.devices.size(), 2u); // the result's list replaces the two device events
    EXPECT_EQ(log.devices[1].rank, 1);
    EXPECT_NE(log.devices[0].name.find("CPU"), std::string::npos);
    EXPECT_GT(log.devices[0].memoryBytes, 0);
    ASSERT_TRUE(log.topology.has_value());
    EXPECT_EQ(log.topology->nodes.size(), 1u); // one node kind per host
    EXPECT_FALSE(log.notes.empty());
    EXPECT_TRUE(log.errors.empty());
}

TEST(ProbeLog, TheDiscoveredTopologyIsOneTheCoreReadsAndPrices)
{
    const io::ProbeLog log = io::readProbeLog(probeLogSample("probe_discover_host.jsonl"));
    const std::string scenario = R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 2048, "global_batch": 16},
        "cluster": {"preset": "dgx-h100", "nodes": 1, "gpus_per_node": 2, "topology": )"
        + io::toJson(*log.topology).dump() + R"(}, "parallel": {"tp": 2, "pp": 1}})";
    const Result r = evaluate(io::readScenarioText(scenario, io::builtinCatalog()));
    ASSERT_TRUE(r.valid);
    EXPECT_GT(r.time.tpComm, 0); // the TP pair talks over the measured host links
}

TEST(ProbeLog, BenchGivesEveryMeasurementWithItsTiming)
{
    const io::ProbeLog log = io::readProbeLog(probeLogSample("probe_bench_host.jsonl"));
    EXPECT_EQ(log.command, "bench");
    ASSERT_EQ(log.gemms.size(), 21u); // seven products, each forward and both gradients
    EXPECT_EQ(log.gemms[0].name, "qkv");
    EXPECT_EQ(log.gemms[0].precision, "fp32");
    EXPECT_TRUE(log.gemms[0].correct);
    EXPECT_GT(log.gemms[0].timing.medianS, 0);
    EXPECT_LE(log.gemms[0].timing.minS, log.gemms[0].timing.medianS);
    EXPECT_GE(log.gemms[0].timing.maxS, log.gemms[0].timing.medianS);
    EXPECT_EQ(log.gemms[0].timing.runs, 5);
    ASSERT_EQ(log.attention.size(), 1u);
    EXPECT_GT(log.attention[0].tflops, 0);
    ASSERT_TRUE(log.memory.has_value());
    EXPECT_TRUE(log.memory->correct);
    EXPECT_GT(log.memory->GBps, 0);
    EXPECT_NEAR(log.memory->GBps, 2 * log.memory->bytes / log.memory->timing.medianS / 1e9, 1e-6 * log.memory->GBps);
    ASSERT_EQ(log.collectives.size(), 2u);
    EXPECT_EQ(log.collectives[0].group, "TP");
    EXPECT_EQ(log.collectives[0].ranks, 2);
    EXPECT_GT(log.collectives[0].busGBps, 0);
    EXPECT_GT(log.collectives[0].predictedBusGBps, log.collectives[0].busGBps); // H100 NVLink vs these CPUs
    // The GEMM alone and beside all-reduces over both ranks.
    ASSERT_TRUE(log.overlap.has_value());
    EXPECT_EQ(log.overlap->ranks, 2);
    EXPECT_EQ(log.overlap->collective, "all_reduce");
    EXPECT_TRUE(log.overlap->correct);
    EXPECT_GE(log.overlap->queued, 1);
    EXPECT_GT(log.overlap->gemmAloneS, 0);
    EXPECT_NEAR(log.overlap->slowdown, std::max(0.0, log.overlap->timing.medianS / log.overlap->gemmAloneS - 1),
                1e-9);
    ASSERT_EQ(log.warnings.size(), 1u);
    EXPECT_EQ(log.warnings[0].code, "cpu_measurements");
}

TEST(ProbeLog, ConfirmGivesTheMeasuredAndPredictedStep)
{
    const io::ProbeLog log = io::readProbeLog(probeLogSample("probe_confirm_host.jsonl"));
    EXPECT_EQ(log.command, "confirm");
    EXPECT_EQ(log.stepSeconds.size(), 2u);
    ASSERT_TRUE(log.measured && log.predicted && log.predictedWithoutFramework);
    ASSERT_EQ(log.measured->stages.size(), 2u);
    EXPECT_GT(log.measured->stepS, 0);
    EXPECT_GT(log.measured->stages[0].idleS, 0); // the first stage's bubble
    EXPECT_FALSE(log.measured->bubbleFraction.has_value());
    ASSERT_TRUE(log.predicted->bubbleFraction.has_value());
    EXPECT_GT(*log.predicted->bubbleFraction, 0);
}

TEST(ProbeLog, ReadLineByLineAsARunGoesItMatchesTheWholeFile)
{
    const std::string text = probeLogSample("probe_bench_host.jsonl");
    io::ProbeLog live;
    int number = 0;
    for (const std::string& line : linesOf(text)) {
        io::addProbeLine(live, line, ++number);
        if (!live.finished()) {
            EXPECT_TRUE(live.progress.has_value() || !live.warnings.empty());
        }
    }
    const io::ProbeLog whole = io::readProbeLog(text);
    EXPECT_EQ(live.gemms.size(), whole.gemms.size());
    EXPECT_EQ(live.collectives.size(), whole.collectives.size());
    EXPECT_EQ(live.progress->done, live.progress->total - 1); // the last progress announces the last item
}

TEST(ProbeLog, AFileCutOffMidLineKeepsWhatCameBefore)
{
    const std::string text = probeLogSample("probe_bench_host.jsonl");
    const std::vector<std::string> lines = linesOf(text);
    std::string cut;
    for (size_t i = 0; i + 1 < lines.size(); ++i)
        cut += lines[i] + "\n";
    cut += lines.back().substr(0, lines.back().size() / 2); // the result, half written
    const io::ProbeLog log = io::readProbeLog(cut);
    EXPECT_FALSE(log.finished());
    EXPECT_EQ(log.gemms.size(), 21u);
    EXPECT_EQ(log.collectives.size(), 2u);
}

TEST(ProbeLog, ABrokenLineIsNamed)
{
    const std::vector<std::string> lines = linesOf(probeLogSample("probe_confirm_host.jsonl"));
    auto withLine3 = [&](const std::string& replacement) {
        std::string text;
        for (size_t i = 0; i < lines.size(); ++i)
            text += (i == 2 ? replacement : lines[i]) + "\n";
        return text;
    };
    EXPECT_EQ(probeLogErrorPathOf(withLine3("Segmentation fault (core dumped)")), "line 3");
    EXPECT_EQ(probeLogErrorPathOf(withLine3("{\"rank\": 0}")), "line 3");
    EXPECT_EQ(probeLogErrorPathOf(withLine3("{\"event\": \"gossip\"}")), "line 3");
    EXPECT_EQ(probeLogErrorPathOf(withLine3("{\"event\": \"measurement\", \"kind\": \"step\", \"seconds\": \"fast\"}")),
        "line 3");
    EXPECT_EQ(probeLogErrorPathOf(withLine3("{\"event\": \"error\", \"code\": \"no_gpu\"}")), "line 3"); // no message
    // Blank lines and measurement kinds a newer probe adds are no error.
    EXPECT_EQ(probeLogErrorPathOf(withLine3("")), "");
    EXPECT_EQ(probeLogErrorPathOf(withLine3("{\"event\": \"measurement\", \"kind\": \"power\", \"watts\": 700}")), "");
}

TEST(ProbeLog, ErrorsAreCollectedWithTheirRank)
{
    const io::ProbeLog log = io::readProbeLog(
        "{\"event\":\"error\",\"time_s\":1,\"rank\":1,\"code\":\"watchdog_timeout\",\"message\":\"step bench stalled\"}\n");
    ASSERT_EQ(log.errors.size(), 1u);
    EXPECT_EQ(log.errors[0].rank, 1);
    EXPECT_EQ(log.errors[0].code, "watchdog_timeout");
    EXPECT_FALSE(log.finished());
}

TEST(ProbeLog, BenchMeasurementsMakeACalibrationProfile)
{
    const io::ProbeLog log = io::readProbeLog(probeLogSample("probe_bench_host.jsonl"));
    const CalibrationProfile profile = io::calibrationFromProbe(log, "test");
    EXPECT_TRUE(profile.cpu);
    EXPECT_EQ(profile.source, "test");
    EXPECT_NE(profile.device.find("CPU"), std::string::npos);
    // A CPU's fp32 GEMMs stand for every precision it is asked to run.
    EXPECT_EQ(profile.gemms.size(), 21u * 3u);
    EXPECT_EQ(profile.gemms[0].m, log.gemms[0].m);
    EXPECT_EQ(profile.gemms[0].seconds, log.gemms[0].timing.medianS);
    ASSERT_EQ(profile.collectives.size(), 2u);
    EXPECT_EQ(profile.collectives[0].collective, Collective::AllGather);
    EXPECT_EQ(profile.collectives[0].ranks, 2);
    EXPECT_EQ(profile.collectives[0].busGBps, log.collectives[0].busGBps);
    EXPECT_EQ(profile.memoryGBps, log.memory->GBps);
    EXPECT_EQ(profile.overlapSlowdown, log.overlap->slowdown);

    // The profile prices a GEMM of a measured shape at the measured rate.
    const Calibration calibration(profile);
    const io::ProbeGemm& qkv = log.gemms[0];
    const std::optional<double> flops = calibration.gemmFlopsPerS(Precision::Bf16, qkv.m, qkv.n, qkv.k);
    ASSERT_TRUE(flops.has_value());
    EXPECT_NEAR(*flops, 2 * qkv.m * qkv.n * qkv.k / qkv.timing.medianS, *flops * 1e-9);
}

TEST(ProbeLog, WrongResultsStayOutOfTheProfile)
{
    io::ProbeLog log = io::readProbeLog(probeLogSample("probe_bench_host.jsonl"));
    log.gemms[0].correct = false;
    log.collectives[1].correct = false;
    log.memory->correct = false;
    log.overlap->correct = false;
    const CalibrationProfile profile = io::calibrationFromProbe(log, "test");
    EXPECT_EQ(profile.gemms.size(), 20u * 3u);
    EXPECT_EQ(profile.collectives.size(), 1u);
    EXPECT_EQ(profile.memoryGBps, 0);
    EXPECT_FALSE(profile.overlapSlowdown.has_value());
}

TEST(ProbeLog, FiguresNoProfileCanHoldStayOutOfIt)
{
    // Issue #12 (fuzz corpus crash-profile-gemm-of-n-zero): --calibration refused what from-probe wrote.
    io::ProbeLog log = io::readProbeLog(probeLogSample("probe_bench_host.jsonl"));
    log.gemms[0].n = 0;
    log.collectives[0].busGBps = 1e-300;
    log.memory->GBps = 1e300;
    const CalibrationProfile profile = io::calibrationFromProbe(log, "test");
    EXPECT_EQ(profile.gemms.size(), 20u * 3u);
    EXPECT_EQ(profile.collectives.size(), 1u);
    EXPECT_EQ(profile.memoryGBps, 0);
    EXPECT_NO_THROW((void)io::readCalibrationProfile(io::toJson(profile).dump()));

    log.gemms.clear();
    log.collectives.clear();
    log.memory.reset();
    log.overlap->correct = false;
    EXPECT_THROW((void)io::calibrationFromProbe(log, "test"), io::ReadError);
}

TEST(ProbeLog, ARunWithoutBenchMeasurementsMakesNoProfile)
{
    const io::ProbeLog log = io::readProbeLog(probeLogSample("probe_confirm_host.jsonl"));
    try {
        (void)io::calibrationFromProbe(log, "test");
        FAIL() << "a confirm run made a profile";
    } catch (const io::ReadError& e) {
        EXPECT_NE(std::string(e.what()).find("bench"), std::string::npos) << e.what();
    }
}
