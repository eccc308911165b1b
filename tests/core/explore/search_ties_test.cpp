// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Issue #10: the search marks the configurations it cannot tell from the fastest and ranks them by
// robustness, saying which rule decided.
#include "tests/core/scenario_fixtures.h"

#include "core/explore/search_ties.h"
#include "core/spec/units.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

// One band for every uncalibrated regime: the real step lies within 0.9-1.1 of the prediction.
UncertaintyBands tenPercent()
{
    UncertaintyBands table;
    table.bands.push_back({ BandRegime{}, 100, 0.9, 1.0, 1.1 });
    return table;
}

SearchEntry entry(double step, double exposedDpComm, bool tpAcrossNodes, double memoryGib)
{
    SearchEntry e;
    Result& r = e.result;
    r.valid = true;
    r.parallel.degrees.pp = 1;
    r.time.step = step;
    r.time.dpComm = exposedDpComm;
    r.capacityBytes = gibToBytes(80);
    r.memory.weights = gibToBytes(memoryGib);
    GroupReport tp;
    tp.group = CommGroup::Tp;
    tp.crossesNodes = tpAcrossNodes;
    r.groups.push_back(tp);
    return e;
}

} // namespace

TEST(SearchTies, OnlyConfigurationsWithinEachOthersBandAreTied)
{
    SearchResult search;
    search.best = { entry(10.0, 1.0, false, 40), entry(10.5, 0.1, false, 40), entry(13.0, 0.0, false, 40) };
    rankTiesByRobustness(search, test::llama8bOnDgxH100(2), tenPercent(), false);
    EXPECT_TRUE(search.best[0].tiedWithBest);
    EXPECT_TRUE(search.best[1].tiedWithBest);
    EXPECT_FALSE(search.best[2].tiedWithBest); // 13 s lies beyond 10 s's band
    EXPECT_EQ(search.best[2].robustRank, 0);
    for (const SearchEntry& e : search.best)
        ASSERT_TRUE(e.result.uncertainty);
    // Less exposed communication decides: #2 hides almost all of its DP traffic.
    EXPECT_EQ(search.best[1].robustRank, 1);
    EXPECT_EQ(search.best[1].decidedBy, TieRule::None);
    EXPECT_EQ(search.best[0].robustRank, 2);
    EXPECT_EQ(search.best[0].decidedBy, TieRule::ExposedCommunication);
}

TEST(SearchTies, RulesApplyInOrderWhenTheEarlierOnesFindEntriesAlike)
{
    SearchResult search;
    // Exposed communication alike (within 2 % of 10 s); #1 and #3 put TP across nodes; #2 and #4
    // differ in headroom by more than 5 % of HBM; #4 and #5 only by their step.
    search.best = { entry(10.0, 0.10, true, 40), entry(10.1, 0.12, false, 70), entry(10.2, 0.11, true, 40),
                    entry(10.3, 0.13, false, 40), entry(10.4, 0.10, false, 41) };
    rankTiesByRobustness(search, test::llama8bOnDgxH100(2), tenPercent(), false);
    std::vector<size_t> byRank(search.best.size());
    for (size_t i = 0; i < search.best.size(); ++i) {
        ASSERT_TRUE(search.best[i].tiedWithBest) << i;
        byRank[size_t(search.best[i].robustRank - 1)] = i;
    }
    EXPECT_EQ(byRank, (std::vector<size_t>{ 3, 4, 1, 0, 2 }));
    EXPECT_EQ(search.best[3].decidedBy, TieRule::None);
    EXPECT_EQ(search.best[4].decidedBy, TieRule::PredictedStep);
    EXPECT_EQ(search.best[1].decidedBy, TieRule::MemoryHeadroom);
    EXPECT_EQ(search.best[0].decidedBy, TieRule::TpWithinNodes);
    EXPECT_EQ(search.best[2].decidedBy, TieRule::PredictedStep);
    // The search's order stays fastest first.
    EXPECT_DOUBLE_EQ(search.best[0].result.time.step, 10.0);
}

TEST(SearchTies, NothingIsTiedWhenTheFastestStandsAloneOrHasNoBand)
{
    SearchResult alone;
    alone.best = { entry(10.0, 0, false, 40), entry(20.0, 0, false, 40) };
    rankTiesByRobustness(alone, test::llama8bOnDgxH100(2), tenPercent(), false);
    EXPECT_FALSE(alone.best[0].tiedWithBest);
    EXPECT_EQ(alone.best[0].robustRank, 0);

    SearchResult unbanded;
    unbanded.best = { entry(10.0, 0, false, 40), entry(10.1, 0, false, 40) };
    rankTiesByRobustness(unbanded, test::llama8bOnDgxH100(2), UncertaintyBands{}, false);
    EXPECT_FALSE(unbanded.best[0].tiedWithBest);
    EXPECT_FALSE(unbanded.best[0].result.uncertainty);
}

TEST(SearchTies, RulesHaveContractNames)
{
    EXPECT_STREQ(toString(TieRule::ExposedCommunication), "exposed_communication");
    EXPECT_STREQ(toString(TieRule::TpWithinNodes), "tp_within_nodes");
    EXPECT_STREQ(toString(TieRule::MemoryHeadroom), "memory_headroom");
    EXPECT_STREQ(toString(TieRule::PredictedStep), "predicted_step");
    EXPECT_STREQ(toString(TieRule::SearchOrder), "search_order");
}

TEST(SearchTies, EntriesNoRuleTellsApartKeepTheSearchsOrderAndSaySo)
{
    // dp and cp swapped often price the same but for rounding: a slower step by a billionth decides nothing.
    SearchResult search;
    search.best = { entry(10.0, 0.5, false, 40), entry(10.0 + 1e-8, 0.5, false, 40), entry(10.0, 0.5, false, 40) };
    rankTiesByRobustness(search, test::llama8bOnDgxH100(2), tenPercent(), false);
    for (size_t i = 0; i < search.best.size(); ++i)
        EXPECT_EQ(search.best[i].robustRank, int64_t(i) + 1) << i;
    EXPECT_EQ(search.best[0].decidedBy, TieRule::None);
    EXPECT_EQ(search.best[1].decidedBy, TieRule::SearchOrder);
    EXPECT_EQ(search.best[2].decidedBy, TieRule::SearchOrder);
}
