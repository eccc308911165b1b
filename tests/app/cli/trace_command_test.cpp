// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/cli/command_run.h"

#include "core/io/input_file.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

namespace {

CommandRun traceCommand(std::vector<std::string> args) { return run(runTrace, std::move(args)); }

} // namespace

TEST(Trace, PrintsTheDefaultScenariosStepAsAChromeTrace)
{
    for (const std::vector<std::string>& args : { std::vector<std::string>{}, std::vector<std::string>{ "-o", "-" } }) {
        const CommandRun r = traceCommand(args);
        ASSERT_EQ(r.code, kExitOk) << r.err;
        EXPECT_TRUE(r.err.empty());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        EXPECT_FALSE(j["traceEvents"].empty());
        EXPECT_EQ(j["displayTimeUnit"], "ms");
        EXPECT_GT(j["otherData"]["step_s"].get<double>(), 0);
    }
}

TEST(Trace, WritesTheFileNamedByDashO)
{
    const auto path = paraplan::test::scratchPath("cli-test-trace.json");
    std::filesystem::remove(path);
    const CommandRun r = traceCommand({ "-o", path.string() });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(r.out.empty());
    std::string error;
    const std::optional<std::string> text = paraplan::io::readInputFile(path.string(), error);
    ASSERT_TRUE(text) << error;
    EXPECT_FALSE(nlohmann::json::parse(*text)["traceEvents"].empty());
}

TEST(Trace, AnInvalidScenarioExitsTwoWithItsErrorsAndNoTrace)
{
    const CommandRun r = traceCommand({ data("invalid_tp.json") });
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("heads_not_divisible_by_tp"), std::string::npos) << r.err;
}

TEST(Trace, UsageAndUnreadableInputExitOne)
{
    EXPECT_EQ(traceCommand({ "--bogus" }).code, kExitUnreadable);
    EXPECT_EQ(traceCommand({ "a.json", "b.json" }).code, kExitUnreadable);
    EXPECT_EQ(traceCommand({ "-o" }).code, kExitUnreadable);
    const CommandRun missing = traceCommand({ "/nonexistent/s.json" });
    EXPECT_EQ(missing.code, kExitUnreadable);
    EXPECT_NE(missing.err.find("/nonexistent/s.json"), std::string::npos);
    const CommandRun unwritable = traceCommand({ "-o", "/nonexistent/folder/trace.json" });
    EXPECT_EQ(unwritable.code, kExitUnreadable);
    EXPECT_NE(unwritable.err.find("cannot write"), std::string::npos) << unwritable.err;
}
