// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// Groups placed on a cluster described by its intra_node / inter_node summary: the summary expands
// to one NVSwitch per node and a NIC per GPU, and the prices follow nccl-tests' picture of it.
#include "core/network/placement.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {
Scenario dgxH100(int64_t nodes)
{
    Scenario s;
    s.cluster.nodes = nodes;
    s.cluster.gpusPerNode = 8;
    s.cluster.intraNode = { LinkKind::NvSwitch, 450, 3 };
    s.cluster.interNode = { LinkKind::InfiniBand, 50, 8 };
    return s;
}
GroupPlacement place(
    const Scenario& s, ParallelDegrees d, CommGroup g, const EfficiencyParams& p = test::unitEfficiency())
{
    return placeGroup(s, d, g, p);
}
} // namespace

TEST(Placement, TpOfEightInsideADgxUsesNvSwitch)
{
    const GroupPlacement g = place(dgxH100(4), { .tp = 8, .dp = 4 }, CommGroup::Tp);
    EXPECT_FALSE(g.crossesNodes());
    EXPECT_EQ(g.size(), 8);
    EXPECT_EQ(g.membersPerNode(), 8);
    EXPECT_EQ(g.pricing->groupCount, 4);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 450e9);
    EXPECT_DOUBLE_EQ(g.rate.latencyS, 3e-6); // GPU - NVSwitch - GPU
}

TEST(Placement, TpOfSixteenCrossesTheNicAndIsBoundByIt)
{
    const GroupPlacement g = place(dgxH100(4), { .tp = 16, .dp = 2 }, CommGroup::Tp);
    EXPECT_TRUE(g.crossesNodes());
    EXPECT_EQ(g.nodesSpanned(), 2);
    EXPECT_EQ(g.membersPerNode(), 8);
    EXPECT_EQ(g.pricing->channels, 8);
    // Eight channels, one per rail: 8 x 50 GB/s = 400 GB/s, below NVSwitch's 450.
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 400e9);
    EXPECT_TRUE(g.pricing->network.found());
    // The hop between nodes costs the network's GPU-to-GPU latency, hand-over to the rail's GPU included.
    EXPECT_DOUBLE_EQ(g.rate.latencyS, 8e-6);
}

TEST(Placement, DataParallelGroupWithOneRankPerNodeGetsOneRail)
{
    // tp = 8 fills each node, so dp ranks are 8 apart: one per node, each DP group on its own rail.
    const GroupPlacement g = place(dgxH100(4), { .tp = 8, .dp = 4 }, CommGroup::DataParallel);
    EXPECT_TRUE(g.crossesNodes());
    EXPECT_EQ(g.membersPerNode(), 1);
    EXPECT_EQ(g.nodesSpanned(), 4);
    EXPECT_EQ(g.pricing->groupCount, 8);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 50e9);
    EXPECT_EQ(g.pricing->network.sharing, 1); // eight groups, eight rails: nobody shares a NIC
    EXPECT_DOUBLE_EQ(g.rate.latencyS, 8e-6);
}

TEST(Placement, StridedGroupInsideANodeStaysOnNvSwitch)
{
    Scenario s = dgxH100(1);
    s.parallel.placement.order = *parseRankOrder("dp-tp-cp-ep-pp"); // TP ranks 2 apart
    const GroupPlacement g = place(s, { .tp = 4, .dp = 2 }, CommGroup::Tp);
    EXPECT_FALSE(g.crossesNodes());
    EXPECT_EQ(g.membersPerNode(), 4);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 450e9);
}

TEST(Placement, EfficiencyScalesEachClassOfLink)
{
    EfficiencyParams p;
    p.ncclIntraNodeEfficiency = 0.8;
    p.ncclInterNodeEfficiency = 0.9;
    EXPECT_DOUBLE_EQ(place(dgxH100(1), { .tp = 8 }, CommGroup::Tp, p).rate.busBytesPerS, 0.8 * 450e9);
    EXPECT_DOUBLE_EQ(place(dgxH100(4), { .tp = 8, .dp = 4 }, CommGroup::DataParallel, p).rate.busBytesPerS, 0.9 * 50e9);
}

TEST(Placement, PipelineHopLeavesTheNodeOnceTheStrideFillsIt)
{
    const GroupPlacement inside = place(dgxH100(1), { .tp = 4, .pp = 2 }, CommGroup::PipelineHop);
    EXPECT_FALSE(inside.crossesNodes());
    EXPECT_EQ(inside.pricing->groupCount, 4);
    const GroupPlacement across = place(dgxH100(2), { .tp = 8, .pp = 2 }, CommGroup::PipelineHop);
    EXPECT_TRUE(across.crossesNodes());
    EXPECT_DOUBLE_EQ(across.rate.busBytesPerS, 50e9); // one rail per sending GPU
}

TEST(Placement, NothingToSendCostsNothing)
{
    const GroupPlacement g = place(dgxH100(1), { .dp = 8 }, CommGroup::Tp);
    EXPECT_EQ(g.pricing->groupCount, 0);
    EXPECT_EQ(g.rate.busBytesPerS, 0);
    EXPECT_EQ(collectiveSeconds(Collective::AllReduce, 1e9, g.size(), g.rate, test::unitEfficiency()), 0);
}

TEST(Placement, AllToAllAcrossNodesIsBoundByEachGpusOwnRail)
{
    // EP of 16 over two nodes: each GPU sends 8 of its 15 shares off the node through its own NIC.
    const GroupPlacement g = place(dgxH100(2), { .ep = 16, .dp = 16 }, CommGroup::Ep);
    EXPECT_TRUE(g.crossesNodes());
    EXPECT_NEAR(g.rate.busBytesPerS, 50e9 * 15.0 / 8.0, 1e3);
}

TEST(Placement, RankTableMovesGroups)
{
    Scenario s = dgxH100(2);
    // Swap GPUs so that TP group 0 holds ranks on both nodes: ranks 4..7 trade places with 8..11.
    std::vector<int64_t> table(16);
    for (int64_t r = 0; r < 16; ++r)
        table[size_t(r)] = r;
    for (int64_t r = 4; r < 8; ++r)
        std::swap(table[size_t(r)], table[size_t(r + 4)]);
    s.parallel.placement.table = makeRankTable(table);
    const GroupPlacement g = place(s, { .tp = 8, .dp = 2 }, CommGroup::Tp);
    EXPECT_TRUE(g.crossesNodes());
    EXPECT_EQ(g.membersPerNode(), 4);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 4 * 50e9); // four rails each way
}
