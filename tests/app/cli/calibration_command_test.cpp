// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// `calibration import-nccl-tests` on real nccl-tests output, and `--calibration` on evaluate, search
// and validate (issue #5, item 4).
#include "tests/app/cli/command_run.h"

#include "core/io/calibration_json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

namespace {

std::string ncclTests(const std::string& name) { return data("nccl_tests/" + name); }

// A profile whose one bf16 GEMM ran at a tenth of the H100's peak: every GEMM then runs at that rate.
std::string slowGemmProfile(bool cpu = false)
{
    const double seconds = 2.0 * 4096 * 4096 * 4096 / (0.1 * 989.4e12);
    return writeTemporary(cpu ? "cpu-profile.json" : "slow-gemm-profile.json",
                          R"({"device": "NVIDIA H100 80GB HBM3", "cpu": )" + std::string(cpu ? "true" : "false")
                              + R"(, "gemms": [{"m": 4096, "n": 4096, "k": 4096, "precision": "bf16", "seconds": )"
                              + std::to_string(seconds) + "}]}");
}

double stepOf(const CommandRun& r) { return nlohmann::json::parse(r.out)["time_s"]["step"].get<double>(); }

} // namespace

TEST(CalibrationImport, PrintsAProfileOfTheFilesMeasurements)
{
    const CommandRun r = run(runCalibration, { "import-nccl-tests", ncclTests("all_reduce_8xh100_one_node.txt") });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(r.err.empty());
    const paraplan::CalibrationProfile profile = paraplan::io::readCalibrationProfile(r.out);
    EXPECT_EQ(profile.device, "NVIDIA H100 80GB HBM3");
    EXPECT_NE(profile.source.find("all_reduce, 8 ranks on 1 host"), std::string::npos) << profile.source;
    EXPECT_FALSE(profile.cpu);
    ASSERT_EQ(profile.collectives.size(), 6u);
    EXPECT_EQ(profile.collectives.front().collective, paraplan::Collective::AllReduce);
    EXPECT_EQ(profile.collectives.front().ranks, 8);
    EXPECT_FALSE(profile.collectives.front().crossesNodes);
    EXPECT_NEAR(profile.collectives.front().busGBps, 382.99, 0.01);
}

TEST(CalibrationImport, SeveralFilesMergeIntoOneProfile)
{
    const std::vector<std::string> files = { ncclTests("all_reduce_8xh100_one_node.txt"),
                                             ncclTests("all_reduce_16xh100_two_nodes.txt"),
                                             ncclTests("all_gather_16xb200_two_nodes.txt") };
    // The all-gather file measured B200s, the others H100s: the profile must be told what it describes.
    const CommandRun mixed
        = run(runCalibration, { "import-nccl-tests", files[0], files[1], files[2], "--collective", "all_gather" });
    EXPECT_EQ(mixed.code, kExitUnreadable);
    EXPECT_NE(mixed.err.find(files[2]), std::string::npos) << mixed.err;
    EXPECT_NE(mixed.err.find("--device"), std::string::npos) << mixed.err;

    const CommandRun r = run(runCalibration, { "import-nccl-tests", files[0], files[1], files[2], "--collective",
                                               "all_gather", "--device", "lab cluster" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const paraplan::CalibrationProfile profile = paraplan::io::readCalibrationProfile(r.out);
    EXPECT_EQ(profile.device, "lab cluster");
    ASSERT_EQ(profile.collectives.size(), 6u + 32u + 24u);
    EXPECT_EQ(profile.collectives[6].ranks, 16);
    EXPECT_TRUE(profile.collectives[6].crossesNodes);
    EXPECT_EQ(profile.collectives.back().collective, paraplan::Collective::AllGather);
}

TEST(CalibrationImport, ABadFileExitsOneNamingFileAndLine)
{
    std::ifstream in(ncclTests("all_reduce_8xh100_one_node.txt"));
    std::stringstream text;
    text << in.rdbuf();
    std::string broken = text.str();
    broken.replace(broken.find("2175.8"), 6, "2l75.8");
    const std::string path = writeTemporary("broken-nccl-tests.txt", broken);
    const CommandRun r = run(runCalibration, { "import-nccl-tests", path });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find(path + ": line 18: "), std::string::npos) << r.err;
}

TEST(CalibrationImport, AnUnnamedAllGatherAsksForItsCollective)
{
    const CommandRun r = run(runCalibration, { "import-nccl-tests", ncclTests("all_gather_16xb200_two_nodes.txt") });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("--collective NAME"), std::string::npos) << r.err;
}

TEST(CalibrationImport, UsageErrorsExitOne)
{
    EXPECT_EQ(run(runCalibration, {}).code, kExitUnreadable);
    EXPECT_EQ(run(runCalibration, { "export" }).code, kExitUnreadable);
    EXPECT_EQ(run(runCalibration, { "import-nccl-tests" }).code, kExitUnreadable);
    EXPECT_EQ(run(runCalibration, { "import-nccl-tests", "/nonexistent/all_reduce.txt" }).code, kExitUnreadable);
    const std::string sample = ncclTests("all_reduce_8xh100_one_node.txt");
    const CommandRun badCollective = run(runCalibration, { "import-nccl-tests", sample, "--collective", "broadcast" });
    EXPECT_EQ(badCollective.code, kExitUnreadable);
    EXPECT_NE(badCollective.err.find("--collective takes"), std::string::npos) << badCollective.err;
}

TEST(CalibratedEvaluate, TheProfileChangesThePrintedStepTime)
{
    const CommandRun modelled = run(runEvaluate, { "--json" });
    const CommandRun calibrated = run(runEvaluate, { "--json", "--calibration", slowGemmProfile() });
    ASSERT_EQ(modelled.code, kExitOk);
    ASSERT_EQ(calibrated.code, kExitOk) << calibrated.err;
    EXPECT_GT(stepOf(calibrated), 1.5 * stepOf(modelled)); // GEMMs at 10 % of peak instead of ~70 %

    const CommandRun text = run(runEvaluate, { "--calibration", slowGemmProfile() });
    ASSERT_EQ(text.code, kExitOk);
    EXPECT_NE(text.out.find("(calibrated: NVIDIA H100 80GB HBM3"), std::string::npos) << text.out;
}

TEST(CalibratedEvaluate, AMeasuredOverlapSlowdownSlowsTheOverlappedStepAndIsNamed)
{
    const std::string profile
        = writeTemporary("overlap-profile.json", R"({"device": "NVIDIA H100 80GB HBM3", "overlap_slowdown": 0.3})");
    const CommandRun modelled = run(runEvaluate, { "--json" });
    const CommandRun calibrated = run(runEvaluate, { "--json", "--calibration", profile });
    ASSERT_EQ(calibrated.code, kExitOk) << calibrated.err;
    EXPECT_GT(stepOf(calibrated), stepOf(modelled)); // the default scenario hides DP and TP traffic under compute
    const CommandRun text = run(runEvaluate, { "--calibration", profile });
    EXPECT_NE(text.out.find("overlapped compute runs 30 % slower, as measured"), std::string::npos) << text.out;
}

TEST(CalibratedEvaluate, AnUnusableProfileExitsOneSayingWhy)
{
    const CommandRun missing = run(runEvaluate, { "--calibration", "/nonexistent/profile.json" });
    EXPECT_EQ(missing.code, kExitUnreadable);
    EXPECT_NE(missing.err.find("/nonexistent/profile.json"), std::string::npos);

    const std::string malformed = writeTemporary("malformed-profile.json", R"({"device": "x", "gemms": [{"m": 1}]})");
    const CommandRun bad = run(runEvaluate, { "--calibration", malformed });
    EXPECT_EQ(bad.code, kExitUnreadable);
    EXPECT_NE(bad.err.find(malformed + ": gemms[0].n"), std::string::npos) << bad.err;

    const CommandRun cpu = run(runEvaluate, { "--calibration", slowGemmProfile(true) });
    EXPECT_EQ(cpu.code, kExitUnreadable);
    EXPECT_NE(cpu.err.find("measured on CPUs"), std::string::npos) << cpu.err;
    EXPECT_TRUE(cpu.out.empty());

    EXPECT_EQ(run(runEvaluate, { "--calibration" }).code, kExitUnreadable);
}

TEST(CalibratedSearchAndValidate, TakeTheProfile)
{
    const std::string scenario = data("small_search.json");
    const CommandRun search = run(runSearch, { scenario, "--top", "2", "--calibration", slowGemmProfile() });
    ASSERT_EQ(search.code, kExitOk) << search.err;
    EXPECT_NE(search.out.find("(calibrated:"), std::string::npos);
    EXPECT_EQ(run(runSearch, { scenario, "--calibration", slowGemmProfile(true) }).code, kExitUnreadable);

    const std::string cases = data("validation/calibration_cases.json");
    const CommandRun plain = run(runValidate, { cases, "--only", "mlm-h100" });
    const CommandRun calibrated = run(runValidate, { cases, "--only", "mlm-h100", "--calibration", slowGemmProfile() });
    ASSERT_EQ(calibrated.code, kExitOk) << calibrated.err;
    EXPECT_NE(calibrated.out.find("(calibrated:"), std::string::npos);
    EXPECT_NE(plain.out, calibrated.out);
}

TEST(CalibrationFromProbe, PrintsTheProfileOfABenchRun)
{
    const CommandRun r = run(runCalibration, { "from-probe", data("engine/probe_bench_host.jsonl") });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const paraplan::CalibrationProfile profile = paraplan::io::readCalibrationProfile(r.out);
    EXPECT_TRUE(profile.cpu);
    EXPECT_EQ(profile.gemms.size(), 21u * 3u); // seven GEMMs in three shapes, each for bf16, fp16 and fp8
    EXPECT_EQ(profile.collectives.size(), 2u);
    EXPECT_NE(profile.source.find("probe_bench_host.jsonl"), std::string::npos);
    // The overlap slowdown replaces a constant of the model outright: the command says what it rests on.
    ASSERT_TRUE(profile.overlapSlowdown.has_value());
    EXPECT_NE(r.err.find("alone"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("overlap_slowdown"), std::string::npos) << r.err;
}

TEST(CalibrationFromProbe, ARunWithoutMeasurementsOrABrokenFileExitsOneSayingWhy)
{
    CommandRun r = run(runCalibration, { "from-probe", data("engine/probe_confirm_host.jsonl") });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("paraplan-probe bench"), std::string::npos) << r.err;
    r = run(runCalibration, { "from-probe", writeTemporary("not-probe.jsonl", "{\"event\":\"result\"}\nhello\n") });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("line 1"), std::string::npos) << r.err;
    r = run(runCalibration, { "from-probe" });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("usage"), std::string::npos) << r.err;
}
