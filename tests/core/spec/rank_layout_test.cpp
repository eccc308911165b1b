// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// Ranks to groups: Megatron-Core's RankGenerator for dense and expert layers, in any order.
#include "core/spec/rank_layout.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {
using Groups = std::vector<std::vector<int64_t>>;
Groups groupsOf(CommGroup g, ParallelDegrees d, const char* order = "tp-cp-ep-dp-pp")
{
    return rankGroups(groupShape(g, d, *parseRankOrder(order)));
}
} // namespace

TEST(RankOrder, ParsesPermutationsAndRejectsTheRest)
{
    EXPECT_EQ(parseRankOrder("tp-cp-ep-dp-pp"), kMegatronOrder);
    ASSERT_TRUE(parseRankOrder("pp-dp-ep-cp-tp"));
    EXPECT_EQ(toString(*parseRankOrder("pp-dp-ep-cp-tp")), "pp-dp-ep-cp-tp");
    for (const char* bad : { "", "tp", "tp-cp-ep-dp", "tp-cp-ep-dp-pp-tp", "tp-tp-ep-dp-pp", "tp-cp-ep-dp-xx", "tp,cp,ep,dp,pp" })
        EXPECT_FALSE(parseRankOrder(bad)) << bad;
}

TEST(RankGroups, MegatronOrderPutsTpOnNeighbouringRanks)
{
    const ParallelDegrees d{ .tp = 2, .cp = 1, .ep = 1, .dp = 2, .pp = 2 };
    EXPECT_EQ(groupsOf(CommGroup::Tp, d), (Groups{ { 0, 1 }, { 2, 3 }, { 4, 5 }, { 6, 7 } }));
    EXPECT_EQ(groupsOf(CommGroup::DataParallel, d), (Groups{ { 0, 2 }, { 1, 3 }, { 4, 6 }, { 5, 7 } }));
    EXPECT_EQ(groupsOf(CommGroup::PipelineHop, d), (Groups{ { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 } }));
    EXPECT_EQ(groupsOf(CommGroup::EmbeddingSync, d), (Groups{ { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 } }));
    EXPECT_TRUE(groupsOf(CommGroup::Cp, d).empty());
}

TEST(RankGroups, DataParallelSpansContextParallelRanks)
{
    const ParallelDegrees d{ .tp = 2, .cp = 2, .ep = 1, .dp = 2, .pp = 1 };
    EXPECT_EQ(groupsOf(CommGroup::Cp, d), (Groups{ { 0, 2 }, { 1, 3 }, { 4, 6 }, { 5, 7 } }));
    EXPECT_EQ(groupsOf(CommGroup::DataParallel, d), (Groups{ { 0, 2, 4, 6 }, { 1, 3, 5, 7 } }));
}

TEST(RankGroups, ExpertLayersReSplitTheDataParallelRanks)
{
    // Megatron-Core's expert generator: tp, ep, expert-dp, pp over the same ranks.
    const ParallelDegrees d{ .tp = 1, .cp = 1, .ep = 2, .dp = 4, .pp = 1 };
    EXPECT_EQ(groupsOf(CommGroup::Ep, d), (Groups{ { 0, 1 }, { 2, 3 } }));
    EXPECT_EQ(groupsOf(CommGroup::ExpertDataParallel, d), (Groups{ { 0, 2 }, { 1, 3 } }));
}

TEST(RankGroups, AnotherOrderSpreadsTheGroups)
{
    const ParallelDegrees d{ .tp = 2, .cp = 1, .ep = 1, .dp = 4, .pp = 1 };
    EXPECT_EQ(groupsOf(CommGroup::Tp, d, "dp-tp-cp-ep-pp"), (Groups{ { 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 } }));
    EXPECT_EQ(groupsOf(CommGroup::DataParallel, d, "dp-tp-cp-ep-pp"), (Groups{ { 0, 1, 2, 3 }, { 4, 5, 6, 7 } }));
}

TEST(RankGroups, ARangeKeepsOnlyTheGroupsTouchingIt)
{
    const GroupShape dp = groupShape(CommGroup::DataParallel, { .tp = 2, .dp = 4, .pp = 2 }, kMegatronOrder);
    EXPECT_EQ(rankGroups(dp, 0, 2), (Groups{ { 0, 2, 4, 6 }, { 1, 3, 5, 7 } }));
    EXPECT_EQ(rankGroups(dp, 8, 10), (Groups{ { 8, 10, 12, 14 }, { 9, 11, 13, 15 } }));
    const GroupShape hop = groupShape(CommGroup::PipelineHop, { .tp = 2, .dp = 1, .pp = 4 }, kMegatronOrder);
    EXPECT_EQ(rankGroups(hop, 2, 4), (Groups{ { 0, 2 }, { 2, 4 }, { 1, 3 }, { 3, 5 } }));
    EXPECT_EQ(groupCount(hop), 6);
    EXPECT_EQ(groupCount(dp), 4);
}

TEST(RankGroups, EqualShapesForEqualGroupsWhateverTheOtherDegrees)
{
    EXPECT_EQ(groupShape(CommGroup::Tp, { .tp = 8, .dp = 2, .pp = 4 }, kMegatronOrder),
              groupShape(CommGroup::Tp, { .tp = 8, .dp = 4, .pp = 2 }, kMegatronOrder));
    EXPECT_NE(groupShape(CommGroup::DataParallel, { .tp = 8, .dp = 2, .pp = 4 }, kMegatronOrder),
              groupShape(CommGroup::DataParallel, { .tp = 8, .dp = 4, .pp = 2 }, kMegatronOrder));
}

TEST(RankGroups, NodeAlignmentOfShapes)
{
    EXPECT_TRUE(isNodeAligned(groupShape(CommGroup::Tp, { .tp = 4, .dp = 4 }, kMegatronOrder), 8));
    EXPECT_TRUE(isNodeAligned(groupShape(CommGroup::Tp, { .tp = 16, .dp = 1 }, kMegatronOrder), 8));
    EXPECT_TRUE(isNodeAligned(groupShape(CommGroup::DataParallel, { .tp = 2, .dp = 8 }, kMegatronOrder), 8));
    // Groups of 3 do not tile nodes of 8.
    EXPECT_FALSE(isNodeAligned(groupShape(CommGroup::Tp, { .tp = 3, .dp = 8 }, kMegatronOrder), 8));
}

TEST(RankTable, FingerprintsTellTablesApart)
{
    EXPECT_EQ(makeRankTable({ 0, 1, 2, 3 })->fingerprint, makeRankTable({ 0, 1, 2, 3 })->fingerprint);
    EXPECT_NE(makeRankTable({ 0, 1, 2, 3 })->fingerprint, makeRankTable({ 0, 2, 1, 3 })->fingerprint);
    RankPlacement p;
    EXPECT_TRUE(p.isDefault());
    p.table = makeRankTable({ 1, 0 });
    EXPECT_EQ(p.gpuOf(0), 1);
    EXPECT_FALSE(p.isDefault());
}

TEST(RankGroups, CoordinatesAndGroupLeaders)
{
    const ParallelDegrees d{ .tp = 2, .cp = 1, .ep = 1, .dp = 2, .pp = 2 };
    EXPECT_EQ(denseCoordinate(5, ParallelDim::Pp, d, kMegatronOrder), 1); // ranks 4..7 are stage 1
    EXPECT_EQ(denseCoordinate(5, ParallelDim::Dp, d, kMegatronOrder), 0);
    EXPECT_EQ(denseCoordinate(6, ParallelDim::Dp, d, kMegatronOrder), 1);
    EXPECT_EQ(denseCoordinate(6, ParallelDim::Tp, d, kMegatronOrder), 0);
    EXPECT_EQ(denseCoordinate(6, ParallelDim::Dp, d, *parseRankOrder("dp-tp-cp-ep-pp")), 0);
    const GroupShape dp = groupShape(CommGroup::DataParallel, d, kMegatronOrder);
    EXPECT_EQ(firstRankOfGroup(7, dp), 5);
    EXPECT_EQ(firstRankOfGroup(5, dp), 5);
}
