// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The plan file (core/io/plan_json): the data files read into a request and phases, a scenario
// named by a path relative to the plan, every refusal naming its JSON path; and the result JSON of
// `paraplan-cli plan --json` with every documented field, finite.
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/plan_json.h"
#include "core/run/token_budget.h"
#include "core/model/model_shape.h"
#include "core/spec/units.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace paraplan;

// Unity builds merge the anonymous namespaces of a batch's test files: these helpers keep their own.
namespace plan_json_test {
namespace {

std::string planData(const std::string& name)
{
    return (std::filesystem::path(PARAPLAN_TEST_DATA_DIR) / "plan" / name).string();
}

io::PlanFile readText(const std::string& text) { return io::readPlan(io::parseJson(text), io::builtinCatalog(), std::nullopt); }

// The path a refusal names, or "(accepted)".
std::string refusalPath(const std::string& text)
{
    try {
        (void)readText(text);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "(accepted)";
}

// A plan of Llama 3.1 8B with tp 2 pinned on one or two DGX H100 nodes: plans in milliseconds.
const char* kSmallPlan = R"({
  "scenario": {
    "model": { "preset": "llama3.1-8b" },
    "training": { "seq_len": 4096, "global_batch": 64, "train_tokens": 1e11 },
    "parallel": { "tp": 2 }
  },
  "deadline_days": 30,
  "budget_usd": 100000,
  "hardware": [ { "cluster": { "preset": "dgx-h100" }, "nodes": [1, 2] },
                { "cluster": { "preset": "dgx-a100-80gb" }, "nodes": [2, 1, 2], "node_hour_usd": 14 } ]
})";

PlanOptions twoThreads()
{
    PlanOptions options;
    options.threads = 2;
    return options;
}

} // namespace
} // namespace plan_json_test

using namespace plan_json_test;

TEST(PlanJson, TheSeedsPlanReadsIntoThreePhasesAndTheFixedConfiguration)
{
    const io::PlanFile plan = io::readPlanFile(planData("seed-three-phases.json"), io::builtinCatalog());
    EXPECT_EQ(plan.request.scenario.model.name, "Llama 2 13B");
    EXPECT_EQ(plan.request.scenario.cluster.nodes, 8);
    EXPECT_TRUE(plan.request.hardware.empty());
    ASSERT_EQ(plan.phases.size(), 3u);
    const char* names[] = { "warm-up", "main", "end" };
    const int64_t steps[] = { 1000, 49000, 10000 }, tp[] = { 2, 4, 4 }, pp[] = { 2, 4, 2 };
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(plan.phases[i].name, names[i]);
        EXPECT_EQ(plan.phases[i].steps, steps[i]);
        ASSERT_TRUE(plan.phases[i].parallel);
        EXPECT_EQ(plan.phases[i].parallel->degrees.tp, tp[i]);
        EXPECT_EQ(plan.phases[i].parallel->degrees.pp, pp[i]);
        EXPECT_EQ(plan.phases[i].parallel->degrees.dp, 0); // derived
        EXPECT_EQ(plan.phases[i].parallel->recompute, Recompute::Auto);
        EXPECT_EQ(plan.phases[i].microBatch, 1); // the scenario's
    }
    ASSERT_TRUE(plan.fixedParallel);
    EXPECT_EQ(plan.fixedParallel->degrees.tp, 4);
    EXPECT_EQ(plan.fixedParallel->degrees.pp, 4);
    // The seed's 60,000 steps of 256 × 4096 tokens.
    EXPECT_DOUBLE_EQ(*tokenBudget(plan.request.scenario.training), 60000.0 * 256 * 4096);
}

TEST(PlanJson, AScenarioWithoutAClusterTakesTheFirstHardwaresSmallestCountAndPrice)
{
    const io::PlanFile plan = io::readPlanFile(planData("llama3.1-70b.json"), io::builtinCatalog());
    const PlanRequest& r = plan.request;
    EXPECT_EQ(r.scenario.cluster.preset, "dgx-a100-80gb");
    EXPECT_EQ(r.scenario.cluster.nodes, 128);
    EXPECT_DOUBLE_EQ(*r.scenario.cluster.gpuHourCostUsd, 1.79);
    EXPECT_TRUE(r.scenario.pins.tp);
    ASSERT_EQ(r.hardware.size(), 3u);
    EXPECT_EQ(r.hardware[1].cluster.preset, "dgx-h100");
    EXPECT_EQ(r.hardware[1].nodes, (std::vector<int64_t>{ 128, 256, 512 }));
    EXPECT_DOUBLE_EQ(*r.hardware[1].gpuHourUsd(), 2.0);   // 16 a node-hour over 8 GPUs
    EXPECT_DOUBLE_EQ(*r.hardware[2].gpuHourUsd(), 4.99);  // 39.92 over 8
    EXPECT_DOUBLE_EQ(*r.deadlineS, 60 * kSecondsPerDay);
    EXPECT_DOUBLE_EQ(*r.budgetUsd, 17e6);
}

TEST(PlanJson, NodeCountsAreSortedOnceOrARangeOfPowersAndHalfwayPoints)
{
    io::PlanFile plan = readText(kSmallPlan);
    EXPECT_EQ(plan.request.hardware[1].nodes, (std::vector<int64_t>{ 1, 2 }));
    std::string ranged = kSmallPlan;
    ranged.replace(ranged.find("[2, 1, 2]"), 9, R"({"from": 3, "to": 16})");
    plan = readText(ranged);
    EXPECT_EQ(plan.request.hardware[1].nodes, (std::vector<int64_t>{ 3, 4, 6, 8, 12, 16 }));
}

TEST(PlanJson, AScenarioPathIsReadRelativeToThePlansFolderAndItsErrorsNameTheFile)
{
    const std::filesystem::path folder = test::scratchPath("plan-json-folder");
    std::filesystem::create_directories(folder / "scenarios");
    std::ofstream(folder / "scenarios" / "small.json") << R"({"model": {"preset": "llama3.1-8b"},
        "training": {"seq_len": 4096, "global_batch": 64, "train_tokens": 1e11},
        "cluster": {"preset": "dgx-h100", "nodes": 2}})";
    std::ofstream(folder / "plan.json") << R"({"scenario": "scenarios/small.json",
        "hardware": [{"cluster": {"preset": "dgx-h100"}, "nodes": [1]}]})";
    const io::PlanFile plan = io::readPlanFile((folder / "plan.json").string(), io::builtinCatalog());
    EXPECT_EQ(plan.request.scenario.cluster.nodes, 2); // its own cluster kept
    EXPECT_EQ(plan.request.scenario.training.seqLen, 4096);

    std::ofstream(folder / "scenarios" / "small.json") << R"({"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096}})";
    try {
        (void)io::readPlanFile((folder / "plan.json").string(), io::builtinCatalog());
        FAIL() << "a scenario without its global batch was read";
    } catch (const io::ReadError& e) {
        EXPECT_EQ(e.path(), (folder / "scenarios" / "small.json").string() + ": training.global_batch");
    }
    // Read from text alone, a plan cannot name a file.
    EXPECT_EQ(refusalPath(R"({"scenario": "small.json", "hardware": []})"), "scenario");
    std::filesystem::remove_all(folder);
}

TEST(PlanJson, EveryRefusalNamesItsPath)
{
    const std::string plan = kSmallPlan;
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string text = plan;
        text.replace(text.find(from), from.size(), to);
        return refusalPath(text);
    };
    EXPECT_EQ(refusalPath(plan), "(accepted)");
    EXPECT_EQ(edited(R"("nodes": [1, 2] })", R"("nodez": [1, 2] })"), "hardware[0].nodes");
    EXPECT_EQ(edited(R"("nodes": [1, 2] })", R"("nodes": [1, 2], "nodez": 1 })"), "hardware[0].nodez");
    EXPECT_EQ(edited(R"("dgx-h100")", R"("dgx-h1000")"), "hardware[0].cluster.preset");
    EXPECT_EQ(edited(R"([1, 2] })", R"([1, 0] })"), "hardware[0].nodes[1]");
    EXPECT_EQ(edited(R"([2, 1, 2])", R"({"from": 4, "to": 2})"), "hardware[1].nodes.to");
    EXPECT_EQ(edited(R"("node_hour_usd": 14)", R"("node_hour_usd": -1)"), "hardware[1].node_hour_usd");
    EXPECT_EQ(edited(R"("deadline_days": 30)", R"("deadline_days": 0)"), "deadline_days");
    EXPECT_EQ(edited(R"("budget_usd": 100000)", R"("budget_usd": "lots")"), "budget_usd");
    EXPECT_EQ(edited(R"("seq_len": 4096, )", ""), "scenario.training.seq_len");
    // Read through the first hardware's cluster, the model still points into the scenario.
    EXPECT_EQ(edited(R"("llama3.1-8b")", R"("llama-9")"), "scenario.model.preset");
    EXPECT_EQ(edited(R"("parallel": { "tp": 2 })", R"("parallel": { "tp": "two" })"), "scenario.parallel.tp");
    EXPECT_EQ(edited(R"("deadline_days")", R"("deadline")"), "deadline");
    std::string many = "[1";
    for (int n = 2; n <= 65; ++n) {
        many += ", ";
        many += std::to_string(n);
    }
    many += "]";
    EXPECT_EQ(edited("[2, 1, 2]", many), "hardware[1].nodes");
}

TEST(PlanJson, PhasesRefuseWhatTheyCannotRunWithTheirPaths)
{
    // Appended, not head + rest: GCC 12 misreads operator+ chains in this unity batch (-Warray-bounds).
    auto refusalWith = [](const char* rest) {
        std::string text = R"({"scenario": {"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64},
            "cluster": {"preset": "dgx-h100", "nodes": 2}})";
        text += rest;
        return refusalPath(text);
    };
    EXPECT_EQ(refusalWith(R"(, "phases": [{"name": "a", "steps": 10}]})"), "(accepted)");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 10}, {"steps": 10, "tokens": 1e9}]})"), "phases[1].tokens");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"name": "endless"}]})"), "phases[0].steps");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 0}]})"), "phases[0].steps");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 1, "parallel": {"tp": 2, "pp": "x"}}]})"), "phases[0].parallel.pp");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 1, "micro_batch": 2}]})"), "phases[0].micro_batch");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 1, "ramp": {"start": 8, "increment": 8}}]})"), "phases[0].ramp.samples");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 1, "nodes": 0}]})"), "phases[0].nodes");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 1}], "fixed_parallel": {"tpp": 2}})"), "fixed_parallel.tpp");
    EXPECT_EQ(refusalWith(R"(, "phases": [{"steps": 1}], "fixed_micro_batch": 2})"), "fixed_micro_batch");
    EXPECT_EQ(refusalWith(R"(, "fixed_parallel": {"tp": 2}})"), "fixed_parallel");
    EXPECT_EQ(refusalWith("}"), "hardware");
    EXPECT_EQ(refusalPath(R"({"scenario": {"model": {"preset": "llama3.1-8b"}, "training": {"seq_len": 4096, "global_batch": 64}},
                              "phases": [{"steps": 1}]})"),
              "scenario");
}

TEST(PlanJson, AFixedMicroBatchIsTheFixedRunsAndThePhasesKeepTheScenarios)
{
    const io::PlanFile plan = readText(R"({"scenario": {"model": {"preset": "llama3.1-8b"},
        "training": {"seq_len": 4096, "global_batch": 64, "micro_batch": 2}, "cluster": {"preset": "dgx-h100", "nodes": 2}},
        "phases": [{"steps": 1, "parallel": {"tp": 2}}, {"steps": 1, "parallel": {"tp": 4}, "micro_batch": 4}, {"steps": 1}],
        "fixed_parallel": {"tp": 8}, "fixed_micro_batch": 1})");
    EXPECT_EQ(plan.phases[0].microBatch, 2);
    EXPECT_EQ(plan.phases[1].microBatch, 4);
    EXPECT_FALSE(plan.phases[2].microBatch); // searched
    EXPECT_EQ(plan.request.scenario.training.microBatch, 1);
}

TEST(PlanJson, ThePlanResultHoldsEveryDocumentedFieldAndNoNonFiniteNumber)
{
    const io::PlanFile file = readText(kSmallPlan);
    const RunPlan plan = planRun(file.request, twoThreads());
    const nlohmann::json j = io::toJson(file, plan, std::nullopt);
    EXPECT_DOUBLE_EQ(j.at("token_budget").get<double>(), 1e11);
    EXPECT_DOUBLE_EQ(j.at("deadline_s").get<double>(), 30 * kSecondsPerDay);
    EXPECT_DOUBLE_EQ(j.at("budget_usd").get<double>(), 1e5);
    const nlohmann::json& chinchilla = j.at("chinchilla");
    const double parameters = totalParameters(file.request.scenario.model);
    EXPECT_DOUBLE_EQ(chinchilla.at("parameters").get<double>(), parameters);
    EXPECT_DOUBLE_EQ(chinchilla.at("tokens").get<double>(), 20 * parameters);
    EXPECT_DOUBLE_EQ(chinchilla.at("training_flops").get<double>(), 6 * parameters * 20 * parameters);
    EXPECT_TRUE(chinchilla.at("dense").get<bool>());
    EXPECT_NEAR(chinchilla.at("budget_over_optimal").get<double>(), 1e11 / (20 * parameters), 1e-12);
    ASSERT_EQ(j.at("points").size(), 4u);
    for (const nlohmann::json& p : j.at("points")) {
        for (const char* key : { "hardware", "cluster", "preset", "gpu", "nodes", "gpus", "gpu_hour_usd", "valid", "fits", "why",
                                 "parallel", "micro_batch", "step_s", "tokens_per_s", "mfu", "goodput", "time_s", "cost_usd",
                                 "meets_deadline", "within_budget", "on_frontier" })
            EXPECT_TRUE(p.contains(key)) << key;
        EXPECT_TRUE(p.at("why").is_null());
        EXPECT_EQ(p.at("gpus").get<int64_t>(), 8 * p.at("nodes").get<int64_t>());
        EXPECT_DOUBLE_EQ(p.at("time_s").get<double>(), p.at("goodput").at("time_to_train_s").get<double>());
        EXPECT_DOUBLE_EQ(p.at("cost_usd").get<double>(), p.at("goodput").at("cost_usd").get<double>());
        EXPECT_EQ(p.at("parallel").at("tp").get<int64_t>(), 2);
    }
    EXPECT_DOUBLE_EQ(j.at("points")[2].at("gpu_hour_usd").get<double>(), 14.0 / 8);
    EXPECT_EQ(j.at("frontier").size(), plan.frontier.size());
    EXPECT_EQ(j.at("fastest_within_budget").get<size_t>(), *plan.fastestWithinBudget);
    EXPECT_EQ(j.at("cheapest_meeting_deadline").get<size_t>(), *plan.cheapestMeetingDeadline);
    EXPECT_TRUE(j.at("notes").is_array());
    EXPECT_TRUE(j.at("problem").is_null());
    EXPECT_FALSE(j.contains("phases"));
}

TEST(PlanJson, ThePhasesResultHoldsTheirSwitchesTotalsAndTheSavingAgainstTheFixedRun)
{
    const io::PlanFile file = io::readPlanFile(planData("seed-three-phases.json"), io::builtinCatalog());
    const PhasePlan phases = planPhases(file.request.scenario, file.phases, file.fixedParallel, twoThreads());
    ASSERT_FALSE(phases.problem);
    const nlohmann::json j = io::toJson(file, RunPlan{}, phases).at("phases");
    ASSERT_EQ(j.at("phases").size(), 3u);
    const nlohmann::json& warmUp = j.at("phases")[0];
    for (const char* key : { "name", "tokens", "steps", "seq_len", "global_batch", "nodes", "gpus", "parallel", "micro_batch",
                             "step_s", "goodput_fraction", "time_s", "switch_s", "cost_usd" })
        EXPECT_TRUE(warmUp.contains(key)) << key;
    EXPECT_EQ(warmUp.at("name"), "warm-up");
    EXPECT_DOUBLE_EQ(warmUp.at("steps").get<double>(), 1000);
    EXPECT_EQ(warmUp.at("parallel").at("dp").get<int64_t>(), 16);
    EXPECT_DOUBLE_EQ(warmUp.at("switch_s").get<double>(), 0);
    EXPECT_GT(j.at("phases")[1].at("switch_s").get<double>(), 600);
    EXPECT_DOUBLE_EQ(j.at("total_s").get<double>(), phases.totalS);
    EXPECT_DOUBLE_EQ(j.at("total_cost_usd").get<double>(), *phases.totalCostUsd);
    const nlohmann::json& fixed = j.at("fixed");
    EXPECT_EQ(fixed.at("parallel").at("tp").get<int64_t>(), 4);
    EXPECT_EQ(fixed.at("micro_batch").get<int64_t>(), 1);
    EXPECT_EQ(fixed.at("phases").size(), 3u);
    EXPECT_DOUBLE_EQ(fixed.at("total_s").get<double>(), phases.fixedTotalS);
    EXPECT_DOUBLE_EQ(j.at("saving_fraction").get<double>(), 1 - phases.totalS / phases.fixedTotalS);
    EXPECT_TRUE(j.at("problem").is_null());
}

TEST(PlanJson, APhaseThatCannotRunLeavesTheTotalsNull)
{
    const io::PlanFile file = readText(R"({"scenario": {"model": {"preset": "llama3.1-8b"},
        "training": {"seq_len": 4096, "global_batch": 64}, "cluster": {"preset": "dgx-h100", "nodes": 2}},
        "phases": [{"name": "odd", "steps": 10, "parallel": {"tp": 3}}]})");
    const PhasePlan phases = planPhases(file.request.scenario, file.phases, file.fixedParallel, twoThreads());
    ASSERT_TRUE(phases.problem);
    const nlohmann::json j = io::toJson(phases, file.phases);
    EXPECT_NE(j.at("problem").get<std::string>().find("Phase odd cannot run"), std::string::npos);
    EXPECT_TRUE(j.at("total_s").is_null());
    EXPECT_TRUE(j.at("fixed").is_null());
    EXPECT_TRUE(j.at("saving_fraction").is_null());
}
