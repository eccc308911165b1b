// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "placement.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {
ClusterSpec dgxH100(int64_t nodes)
{
    ClusterSpec c;
    c.nodes = nodes;
    c.gpusPerNode = 8;
    c.intraNode = { LinkKind::NvSwitch, 450, 3 };
    c.interNode = { LinkKind::InfiniBand, 50, 8 };
    return c;
}
EfficiencyParams unitEfficiency()
{
    EfficiencyParams p;
    p.ncclIntraNodeEfficiency = 1;
    p.ncclInterNodeEfficiency = 1;
    return p;
}
} // namespace

TEST(Placement, TpOfEightInsideADgxUsesNvSwitch)
{
    const GroupPlacement g = placeGroup(8, 1, dgxH100(4), unitEfficiency());
    EXPECT_FALSE(g.crossesNodes);
    EXPECT_EQ(g.membersPerNode, 8);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 450e9);
    EXPECT_DOUBLE_EQ(g.rate.latencyS, 3e-6);
}

TEST(Placement, TpOfSixteenCrossesTheNicAndIsBoundByIt)
{
    const GroupPlacement g = placeGroup(16, 1, dgxH100(4), unitEfficiency());
    EXPECT_TRUE(g.crossesNodes);
    EXPECT_EQ(g.nodesSpanned, 2);
    EXPECT_EQ(g.membersPerNode, 8);
    // Eight members per node drive eight 50 GB/s rails: 400 GB/s, below NVSwitch's 450.
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 400e9);
    EXPECT_DOUBLE_EQ(g.rate.latencyS, 8e-6);
}

TEST(Placement, DataParallelGroupWithOneRankPerNodeGetsOneRail)
{
    // tp = 8 fills each node, so dp ranks are 8 apart: one per node.
    const GroupPlacement g = placeGroup(4, 8, dgxH100(4), unitEfficiency());
    EXPECT_TRUE(g.crossesNodes);
    EXPECT_EQ(g.membersPerNode, 1);
    EXPECT_EQ(g.nodesSpanned, 4);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 50e9);
}

TEST(Placement, StridedGroupInsideANodeStaysOnNvSwitch)
{
    const GroupPlacement g = placeGroup(4, 2, dgxH100(1), unitEfficiency());
    EXPECT_FALSE(g.crossesNodes);
    EXPECT_EQ(g.membersPerNode, 4);
}

TEST(Placement, EfficiencyScalesTheBusBandwidth)
{
    EfficiencyParams p;
    p.ncclIntraNodeEfficiency = 0.8;
    EXPECT_DOUBLE_EQ(placeGroup(8, 1, dgxH100(1), p).rate.busBytesPerS, 0.8 * 450e9);
}

TEST(Placement, PipelineHopLeavesTheNodeOnceTheStrideFillsIt)
{
    EXPECT_FALSE(placePipelineHop(4, dgxH100(2), unitEfficiency()).crossesNodes);
    const GroupPlacement across = placePipelineHop(8, dgxH100(2), unitEfficiency());
    EXPECT_TRUE(across.crossesNodes);
    EXPECT_DOUBLE_EQ(across.rate.busBytesPerS, 50e9); // one rail per sending GPU
}
