// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/calibration_json.h"
#include "core/io/json_reader.h"
#include "tests/fuzz/mutator.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

CalibrationProfile sampleProfile()
{
    CalibrationProfile p;
    p.device = "NVIDIA H100 80GB HBM3";
    p.source = "paraplan-probe on node005, 2026-03-01";
    p.gemms = { { 8192, 8192, 8192, Precision::Bf16, 1.52e-3 }, { 4096, 1536, 4096, Precision::Fp8, 3.1e-5 } };
    p.collectives = { { Collective::AllReduce, 8, false, 134217728, 382.99 },
                      { Collective::AllGather, 16, true, 1024, 0.0034 },
                      { Collective::ReduceScatter, 4, false, 1e6, 100.5 },
                      { Collective::AllToAll, 8, true, 2e6, 40 },
                      { Collective::SendRecv, 2, true, 8e6, 45.25 } };
    p.memoryGBps = 2950.5;
    p.overlapSlowdown = 0.125;
    return p;
}

// The ReadError's path for `text`, or "" when it reads.
std::string calibrationErrorPathOf(const std::string& text)
{
    try {
        (void)io::readCalibrationProfile(text);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "";
}

} // namespace

TEST(CalibrationJson, RoundTripsEveryField)
{
    const CalibrationProfile written = sampleProfile();
    const CalibrationProfile read = io::readCalibrationProfile(io::toJson(written).dump());
    EXPECT_EQ(read.device, written.device);
    EXPECT_EQ(read.source, written.source);
    EXPECT_EQ(read.cpu, written.cpu);
    EXPECT_EQ(read.memoryGBps, written.memoryGBps);
    EXPECT_EQ(read.overlapSlowdown, written.overlapSlowdown);
    ASSERT_EQ(read.gemms.size(), written.gemms.size());
    for (size_t i = 0; i < read.gemms.size(); ++i) {
        EXPECT_EQ(read.gemms[i].m, written.gemms[i].m);
        EXPECT_EQ(read.gemms[i].n, written.gemms[i].n);
        EXPECT_EQ(read.gemms[i].k, written.gemms[i].k);
        EXPECT_EQ(read.gemms[i].precision, written.gemms[i].precision);
        EXPECT_EQ(read.gemms[i].seconds, written.gemms[i].seconds);
    }
    ASSERT_EQ(read.collectives.size(), written.collectives.size());
    for (size_t i = 0; i < read.collectives.size(); ++i) {
        EXPECT_EQ(read.collectives[i].collective, written.collectives[i].collective);
        EXPECT_EQ(read.collectives[i].ranks, written.collectives[i].ranks);
        EXPECT_EQ(read.collectives[i].crossesNodes, written.collectives[i].crossesNodes);
        EXPECT_EQ(read.collectives[i].bytes, written.collectives[i].bytes);
        EXPECT_EQ(read.collectives[i].busGBps, written.collectives[i].busGBps);
    }
}

TEST(CalibrationJson, WritesTheDocumentedNames)
{
    const nlohmann::json j = io::toJson(sampleProfile());
    EXPECT_EQ(j["gemms"][0]["precision"], "bf16");
    EXPECT_EQ(j["gemms"][0]["m"].dump(), "8192"); // whole numbers stay whole
    EXPECT_EQ(j["collectives"][0]["collective"], "all_reduce");
    EXPECT_EQ(j["collectives"][3]["collective"], "all_to_all");
    EXPECT_EQ(j["collectives"][4]["collective"], "send_recv");
    EXPECT_EQ(j["collectives"][1]["crosses_nodes"], true);
    EXPECT_EQ(j["collectives"][0]["bus_GBps"], 382.99);
    EXPECT_FALSE(j["cpu"].get<bool>());
    EXPECT_EQ(j["overlap_slowdown"], 0.125);
    CalibrationProfile unmeasured = sampleProfile();
    unmeasured.overlapSlowdown.reset();
    EXPECT_FALSE(io::toJson(unmeasured).contains("overlap_slowdown"));
}

TEST(CalibrationJson, ACpuProfileSaysSo)
{
    const CalibrationProfile read = io::readCalibrationProfile(R"({"device": "AMD EPYC 9654", "cpu": true,
        "gemms": [{"m": 64, "n": 64, "k": 64, "precision": "fp16", "seconds": 1e-5}]})");
    EXPECT_TRUE(read.cpu);
    EXPECT_EQ(read.gemms.front().precision, Precision::Fp16);
}

TEST(CalibrationJson, ErrorsNameTheJsonPath)
{
    auto withGemms = [](const std::string& gemms) { return R"({"device": "x", "gemms": [)" + gemms + "]}"; };
    auto withCollectives = [](const std::string& c) { return R"({"device": "x", "collectives": [)" + c + "]}"; };
    const std::string gemm = R"({"m": 64, "n": 64, "k": 64, "precision": "bf16", "seconds": 1e-5})";
    const std::string allReduce
        = R"({"collective": "all_reduce", "ranks": 8, "crosses_nodes": false, "bytes": 1024, "bus_GBps": 1.5})";
    EXPECT_EQ(calibrationErrorPathOf(withGemms(gemm)), "");
    EXPECT_EQ(calibrationErrorPathOf(withCollectives(allReduce)), "");
    EXPECT_EQ(calibrationErrorPathOf(R"({"gemms": [)" + gemm + "]}"), "device");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x"})"), "(document)"); // no measurements at all
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "memory_GBps": 2000})"), "");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "memory_GBps": 0})"), "memory_GBps");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "memory_GBps": "fast"})"), "memory_GBps");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "gemms": [)" + gemm + R"(], "devise": 1})"), "devise");
    // An overlap slowdown alone is a measurement; 0 (no slowdown) is one too.
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "overlap_slowdown": 0.2})"), "");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "overlap_slowdown": 0})"), "");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "overlap_slowdown": -0.1})"), "overlap_slowdown");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "overlap_slowdown": "15 %"})"), "overlap_slowdown");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "overlap_slowdown": null})"), "overlap_slowdown");
    EXPECT_EQ(
        calibrationErrorPathOf(withGemms(gemm + R"(, {"m": 64, "n": 64, "k": 64, "precision": "bf16", "seconds": 0})")),
        "gemms[1].seconds");
    EXPECT_EQ(calibrationErrorPathOf(withGemms(R"({"m": 64, "n": 64, "k": 64, "precision": "int8", "seconds": 1})")),
        "gemms[0].precision");
    EXPECT_EQ(
        calibrationErrorPathOf(withGemms(R"({"m": 64, "n": 64, "precision": "bf16", "seconds": 1})")), "gemms[0].k");
    // A collective with these fields (crosses_nodes left out when empty).
    auto collective = [](const char* name, const char* ranks, const std::string& crossesNodes, const char* bus) {
        return R"({"collective": ")" + std::string(name) + R"(", "ranks": )" + ranks
            + (crossesNodes.empty() ? "" : R"(, "crosses_nodes": )" + crossesNodes) + R"(, "bytes": 1, "bus_GBps": )"
            + bus + "}";
    };
    EXPECT_EQ(calibrationErrorPathOf(withCollectives(allReduce + ", " + collective("allreduce", "8", "false", "1"))),
        "collectives[1].collective");
    EXPECT_EQ(
        calibrationErrorPathOf(withCollectives(collective("all_reduce", "1", "false", "1"))), "collectives[0].ranks");
    EXPECT_EQ(calibrationErrorPathOf(withCollectives(collective("all_reduce", "8", "\"no\"", "1"))),
        "collectives[0].crosses_nodes");
    EXPECT_EQ(calibrationErrorPathOf(withCollectives(collective("all_reduce", "8", "", "1"))),
        "collectives[0].crosses_nodes");
    EXPECT_EQ(calibrationErrorPathOf(withCollectives(collective("all_reduce", "8", "false", "-3"))),
        "collectives[0].bus_GBps");
    EXPECT_EQ(calibrationErrorPathOf("{\"device\": \"x\",\n \"gemms\": [}"), "line 2, column 12");
}

TEST(CalibrationJson, FiguresNoMeasurementCanHaveAreRefused)
{
    // Issue #12 (fuzz corpus crash-denormal-gemm-dimension): a GEMM 1e-320 wide priced steps at infinity.
    auto gemm = [](const std::string& n, const std::string& seconds) {
        return R"({"device": "x", "gemms": [{"m": 64, "n": )" + n + R"(, "k": 64, "precision": "bf16", "seconds": )"
            + seconds + "}]}";
    };
    EXPECT_EQ(calibrationErrorPathOf(gemm("1e-320", "1e-5")), "gemms[0].n");
    EXPECT_EQ(calibrationErrorPathOf(gemm("0.5", "1e-5")), "gemms[0].n");
    EXPECT_EQ(calibrationErrorPathOf(gemm("64", "1e300")), "gemms[0].seconds");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "collectives": [{"collective": "all_reduce", "ranks": 8, )"
                                     R"("crosses_nodes": false, "bytes": 1024, "bus_GBps": 1e-300}]})"),
        "collectives[0].bus_GBps");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "memory_GBps": 1e308})"), "memory_GBps");
    EXPECT_EQ(calibrationErrorPathOf(R"({"device": "x", "overlap_slowdown": 1e308})"), "overlap_slowdown");
}

TEST(CalibrationJson, HostileValuesInEveryFieldReadOrFailNamingAPath)
{
    for (const std::string& text : fuzz::everyHostileVariant(io::toJson(sampleProfile()))) {
        try {
            (void)io::readCalibrationProfile(text);
        } catch (const io::ReadError& e) {
            EXPECT_FALSE(e.path().empty()) << text;
        } catch (const std::exception& e) {
            ADD_FAILURE() << "threw " << e.what() << " for: " << text;
        }
    }
}
