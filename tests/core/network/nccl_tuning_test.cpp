// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// What NCCL's tuner picks beyond the ring: its LL and LL128 protocols for small and mid-sized
// messages, and NVLink SHARP's all-reduce inside NVSwitch nodes that reduce in the switch, checked
// against NCCL's own figures (src/graph/tuning.cc) and nccl-tests measurements.
#include "core/network/collectives.h"
#include "core/network/nccl_tuning.h"
#include "core/network/placement.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <map>

using namespace paraplan;

namespace {

// An NVSwitch node's group as rateOf gives it: the ring's bus bandwidth, Simple's per-hop latency,
// every protocol NCCL enables over NVLink and, where the switch reduces, NVLS at `nvls` bytes/s.
LinkRate nvswitchNode(double ringBusBytesPerS, double nvlsBytesPerS)
{
    LinkRate link{ ringBusBytesPerS, 3e-6, nullptr, false };
    link.lowLatencyProtocols = true;
    link.ll128 = true;
    link.nvlsBytesPerS = nvlsBytesPerS;
    return link;
}

// nccl-tests' bus bandwidth of an all-reduce that took `seconds`.
double allReduceBusBandwidth(double bytes, int64_t ranks, double seconds)
{
    return bytes / seconds * busBandwidthFactor(Collective::AllReduce, ranks);
}

EfficiencyParams noOverhead()
{
    EfficiencyParams params;
    params.collectiveOverheadS = 0;
    return params;
}

} // namespace

// 8 x H100: NVLS off 370 GB/s, on 480 GB/s (NVIDIA/nccl#2140); by GPU count 370 for 2-4 GPUs,
// then 420, 440, 460, 480 for 5-8 (NVIDIA/nccl#1455). The ring's 370 and the switch's rate
// (0.68 of 450 GB/s) give these back within 3 %, NCCL taking the ring where it is faster.
TEST(NvlinkSharp, ReproducesMeasuredH100BusBandwidthsByGroupSize)
{
    const LinkRate link = nvswitchNode(370e9, 450e9 * nvlinkSharpEfficiency("hopper"));
    const double bytes = 4e9;
    const std::map<int64_t, double> measured{ { 2, 370e9 }, { 3, 370e9 }, { 4, 370e9 }, { 5, 420e9 },
                                              { 6, 440e9 }, { 7, 460e9 }, { 8, 480e9 } };
    for (const auto& [ranks, busBandwidth] : measured) {
        const double seconds = collectiveSeconds(Collective::AllReduce, bytes, ranks, link, noOverhead());
        EXPECT_NEAR(allReduceBusBandwidth(bytes, ranks, seconds) / busBandwidth, 1.0, 0.03) << ranks << " GPUs";
    }
}

// 8 x B300: NVLS off 695 GB/s, on 845 GB/s (NVIDIA/nccl#2140), with Blackwell's 0.60 of 900 GB/s.
TEST(NvlinkSharp, ReproducesMeasuredBlackwellBusBandwidth)
{
    const LinkRate link = nvswitchNode(695e9, 900e9 * nvlinkSharpEfficiency("blackwell"));
    const double bytes = 4e9;
    const double seconds = collectiveSeconds(Collective::AllReduce, bytes, 8, link, noOverhead());
    EXPECT_NEAR(allReduceBusBandwidth(bytes, 8, seconds) / 845e9, 1.0, 0.03);
}

TEST(NvlinkSharp, ReducesOnlyAllReducesInsideTheNode)
{
    const LinkRate with = nvswitchNode(370e9, 306e9);
    const LinkRate without = nvswitchNode(370e9, 0);
    const double bytes = 1e9;
    const EfficiencyParams params;
    EXPECT_LT(collectiveSeconds(Collective::AllReduce, bytes, 8, with, params),
              0.8 * collectiveSeconds(Collective::AllReduce, bytes, 8, without, params));
    // All-gather and reduce-scatter move the ring's bytes either way: no gain to price.
    for (Collective c : { Collective::AllGather, Collective::ReduceScatter, Collective::AllToAll })
        EXPECT_DOUBLE_EQ(collectiveSeconds(c, bytes, 8, with, params), collectiveSeconds(c, bytes, 8, without, params));
    // Across nodes the network is the bottleneck; NVLS-Tree is not priced.
    LinkRate network = with;
    network.crossesNodes = true;
    LinkRate networkWithout = without;
    networkWithout.crossesNodes = true;
    EXPECT_DOUBLE_EQ(collectiveSeconds(Collective::AllReduce, bytes, 16, network, params),
                     collectiveSeconds(Collective::AllReduce, bytes, 16, networkWithout, params));
}

// Simple's fixed and per-step latency against LL's and LL128's (tuning.cc): a few kilobytes go by
// LL, some megabytes by LL128, large buffers by Simple at the full bus bandwidth.
TEST(NcclProtocols, EachMessageSizeTakesTheFastestProtocol)
{
    const LinkRate link = nvswitchNode(360e9, 0);
    const EfficiencyParams params;
    const double steps = 14; // a ring all-reduce over 8 ranks
    auto priced = [&](const NcclProtocol& p, double bytes) {
        return params.collectiveOverheadS + p.baseOffsetS + steps * 3e-6 * p.nodeHopScale
             + bytes * 1.75 / (360e9 * p.bandwidthShare);
    };
    const auto& [simple, ll128, ll] = ncclProtocols();
    EXPECT_STREQ(ll.name, "LL");
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, 8e3, 8, link, params), priced(ll, 8e3), 1e-12);
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, 16e6, 8, link, params), priced(ll128, 16e6), 1e-12);
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, 1e9, 8, link, params), priced(simple, 1e9), 1e-12);
    // The choice never costs more than Simple alone, the protocol the bus bandwidth stands for.
    LinkRate simpleOnly = link;
    simpleOnly.lowLatencyProtocols = false;
    for (double bytes : { 1e2, 1e4, 1e6, 1e8 })
        EXPECT_LE(collectiveSeconds(Collective::AllReduce, bytes, 8, link, params),
                  collectiveSeconds(Collective::AllReduce, bytes, 8, simpleOnly, params));
}

TEST(NcclProtocols, Ll128NeedsNvlink)
{
    LinkRate pcie = nvswitchNode(20e9, 0);
    pcie.ll128 = false;
    const EfficiencyParams params;
    const auto& [simple, ll128, ll] = ncclProtocols();
    // 16 MB over a PCIe ring: LL128 would win, but NCCL does not enable it off NVLink.
    const double bytes = 16e6;
    const double simpleSeconds = params.collectiveOverheadS + 14 * 3e-6 + bytes * 1.75 / 20e9;
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, bytes, 8, pcie, params), simpleSeconds, 1e-12);
    EXPECT_TRUE(ll128.nvlinkOnly);
    EXPECT_FALSE(ll.nvlinkOnly);
    EXPECT_FALSE(simple.nvlinkOnly);
}

TEST(NvlinkSharp, NeedsAThirdGenerationNvSwitchAndCanBeSwitchedOff)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "parallel": { "tp": 8 }
    })");
    EXPECT_EQ(s.cluster.gpu.architecture, "hopper");
    EXPECT_TRUE(hasNvlinkSharp(s.cluster));
    const ParallelDegrees tp8{ .tp = 8, .dp = 1 };
    const GroupPlacement tp = placeGroup(s, tp8, CommGroup::Tp, EfficiencyParams{});
    EXPECT_NEAR(tp.rate.nvlsBytesPerS, 450e9 * 0.68, 1e6);
    EXPECT_TRUE(tp.rate.ll128);

    s.cluster.intraNode.nvls = false; // NCCL_NVLS_ENABLE=0
    EXPECT_FALSE(hasNvlinkSharp(s.cluster));
    EXPECT_EQ(placeGroup(s, tp8, CommGroup::Tp, EfficiencyParams{}).rate.nvlsBytesPerS, 0);

    s.cluster.intraNode.nvls = true;
    s.cluster.gpu.architecture = "ampere"; // second-generation NVSwitch: no reduction in the switch
    EXPECT_FALSE(hasNvlinkSharp(s.cluster));
    s.cluster.gpu.architecture = "hopper";
    s.cluster.intraNode.kind = LinkKind::Pcie;
    EXPECT_FALSE(hasNvlinkSharp(s.cluster));
    EXPECT_FALSE(hasNvlinkInNode(s.cluster));
}

// InfiniBand SHARP (CollNet Direct): a rank sends its node's 1/g share up once and takes the sum
// back once, where a ring sends 2S(n-1)/n through every NIC.
TEST(InNetworkReduction, HalvesTheRingsNetworkTrafficForOneRankPerNode)
{
    LinkRate ring{ 46e9, 8e-6, nullptr, true };
    LinkRate sharp = ring;
    sharp.sharpBytesPerS = 46e9 * kSharpBandwidthShare;
    sharp.ranksPerNode = 1;
    const double bytes = 2e9;
    const double ringSeconds = collectiveSeconds(Collective::AllReduce, bytes, 64, ring, noOverhead());
    const double sharpSeconds = collectiveSeconds(Collective::AllReduce, bytes, 64, sharp, noOverhead());
    EXPECT_NEAR(sharpSeconds, kSharpLatencyOffsetS + bytes / (46e9 * 0.85), 1e-9);
    EXPECT_NEAR(ringSeconds / sharpSeconds, 2 * 63.0 / 64 * 0.85, 0.02);
    // Only all-reduces gain; a reduce-scatter keeps the ring's price.
    EXPECT_DOUBLE_EQ(collectiveSeconds(Collective::ReduceScatter, bytes, 64, sharp, noOverhead()),
                     collectiveSeconds(Collective::ReduceScatter, bytes, 64, ring, noOverhead()));
}

TEST(InNetworkReduction, SeveralRanksPerNodeReduceOverNvlinkFirst)
{
    LinkRate sharp{ 46e9, 8e-6, nullptr, true };
    sharp.sharpBytesPerS = 46e9 * kSharpBandwidthShare;
    sharp.nodeBytesPerS = 360e9;
    sharp.ranksPerNode = 8;
    const double bytes = 2e9;
    // The network half: 1/8 of the buffer through each NIC; the node half: a reduce-scatter and an
    // all-gather of 7/8 over NVLink. The slower sets the pace.
    const double network = bytes / 8 / (46e9 * 0.85);
    const double node = 2 * bytes * 7 / 8 / 360e9;
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, bytes, 64, sharp, noOverhead()),
                kSharpLatencyOffsetS + std::max(network, node), 1e-9);
}

TEST(InNetworkReduction, IsPricedOnlyWhereTheScenarioSaysTheSwitchesReduce)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 4 },
      "parallel": { "tp": 8 }
    })");
    const ParallelDegrees d{ .tp = 8, .dp = 4 };
    EXPECT_EQ(placeGroup(s, d, CommGroup::DataParallel, EfficiencyParams{}).rate.sharpBytesPerS, 0);
    s.cluster.interNode.sharp = true;
    const GroupPlacement dp = placeGroup(s, d, CommGroup::DataParallel, EfficiencyParams{});
    EXPECT_GT(dp.rate.sharpBytesPerS, 0);
    EXPECT_EQ(dp.rate.ranksPerNode, 1);
    // TP stays inside the node: nothing for the network's switches to reduce.
    EXPECT_EQ(placeGroup(s, d, CommGroup::Tp, EfficiencyParams{}).rate.sharpBytesPerS, 0);
}
