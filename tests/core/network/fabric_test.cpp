// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// Collectives priced on real node topologies (the catalog's presets and imported nvidia-smi
// matrices): which links each group crosses, which one binds, and how many groups share it.
#include "core/io/catalog_reader.h"
#include "core/io/topo_import.h"
#include "core/network/cluster_topology.h"
#include "core/network/placement.h"
#include "core/step/evaluator.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

Scenario onCluster(const char* preset, int64_t nodes)
{
    Scenario s;
    s.cluster = io::builtinCatalog().findCluster(preset)->spec;
    s.cluster.nodes = nodes;
    return s;
}

GroupPlacement placeOnFabric(const Scenario& s, ParallelDegrees d, CommGroup g)
{
    return placeGroup(s, d, g, test::unitEfficiency());
}

// The fabric's description of the link that limits a placement.
std::string limitingLink(const Scenario& s, const GroupPlacement& g)
{
    return fabricOf(s.cluster)->describe(g.limit(test::unitEfficiency()).link.link);
}

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The 8 x H100 PCIe server: two sockets, two PCIe switches under each, two GPUs per switch.
Scenario pcieServer() { return onCluster("pcie-8x-h100", 1); }

std::vector<int64_t> seedSwap() { return { 0, 2, 1, 3, 4, 6, 5, 7 }; } // TP pairs [0,2],[1,3],[4,6],[5,7]

} // namespace

TEST(FabricPresets, TpOfEightInsideADgxH100UsesNvSwitch)
{
    const Scenario s = onCluster("dgx-h100", 4);
    const GroupPlacement g = placeOnFabric(s, { .tp = 8, .dp = 4 }, CommGroup::Tp);
    EXPECT_FALSE(g.crossesNodes());
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 450e9);
    EXPECT_EQ(limitingLink(s, g).find("nvswitch") != std::string::npos, true) << limitingLink(s, g);
}

TEST(FabricPresets, TpOfSixteenOnDgxH100CrossesTheNics)
{
    const Scenario s = onCluster("dgx-h100", 4);
    const GroupPlacement g = placeOnFabric(s, { .tp = 16, .dp = 2 }, CommGroup::Tp);
    EXPECT_TRUE(g.crossesNodes());
    EXPECT_EQ(g.pricing->channels, 8); // one ring per rail
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 8 * 50e9);
    EXPECT_TRUE(g.pricing->network.found());
    EXPECT_NE(limitingLink(s, g).find("NIC"), std::string::npos) << limitingLink(s, g);
}

TEST(FabricPresets, DgxA100GpuPairsShareASwitchButEachTakesItsOwnNic)
{
    // GPU 0 and 1 sit under one PCIe switch with mlx5_0 and mlx5_1: each DP group gets its own rail.
    const Scenario s = onCluster("dgx-a100-80gb", 4);
    const GroupPlacement g = placeOnFabric(s, { .tp = 8, .dp = 4 }, CommGroup::DataParallel);
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 25e9);
    EXPECT_EQ(g.pricing->network.sharing, 1);
    const auto fabric = fabricOf(s.cluster);
    EXPECT_NE(fabric->nicOf(0, 0), fabric->nicOf(0, 1));
}

TEST(FabricPresets, TpOfFourOnThePcieServerInsideOneSocketVersusAcrossSockets)
{
    const Scenario s = pcieServer();
    // Ranks in order: TP groups {0..3} and {4..7}, each under one socket, through its CPU.
    const GroupPlacement inSocket = placeOnFabric(s, { .tp = 4, .dp = 2 }, CommGroup::Tp);
    // dp fastest: TP groups {0,2,4,6} and {1,3,5,7} cross the socket link, both of them.
    Scenario spread = s;
    spread.parallel.placement.order = *parseRankOrder("dp-tp-cp-ep-pp");
    const GroupPlacement acrossSockets = placeOnFabric(spread, { .tp = 4, .dp = 2 }, CommGroup::Tp);
    EXPECT_GT(inSocket.rate.busBytesPerS, acrossSockets.rate.busBytesPerS);
    // Inside a socket the ring climbs each switch's uplink once per direction: 50 GB/s.
    EXPECT_DOUBLE_EQ(inSocket.rate.busBytesPerS, 50e9);
    // Across sockets both rings cross the 32 GB/s socket link each way: 16 GB/s each.
    EXPECT_DOUBLE_EQ(acrossSockets.rate.busBytesPerS, 16e9);
    EXPECT_NE(limitingLink(spread, acrossSockets).find("socket_link"), std::string::npos);
    EXPECT_EQ(acrossSockets.pricing->node.sharing, 2);
}

TEST(FabricPresets, SeedExampleTpPairsInsideASwitchVersusAcrossSwitches)
{
    // Seed 000's example: TP groups [0,1],[2,3] stay under their PCIe switch; [0,2],[1,3] both
    // climb through the CPU, sharing each switch's uplink.
    const Scenario together = pcieServer();
    Scenario apart = pcieServer();
    apart.parallel.placement.table = makeRankTable(seedSwap());
    const GroupPlacement a = placeOnFabric(together, { .tp = 2, .dp = 4 }, CommGroup::Tp);
    const GroupPlacement b = placeOnFabric(apart, { .tp = 2, .dp = 4 }, CommGroup::Tp);
    EXPECT_DOUBLE_EQ(a.rate.busBytesPerS, 50e9);
    EXPECT_DOUBLE_EQ(b.rate.busBytesPerS, 25e9);
    EXPECT_EQ(b.pricing->node.sharing, 2);
    EXPECT_DOUBLE_EQ(b.pricing->node.slowdown(), 2.0);
    EXPECT_NE(limitingLink(apart, b).find("cpu"), std::string::npos) << limitingLink(apart, b);
    // The group that meets the limit is named by its GPUs.
    EXPECT_EQ(b.pricing->node.members.size(), 2u);
}

TEST(FabricPresets, SeedExampleShowsInTheEvaluation)
{
    Scenario together = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "pcie-8x-h100", "nodes": 1 },
      "parallel": { "tp": 2, "recompute": "full" } })");
    Scenario apart = together;
    apart.parallel.placement.table = makeRankTable(seedSwap());
    const Result ra = evaluate(together), rb = evaluate(apart);
    ASSERT_TRUE(ra.valid && rb.valid);
    EXPECT_GT(rb.time.tpComm, 1.8 * ra.time.tpComm);
    EXPECT_GT(rb.time.step, ra.time.step);
    auto warned = [](const Result& r) {
        for (const Diagnostic& d : r.diagnostics)
            if (d.code == "slow_group_link" && d.path == "parallel.tp")
                return true;
        return false;
    };
    EXPECT_FALSE(warned(ra));
    EXPECT_TRUE(warned(rb));
}

TEST(FabricPresets, OneNicForManyGpusIsShared)
{
    // The workstation preset has one NIC: four DP groups (one per GPU) across nodes share it.
    const Scenario s = onCluster("workstation-4x-rtx4090", 2);
    const GroupPlacement g = placeOnFabric(s, { .tp = 4, .dp = 2 }, CommGroup::Tp);
    EXPECT_FALSE(g.crossesNodes());
    // One ring over all eight GPUs: a single channel, through the one NIC of each node; the GPUs'
    // own 12 GB/s host-staged links are slower still.
    const GroupPlacement all = placeOnFabric(s, { .tp = 1, .dp = 8 }, CommGroup::DataParallel);
    EXPECT_TRUE(all.crossesNodes());
    EXPECT_EQ(all.pricing->channels, 1);
    EXPECT_DOUBLE_EQ(all.rate.busBytesPerS, 12e9);
    // tp = 4 fills each node: four DP pairs, one per GPU, all through the same NIC.
    const GroupPlacement pairs = placeOnFabric(s, { .tp = 4, .dp = 2 }, CommGroup::DataParallel);
    EXPECT_EQ(pairs.pricing->network.sharing, 4); // four DP groups of two, one NIC per node
    EXPECT_DOUBLE_EQ(pairs.rate.busBytesPerS, 12.5e9 / 4);
    EXPECT_DOUBLE_EQ(pairs.pricing->network.slowdown(), 4.0);
}

TEST(FabricPresets, Gb200Nvl72KeepsSeventyTwoGpusOnNvLink)
{
    const Scenario s = onCluster("gb200-nvl72", 2);
    const GroupPlacement g = placeOnFabric(s, { .tp = 72, .dp = 2 }, CommGroup::Tp);
    EXPECT_FALSE(g.crossesNodes());
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 900e9);
}

TEST(FabricNetwork, OversubscribedSpineSlowsGroupsAcrossLeaves)
{
    Scenario s = onCluster("dgx-h100", 4);
    TopologySpec topology = *s.cluster.topology;
    topology.network = { NetworkKind::FatTree, 2, 4.0, 8, 1 }; // 2 nodes per leaf, 4:1 oversubscribed
    s.cluster.topology = std::make_shared<const TopologySpec>(topology);
    // DP over 4 nodes, one rank per node: the rings climb to the spine.
    const GroupPlacement g = placeOnFabric(s, { .tp = 8, .dp = 4 }, CommGroup::DataParallel);
    EXPECT_TRUE(g.pricing->network.found());
    EXPECT_EQ(fabricOf(s.cluster)->railOfLink(g.pricing->network.link.link), -1); // an uplink, not a NIC
    // Each leaf sends 8 rails x 50 GB/s through uplinks of 2 x 8 x 50 / 4 = 200 GB/s; 8 rings each
    // cross it twice (leaf to leaf and back round the ring): 200 / 8 = 25 GB/s.
    EXPECT_DOUBLE_EQ(g.rate.busBytesPerS, 25e9);
    EXPECT_DOUBLE_EQ(g.rate.latencyS, 9e-6); // one spine level: 8 + 1 us
    // Non-blocking, the same rings run at the NICs' rate.
    topology.network.oversubscription = 1;
    s.cluster.topology = std::make_shared<const TopologySpec>(topology);
    EXPECT_DOUBLE_EQ(placeOnFabric(s, { .tp = 8, .dp = 4 }, CommGroup::DataParallel).rate.busBytesPerS, 50e9);
}

TEST(FabricNetwork, ASummaryClusterBeyondOnePodGetsSpines)
{
    Scenario s = onCluster("dgx-h100", 64);
    s.cluster.topology = nullptr; // described by its summary alone
    EXPECT_EQ(summaryTopology(s.cluster).network.kind, NetworkKind::RailOptimized);
    s.cluster.nodes = 32;
    EXPECT_EQ(summaryTopology(s.cluster).network.kind, NetworkKind::SingleSwitch);
    s.cluster.nodes = 64;
    // DP over 64 nodes crosses from one 32-node pod to the other: one spine level more latency,
    // and the non-blocking spines keep the NICs' bandwidth.
    const GroupPlacement across = placeOnFabric(s, { .tp = 8, .dp = 64 }, CommGroup::DataParallel);
    const GroupPlacement within = placeOnFabric(s, { .tp = 8, .dp = 32, .pp = 2 }, CommGroup::DataParallel);
    EXPECT_DOUBLE_EQ(across.rate.latencyS - within.rate.latencyS, 1e-6);
    EXPECT_DOUBLE_EQ(across.rate.busBytesPerS, within.rate.busBytesPerS);
}

TEST(FabricSymmetry, OneNodeStandsForAllWhenNodesPlayTheSamePart)
{
    // The shortcut (price the groups touching node 0, count node 0's links) must agree with
    // pricing every group over every link, for every kind of group and a range of layouts.
    for (const char* preset : { "dgx-h100", "dgx-a100-80gb", "pcie-8x-h100", "workstation-4x-rtx4090" }) {
        const Scenario s = onCluster(preset, 8);
        const auto fabric = fabricOf(s.cluster);
        const int64_t gpus = fabric->gpuCount();
        for (int64_t tp : { 1, 2, 4, 8 })
            for (int64_t pp : { 1, 2, 4 })
                for (int64_t ep : { 1, 2 }) {
                    if (gpus % (tp * pp) != 0 || (gpus / (tp * pp)) % ep != 0)
                        continue;
                    const ParallelDegrees d{ .tp = tp, .cp = 1, .ep = ep, .dp = gpus / (tp * pp), .pp = pp };
                    for (CommGroup group : kCommGroups) {
                        const GroupShape shape = groupShape(group, d, kMegatronOrder);
                        const GroupSetPricing fast = *fabric->priceGroups(shape, {});
                        const GroupSetPricing full = fabric->price(fabric->gpuGroups(shape, {}), shape.pattern);
                        SCOPED_TRACE(std::string(preset) + " " + toString(group) + " tp " + std::to_string(tp) + " pp "
                                     + std::to_string(pp) + " ep " + std::to_string(ep));
                        EXPECT_DOUBLE_EQ(fast.node.GBps, full.node.GBps);
                        EXPECT_DOUBLE_EQ(fast.network.GBps, full.network.GBps);
                        EXPECT_DOUBLE_EQ(fast.latencyUs, full.latencyUs);
                        EXPECT_EQ(fast.crossesNodes, full.crossesNodes);
                        EXPECT_EQ(fast.groupCount, full.groupCount);
                    }
                }
    }
}

TEST(FabricImport, ImportedDgxH100PricesLikeThePreset)
{
    const NodeSpec node = io::importNvidiaSmiTopology(readText(PARAPLAN_TEST_DATA_DIR "/topo/dgx_h100.txt"),
                                                      { .nvlinkGBpsPerLink = 25, .pcieGBps = 64, .nicGBps = 50 });
    Scenario s = onCluster("dgx-h100", 2);
    TopologySpec topology;
    topology.nodes = { node };
    topology.network.latencyUs = 8;
    s.cluster.topology = std::make_shared<const TopologySpec>(topology);
    EXPECT_DOUBLE_EQ(placeOnFabric(s, { .tp = 8, .dp = 2 }, CommGroup::Tp).rate.busBytesPerS, 450e9);
    // Each GPU has a NIC of its own beside it: DP across the two nodes runs on eight separate rails.
    const GroupPlacement dp = placeOnFabric(s, { .tp = 8, .dp = 2 }, CommGroup::DataParallel);
    EXPECT_DOUBLE_EQ(dp.rate.busBytesPerS, 50e9);
    EXPECT_EQ(dp.pricing->network.sharing, 1);
}

TEST(FabricLoads, LinkLoadsOfOneGroupNameItsSharedLinks)
{
    Scenario s = pcieServer();
    s.parallel.placement.table = makeRankTable(seedSwap());
    const auto fabric = fabricOf(s.cluster);
    const GroupShape shape = groupShape(CommGroup::Tp, { .tp = 2, .dp = 4 }, kMegatronOrder);
    const auto groups = fabric->gpuGroups(shape, s.parallel.placement);
    ASSERT_EQ(groups.front(), (std::vector<int64_t>{ 0, 2 }));
    const std::vector<LinkLoad> loads = fabric->linkLoads(groups, shape.pattern, 0);
    bool uplinkShared = false;
    for (const LinkLoad& l : loads) {
        EXPECT_GT(l.ownLoad, 0);
        EXPECT_GE(l.load, l.ownLoad);
        if (fabric->describe(l.use.link).find("pcie0 – cpu0") != std::string::npos && l.load == 2 && l.sharing == 2)
            uplinkShared = true;
    }
    EXPECT_TRUE(uplinkShared);
}
