// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/cli/command_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

// Unity builds merge the anonymous namespaces of a batch's test files: these helpers keep their own.
namespace plan_command_test {
namespace {

nlohmann::json planJson(const std::string& file, int expectedCode = kExitOk)
{
    const CommandRun r = run(runPlan, { file, "--json" });
    EXPECT_EQ(r.code, expectedCode) << r.err;
    return nlohmann::json::parse(r.out);
}

bool holds(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Llama 3.1 8B with tp 2 pinned: plans in milliseconds. `hardware` and `training` complete it.
std::string smallPlan(const std::string& training, const std::string& hardware)
{
    std::string text = R"({"scenario": {"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64)";
    text += training;
    text += R"(}, "parallel": {"tp": 2}}, "hardware": )";
    text += hardware;
    text += "}";
    return text;
}

} // namespace
} // namespace plan_command_test

using namespace plan_command_test;

TEST(PlanCommand, TextNamesBothOptimaTheFrontierAndTheChinchillaReference)
{
    const CommandRun r = run(runPlan, { data("plan/llama3.1-70b.json") });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(holds(r.out, "ParaPlan plan: Llama 3.1 70B")) << r.out;
    EXPECT_TRUE(holds(r.out, "Token budget 15.0T (11× Chinchilla's compute-optimal point for 70.6B parameters: 1.41T tokens)"))
        << r.out;
    EXPECT_TRUE(holds(r.out, "Deadline 60.0 days, budget $17.00M")) << r.out;
    EXPECT_TRUE(holds(r.out, "The frontier of time against cost, fastest first:")) << r.out;
    EXPECT_TRUE(holds(r.out, "Fastest within the budget: #8 512 × dgx-b200")) << r.out;
    EXPECT_TRUE(holds(r.out, "Cheapest meeting the deadline: #5 512 × dgx-h100")) << r.out;
    EXPECT_TRUE(holds(r.out, "  dgx-a100-80gb: fastest #2 512 × dgx-a100-80gb")) << r.out;
}

TEST(PlanCommand, JsonHoldsThePlansTheFrontierAndTheOptimaAsIndices)
{
    const nlohmann::json j = planJson(data("plan/llama3.1-70b.json"));
    ASSERT_EQ(j["points"].size(), 9u);
    EXPECT_DOUBLE_EQ(j["token_budget"].get<double>(), 15e12);
    EXPECT_DOUBLE_EQ(j["deadline_s"].get<double>(), 60 * 86400.0);
    EXPECT_EQ(j["fastest_within_budget"], 8);
    EXPECT_EQ(j["cheapest_meeting_deadline"], 5);
    EXPECT_EQ(j["points"][8]["preset"], "dgx-b200");
    EXPECT_EQ(j["points"][8]["nodes"], 512);
    EXPECT_LE(j["points"][8]["cost_usd"].get<double>(), 17e6);
    EXPECT_LE(j["points"][5]["time_s"].get<double>(), 60 * 86400.0);
    EXPECT_GE(j["frontier"].size(), 2u);
    for (const nlohmann::json& i : j["frontier"])
        EXPECT_TRUE(j["points"][i.get<size_t>()]["on_frontier"].get<bool>());
    EXPECT_GT(j["chinchilla"]["budget_over_optimal"].get<double>(), 10);
    EXPECT_FALSE(j.contains("phases"));
}

TEST(PlanCommand, TheSeedsPhasesAreComparedWithOneConfigurationThroughout)
{
    const CommandRun text = run(runPlan, { data("plan/seed-three-phases.json") });
    ASSERT_EQ(text.code, kExitOk) << text.err;
    EXPECT_TRUE(holds(text.out, "The run in phases")) << text.out;
    EXPECT_TRUE(holds(text.out, "The same run with one configuration, tp 4 · pp 4")) << text.out;
    EXPECT_TRUE(holds(text.out, "of the wall clock")) << text.out;
    EXPECT_FALSE(holds(text.out, "The best configuration at each node count")); // no hardware to choose among

    const nlohmann::json j = planJson(data("plan/seed-three-phases.json"));
    EXPECT_TRUE(j["points"].empty());
    const nlohmann::json& phases = j["phases"];
    ASSERT_EQ(phases["phases"].size(), 3u);
    EXPECT_EQ(phases["phases"][2]["name"], "end");
    EXPECT_EQ(phases["phases"][2]["parallel"]["dp"], 8);
    EXPECT_EQ(phases["fixed"]["phases"][2]["parallel"]["dp"], 4);
    const double saving = phases["saving_fraction"].get<double>();
    EXPECT_DOUBLE_EQ(saving, 1 - phases["total_s"].get<double>() / phases["fixed"]["total_s"].get<double>());
}

TEST(PlanCommand, UnreadableInputIsRefusedNamingTheFileAndThePath)
{
    const CommandRun none = run(runPlan, {});
    EXPECT_EQ(none.code, kExitUnreadable);
    EXPECT_TRUE(holds(none.err, "usage: paraplan-cli plan PLAN.json"));

    const CommandRun missing = run(runPlan, { "/nonexistent/plan.json" });
    EXPECT_EQ(missing.code, kExitUnreadable);
    EXPECT_TRUE(holds(missing.err, "cannot read /nonexistent/plan.json")) << missing.err;

    const std::string bad = writeTemporary("plan-bad.json", smallPlan("", R"([{"cluster": {"preset": "dgx-h100"}, "nodes": [1], "price": 3}])"));
    const CommandRun refused = run(runPlan, { bad });
    EXPECT_EQ(refused.code, kExitUnreadable);
    EXPECT_TRUE(holds(refused.err, "hardware[0].price")) << refused.err;
}

TEST(PlanCommand, NothingToPlanExitsInvalidSayingWhy)
{
    const std::string noBudget = writeTemporary("plan-no-budget.json", smallPlan("", R"([{"cluster": {"preset": "dgx-h100"}, "nodes": [1]}])"));
    const CommandRun r = run(runPlan, { noBudget });
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(holds(r.out, "No plan: The run has no token budget")) << r.out;
    EXPECT_EQ(planJson(noBudget, kExitInvalid)["problem"].get<std::string>().rfind("The run has no token budget", 0), 0u);

    // tp 2 pinned on a PCIe workstation of 4 RTX 4090: 8B's states do not fit in 24 GB.
    const std::string tooSmall = writeTemporary(
        "plan-too-small.json", smallPlan(R"(, "train_tokens": 1e9)", R"([{"cluster": {"preset": "workstation-4x-rtx4090"}, "nodes": [1]}])"));
    const CommandRun small = run(runPlan, { tooSmall });
    EXPECT_EQ(small.code, kExitInvalid);
    EXPECT_TRUE(holds(small.out, "No configuration of Llama 3.1 8B runs on workstation-4x-rtx4090 at node counts 1")) << small.out;
}
