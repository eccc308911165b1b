// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/io/scenario_reader.h"
#include "core/rules/pipeline_layout_string.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <random>

using namespace paraplan;
using Layers = std::vector<int64_t>;

// Megatron's syntax (pipeline_parallel_layer_layout.py @ d98e8a64, parse_str_to_list).
TEST(PipelineLayoutString, ReadsMegatronsSyntax)
{
    Layers recipe(16, 8);
    recipe.front() = recipe.back() = 7;
    EXPECT_EQ(parsePipelineLayout("Et*7|(t*8|)*14,t*7L", 0).layersPerStage, recipe);
    EXPECT_EQ(parsePipelineLayout(" Ettt | tt , tt | ttL ", 0).layersPerStage, (Layers{ 3, 4, 2 }));
    EXPECT_EQ(parsePipelineLayout("E|(tt|)*2tmL", 1).layersPerStage, (Layers{ 0, 2, 2, 1 })); // an embedding-only stage
    EXPECT_EQ(parsePipelineLayout("EtttttL", 0).layersPerStage, (Layers{ 5 }));
}

TEST(PipelineLayoutString, NamesWhatIsWrong)
{
    const auto error = [](const char* text, int64_t mtp = 0) { return parsePipelineLayout(text, mtp).error; };
    EXPECT_NE(error("Et*4|x*4L").find("'x' is not a layer"), std::string::npos);
    EXPECT_NE(error("t*4|t*4L").find("embedding (E)"), std::string::npos);
    EXPECT_NE(error("Et*4|Lt*4").find("loss (L)"), std::string::npos);
    EXPECT_NE(error("Et*4|t*4L", 1).find("1"), std::string::npos);          // the MTP module is missing
    EXPECT_NE(error("Et*4|m|t*4L", 1).find("last stage"), std::string::npos); // ParaPlan prices it on the last stage
    EXPECT_NE(error("Et*9999999L").find("million"), std::string::npos);      // refused before it is built
    EXPECT_FALSE(error("E(t|)*99999999L").empty());
    EXPECT_FALSE(error("").empty());
}

TEST(PipelineLayoutString, WritesWhatItReads)
{
    std::mt19937 random(14);
    for (int trial = 0; trial < 300; ++trial) {
        Layers split(size_t(1 + random() % 12));
        for (int64_t& layers : split)
            layers = int64_t(random() % 3 == 0 ? 0 : 6 + random() % 3);
        const int64_t mtp = int64_t(random() % 2);
        const std::string text = formatPipelineLayout(split, mtp);
        const ParsedPipelineLayout back = parsePipelineLayout(text, mtp);
        EXPECT_TRUE(back.error.empty()) << text << ": " << back.error;
        EXPECT_EQ(back.layersPerStage, split) << text;
    }
    Layers recipe(16, 8);
    recipe.front() = recipe.back() = 7;
    EXPECT_EQ(formatPipelineLayout(recipe, 0), "Et*7|(t*8|)*14t*7L");
}

TEST(PipelineLayoutString, AScenarioTakesItAndTheResultWritesIt)
{
    const Scenario s = io::readScenarioText(R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096,
        "global_batch": 64}, "cluster": {"preset": "dgx-h100", "nodes": 2},
        "parallel": {"tp": 4, "pp": 2, "pipeline_layout": "Et*7|t*9|t*9|t*7L"}})",
                                            io::builtinCatalog());
    EXPECT_EQ(s.parallel.degrees.vpp, 2);
    EXPECT_EQ(s.parallel.layersPerStage, (Layers{ 7, 9, 9, 7 }));
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    EXPECT_EQ(r.pipelineLayout, "Et*7|(t*9|)*2t*7L");
    EXPECT_EQ(r.stages[0].layers, 16);

    const auto refused = [](const std::string& parallel) {
        try {
            (void)io::readScenarioText(R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096,
                "global_batch": 64}, "cluster": {"preset": "dgx-h100", "nodes": 2}, "parallel": )" + parallel + "}",
                                       io::builtinCatalog());
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(refused(R"({"tp": 4, "pp": 2, "vpp": 1, "pipeline_layout": "Et*7|t*9|t*9|t*7L"})").find("vpp"), std::string::npos);
    EXPECT_NE(refused(R"({"tp": 4, "pp": 3, "pipeline_layout": "Et*16|t*16L"})").find("pp = 3"), std::string::npos);
    EXPECT_NE(refused(R"({"tp": 4, "pp": 2, "pipeline_layout": "Et*16|t*16"})").find("loss"), std::string::npos);
}
