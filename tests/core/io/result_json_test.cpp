// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The result and search JSON beyond the shared contract: the step's band, the communication hidden
// under compute, the tie marks and the search's counts (docs/scenario.md).
#include "tests/core/scenario_fixtures.h"

#include "core/explore/search_ties.h"
#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/io/result_json.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

using namespace paraplan;

TEST(ResultJson, CarriesTheStepBandWithItsBasis)
{
    const Scenario s = test::llama8bOnDgxH100(2);
    Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    r.uncertainty = uncertaintyOf(s, r, io::builtinUncertaintyBands(), false);
    ASSERT_TRUE(r.uncertainty);
    const nlohmann::json j = io::toJson(r);
    ASSERT_TRUE(j.contains("uncertainty")) << "issue #10: every prediction carries its band";
    const nlohmann::json& step = j["uncertainty"]["step_s"];
    EXPECT_DOUBLE_EQ(step["p10"].get<double>(), r.uncertainty->p10);
    EXPECT_DOUBLE_EQ(step["p50"].get<double>(), r.uncertainty->p50);
    EXPECT_DOUBLE_EQ(step["p90"].get<double>(), r.uncertainty->p90);
    EXPECT_LE(step["p10"].get<double>(), step["p50"].get<double>());
    EXPECT_LE(step["p50"].get<double>(), step["p90"].get<double>());
    EXPECT_NE(j["uncertainty"]["basis"].get<std::string>().find("cross-validated runs"), std::string::npos);
}

TEST(ResultJson, NamesTheScheduleItSimulated)
{
    Scenario s = test::llama8bOnDgxH100(2);
    EXPECT_EQ(io::toJson(evaluate(s))["schedule"], "1f1b"); // what vpp 1 implies
    s.parallel.schedule = PipelineSchedule::ZbH1;
    const nlohmann::json j = io::toJson(evaluate(s));
    EXPECT_EQ(j["schedule"], "zb-h1");
    EXPECT_EQ(j["parallel"]["schedule"], "zb-h1");
}

TEST(ResultJson, HiddenCommunicationStandsBesideTheExposedParts)
{
    const Scenario s = test::llama8bOnDgxH100(2);
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    const nlohmann::json j = io::toJson(r);
    EXPECT_FALSE(j.contains("uncertainty")); // evaluate() attaches none; front ends do
    double parts = 0;
    for (const auto& [key, value] : j["time_s"].items())
        if (key != "step")
            parts += value.get<double>(); // time_s stays numbers that add up to the step
    EXPECT_NEAR(parts, j["time_s"]["step"].get<double>(), 1e-9 * r.time.step);
    const nlohmann::json& hidden = j["hidden_s"];
    EXPECT_DOUBLE_EQ(hidden["tp_comm"].get<double>(), r.time.hidden.tp);
    EXPECT_DOUBLE_EQ(hidden["cp_comm"].get<double>(), r.time.hidden.cp);
    EXPECT_DOUBLE_EQ(hidden["ep_comm"].get<double>(), r.time.hidden.ep);
    EXPECT_DOUBLE_EQ(hidden["dp_comm"].get<double>(), r.time.hidden.dp);
    EXPECT_GT(r.time.hidden.total(), 0); // DP reduction overlaps the backward by default
}

TEST(SearchJson, KeepsTheOldCountsAndAddsEachStageAndTheTies)
{
    const Scenario s = test::llama8bOnDgxH100(2);
    SearchOptions options;
    options.topK = 4;
    SearchResult search = searchConfigurations(s, options);
    rankTiesByRobustness(search, s, io::builtinUncertaintyBands(), false);
    const nlohmann::json j = io::toJson(search);
    EXPECT_EQ(j["evaluated"], search.gridPoints);
    EXPECT_EQ(j["valid"], search.ruleAbiding);
    EXPECT_EQ(j["fits"], search.fits);
    EXPECT_EQ(j["grid_points"], search.gridPoints);
    EXPECT_EQ(j["rule_abiding"], search.ruleAbiding);
    EXPECT_EQ(j["memory_priced"], search.memoryPriced);
    EXPECT_EQ(j["bounded"], search.bounded);
    EXPECT_EQ(j["simulated"], search.simulated);
    ASSERT_EQ(j["results"].size(), 4u);
    for (size_t i = 0; i < 4; ++i) {
        const nlohmann::json& entry = j["results"][i];
        EXPECT_EQ(entry["tied_with_best"], search.best[i].tiedWithBest);
        EXPECT_TRUE(entry["result"].contains("uncertainty"));
        if (search.best[i].tiedWithBest)
            EXPECT_EQ(entry["robust_rank"], search.best[i].robustRank);
        else
            EXPECT_TRUE(entry["robust_rank"].is_null());
        if (search.best[i].decidedBy == TieRule::None)
            EXPECT_TRUE(entry["decided_by"].is_null());
        else
            EXPECT_EQ(entry["decided_by"], toString(search.best[i].decidedBy));
    }
}
