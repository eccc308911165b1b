// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// paraplan-cli export and import (issue #15): every format from the command line, files and
// folders written, and a launch file read back as the scenario it was written from.
#include "tests/app/cli/command_run.h"

#include "core/explore/validation_cases.h"
#include "core/frameworks/launch_formats.h"
#include "core/io/cases_reader.h"
#include "core/io/catalog_reader.h"
#include "core/io/input_file.h"
#include "core/io/scenario_reader.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

using namespace paraplan;
using namespace paraplan::cli;
using namespace paraplan::cli::test;

namespace {

CommandRun exportCommand(std::vector<std::string> args) { return run(runExport, std::move(args)); }
CommandRun importCommand(std::vector<std::string> args) { return run(runImport, std::move(args)); }

std::filesystem::path freshTemporary(const std::string& name)
{
    const auto path = paraplan::test::scratchPath("cli-test-" + name);
    std::filesystem::remove_all(path);
    return path;
}

} // namespace

TEST(Export, EveryFormatPrintsItsFilesUnderThePredictionForTheDefaultScenario)
{
    for (const char* format : frameworks::kExportFormatNames) {
        const CommandRun r = exportCommand({ "--to", format });
        ASSERT_EQ(r.code, kExitOk) << format << ": " << r.err;
        EXPECT_NE(r.out.find("Written by ParaPlan"), std::string::npos) << format << " has no prediction header";
        EXPECT_NE(r.out.find("predicted step"), std::string::npos) << format;
    }
}

TEST(Export, WritesOneFileToDashOAndSeveralIntoTheFolderItNames)
{
    const auto script = freshTemporary("pretrain_gpt.sh");
    CommandRun r = exportCommand({ "--to", "megatron", "-o", script.string() });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    ASSERT_TRUE(std::filesystem::is_regular_file(script));
    EXPECT_NE(r.err.find("wrote " + script.string()), std::string::npos);

    const auto folder = freshTemporary("deepspeed-launch");
    r = exportCommand({ "--to", "deepspeed", "-o", folder.string() });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    ASSERT_TRUE(std::filesystem::is_directory(folder));
    EXPECT_TRUE(std::filesystem::is_regular_file(folder / "ds_config.json"));
    EXPECT_GE(std::distance(std::filesystem::directory_iterator(folder), std::filesystem::directory_iterator()), 2);
}

TEST(Export, AnUnknownFormatIsNamedWithTheFormatsThereAre)
{
    const CommandRun r = exportCommand({ "--to", "megatorn" });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("unknown format \"megatorn\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("torchtitan-toml"), std::string::npos) << r.err;
    EXPECT_EQ(exportCommand({}).code, kExitUnreadable); // no --to
}

TEST(Export, AnInvalidScenarioWritesNothingAndExitsTwo)
{
    const CommandRun r = exportCommand({ data("invalid_tp.json"), "--to", "megatron" });
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("invalid"), std::string::npos) << r.err;
}

TEST(Import, AnExportedMegatronScriptReadsBackAsTheScenarioItWasWrittenFrom)
{
    const std::string scenarioFile = data("frameworks/scenarios/moe_mixtral.json");
    const auto script = freshTemporary("mixtral.sh");
    ASSERT_EQ(exportCommand({ scenarioFile, "--to", "megatron", "-o", script.string() }).code, kExitOk);
    const CommandRun r = importCommand({ script.string(), "--base", scenarioFile });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    std::string error;
    const Scenario original = io::readScenarioText(*io::readInputFile(scenarioFile, error), io::builtinCatalog());
    const Scenario imported = io::readScenario(nlohmann::json::parse(r.out), io::builtinCatalog());
    EXPECT_EQ(imported.parallel, original.parallel);
    EXPECT_EQ(imported.training, original.training);
    EXPECT_EQ(imported.model.moe, original.model.moe);
    EXPECT_EQ(imported.model.layers, original.model.layers);
}

TEST(Import, AFolderStandsForItsConfigJsonAndTheModelAloneIsPrinted)
{
    const auto folder = freshTemporary("hf-checkpoint");
    std::filesystem::create_directories(folder);
    std::filesystem::copy_file(data("frameworks/hf/llama3.1-8b-instruct.json"), folder / "config.json");
    const CommandRun r = importCommand({ folder.string() });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json model = nlohmann::json::parse(r.out);
    EXPECT_EQ(model["layers"], 32);
    EXPECT_EQ(model["hidden"], 4096);
    EXPECT_NE(r.err.find("parameters"), std::string::npos) << "the parameter count goes to stderr: " << r.err;
}

TEST(Import, BrokenAndUnknownFilesExitOneNamingWhatIsWrong)
{
    const std::string broken = writeTemporary("broken.sh", "torchrun pretrain_gpt.py \\\n  --num-layers\n");
    CommandRun r = importCommand({ broken });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("--num-layers"), std::string::npos) << r.err;

    const std::string stranger = writeTemporary("stranger.json", R"({"colour": "blue"})");
    r = importCommand({ stranger });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("--format"), std::string::npos) << r.err;

    r = importCommand({ stranger, "--format", "yaml" });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("unknown format"), std::string::npos) << r.err;
}

// A training log held against its scenario's prediction; as a case file, what `validate` and `fit`
// read. The scenario is the thread's run as far as it says (the split is assumed): the test holds
// the mechanics, not the model's accuracy on it.
TEST(ImportLog, PrintsTheSteadyStepAgainstThePredictionAndAddsItToACaseFile)
{
    const std::string scenario = data("frameworks/logs/mixtral_16xh100.json");
    const std::string log = data("frameworks/logs/megatron_lm_756_mixtral_h100.log");
    CommandRun r = run(runImportLog, { scenario, log, "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], "megatron");
    EXPECT_EQ(j["steady_steps"], 9);
    // The median of the nine logged iterations (5361.6 ... 5912.1 ms).
    EXPECT_NEAR(j["measured_step_s"].get<double>(), 5.5711, 0.02);
    EXPECT_NEAR(j["measured_over_predicted"].get<double>(),
                j["measured_step_s"].get<double>() / j["predicted_step_s"].get<double>(), 1e-12);

    const auto cases = freshTemporary("log-cases.json");
    for (int twice = 0; twice < 2; ++twice) { // the same id replaces its case
        r = run(runImportLog, { scenario, log, "--cases-out", cases.string(), "--id", "mixtral-756" });
        ASSERT_EQ(r.code, kExitOk) << r.err;
    }
    EXPECT_NE(r.out.find("measured / predicted"), std::string::npos) << r.out;
    std::string error;
    const std::vector<ValidationCase> read = io::readValidationCases(*io::readInputFile(cases.string(), error),
                                                                     io::builtinCatalog());
    ASSERT_EQ(read.size(), 1u);
    EXPECT_EQ(read.front().id, "mixtral-756");
    EXPECT_EQ(read.front().metric, PublishedMetric::StepSeconds);
    EXPECT_NEAR(read.front().published, j["measured_step_s"].get<double>(), 1e-9);
    EXPECT_EQ(run(runValidate, { cases.string(), "--summary" }).code, kExitOk);
}

TEST(ImportLog, ALogTooShortToMeasureOrOfAnotherFormatIsRefusedSayingWhy)
{
    const std::string scenario = data("frameworks/logs/mixtral_16xh100.json");
    CommandRun r = run(runImportLog, { scenario, data("frameworks/logs/deepspeed_255_bart.log") });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("at least 3"), std::string::npos) << r.err;
    r = run(runImportLog, { scenario, data("frameworks/logs/megatron_lm_756_mixtral_h100.log"), "--format", "torchtitan" });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("megatron"), std::string::npos) << "names the format the log does hold: " << r.err;
    r = run(runImportLog, { scenario, data("frameworks/logs/megatron_lm_756_mixtral_h100.log"), "--format", "nemo" });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_NE(r.err.find("unknown log format"), std::string::npos) << r.err;
}
