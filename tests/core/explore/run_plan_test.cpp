// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The deadline and budget planner (core/explore/run_plan): each plan's time and cost through
// failures against the goodput computed by hand from its step, the frontier against a brute-force
// Pareto check, the two optima against the definitions, and the notes that say why one is missing.
#include "tests/core/scenario_fixtures.h"

#include "core/explore/run_plan.h"
#include "core/io/bands_json.h"
#include "core/io/plan_json.h"
#include "core/run/goodput.h"
#include "core/spec/units.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <set>

using namespace paraplan;

// Unity builds merge the anonymous namespaces of a batch's test files: these helpers keep their own.
namespace run_plan_test {
namespace {

HardwareOption hardware(const char* preset, std::vector<int64_t> nodes, std::optional<double> nodeHourUsd = std::nullopt)
{
    HardwareOption option;
    option.cluster = io::builtinCatalog().findCluster(preset)->spec;
    option.nodes = std::move(nodes);
    option.nodeHourUsd = nodeHourUsd;
    return option;
}

// Llama 3.1 8B with tp 2 pinned, 100B tokens: each count's search takes milliseconds.
PlanRequest llama8bRequest()
{
    PlanRequest request;
    request.scenario = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64, "train_tokens": 1e11 },
      "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "parallel": { "tp": 2 }
    })");
    request.hardware = { hardware("dgx-h100", { 1, 2, 4 }), hardware("dgx-a100-80gb", { 1, 2, 4 }, 14.0) };
    return request;
}

// A plan file of tests/data/plan.
PlanRequest dataPlan(const std::string& name)
{
    return io::readPlanFile((std::filesystem::path(PARAPLAN_TEST_DATA_DIR) / "plan" / name).string(), io::builtinCatalog()).request;
}

// The issue's "done when": both optima and a frontier across three GPU types, each optimum what the
// definitions pick among the plans.
void expectBothOptimaAndAFrontier(const PlanRequest& request, const RunPlan& plan)
{
    ASSERT_FALSE(plan.problem);
    ASSERT_TRUE(plan.fastestWithinBudget) << (plan.notes.empty() ? "" : plan.notes.front().text);
    ASSERT_TRUE(plan.cheapestMeetingDeadline) << (plan.notes.empty() ? "" : plan.notes.front().text);
    EXPECT_GE(plan.frontier.size(), 2u);
    std::set<std::string> gpus;
    for (const PlanPoint& p : plan.points)
        if (p.timeS)
            gpus.insert(p.scenario.cluster.gpu.id);
    EXPECT_GE(gpus.size(), 3u);
    const PlanPoint& fastest = plan.points[*plan.fastestWithinBudget];
    const PlanPoint& cheapest = plan.points[*plan.cheapestMeetingDeadline];
    EXPECT_LE(*fastest.costUsd, *request.budgetUsd);
    EXPECT_LE(*cheapest.timeS, *request.deadlineS);
    for (const PlanPoint& p : plan.points) {
        if (p.withinBudget) {
            EXPECT_GE(*p.timeS, *fastest.timeS);
        }
        if (p.meetsDeadline) {
            EXPECT_GE(*p.costUsd, *cheapest.costUsd);
        }
    }
}

PlanOptions quietOptions()
{
    PlanOptions options;
    options.threads = 2;
    return options;
}

} // namespace
} // namespace run_plan_test

using namespace run_plan_test;

TEST(RunPlan, NodeCountsArePowersOfTwoAndTheHalfwayPointsWithBothEnds)
{
    EXPECT_EQ(planNodeCounts(1, 16), (std::vector<int64_t>{ 1, 2, 3, 4, 6, 8, 12, 16 }));
    EXPECT_EQ(planNodeCounts(16, 512), (std::vector<int64_t>{ 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512 }));
    EXPECT_EQ(planNodeCounts(5, 20), (std::vector<int64_t>{ 5, 6, 8, 12, 16, 20 }));
    EXPECT_EQ(planNodeCounts(7, 7), (std::vector<int64_t>{ 7 }));
    EXPECT_EQ(planNodeCounts(0, 2), (std::vector<int64_t>{ 1, 2 }));
    EXPECT_TRUE(planNodeCounts(8, 4).empty());
    EXPECT_EQ(planNodeCounts(1, INT64_MAX).back(), INT64_MAX); // no overflow walking the powers
}

TEST(RunPlan, APriceGivenPerNodeIsSharedByItsGpusElseTheCatalogsApplies)
{
    EXPECT_DOUBLE_EQ(*hardware("dgx-h100", { 1 }, 23.92).gpuHourUsd(), 2.99); // 23.92 / 8
    EXPECT_DOUBLE_EQ(*hardware("dgx-h100", { 1 }).gpuHourUsd(), 2.99);        // clusters.json
    HardwareOption unpriced = hardware("dgx-h100", { 1 });
    unpriced.cluster.gpuHourCostUsd.reset();
    EXPECT_FALSE(unpriced.gpuHourUsd());
}

TEST(RunPlan, WithoutATokenBudgetOrHardwareThereIsNothingToPlan)
{
    PlanRequest request = llama8bRequest();
    request.scenario.training.trainTokens.reset();
    const RunPlan noTokens = planRun(request, quietOptions());
    ASSERT_TRUE(noTokens.problem);
    EXPECT_NE(noTokens.problem->text.find("training.train_tokens"), std::string::npos);
    EXPECT_TRUE(noTokens.points.empty());

    request = llama8bRequest();
    request.hardware.clear();
    const RunPlan noHardware = planRun(request, quietOptions());
    ASSERT_TRUE(noHardware.problem);
    EXPECT_NE(noHardware.problem->text.find("hardware"), std::string::npos);
}

TEST(RunPlan, ADataSetTimesItsEpochsIsTheTokenBudget)
{
    PlanRequest request = llama8bRequest();
    request.scenario.training.trainTokens.reset();
    request.scenario.training.datasetTokens = 2.5e10;
    request.scenario.training.epochs = 4;
    request.hardware.resize(1);
    const RunPlan plan = planRun(request, quietOptions());
    ASSERT_FALSE(plan.problem);
    ASSERT_TRUE(plan.points.front().result.goodput);
    EXPECT_DOUBLE_EQ(*plan.points.front().result.goodput->trainTokens, 1e11);
}

TEST(RunPlan, EachPlanTakesTheTokensAtItsStepsRateThroughFailuresAndCostsItsGpuHours)
{
    const PlanRequest request = llama8bRequest();
    const RunPlan plan = planRun(request, quietOptions());
    ASSERT_FALSE(plan.problem);
    ASSERT_EQ(plan.points.size(), 6u);
    for (const PlanPoint& p : plan.points) {
        SCOPED_TRACE(std::to_string(p.hardware) + " at " + std::to_string(p.nodes));
        EXPECT_EQ(p.scenario.cluster.nodes, p.nodes);
        ASSERT_TRUE(p.result.valid && p.result.fits);
        EXPECT_EQ(p.result.parallel.degrees.tp, 2); // the pin held
        ASSERT_TRUE(p.timeS && p.costUsd);
        // By hand: the step's tokens over its seconds, times Daly's useful share of the wall clock.
        const RunGoodput g = goodputOf(p.scenario, p.result);
        const double tokensPerS = 64.0 * 4096 / p.result.time.step;
        EXPECT_NEAR(*p.timeS, 1e11 / (tokensPerS * g.fraction), 1e-6 * *p.timeS);
        const double gpuHourUsd = p.hardware == 0 ? 2.99 : 14.0 / 8;
        EXPECT_NEAR(*p.costUsd, *p.timeS / 3600 * double(p.nodes * 8) * gpuHourUsd, 1e-6 * *p.costUsd);
        EXPECT_GT(g.fraction, 0.9); // a job of at most 32 GPUs is seldom interrupted
        EXPECT_LT(g.fraction, 1.0);
    }
    // H100 steps faster than A100 at the same count.
    EXPECT_LT(*plan.points[0].timeS, *plan.points[3].timeS);
}

TEST(RunPlan, TheFrontierHoldsThePlansNoOtherBeatsOnTimeAndCostFastestFirst)
{
    const RunPlan plan = planRun(llama8bRequest(), quietOptions());
    ASSERT_FALSE(plan.frontier.empty());
    for (size_t i = 0; i < plan.points.size(); ++i) {
        const PlanPoint& p = plan.points[i];
        bool dominated = false;
        for (const PlanPoint& q : plan.points)
            dominated = dominated
                || (*q.timeS <= *p.timeS && *q.costUsd <= *p.costUsd && (*q.timeS < *p.timeS || *q.costUsd < *p.costUsd));
        EXPECT_EQ(p.onFrontier, !dominated) << "point " << i;
        EXPECT_EQ(p.onFrontier, std::count(plan.frontier.begin(), plan.frontier.end(), i) == 1) << "point " << i;
    }
    for (size_t k = 1; k < plan.frontier.size(); ++k) {
        EXPECT_LT(*plan.points[plan.frontier[k - 1]].timeS, *plan.points[plan.frontier[k]].timeS);
        EXPECT_GT(*plan.points[plan.frontier[k - 1]].costUsd, *plan.points[plan.frontier[k]].costUsd);
    }
}

TEST(RunPlan, TheOptimaAreTheFastestWithinBudgetAndTheCheapestMeetingTheDeadline)
{
    PlanRequest request = llama8bRequest();
    const RunPlan open = planRun(request, quietOptions());
    // A deadline and a budget between the plans' own figures, so that each cuts some off.
    std::vector<double> times, costs;
    for (const PlanPoint& p : open.points) {
        times.push_back(*p.timeS);
        costs.push_back(*p.costUsd);
    }
    std::sort(times.begin(), times.end());
    std::sort(costs.begin(), costs.end());
    request.deadlineS = times[2];
    request.budgetUsd = costs[3];
    const RunPlan plan = planRun(request, quietOptions());
    ASSERT_TRUE(plan.fastestWithinBudget && plan.cheapestMeetingDeadline);
    EXPECT_TRUE(plan.notes.empty()) << plan.notes.front().text;
    const PlanPoint& fastest = plan.points[*plan.fastestWithinBudget];
    const PlanPoint& cheapest = plan.points[*plan.cheapestMeetingDeadline];
    EXPECT_LE(*fastest.costUsd, *request.budgetUsd);
    EXPECT_LE(*cheapest.timeS, *request.deadlineS);
    for (const PlanPoint& p : plan.points) {
        EXPECT_EQ(p.withinBudget, *p.costUsd <= *request.budgetUsd);
        EXPECT_EQ(p.meetsDeadline, *p.timeS <= *request.deadlineS);
        if (p.withinBudget) {
            EXPECT_GE(*p.timeS, *fastest.timeS);
        }
        if (p.meetsDeadline) {
            EXPECT_GE(*p.costUsd, *cheapest.costUsd);
        }
    }
    // Both optima lie on the frontier: a plan beating either on both counts would be the optimum.
    EXPECT_TRUE(fastest.onFrontier);
    EXPECT_TRUE(cheapest.onFrontier);
}

TEST(RunPlan, WithBandsEachPlansWallClockCarriesTheStepsBandAndTheFailureRatesSpread)
{
    PlanOptions options = quietOptions();
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
    const RunPlan plan = planRun(llama8bRequest(), options);
    for (const PlanPoint& p : plan.points) {
        ASSERT_TRUE(p.timeS && p.timeLowS && p.timeHighS) << p.nodes;
        ASSERT_TRUE(p.result.uncertainty && p.result.goodput);
        EXPECT_LT(*p.timeLowS, *p.timeS);
        EXPECT_GT(*p.timeHighS, *p.timeS);
        // The step's band at the rarest and the most frequent published failure rates.
        const StepUncertainty& u = *p.result.uncertainty;
        const RunGoodput& g = *p.result.goodput;
        EXPECT_NEAR(*p.timeLowS, *p.timeS * u.p10 / p.result.time.step * g.fraction / g.fractionHigh, 1e-6 * *p.timeS);
        EXPECT_NEAR(*p.timeHighS, *p.timeS * u.p90 / p.result.time.step * g.fraction / g.fractionLow, 1e-6 * *p.timeS);
    }
    // Without bands, none: a band is never invented.
    for (const PlanPoint& p : planRun(llama8bRequest(), quietOptions()).points)
        EXPECT_FALSE(p.timeLowS || p.timeHighS);
}

TEST(RunPlan, ADeadlineNoPlanMeetsNamesTheFastestWithItsDays)
{
    PlanRequest request = llama8bRequest();
    request.deadlineS = 3600; // one hour for 100B tokens
    const RunPlan plan = planRun(request, quietOptions());
    EXPECT_FALSE(plan.cheapestMeetingDeadline);
    ASSERT_TRUE(plan.fastestWithinBudget); // no budget: the fastest of all
    const PlanPoint& fastest = plan.points[*plan.fastestWithinBudget];
    EXPECT_EQ(fastest.hardware, 0u); // H100
    EXPECT_EQ(fastest.nodes, 4);
    ASSERT_EQ(plan.notes.size(), 1u);
    EXPECT_EQ(plan.notes.front().messageTemplate,
              std::string("No plan meets the deadline of %1: the fastest takes %2 on %3."));
    EXPECT_EQ(plan.notes.front().args[0].text, "1.0 h");
    EXPECT_EQ(plan.notes.front().args[2].text, "4 × dgx-h100");
    char days[32];
    std::snprintf(days, sizeof days, "%.1f days", *fastest.timeS / kSecondsPerDay);
    EXPECT_EQ(plan.notes.front().args[1].text, days);
}

TEST(RunPlan, ABudgetNoPlanStaysWithinNamesTheCheapest)
{
    PlanRequest request = llama8bRequest();
    request.budgetUsd = 10;
    const RunPlan plan = planRun(request, quietOptions());
    EXPECT_FALSE(plan.fastestWithinBudget);
    ASSERT_TRUE(plan.cheapestMeetingDeadline); // no deadline: the cheapest of all
    ASSERT_EQ(plan.notes.size(), 1u);
    EXPECT_EQ(plan.notes.front().args[0].text, "$10");
    EXPECT_EQ(plan.notes.front().args[3].text, std::to_string(plan.points[*plan.cheapestMeetingDeadline].nodes) + " × "
                                                   + plan.points[*plan.cheapestMeetingDeadline].scenario.cluster.preset);
}

TEST(RunPlan, HardwareWithoutAPriceHasTimesButNoCostAndANote)
{
    PlanRequest request = llama8bRequest();
    request.hardware[1].nodeHourUsd.reset();
    request.hardware[1].cluster.gpuHourCostUsd.reset();
    const RunPlan plan = planRun(request, quietOptions());
    for (const PlanPoint& p : plan.points) {
        EXPECT_TRUE(p.timeS);
        EXPECT_EQ(p.costUsd.has_value(), p.hardware == 0);
        EXPECT_FALSE(p.hardware == 1 && p.onFrontier);
    }
    ASSERT_EQ(plan.notes.size(), 1u);
    EXPECT_NE(plan.notes.front().text.find("dgx-a100-80gb has no price"), std::string::npos);
}

TEST(RunPlan, HardwareTheModelDoesNotFitOnIsNamedWithItsCounts)
{
    PlanRequest request = llama8bRequest();
    request.scenario.model = test::modelPreset("llama3.1-405b");
    request.scenario.pins = ParallelPins{};
    request.hardware = { hardware("dgx-a100-80gb", { 1, 2 }) };
    const RunPlan plan = planRun(request, quietOptions());
    ASSERT_EQ(plan.points.size(), 2u);
    for (const PlanPoint& p : plan.points) {
        EXPECT_FALSE(p.result.valid);
        EXPECT_FALSE(p.timeS);
        EXPECT_FALSE(p.meetsDeadline || p.withinBudget);
    }
    EXPECT_TRUE(plan.frontier.empty());
    EXPECT_FALSE(plan.fastestWithinBudget || plan.cheapestMeetingDeadline);
    ASSERT_EQ(plan.notes.size(), 1u);
    EXPECT_EQ(plan.notes.front().text, "No configuration of Llama 3.1 405B runs on dgx-a100-80gb at node counts 1–2 within memory "
                                       "and the rules.");
}

TEST(RunPlan, CancellingStopsBeforeTheNextPlan)
{
    std::atomic<bool> cancel{ true };
    PlanOptions options = quietOptions();
    options.cancel = &cancel;
    const RunPlan plan = planRun(llama8bRequest(), options);
    EXPECT_TRUE(plan.cancelled);
    EXPECT_TRUE(plan.points.empty());
}

TEST(RunPlan, Llama70bOnItsTokenBudgetHasBothOptimaAcrossThreeGpuTypes)
{
    const PlanRequest request = dataPlan("llama3.1-70b.json");
    expectBothOptimaAndAFrontier(request, planRun(request, quietOptions()));
}

TEST(RunPlan, Llama405bOnItsTokenBudgetHasBothOptimaAcrossThreeGpuTypes)
{
    const PlanRequest request = dataPlan("llama3.1-405b.json");
    expectBothOptimaAndAFrontier(request, planRun(request, quietOptions()));
}
