// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// Collectives priced on real node topologies (the catalog's presets and imported nvidia-smi
// matrices): which links each group crosses, which one binds, and how many groups share it; the
// tiers above the leaves and ECMP's collisions on their uplinks.
#include "core/io/catalog_reader.h"
#include "core/io/topo_import.h"
#include "core/network/cluster_topology.h"
#include "core/network/placement.h"
#include "core/network/placement_warnings.h"
#include "core/rules/validation.h"
#include "core/step/evaluator.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
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

// Multi-tier fat trees and ECMP (docs/cost-model.md, "Placement on the topology"): nodes of one
// GPU and one 50 GB/s NIC, so that every figure below is a hand count of flows.
TopologySpec oneGpuNodes(NetworkSpec network)
{
    NodeSpec node;
    node.name = "one GPU";
    node.devices = { { "gpu0", DeviceKind::Gpu, 0, std::nullopt }, { "nic0", DeviceKind::Nic, 50, std::nullopt } };
    node.links = { { "gpu0", "nic0", NodeLinkKind::Pcie, 64, 1 } };
    TopologySpec topology;
    topology.nodes = { node };
    topology.network = network;
    return topology;
}

NetworkSpec fatTree(int64_t nodesPerLeaf, UplinkBalancing balancing)
{
    NetworkSpec network;
    network.kind = NetworkKind::FatTree;
    network.nodesPerLeaf = nodesPerLeaf;
    network.uplinkBalancing = balancing;
    return network;
}

std::vector<int64_t> gpus(int64_t count)
{
    std::vector<int64_t> all(size_t(count), 0);
    for (int64_t i = 0; i < count; ++i)
        all[size_t(i)] = i;
    return all;
}

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


TEST(EcmpCollisions, BusiestUplinkByHand)
{
    EXPECT_DOUBLE_EQ(expectedBusiestUplink(1, 32, 1), 1.0);  // one flow takes one uplink
    EXPECT_DOUBLE_EQ(expectedBusiestUplink(5, 1, 1), 5.0);   // one uplink takes them all
    EXPECT_NEAR(expectedBusiestUplink(2, 32, 1), 1 + 1.0 / 32, 1e-12); // they meet with chance 1/32
    EXPECT_NEAR(expectedBusiestUplink(2, 2, 1), 1.5, 1e-12);
    // Three flows on three uplinks: all apart 6/27, all on one 3/27, else a pair: 51/27.
    EXPECT_NEAR(expectedBusiestUplink(3, 3, 1), 51.0 / 27, 1e-12);
    // Over 128 switches alike a pair meets somewhere almost surely: 1 + (1 − (31/32)^128).
    EXPECT_NEAR(expectedBusiestUplink(2, 32, 128), 2 - std::pow(31.0 / 32, 128), 1e-9);
}

TEST(EcmpCollisions, ManyFlowsGrowLikeTheMeanPlusItsSpread)
{
    // 1,000 flows on 32 uplinks: a mean of 31.25 and a spread of about 5.6; the busiest of 32
    // sits about two spreads above the mean (the expected maximum of 32 normals is 2.07).
    const double busiest = expectedBusiestUplink(1000, 32, 1);
    EXPECT_GT(busiest, 31.25 + 1.8 * 5.5);
    EXPECT_LT(busiest, 31.25 + 2.4 * 5.6);
    // The exact sum and the Poisson approximation meet where one hands over to the other.
    EXPECT_NEAR(expectedBusiestUplink(256, 32, 1), expectedBusiestUplink(257, 32, 1), 0.1);
    // More switches alike, a busier worst one; more flows, a more even spread.
    EXPECT_GT(expectedBusiestUplink(64, 32, 16), expectedBusiestUplink(64, 32, 1));
    EXPECT_LT(expectedBusiestUplink(4096, 32, 1) / (4096.0 / 32), expectedBusiestUplink(64, 32, 1) / 2.0);
}

TEST(FabricTiers, ADefaultCoreJoinsZonesOfTwoThousandNics)
{
    // DGX H100 summary: 8 NICs a node, pods of 32 nodes: 2,048 NICs are 8 pods, 256 nodes (the
    // SuperPOD's largest leaf-spine fabric); beyond, zones of 256 nodes under a core level.
    Scenario s = onCluster("dgx-h100", 256);
    s.cluster.topology = nullptr;
    EXPECT_EQ(fabricOf(s.cluster)->zoneNodes(), 0);
    s.cluster.nodes = 512;
    EXPECT_EQ(fabricOf(s.cluster)->zoneNodes(), 256);
    // DP over all 512 nodes climbs to the core: the core level's latency more than DP inside a
    // zone, and the same bandwidth (non-blocking, adaptive routing on InfiniBand).
    const EfficiencyParams unit = test::unitEfficiency();
    const GroupPlacement across = placeGroup(s, { .tp = 8, .dp = 512 }, CommGroup::DataParallel, unit);
    const GroupPlacement within = placeGroup(s, { .tp = 8, .dp = 256, .pp = 2 }, CommGroup::DataParallel, unit);
    EXPECT_NEAR(across.rate.latencyS - within.rate.latencyS, 1e-6, 1e-12);
    EXPECT_DOUBLE_EQ(across.rate.busBytesPerS, within.rate.busBytesPerS);
    // The catalog's DGX H100 (pods of 32, 8 rails) gets the same zones.
    EXPECT_EQ(fabricOf(onCluster("dgx-h100", 512).cluster)->zoneNodes(), 256);
}

TEST(FabricTiers, StatedTiersOverrideTheDefault)
{
    NetworkSpec network = fatTree(2, UplinkBalancing::Adaptive);
    network.tiers = 2;
    EXPECT_EQ(Fabric(oneGpuNodes(network), 4096).zoneNodes(), 0); // never a core
    network.tiers = 3;
    network.podsPerZone = 2;
    const Fabric fabric(oneGpuNodes(network), 16);
    EXPECT_EQ(fabric.zoneNodes(), 4);
    // One GPU nodes, 2 per leaf: the default zone would be 1,024 leaves.
    network.tiers = 0;
    network.podsPerZone = 0;
    EXPECT_EQ(Fabric(oneGpuNodes(network), 4096).zoneNodes(), 2048);
}

TEST(FabricTiers, AnOversubscribedCoreSlowsAllToAllAcrossZones)
{
    // Four one-GPU nodes, two per leaf, each leaf its own zone; the core 2:1 oversubscribed.
    NetworkSpec network = fatTree(2, UplinkBalancing::Adaptive);
    network.tiers = 3;
    network.podsPerZone = 1;
    network.coreOversubscription = 2;
    network.coreLatencyUs = 3;
    const Fabric fabric(oneGpuNodes(network), 4);
    const GroupSetPricing all = fabric.price({ gpus(4) }, TrafficPattern::AllToAll);
    // Each GPU sends 1/3 to each other: zone 0 sends 4 × 1/3 up a core link of 2 × 50 / 2 = 50
    // GB/s: 37.5 GB/s, below the NICs' 50 / (3 × 1/3) and the leaves' 100 / (4/3) = 75.
    EXPECT_DOUBLE_EQ(all.network.GBps, 37.5);
    EXPECT_EQ(fabric.zoneOfLink(all.network.link.link), all.network.link.reverse ? 1 : 0);
    EXPECT_EQ(fabric.describe(all.network.link.link).find("the core uplinks of zone"), 0u);
    EXPECT_DOUBLE_EQ(all.latencyUs, 8 + 1 + 3); // one switch, a spine level, the core level
    // A ring crosses the core once each way: 1 unit on 50 GB/s, no slower than its NICs.
    EXPECT_DOUBLE_EQ(fabric.price({ gpus(4) }, TrafficPattern::Ring).network.GBps, 50);
}

TEST(FabricTiers, EcmpCollisionsSlowManyFlowsThatClimb)
{
    // Eight one-GPU nodes, four per non-blocking leaf: four 50 GB/s uplinks per leaf.
    const Fabric adaptive(oneGpuNodes(fatTree(4, UplinkBalancing::Adaptive)), 8);
    const Fabric ecmp(oneGpuNodes(fatTree(4, UplinkBalancing::Ecmp)), 8);
    // All-to-all over eight: each leaf sends 16 flows of 1/7 up, 200 / (16/7) = 87.5 GB/s as one
    // pipe, so the NICs (50 / 1) bind under adaptive routing.
    const GroupSetPricing even = adaptive.price({ gpus(8) }, TrafficPattern::AllToAll);
    EXPECT_DOUBLE_EQ(even.network.GBps, 50);
    EXPECT_DOUBLE_EQ(even.network.collisions, 1);
    // Hashed, the busiest of the four uplinks of the four bundles alike (two leaves, up and down)
    // carries expectedBusiestUplink(16, 4, 4) flows where an even spread puts 4.
    const double busiest = expectedBusiestUplink(16, 4, 4);
    EXPECT_GT(busiest, 6.0);
    const GroupSetPricing hashed = ecmp.price({ gpus(8) }, TrafficPattern::AllToAll);
    EXPECT_NEAR(hashed.network.GBps, 87.5 / (busiest / 4), 1e-9);
    EXPECT_LT(hashed.network.GBps, 50);
    EXPECT_NEAR(hashed.network.collisions, busiest / 4, 1e-9);
    EXPECT_EQ(ecmp.railOfLink(hashed.network.link.link), -1); // an uplink, not a NIC
}

TEST(FabricTiers, ARingLeavingAPodOnceEachWayHasNothingToCollideWith)
{
    // The ring over eight nodes leaves each leaf once and enters it once: one flow per bundle.
    const Fabric ecmp(oneGpuNodes(fatTree(4, UplinkBalancing::Ecmp)), 8);
    const GroupSetPricing ring = ecmp.price({ gpus(8) }, TrafficPattern::Ring);
    EXPECT_DOUBLE_EQ(ring.network.GBps, 50);
    EXPECT_EQ(ecmp.railOfLink(ring.network.link.link), 0); // still the NIC's pace
    EXPECT_DOUBLE_EQ(ring.network.collisions, 1);
}

TEST(FabricTiers, MoreFlowsPerConnectionSpreadTheLoad)
{
    // Llama 3's collective library opens 16 flows between two GPUs (arXiv:2407.21783, §3.3.1).
    NetworkSpec network = fatTree(4, UplinkBalancing::Ecmp);
    const double one = Fabric(oneGpuNodes(network), 8).price({ gpus(8) }, TrafficPattern::AllToAll).network.GBps;
    network.flowsPerConnection = 16;
    const GroupSetPricing sixteen = Fabric(oneGpuNodes(network), 8).price({ gpus(8) }, TrafficPattern::AllToAll);
    EXPECT_LT(one, 50);
    // 256 flows on 4 uplinks spread within a fifth of even (87.5 GB/s as one pipe), so the NICs'
    // 50 GB/s bind again.
    EXPECT_DOUBLE_EQ(sixteen.network.GBps, 50);
    EXPECT_EQ(Fabric(oneGpuNodes(network), 8).railOfLink(sixteen.network.link.link), 0);
}

TEST(FabricTiers, EthernetHashesAndInfiniBandRoutesAdaptively)
{
    Scenario s = onCluster("dgx-h100", 64);
    EXPECT_EQ(pricedTopologyOf(s.cluster).network.uplinkBalancing, UplinkBalancing::Adaptive);
    EXPECT_EQ(topologyOf(s.cluster).network.uplinkBalancing, UplinkBalancing::Auto); // what the user wrote
    s.cluster.interNode.kind = LinkKind::RoCE;
    EXPECT_EQ(pricedTopologyOf(s.cluster).network.uplinkBalancing, UplinkBalancing::Ecmp);
    TopologySpec stated = *s.cluster.topology;
    stated.network.uplinkBalancing = UplinkBalancing::Adaptive;
    s.cluster.topology = std::make_shared<const TopologySpec>(stated);
    EXPECT_EQ(pricedTopologyOf(s.cluster).network.uplinkBalancing, UplinkBalancing::Adaptive);
}

TEST(FabricTiers, WhereUplinksCanBindTheyArePricedOverEveryGroup)
{
    // Under ECMP or an oversubscribed tier the uplinks can bind, so node 0 no longer stands for
    // all: the memoised price takes node 0's links and NICs and every group's traffic between nodes
    // on the uplinks, and must be the full pricing's.
    Scenario s = onCluster("dgx-h100", 64);
    s.cluster.topology = nullptr;
    s.cluster.interNode.kind = LinkKind::RoCE;
    Scenario oversubscribed = onCluster("dgx-h100", 64);
    TopologySpec thin = pricedTopologyOf(oversubscribed.cluster);
    thin.network.oversubscription = 4;
    oversubscribed.cluster.topology = std::make_shared<const TopologySpec>(thin);
    const ParallelDegrees wideEp{ .tp = 1, .ep = 64, .dp = 512 }, dpAcrossPods{ .tp = 8, .dp = 64 },
        ppAcross{ .tp = 4, .dp = 16, .pp = 8 };
    int uplinksBind = 0, nicsBind = 0; // both cases are met
    for (const Scenario& cluster : { s, oversubscribed }) {
        const auto fabric = fabricOf(cluster.cluster);
        for (const ParallelDegrees& d : { wideEp, dpAcrossPods, ppAcross })
            for (CommGroup group : { CommGroup::Tp, CommGroup::Ep, CommGroup::DataParallel, CommGroup::PipelineHop }) {
                const GroupShape shape = groupShape(group, d, kMegatronOrder);
                const GroupSetPricing memo = *fabric->priceGroups(shape, {});
                const GroupSetPricing full = fabric->price(fabric->gpuGroups(shape, {}), shape.pattern);
                const std::string what = std::string(toString(group)) + " over " + std::to_string(d.ranks());
                EXPECT_DOUBLE_EQ(memo.network.GBps, full.network.GBps) << what;
                EXPECT_DOUBLE_EQ(memo.network.collisions, full.network.collisions) << what;
                EXPECT_DOUBLE_EQ(memo.network.ownGBps, full.network.ownGBps) << what;
                ASSERT_EQ(memo.network.found(), full.network.found()) << what;
                if (full.network.found()) {
                    EXPECT_EQ(fabric->railOfLink(memo.network.link.link), fabric->railOfLink(full.network.link.link))
                        << what;
                }
                EXPECT_DOUBLE_EQ(memo.node.GBps, full.node.GBps) << what;
                EXPECT_DOUBLE_EQ(memo.latencyUs, full.latencyUs) << what;
                EXPECT_EQ(memo.channels, full.channels) << what;
                EXPECT_EQ(memo.nodesSpanned, full.nodesSpanned) << what;
                if (full.network.found())
                    ++(fabric->railOfLink(full.network.link.link) < 0 ? uplinksBind : nicsBind);
            }
    }
    EXPECT_GT(uplinksBind, 0);
    EXPECT_GT(nicsBind, 0);
}

TEST(FabricTiers, CollidingGroupsAreNamedInAWarning)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 256 },
      "cluster": { "preset": "dgx-h100", "nodes": 4,
                   "topology": { "preset": "dgx-h100",
                                 "network": { "kind": "fat_tree", "nodes_per_leaf": 1, "load_balancing": "ecmp" } } },
      "parallel": { "tp": 1 } })");
    const GroupPlacements groups = placeGroups(s, { .tp = 1, .dp = 32 }, test::unitEfficiency(), nullptr);
    Diagnostics diagnostics;
    addPlacementWarnings(diagnostics, groups, test::unitEfficiency());
    const FabricLimit& limit = groups[CommGroup::DataParallel].limit(test::unitEfficiency());
    // Eight rings, one per rail, each leaving its node's leaf once a direction: 8 flows on 8
    // uplinks per leaf, where they collide.
    EXPECT_GT(limit.collisions, 1.25);
    bool warned = false;
    for (const Diagnostic& d : diagnostics)
        warned = warned || (d.code == "ecmp_collisions" && d.path == "cluster.topology.network.load_balancing");
    EXPECT_TRUE(warned);
}

TEST(FabricTiers, BadTierFieldsNameTheirPath)
{
    Scenario s = onCluster("dgx-h100", 4);
    auto errorPath = [&](const std::function<void(NetworkSpec&)>& change) {
        TopologySpec topology = *s.cluster.topology;
        change(topology.network);
        Scenario bad = s;
        bad.cluster.topology = std::make_shared<const TopologySpec>(topology);
        for (const Diagnostic& d : validateScenario(bad))
            if (d.code == "topology_invalid_network")
                return d.path;
        return std::string();
    };
    EXPECT_EQ(errorPath([](NetworkSpec& n) { n.tiers = 4; }), "cluster.topology.network.tiers");
    EXPECT_EQ(errorPath([](NetworkSpec& n) { n.podsPerZone = -1; }), "cluster.topology.network.pods_per_zone");
    EXPECT_EQ(errorPath([](NetworkSpec& n) { n.coreOversubscription = 0.5; }),
              "cluster.topology.network.core_oversubscription");
    EXPECT_EQ(errorPath([](NetworkSpec& n) { n.coreLatencyUs = -1; }), "cluster.topology.network.core_latency_us");
    EXPECT_EQ(errorPath([](NetworkSpec& n) { n.flowsPerConnection = 0; }),
              "cluster.topology.network.flows_per_connection");
    EXPECT_EQ(errorPath([](NetworkSpec&) {}), "");
}

TEST(FabricTiers, AnOversubscribedCoreIsNamedInAWarning)
{
    // Four one-GPU nodes, each leaf of two its own zone, the core 4:1: the two pipeline hops
    // (node 0 to 2, 1 to 3) share zone 0's core uplinks of 2 × 50 / 4 = 25 GB/s, 12.5 each
    // where either alone would get 25.
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 4, "topology": {
        "nodes": [ { "name": "one GPU",
                     "devices": [ { "id": "gpu0", "kind": "gpu" }, { "id": "nic0", "kind": "nic", "GBps": 50 } ],
                     "links": [ { "from": "gpu0", "to": "nic0", "kind": "pcie", "GBps": 64 } ] } ],
        "network": { "kind": "fat_tree", "nodes_per_leaf": 2, "tiers": 3, "pods_per_zone": 1,
                     "core_oversubscription": 4 } } },
      "parallel": { "tp": 1, "pp": 2 } })");
    const ParallelDegrees degrees{ .tp = 1, .dp = 2, .pp = 2 };
    const GroupPlacements groups = placeGroups(s, degrees, test::unitEfficiency(), nullptr);
    const FabricLimit& limit = groups[CommGroup::PipelineHop].limit(test::unitEfficiency());
    EXPECT_DOUBLE_EQ(limit.GBps, 12.5);
    EXPECT_DOUBLE_EQ(limit.slowdown(), 2.0);
    EXPECT_EQ(groups.fabric->zoneOfLink(limit.link.link), limit.link.reverse ? 1 : 0);
    Diagnostics diagnostics;
    addPlacementWarnings(diagnostics, groups, test::unitEfficiency());
    bool warned = false;
    for (const Diagnostic& d : diagnostics)
        warned = warned
            || (d.code == "oversubscribed_core" && d.path == "cluster.topology.network.core_oversubscription");
    EXPECT_TRUE(warned);
}
