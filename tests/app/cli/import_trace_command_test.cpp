// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// paraplan-cli import-trace on the traces paraplan-probe recorded (tests/data/traces): the table,
// the findings (stage 3's deliberately slow norms), the JSON, the Nsight Systems exports, and the
// exit codes for broken input.
#include "tests/app/cli/command_run.h"

#include "app/import/nsys_sqlite.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

namespace {

CommandRun importTrace(std::vector<std::string> args) { return run(runImportTrace, std::move(args)); }

std::vector<std::string> slowTraces(const char* extension)
{
    std::vector<std::string> args{ data("traces/tiny_pp4.json") };
    for (int rank = 0; rank < 4; ++rank)
        args.push_back(data("traces/pp4_slow_norms/rank" + std::to_string(rank) + extension));
    return args;
}

} // namespace

TEST(ImportTrace, PrintsEachStagesComponentsAndWhatStandsOut)
{
    const CommandRun r = importTrace(slowTraces(".pt.trace.json"));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    for (const char* text : { "Stage 0: rank 0 (rank0.pt.trace.json)", "Stage 3: rank 3 (rank3.pt.trace.json)",
                              "component", "measured", "predicted", "gemm", "attention", "norm", "elementwise",
                              "optimizer", "nccl:send-recv", "idle", "Findings:",
                              "Stage 3: norms (LayerNorm/RMSNorm) take " })
        EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
    // The stage's story comes first after the pace.
    const size_t findings = r.out.find("Findings:");
    EXPECT_LT(r.out.find("Stage 3: norms", findings), r.out.find("On every stage", findings)) << r.out;
}

TEST(ImportTrace, JsonHasTheStagesComponentsAndFindings)
{
    std::vector<std::string> args = slowTraces(".pt.trace.json");
    args.push_back("--json");
    const CommandRun r = importTrace(args);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["stages"].size(), 4u);
    EXPECT_EQ(j["stages"][3]["traces"][0]["rank"], 3);
    EXPECT_GT(j["pace"].get<double>(), 1);
    const nlohmann::json& first = j["findings"][1];
    EXPECT_EQ(first["kind"], "stage_outlier");
    EXPECT_EQ(first["stage"], 3);
    EXPECT_EQ(first["component"], "norm");
    EXPECT_GT(first["versus_other_stages"].get<double>(), 1.5);
    bool norm = false;
    for (const nlohmann::json& part : j["stages"][3]["components"])
        if (part["component"] == "norm") {
            norm = true;
            EXPECT_GT(part["measured_s"].get<double>(), 0);
            EXPECT_GT(part["predicted_s"].get<double>(), 0);
        }
    EXPECT_TRUE(norm);
}

TEST(ImportTrace, NsightSystemsExportsTellTheSameStory)
{
    if (!paraplan::import::readsNsysSqlite())
        GTEST_SKIP() << "built without SQLite";
    const CommandRun r = importTrace(slowTraces(".sqlite"));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("Stage 3: norms (LayerNorm/RMSNorm) take "), std::string::npos) << r.out;
}

TEST(ImportTrace, OneRankIsComparedWithThePredictionAndTheOthersNoted)
{
    const CommandRun r = importTrace({ data("traces/tiny_pp4.json"), data("traces/pp4/rank1.pt.trace.json") });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("Stage 0: no trace"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no trace of stage 0, 2, 3"), std::string::npos) << r.out;
}

TEST(ImportTrace, ABrokenTraceExitsOneNamingTheFileAndWhatIsWrong)
{
    const std::string truncated = writeTemporary("truncated-trace.json", R"({"traceEvents": [{"ph": "X", "cat": "kernel", )");
    CommandRun r = importTrace({ data("traces/tiny_pp4.json"), truncated });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find(truncated + ": line 1, column"), std::string::npos) << r.err;

    const std::string negative = writeTemporary(
        "negative-trace.json", R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": "k", "ts": 1, "dur": -2}]})");
    r = importTrace({ data("traces/tiny_pp4.json"), negative });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find(negative + ": traceEvents[0].dur: a negative duration"), std::string::npos) << r.err;

    r = importTrace({ data("traces/tiny_pp4.json"), data("invalid_tp.json") }); // a scenario, not a trace
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("traceEvents: missing"), std::string::npos) << r.err;
}

TEST(ImportTrace, UsageAndInvalidScenariosExitAsTheOtherCommands)
{
    EXPECT_EQ(importTrace({}).code, kExitUnreadable);
    EXPECT_EQ(importTrace({ data("traces/tiny_pp4.json") }).code, kExitUnreadable); // no trace
    EXPECT_EQ(importTrace({ data("traces/tiny_pp4.json"), data("traces/pp4/rank0.pt.trace.json"), "--bogus" }).code,
              kExitUnreadable);
    const CommandRun steps = importTrace({ data("traces/tiny_pp4.json"), data("traces/pp4/rank0.pt.trace.json"), "--steps", "0" });
    EXPECT_EQ(steps.code, kExitUnreadable);
    EXPECT_NE(steps.err.find("--steps"), std::string::npos);
    const CommandRun invalid = importTrace({ data("invalid_tp.json"), data("traces/pp4/rank0.pt.trace.json") });
    EXPECT_EQ(invalid.code, kExitInvalid);
    EXPECT_NE(invalid.err.find("heads_not_divisible_by_tp"), std::string::npos) << invalid.err;
}
