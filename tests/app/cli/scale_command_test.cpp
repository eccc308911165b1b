// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/cli/command_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

// Unity builds merge the anonymous namespaces of a batch's test files: these helpers keep their own.
namespace scale_command_test {
namespace {

// DGX H100 nodes on 25 Gb/s RoCE per GPU: 1 → 2 nodes makes the step slower.
std::string slowerFile() { return data("advice/scaling_more_nodes_slower.json"); }

nlohmann::json scaleJson(std::vector<std::string> args)
{
    args.push_back("--json");
    const CommandRun r = run(runScale, std::move(args));
    EXPECT_EQ(r.code, kExitOk) << r.err;
    return nlohmann::json::parse(r.out);
}

} // namespace
} // namespace scale_command_test

using namespace scale_command_test;

TEST(ScaleCommand, JsonListsEachCountWithTheHeldAndTheBestResult)
{
    const nlohmann::json j = scaleJson({ slowerFile(), "--nodes", "1..4" });
    EXPECT_EQ(j["batch_mode"], "fixed");
    EXPECT_EQ(j["scenario_nodes"], 1);
    EXPECT_TRUE(j["problem"].is_null());
    ASSERT_EQ(j["points"].size(), 4u);
    for (size_t i = 0; i < 4; ++i) {
        const nlohmann::json& p = j["points"][i];
        EXPECT_EQ(p["nodes"], i + 1);
        EXPECT_EQ(p["gpus"], 8 * (i + 1));
        ASSERT_TRUE(p.contains("current"));
        ASSERT_TRUE(p.contains("best"));
        EXPECT_TRUE(p["current"].contains("valid"));
        EXPECT_TRUE(p["best"].contains("valid"));
    }
    const nlohmann::json& one = j["points"][0]["current"];
    ASSERT_TRUE(one["valid"].get<bool>());
    EXPECT_GT(one["time_s"]["step"].get<double>(), 0);
    EXPECT_GT(one["tokens_per_s"].get<double>(), 0);
    EXPECT_GT(one["mfu"].get<double>(), 0);
    EXPECT_EQ(one["global_batch"], 16);
    EXPECT_EQ(one["parallel"]["tp"], 2);
    EXPECT_TRUE(one["cost_per_mtoken_usd"].is_number()); // the DGX H100 preset's hourly price
    EXPECT_EQ(j["points"][0]["dp"], 4);
    // More nodes, slower step.
    EXPECT_GT(j["points"][1]["current"]["time_s"]["step"].get<double>(), one["time_s"]["step"].get<double>());

    // 3 nodes: the held configuration's reason is the result JSON's own for an invalid scenario.
    const nlohmann::json& three = j["points"][2]["current"];
    EXPECT_FALSE(three["valid"].get<bool>());
    ASSERT_FALSE(three["errors"].empty());
    EXPECT_EQ(three["errors"][0]["code"], "global_batch_not_divisible");
    EXPECT_TRUE(three["cost_per_mtoken_usd"].is_null());
    EXPECT_FALSE(three.contains("time_s"));

    const nlohmann::json& mark = j["stops_paying"]["current"];
    ASSERT_TRUE(mark.is_object());
    EXPECT_EQ(mark["nodes"], 2);
    EXPECT_EQ(mark["from_nodes"], 1);
    EXPECT_EQ(mark["to_nodes"], 2);
    EXPECT_LT(mark["marginal_efficiency"].get<double>(), 0);
    EXPECT_NE(mark["explanation"].get<std::string>().find("data-parallel gradient reduction crosses nodes"), std::string::npos);
    EXPECT_EQ(mark["cause"]["component"], "dp_comm");
    EXPECT_EQ(mark["cause"]["group"]["kind"], "DP");
    EXPECT_EQ(mark["cause"]["group"]["to"]["nodes_spanned"], 2);
    EXPECT_EQ(mark["cause"]["group"]["to"]["bus_GBps"], j["points"][1]["current"]["groups"][1]["bus_GBps"]);
    EXPECT_EQ(j["peak"]["current"]["nodes"], 1);
    EXPECT_TRUE(j["stops_paying"].contains("best"));
}

TEST(ScaleCommand, CurrentOnlyLeavesTheBestOutAndPerReplicaGrowsTheBatch)
{
    const nlohmann::json j = scaleJson({ slowerFile(), "--nodes", "1..3", "--current-only", "--batch", "per-replica" });
    EXPECT_EQ(j["batch_mode"], "per-replica");
    ASSERT_EQ(j["points"].size(), 3u);
    for (const nlohmann::json& p : j["points"]) {
        EXPECT_TRUE(p["best"].is_null());
        EXPECT_TRUE(p["current"]["valid"].get<bool>());
        EXPECT_EQ(p["current"]["global_batch"], 4 * p["dp"].get<int>()); // 4 sequences per replica
    }
    EXPECT_TRUE(j["stops_paying"]["best"].is_null());
}

TEST(ScaleCommand, StepTakesEveryKthCount)
{
    const nlohmann::json j = scaleJson({ "--nodes", "4..16", "--step", "4", "--current-only" });
    ASSERT_EQ(j["points"].size(), 4u);
    EXPECT_EQ(j["points"][3]["nodes"], 16);
    EXPECT_EQ(j["scenario_nodes"], 8); // the built-in default
}

TEST(ScaleCommand, TextShowsTheTableAndExplainsTheMark)
{
    const CommandRun r = run(runScale, { slowerFile(), "--nodes", "1..4" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    for (const char* expected : { "nodes", "tokens/s", "MFU", "$/Mtoken", "best configuration", "tp 2 pp 1 dp 4",
                                  "global_batch_not_divisible", "more nodes, slower training",
                                  "From 2 nodes the data-parallel gradient reduction crosses nodes",
                                  "Throughput peaks on one node" })
        EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\n" << r.out;
    EXPECT_EQ(r.out.find("nan"), std::string::npos);
    EXPECT_EQ(r.out.find("inf"), std::string::npos);
    EXPECT_TRUE(r.err.empty());
}

TEST(ScaleCommand, BuiltInDefaultScalesWithoutAFile)
{
    const CommandRun r = run(runScale, { "--nodes", "1..16" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("built-in default scenario"), std::string::npos);
    EXPECT_NE(r.out.find("Llama 3.1 70B"), std::string::npos);
    EXPECT_NE(r.out.find("needs more GPUs than the cluster's 8"), std::string::npos); // tp 8 · pp 4 on one node
}

TEST(ScaleCommand, BadArgumentsSayWhatIsWrongAndShowTheUsage)
{
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        { {}, "scale needs --nodes A..B" },
        { { "--nodes", "0..4" }, "--nodes takes A..B with 1 ≤ A ≤ B ≤ 100000" },
        { { "--nodes", "5..2" }, "not \"5..2\"" },
        { { "--nodes", "1..200000" }, "--nodes takes A..B" },
        { { "--nodes", "a..b" }, "--nodes takes A..B" },
        { { "--nodes", "1..4x" }, "--nodes takes A..B" },
        { { "--nodes" }, "--nodes needs a value" },
        { { "--nodes", "1..4", "--step", "0" }, "--step takes a positive whole number" },
        { { "--nodes", "1..4", "--batch", "weak" }, "--batch takes fixed" },
        { { "--nodes", "1..4", "--current-only", "--unpinned" }, "give one" },
        { { "--nodes", "1..5000" }, "more than the 1000 a curve takes" },
        { { "--nodes", "1..4", "--frobnicate" }, "unknown option --frobnicate" },
        { { "a.json", "b.json", "--nodes", "1..4" }, "scale takes one scenario file" },
    };
    for (const auto& [args, message] : cases) {
        const CommandRun r = run(runScale, args);
        EXPECT_EQ(r.code, kExitUnreadable) << message;
        EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("usage: paraplan-cli scale"), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty());
    }
}

TEST(ScaleCommand, AnUnreadableFileExitsOneAndAPerReplicaBatchWithoutReplicasTwo)
{
    const CommandRun missing = run(runScale, { "/nonexistent/scenario.json", "--nodes", "1..2" });
    EXPECT_EQ(missing.code, kExitUnreadable);
    EXPECT_NE(missing.err.find("/nonexistent/scenario.json"), std::string::npos);

    // 18 sequences do not divide over dp 4: there is no batch per replica to hold.
    const std::string odd = writeTemporary("scale-odd-batch.json", R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 18 },
      "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "parallel": { "tp": 2 }
    })");
    const CommandRun perReplica = run(runScale, { odd, "--nodes", "1..2", "--batch", "per-replica" });
    EXPECT_EQ(perReplica.code, kExitInvalid);
    EXPECT_NE(perReplica.err.find("global batch of 18"), std::string::npos) << perReplica.err;
    // Holding the global batch, the same scenario still scales: it shows where it is invalid.
    const CommandRun fixed = run(runScale, { odd, "--nodes", "1..2", "--current-only" });
    EXPECT_EQ(fixed.code, kExitOk);
    EXPECT_NE(fixed.out.find("global_batch_not_divisible"), std::string::npos);
}
