// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/collectives.h"

#include <gtest/gtest.h>

using namespace paraplan;

// nccl-tests doc/PERFORMANCE.md: the bus-bandwidth factor per collective.
TEST(BusBandwidthFactor, AllReduceMovesTwiceNMinusOneOverN)
{
    EXPECT_DOUBLE_EQ(busBandwidthFactor(Collective::AllReduce, 2), 1.0);
    EXPECT_DOUBLE_EQ(busBandwidthFactor(Collective::AllReduce, 8), 2.0 * 7 / 8);
    EXPECT_DOUBLE_EQ(busBandwidthFactor(Collective::AllReduce, 64), 2.0 * 63 / 64);
}

TEST(BusBandwidthFactor, GatherScatterAndAllToAllMoveNMinusOneOverN)
{
    for (Collective c : { Collective::AllGather, Collective::ReduceScatter, Collective::AllToAll }) {
        EXPECT_DOUBLE_EQ(busBandwidthFactor(c, 4), 3.0 / 4);
        EXPECT_DOUBLE_EQ(busBandwidthFactor(c, 16), 15.0 / 16);
    }
}

TEST(BusBandwidthFactor, BroadcastReduceAndSendRecvAreOne)
{
    for (Collective c : { Collective::Broadcast, Collective::Reduce, Collective::SendRecv })
        EXPECT_DOUBLE_EQ(busBandwidthFactor(c, 8), 1.0);
}

TEST(CollectiveSeconds, IsLatencyPlusBytesTimesFactorOverBusBandwidth)
{
    EfficiencyParams params;
    params.collectiveOverheadS = 10e-6;
    const LinkRate link{ 100e9, 2e-6 };
    const double bytes = 1e9;
    // Ring all-reduce: 2(n-1) latency hops.
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, bytes, 8, link, params),
                10e-6 + 14 * 2e-6 + bytes * 1.75 / 100e9, 1e-15);
    EXPECT_NEAR(collectiveSeconds(Collective::AllGather, bytes, 8, link, params),
                10e-6 + 7 * 2e-6 + bytes * 0.875 / 100e9, 1e-15);
    EXPECT_NEAR(collectiveSeconds(Collective::SendRecv, bytes, 2, link, params), 10e-6 + 2e-6 + bytes / 100e9, 1e-15);
}

TEST(CollectiveSeconds, NothingToDoCostsNothing)
{
    const EfficiencyParams params;
    const LinkRate link{ 100e9, 2e-6 };
    EXPECT_EQ(collectiveSeconds(Collective::AllReduce, 1e9, 1, link, params), 0.0);
    EXPECT_EQ(collectiveSeconds(Collective::AllReduce, 0, 8, link, params), 0.0);
    EXPECT_EQ(collectiveSeconds(Collective::AllGather, 1e9, 8, LinkRate{ 0, 0 }, params), 0.0);
}

TEST(CollectiveSeconds, AchievedBusBandwidthNeverExceedsTheLink)
{
    const EfficiencyParams params;
    const LinkRate link{ 300e9, 3e-6 };
    for (double bytes : { 1e3, 1e6, 1e8, 1e10 })
        for (int64_t n : { 2, 4, 8, 64 }) {
            const double t = collectiveSeconds(Collective::AllReduce, bytes, n, link, params);
            const double busBandwidth = bytes / t * busBandwidthFactor(Collective::AllReduce, n);
            EXPECT_LE(busBandwidth, link.busBytesPerS);
        }
}

TEST(CollectiveSeconds, GrowsWithMessageSize)
{
    const EfficiencyParams params;
    const LinkRate link{ 300e9, 3e-6 };
    double previous = 0;
    for (double bytes : { 1e3, 1e5, 1e7, 1e9 }) {
        const double t = collectiveSeconds(Collective::ReduceScatter, bytes, 8, link, params);
        EXPECT_GT(t, previous);
        previous = t;
    }
}

TEST(CollectiveTraits, NamesMatchNcclTests)
{
    EXPECT_STREQ(collectiveTraits(Collective::AllReduce).name, "all_reduce");
    EXPECT_STREQ(collectiveTraits(Collective::AllToAll).name, "all_to_all");
    EXPECT_STREQ(collectiveTraits(Collective::SendRecv).name, "send_recv");
}

TEST(CollectiveSeconds, RingLatencyGrowsWithTheGroupTreeLatencyWithItsLogarithm)
{
    const EfficiencyParams params;
    LinkRate network{ 50e9, 10e-6, nullptr, true };
    // 8 bytes over 1,024 ranks: the ring would take 2 x 1,023 latency steps; NCCL's double binary
    // tree takes 2 x log2(1,024) = 20.
    const double small = collectiveSeconds(Collective::AllReduce, 8, 1024, network, params);
    EXPECT_NEAR(small, params.collectiveOverheadS + 20 * 10e-6 + 2 * 8 / 50e9, 1e-9);
    // Inside a node NCCL rings: 2(n - 1) steps.
    LinkRate node{ 360e9, 3e-6, nullptr, false };
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, 8, 8, node, params),
                params.collectiveOverheadS + 14 * 3e-6 + 8 * 2 * 7.0 / 8 / 360e9, 1e-12);
    // A gradient bucket over 16 nodes keeps the ring's bandwidth: the tree's half bus bandwidth
    // would cost more than the ring's 30 latency steps.
    const double bucket = 1e9;
    const double ringSeconds = 2 * 15 * 10e-6 + bucket * 2 * 15.0 / 16 / 50e9;
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, bucket, 16, network, params),
                params.collectiveOverheadS + ringSeconds, 1e-9);
    // Over 1,024 ranks the ring's 2,046 latency steps (20 ms) cost more: the tree takes it.
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, bucket, 1024, network, params),
                params.collectiveOverheadS + 20 * 10e-6 + 2 * bucket / 50e9, 1e-9);
}
