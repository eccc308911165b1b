// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// What every launch format shares: the format names, the prediction header, the detection of a
// file's format, and every format written for every export scenario.
#include "core/frameworks/launch_formats.h"
#include "core/io/json_reader.h"
#include "tests/core/frameworks/framework_fixtures.h"

#include <gtest/gtest.h>

using namespace paraplan;
using namespace paraplan::frameworks;
using namespace paraplan::frameworks::test;

TEST(LaunchFormats, EveryNameReadsBackAsItsFormat)
{
    for (size_t i = 0; i < kExportFormatNames.size(); ++i)
        EXPECT_EQ(exportFormatNamed(kExportFormatNames[i]), ExportFormat(i));
    for (size_t i = 0; i < kImportFormatNames.size(); ++i)
        EXPECT_EQ(importFormatNamed(kImportFormatNames[i]), ImportFormat(i));
    EXPECT_FALSE(exportFormatNamed("Megatron"));
    EXPECT_FALSE(importFormatNamed(""));
}

TEST(PredictionSummary, SaysTheConfigurationTheStepWithItsBandAndMemoryPerStage)
{
    const Scenario scenario = exportScenarios().front().scenario; // the default: tp 8, pp 4, vpp 5 on 8 DGX H100
    const Result prediction = predictionOf(scenario);
    ASSERT_TRUE(prediction.valid);
    ASSERT_TRUE(prediction.uncertainty);
    const std::vector<std::string> lines = predictionSummary(scenario, prediction);
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_NE(lines[0].find("64 GPUs"), std::string::npos) << lines[0];
    EXPECT_NE(lines[1].find("tp 8, pp 4, dp 2"), std::string::npos) << lines[1];
    EXPECT_NE(lines[1].find("interleaved-1f1b"), std::string::npos) << lines[1];
    char step[32];
    std::snprintf(step, sizeof step, "%.3f s", prediction.time.step);
    EXPECT_NE(lines[2].find(step), std::string::npos) << lines[2];
    EXPECT_NE(lines[2].find("80 % band"), std::string::npos) << lines[2];
    // One figure per pipeline stage, then the GPU's memory.
    EXPECT_EQ(std::count(lines[3].begin(), lines[3].end(), '.'), 4) << lines[3];
    EXPECT_NE(lines[3].find("of 80"), std::string::npos) << lines[3];
}

TEST(PredictionSummary, CommentBlocksMarkEveryLine)
{
    EXPECT_EQ(commentBlock({ "a", "b" }, "# "), "# a\n# b\n");
    EXPECT_EQ(commentBlock({}, "// "), "");
}

TEST(ImportDetection, TellsEachFormatByItsNameAndWhatOnlyItWrites)
{
    EXPECT_EQ(detectImportFormat("config.json", R"({"model_type": "llama", "hidden_size": 8})"), ImportFormat::HfConfig);
    EXPECT_EQ(detectImportFormat("ds.json", R"({"train_batch_size": 8})"), ImportFormat::DeepSpeed);
    EXPECT_EQ(detectImportFormat("-", R"(  {"zero_optimization": {"stage": 1}})"), ImportFormat::DeepSpeed);
    EXPECT_EQ(detectImportFormat("gpt.yaml", "trainer:\n  num_nodes: 1\n"), ImportFormat::NemoYaml);
    EXPECT_EQ(detectImportFormat("llama3_8b.toml", "[job]\n"), ImportFormat::TorchtitanToml);
    EXPECT_EQ(detectImportFormat("recipe.py", "cfg.model.tensor_model_parallel_size = 8\n"),
              ImportFormat::MegatronBridge);
    EXPECT_EQ(detectImportFormat("titan.py", "from torchtitan.config import JobConfig\n"), ImportFormat::TorchtitanPy);
    EXPECT_EQ(detectImportFormat("train.sh", "torchrun pretrain_gpt.py --num-layers 2\n"), ImportFormat::Megatron);
    EXPECT_EQ(detectImportFormat("ds.sh", "deepspeed pretrain_gpt.py --num-layers 2 --deepspeed_config ds.json\n"),
              ImportFormat::DeepSpeed);
    EXPECT_EQ(detectImportFormat("cmdline", "python pretrain_gpt.py --tensor-model-parallel-size 2"),
              ImportFormat::Megatron);
}

TEST(ImportDetection, AFileOfNoKnownFormatIsNamedWithTheWayOut)
{
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             { "scenario.json", R"({"model": {"preset": "llama2-7b"}})" }, { "notes.txt", "hello" }, { "empty", "" } }) {
        try {
            (void)detectImportFormat(name, text);
            ADD_FAILURE() << name << " was taken for a format";
        } catch (const io::ReadError& e) {
            EXPECT_EQ(e.path(), name);
            EXPECT_NE(e.message().find("--format"), std::string::npos) << e.message();
        }
    }
}

// Every format writes every export scenario: at least one file, none empty, and every format that
// has comments opens with what ParaPlan predicted.
TEST(LaunchExport, EveryFormatWritesEveryExportScenario)
{
    for (const NamedScenario& named : exportScenarios()) {
        const Result prediction = predictionOf(named.scenario);
        ASSERT_TRUE(prediction.valid) << named.name;
        const std::string firstLine = predictionSummary(named.scenario, prediction).front();
        for (size_t i = 0; i < kExportFormatNames.size(); ++i) {
            const LaunchBundle bundle = exportLaunch(named.scenario, prediction, ExportFormat(i));
            ASSERT_FALSE(bundle.files.empty()) << named.name << " as " << kExportFormatNames[i];
            bool headed = false;
            for (const LaunchFile& file : bundle.files) {
                EXPECT_FALSE(file.name.empty());
                EXPECT_FALSE(file.text.empty()) << file.name;
                headed = headed || file.text.find(firstLine) != std::string::npos;
            }
            EXPECT_TRUE(headed) << named.name << " as " << kExportFormatNames[i] << " says nothing of the prediction";
        }
    }
}
