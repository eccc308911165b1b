// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/cli/command_run.h"

#include "app/cli/cli_input.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace paraplan::cli;
using paraplan::cli::test::data;
using paraplan::cli::test::run;

TEST(Advise, PrintsTheContractsJsonWithAMergePatchPerFinding)
{
    const auto r = run(runAdvise, { data("advice/seed_pcie_swapped_ranks.json"), "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json document = nlohmann::json::parse(r.out);
    ASSERT_TRUE(document["findings"].is_array());
    ASSERT_FALSE(document["findings"].empty());
    bool sharedUplink = false;
    for (const nlohmann::json& f : document["findings"]) {
        for (const char* key : { "code", "severity", "evidence", "change", "step_s_after", "gain_s" })
            EXPECT_TRUE(f.contains(key)) << key << " in " << f.dump();
        EXPECT_TRUE(f["change"].is_object());
        if (f["code"] == "tp_group_on_shared_link") {
            sharedUplink = true;
            // The swap back: the rank table (here the whole placement, then the default) removed.
            const nlohmann::json& placement = f["change"]["parallel"]["placement"];
            EXPECT_TRUE(placement.is_null() || placement["rank_to_gpu"].is_null()) << f["change"].dump();
            EXPECT_GT(f["gain_s"].get<double>(), 0);
        }
    }
    EXPECT_TRUE(sharedUplink) << r.out;
}

TEST(Advise, TextListsFindingsWithTheirGainAndTheDefaultScenarioSaysSo)
{
    const auto r = run(runAdvise, { data("advice/seed000_pp8_m16.json") });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_NE(r.out.find("bubble_high"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("saves"), std::string::npos) << r.out;
    const auto byDefault = run(runAdvise, {});
    EXPECT_EQ(byDefault.code, kExitOk) << byDefault.err;
    EXPECT_NE(byDefault.out.find("built-in default scenario"), std::string::npos);
}

TEST(Advise, RanksASymptomsCausesWithTheSeedsChecks)
{
    const auto r = run(runAdvise, { data("advice/seed000_pp8_m16.json"), "--symptom", "low_gpu_utilization", "--json" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const nlohmann::json symptom = nlohmann::json::parse(r.out)["symptoms"][0];
    EXPECT_EQ(symptom["symptom"], "low_gpu_utilization");
    EXPECT_EQ(symptom["causes"][0]["code"], "pipeline_bubble") << symptom.dump(1); // a third of the step idles
    EXPECT_TRUE(symptom["causes"].back()["weight"].is_null()); // data loading: not in the model, listed last
    const auto text = run(runAdvise, { data("advice/seed_pcie_swapped_ranks.json"), "--symptom", "multi_node_slower" });
    EXPECT_NE(text.out.find("ib_write_bw"), std::string::npos) << text.out;
}

TEST(Advise, BadInputIsNamed)
{
    const auto unknown = run(runAdvise, { "--symptom", "slow" });
    EXPECT_EQ(unknown.code, kExitUnreadable);
    EXPECT_NE(unknown.err.find("unknown symptom \"slow\""), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("low_gpu_utilization"), std::string::npos);
    EXPECT_EQ(run(runAdvise, { "/nonexistent.json" }).code, kExitUnreadable);
    const auto invalid = run(runAdvise, { data("invalid_tp.json") });
    EXPECT_EQ(invalid.code, kExitInvalid);
    EXPECT_NE(invalid.err.find("invalid"), std::string::npos);
    EXPECT_EQ(run(runAdvise, { data("invalid_tp.json"), "--baseline", "/nonexistent.json" }).code, kExitUnreadable);
}
