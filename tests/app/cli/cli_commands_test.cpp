// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/cli/command_run.h"

#include "core/io/bands_json.h"
#include "core/io/input_file.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

TEST(Evaluate, BuiltInDefaultPrintsAReadableReport)
{
    const CommandRun r = run(runEvaluate, {});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_NE(r.out.find("Llama 3.1 70B"), std::string::npos);
    EXPECT_NE(r.out.find("Memory per GPU"), std::string::npos);
    EXPECT_NE(r.out.find("tokens/s"), std::string::npos);
    EXPECT_NE(r.out.find("MFU"), std::string::npos);
    EXPECT_EQ(r.out.find("nan"), std::string::npos);
    EXPECT_TRUE(r.err.empty());
}

TEST(Evaluate, JsonFollowsTheContract)
{
    const CommandRun r = run(runEvaluate, { "--json" });
    ASSERT_EQ(r.code, kExitOk);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["valid"].get<bool>());
    EXPECT_GT(j["time_s"]["step"].get<double>(), 0);
    EXPECT_EQ(j["gpus"], 64);
}

TEST(Evaluate, JsonCarriesTheStepBand)
{
    // Issue #10: this fails if the uncertainty disappears from the result JSON.
    const CommandRun r = run(runEvaluate, { "--json" });
    ASSERT_EQ(r.code, kExitOk);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    ASSERT_TRUE(j.contains("uncertainty"));
    const nlohmann::json& step = j["uncertainty"]["step_s"];
    EXPECT_LE(step["p10"].get<double>(), step["p50"].get<double>());
    EXPECT_LE(step["p50"].get<double>(), step["p90"].get<double>());
    EXPECT_LT(step["p10"].get<double>(), step["p90"].get<double>());
    EXPECT_NE(j["uncertainty"]["basis"].get<std::string>().find("runs"), std::string::npos);
    EXPECT_TRUE(j["hidden_s"].contains("dp_comm"));
}

TEST(Evaluate, TextShowsTheBandOnTheStepAndHiddenCommunicationBesideEachPart)
{
    const CommandRun r = run(runEvaluate, {});
    ASSERT_EQ(r.code, kExitOk);
    EXPECT_NE(r.out.find(", 80 % band)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Band from "), std::string::npos);
    EXPECT_NE(r.out.find("hidden under compute"), std::string::npos);
    const size_t tp = r.out.find("  TP communication");
    ASSERT_NE(tp, std::string::npos);
    const std::string line = r.out.substr(tp, r.out.find('\n', tp) - tp);
    EXPECT_EQ(std::count(line.begin(), line.end(), 's'), 2) << line; // exposed and hidden seconds
}

TEST(Evaluate, InvalidScenarioExitsTwoWithTheErrors)
{
    const CommandRun text = run(runEvaluate, { data("invalid_tp.json") });
    EXPECT_EQ(text.code, kExitInvalid);
    EXPECT_NE(text.out.find("heads_not_divisible_by_tp"), std::string::npos);
    const CommandRun json = run(runEvaluate, { data("invalid_tp.json"), "--json" });
    EXPECT_EQ(json.code, kExitInvalid);
    const nlohmann::json j = nlohmann::json::parse(json.out);
    EXPECT_FALSE(j["valid"].get<bool>());
    EXPECT_EQ(j["errors"][0]["path"], "parallel.tp");
}

TEST(Evaluate, UnreadableInputExitsOneNamingTheProblem)
{
    const CommandRun missing = run(runEvaluate, { "/nonexistent/s.json" });
    EXPECT_EQ(missing.code, kExitUnreadable);
    EXPECT_NE(missing.err.find("/nonexistent/s.json"), std::string::npos);

    const CommandRun syntax = run(runEvaluate, { writeTemporary("syntax.json", "{\n  \"model\": {\n  \"preset\" \"x\"\n}") });
    EXPECT_EQ(syntax.code, kExitUnreadable);
    EXPECT_NE(syntax.err.find("line 3"), std::string::npos);

    const CommandRun unknown = run(runEvaluate, { writeTemporary("unknown.json", R"({"model": {"preset": "gpt3-175b", "hiden": 1},
        "training": {"seq_len": 2048, "global_batch": 8}, "cluster": {"preset": "dgx-a100-80gb"}})") });
    EXPECT_EQ(unknown.code, kExitUnreadable);
    EXPECT_NE(unknown.err.find("model.hiden"), std::string::npos);
    EXPECT_NE(unknown.err.find("did you mean \"hidden\""), std::string::npos);

    const CommandRun directory = run(runEvaluate, { std::filesystem::temp_directory_path().string() });
    EXPECT_EQ(directory.code, kExitUnreadable);
    EXPECT_NE(directory.err.find("directory"), std::string::npos);
}

TEST(Evaluate, UsageErrorsExitOne)
{
    EXPECT_EQ(run(runEvaluate, { "--bogus" }).code, kExitUnreadable);
    EXPECT_EQ(run(runEvaluate, { "a.json", "b.json" }).code, kExitUnreadable);
}

TEST(Search, PrintsTheRankedTableWithCountsAndTime)
{
    const CommandRun r = run(runSearch, { data("small_search.json"), "--top", "5" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("Grid points"), std::string::npos);
    EXPECT_NE(r.out.find("abide by the rules"), std::string::npos);
    EXPECT_NE(r.out.find("memory-priced"), std::string::npos);
    EXPECT_NE(r.out.find("fit in memory"), std::string::npos);
    EXPECT_NE(r.out.find("simulated in full"), std::string::npos);
    EXPECT_NE(r.out.find("tokens/s"), std::string::npos);
    EXPECT_NE(r.out.find("80 % band"), std::string::npos);
    EXPECT_NE(r.out.find("robust 1"), std::string::npos) << r.out; // the top five lie within each other's band
    EXPECT_NE(r.out.find(", below #"), std::string::npos);
}

TEST(Search, JsonHasTheContractShape)
{
    const CommandRun r = run(runSearch, { data("small_search.json"), "--top", "3", "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    for (const char* key : { "evaluated", "valid", "fits", "elapsed_s", "results", "grid_points", "rule_abiding",
                             "memory_priced", "bounded", "simulated" })
        EXPECT_TRUE(j.contains(key)) << key;
    ASSERT_EQ(j["results"].size(), 3u);
    for (const auto& entry : j["results"]) {
        EXPECT_EQ(entry["parallel"]["tp"], 2); // pinned in the scenario
        EXPECT_TRUE(entry["parallel"].contains("micro_batch"));
        EXPECT_TRUE(entry["result"]["memory_gib"]["fits"].get<bool>());
        EXPECT_TRUE(entry["result"].contains("uncertainty"));
        EXPECT_TRUE(entry["tied_with_best"].is_boolean());
    }
    EXPECT_GE(j["results"][0]["result"]["tokens_per_s"].get<double>(), j["results"][1]["result"]["tokens_per_s"].get<double>());
}

TEST(Search, RejectsBadOptions)
{
    EXPECT_EQ(run(runSearch, { data("small_search.json"), "--top", "zero" }).code, kExitUnreadable);
    EXPECT_EQ(run(runSearch, { data("small_search.json"), "--top" }).code, kExitUnreadable);
    EXPECT_EQ(run(runSearch, {}).code, kExitUnreadable);
}

TEST(Search, InvalidModelExitsTwo)
{
    const std::string path = writeTemporary("badmodel.json", R"({"model": {"preset": "gpt3-175b", "heads": 7},
        "training": {"seq_len": 2048, "global_batch": 8}, "cluster": {"preset": "dgx-a100-80gb"}})");
    const CommandRun r = run(runSearch, { path });
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_NE(r.err.find("hidden_not_divisible_by_heads"), std::string::npos);
}

// The default scenario with a degree of 0 once killed search with SIGFPE (found by mutating valid
// scenarios); evaluate already answered invalid_parallel_degree.
TEST(Search, APinnedDegreeOfZeroIsInvalidNotACrash)
{
    for (const char* degree : { "pp", "vpp", "tp", "cp", "ep" }) {
        std::ifstream in(PARAPLAN_SOURCE_DIR "/resources/scenarios/default.json");
        nlohmann::json scenario = nlohmann::json::parse(in);
        scenario["parallel"][degree] = 0;
        const std::string path = writeTemporary(std::string("degree0_") + degree + ".json", scenario.dump());
        const CommandRun r = run(runSearch, { path });
        EXPECT_EQ(r.code, kExitInvalid) << degree << "\n" << r.err;
        EXPECT_NE(r.err.find("invalid_parallel_degree"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(std::string("parallel.") + degree), std::string::npos) << r.err;
    }
}

TEST(Validate, PrintsEveryCaseAndTheMape)
{
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json") });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("sc21-t1-1T"), std::string::npos);
    EXPECT_NE(r.out.find("mlm-h100-462B"), std::string::npos);
    EXPECT_NE(r.out.find("MAPE"), std::string::npos);
    EXPECT_NE(r.out.find("kor22"), std::string::npos);
}

TEST(Validate, SummaryGroupsBySource)
{
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json"), data("validation/vtrain/cases.json"),
                                            "--summary" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    for (const char* group : { "sc21", "kor22", "mlm", "vtrain", "p90 APE" })
        EXPECT_NE(r.out.find(group), std::string::npos) << group;
    EXPECT_EQ(r.out.find("vtrain-single-r0001"), std::string::npos);
}

TEST(Validate, JsonGivesEveryCaseAndTheSummaries)
{
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json"), "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["cases"].size(), 28u);
    for (const nlohmann::json& c : j["cases"]) {
        for (const char* key : { "id", "group", "metric", "published", "predicted", "error" })
            EXPECT_TRUE(c.contains(key)) << key;
        EXPECT_NEAR(c["error"].get<double>(),
                    std::fabs(c["predicted"].get<double>() - c["published"].get<double>()) / c["published"].get<double>(),
                    1e-12);
    }
    for (const char* key : { "count", "mape", "median_ape", "p90_ape" })
        EXPECT_TRUE(j["summary"].contains(key)) << key;
    EXPECT_EQ(j["summary"]["count"], 28);
    EXPECT_LE(j["summary"]["median_ape"].get<double>(), j["summary"]["p90_ape"].get<double>());
    for (const char* group : { "sc21", "kor22", "mlm" })
        EXPECT_TRUE(j["groups"].contains(group)) << group;
}

TEST(Validate, CrossValidationLeavesEachGroupOut)
{
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json"), "--cross-validate", "--params",
                                            "gemm_ceiling,attention_efficiency", "--evaluations", "30", "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["cross_validated"].get<bool>());
    ASSERT_EQ(j["folds"].size(), 3u);
    EXPECT_EQ(j["folds"][0]["left_out"], "sc21");
    EXPECT_TRUE(j["folds"][0]["constants"].contains("gemm_ceiling"));
    EXPECT_EQ(j["cases"].size(), 28u);
    EXPECT_TRUE(j["in_sample"]["summary"].contains("mape"));
    const CommandRun text = run(runValidate, { data("validation/calibration_cases.json"), "--cross-validate", "--params",
                                               "gemm_ceiling", "--evaluations", "10" });
    ASSERT_EQ(text.code, kExitOk) << text.err;
    EXPECT_NE(text.out.find("in-sample MAPE"), std::string::npos);
    EXPECT_NE(text.out.find("left out"), std::string::npos);
}

TEST(Validate, CrossValidationWritesTheBandsAndTheirCoverage)
{
    const std::string bands = writeTemporary("bands.json", "");
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json"), "--cross-validate", "--params",
                                            "gemm_ceiling", "--evaluations", "10", "--bands-out", bands });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("published figures inside their band"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("with the bands written to " + bands), std::string::npos);
    EXPECT_NE(r.out.find("with each group's bands from the other groups only"), std::string::npos);
    std::string error;
    const std::optional<std::string> text = paraplan::io::readInputFile(bands, error);
    ASSERT_TRUE(text) << error;
    const paraplan::UncertaintyBands table = paraplan::io::readUncertaintyBands(*text);
    ASSERT_FALSE(table.bands.empty());
    EXPECT_EQ(table.bands.front().runs, 28); // every case, pooled: the coarsest regime

    const CommandRun json = run(runValidate, { data("validation/calibration_cases.json"), "--cross-validate", "--params",
                                               "gemm_ceiling", "--evaluations", "10", "--json" });
    ASSERT_EQ(json.code, kExitOk) << json.err;
    const nlohmann::json coverage = nlohmann::json::parse(json.out)["band_coverage"];
    EXPECT_EQ(coverage["count"], 28);
    EXPECT_GE(coverage["fraction"].get<double>(), 0.0);
    EXPECT_LE(coverage["fraction"].get<double>(), 1.0);
    EXPECT_EQ(coverage["held_out"]["count"], 28);

    EXPECT_EQ(run(runValidate, { data("validation/calibration_cases.json"), "--bands-out", bands }).code, kExitUnreadable);
}

TEST(Validate, CrossValidationRefusesACalibrationAndUnknownConstants)
{
    EXPECT_EQ(run(runValidate, { data("validation/calibration_cases.json"), "--cross-validate", "--calibration",
                                 data("nccl_tests/all_reduce_8xh100_one_node.txt") })
                  .code,
              kExitUnreadable);
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json"), "--cross-validate", "--params", "speed" });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("unknown constant \"speed\""), std::string::npos);
}

TEST(Validate, MalformedCaseFileNamesThePath)
{
    const CommandRun r = run(runValidate, { writeTemporary("cases.json", R"([{"id": "x", "scenario": {}}])") });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("[0].scenario"), std::string::npos);
}

TEST(Validate, OnlyKeepsCasesByIdPrefix)
{
    const CommandRun r = run(runValidate, { data("validation/calibration_cases.json"), "--only", "kor22" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("kor22-1T"), std::string::npos);
    EXPECT_EQ(r.out.find("sc21-t1"), std::string::npos);
    EXPECT_EQ(run(runValidate, { data("validation/calibration_cases.json"), "--only", "nothing" }).code, kExitUnreadable);
}

TEST(Validate, SetAppliesAWhatIfToEveryScenario)
{
    const std::string file = data("validation/calibration_cases.json");
    const CommandRun plain = run(runValidate, { file, "--only", "sc21-t1-1.7B" });
    // SC21 ran Megatron-LM's fused softmax; what if it had had FlashAttention?
    const CommandRun fused = run(runValidate, { file, "--only", "sc21-t1-1.7B", "--set", "training.flash_attention=true" });
    ASSERT_EQ(plain.code, kExitOk);
    ASSERT_EQ(fused.code, kExitOk) << fused.err;
    EXPECT_NE(plain.out, fused.out); // the fused kernel prices differently
    const CommandRun bad = run(runValidate, { file, "--set", "training.precision=bf16" });
    EXPECT_EQ(bad.code, kExitUnreadable);
    EXPECT_NE(bad.err.find("not JSON"), std::string::npos);
    const CommandRun typo = run(runValidate, { file, "--set", "training.flash_atention=false" });
    EXPECT_EQ(typo.code, kExitUnreadable);
    EXPECT_NE(typo.err.find("did you mean"), std::string::npos);
}

TEST(Fit, ReportsTheErrorBeforeAndAfter)
{
    const CommandRun r = run(runFit, { data("validation/calibration_cases.json"), "--params", "gemm_ceiling", "--evaluations", "20" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("MAPE"), std::string::npos);
    EXPECT_NE(r.out.find("gemm_ceiling"), std::string::npos);
    EXPECT_EQ(run(runFit, { data("validation/calibration_cases.json"), "--params", "warp_speed" }).code, kExitUnreadable);
}

TEST(Presets, ListsTheCatalog)
{
    const CommandRun r = run(runPresets, {});
    ASSERT_EQ(r.code, kExitOk);
    for (const char* id : { "h100-sxm-80gb", "gb200-nvl72", "llama3.1-405b", "mixtral-8x22b", "workstation-4x-rtx4090" })
        EXPECT_NE(r.out.find(id), std::string::npos) << id;
    // A fine-grained MoE: its MTP module apart, active weights both ways publishers count them,
    // its experts and how many of its layers are MoE.
    for (const char* text : { "671B + 11.6B MTP", "36.6B (37.6B with embedding)", "128 MLA", "256 top-8 + 1 shared, 58/61 layers" })
        EXPECT_NE(r.out.find(text), std::string::npos) << text;
}
