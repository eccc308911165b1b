// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The rules for cluster.topology and parallel.placement: each broken one is an error naming the
// field and what to change, and a topology that breaks none evaluates.
#include "core/io/catalog_reader.h"
#include "core/rules/validation.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <functional>

using namespace paraplan;

namespace {

// Llama 3.1 8B on two DGX H100 with the preset's topology: clean.
Scenario cleanTopologyBaseline()
{
    Scenario s;
    s.model = io::builtinCatalog().findModel("llama3.1-8b")->spec;
    s.training.seqLen = 4096;
    s.training.globalBatch = 64;
    s.cluster = io::builtinCatalog().findCluster("dgx-h100")->spec;
    s.cluster.nodes = 2;
    s.parallel.degrees.tp = 4;
    s.parallel.degrees.pp = 2;
    return s;
}

// The baseline with its node kind changed by `change`.
Scenario withNode(const std::function<void(NodeSpec&)>& change)
{
    Scenario s = cleanTopologyBaseline();
    TopologySpec topology = *s.cluster.topology;
    change(topology.nodes.front());
    s.cluster.topology = std::make_shared<const TopologySpec>(topology);
    return s;
}

Scenario withTopology(const std::function<void(TopologySpec&)>& change)
{
    Scenario s = cleanTopologyBaseline();
    TopologySpec topology = *s.cluster.topology;
    change(topology);
    s.cluster.topology = std::make_shared<const TopologySpec>(topology);
    return s;
}

// The one error of the scenario; fails unless it has exactly that code at that path.
Diagnostic onlyError(const Scenario& s, const std::string& code, const std::string& path)
{
    std::vector<Diagnostic> errors;
    for (const Diagnostic& d : validateScenario(s))
        if (d.severity == Severity::Error)
            errors.push_back(d);
    std::string all;
    for (const Diagnostic& d : errors)
        all += d.code + " at " + d.path + ": " + d.message + "\n";
    EXPECT_EQ(errors.size(), 1u) << all;
    if (errors.empty())
        return {};
    EXPECT_EQ(errors.front().code, code) << all;
    EXPECT_EQ(errors.front().path, path) << all;
    return errors.front();
}

} // namespace

TEST(TopologyValidation, PresetTopologiesAreClean)
{
    for (const ClusterPreset& preset : io::builtinCatalog().clusters) {
        Scenario s = cleanTopologyBaseline();
        s.cluster = preset.spec;
        s.cluster.nodes = 2;
        s.parallel.degrees.tp = 1;
        s.parallel.degrees.pp = 1;
        s.training.globalBatch = 2 * preset.spec.gpusPerNode;
        for (const Diagnostic& d : validateScenario(s))
            EXPECT_NE(d.severity, Severity::Error) << preset.spec.preset << ": " << d.message;
    }
}

TEST(TopologyValidation, LinkToAMissingDevice)
{
    const Diagnostic d = onlyError(withNode([](NodeSpec& n) { n.links[3].to = "gpu9"; }), "topology_unknown_device",
                                   "cluster.topology.nodes[0].links[3].to");
    EXPECT_NE(d.message.find("gpu9"), std::string::npos);
}

TEST(TopologyValidation, DuplicateDeviceIds)
{
    onlyError(withNode([](NodeSpec& n) { n.devices[2].id = n.devices[1].id; }), "topology_duplicate_device",
              "cluster.topology.nodes[0].devices[2].id");
}

TEST(TopologyValidation, LinkBandwidthMustBePositive)
{
    onlyError(withNode([](NodeSpec& n) { n.links[0].GBps = 0; }), "topology_invalid_link",
              "cluster.topology.nodes[0].links[0].GBps");
    onlyError(withNode([](NodeSpec& n) { n.links[0].latencyUs = -1; }), "topology_invalid_link",
              "cluster.topology.nodes[0].links[0].latency_us");
}

TEST(TopologyValidation, SelfLink)
{
    onlyError(withNode([](NodeSpec& n) { n.links[0].to = n.links[0].from; }), "topology_self_link",
              "cluster.topology.nodes[0].links[0]");
}

TEST(TopologyValidation, GpuCountMustMatchGpusPerNode)
{
    const Diagnostic d = onlyError(withNode([](NodeSpec& n) {
                                       n.devices.push_back({ "gpu8", DeviceKind::Gpu, 0, std::nullopt });
                                       n.links.push_back({ "gpu8", "nvswitch", NodeLinkKind::NvLink, 450, 1.5 });
                                   }),
                                   "topology_gpu_count", "cluster.topology.nodes[0].devices");
    EXPECT_NE(d.message.find("9 GPUs"), std::string::npos) << d.message;
}

TEST(TopologyValidation, GpusThatCannotReachEachOther)
{
    // Cut gpu3 from the NVSwitch: its only way left leads through its PCIe switch and the CPU.
    Scenario s = withNode([](NodeSpec& n) {
        std::erase_if(n.links, [](const NodeLinkSpec& l) { return l.from == "gpu3" && l.to == "nvswitch"; });
    });
    for (const Diagnostic& d : validateScenario(s))
        EXPECT_NE(d.severity, Severity::Error) << d.message; // still connected, over PCIe
    // Cut it from PCIe as well: nothing joins it to the others.
    s = withNode([](NodeSpec& n) {
        std::erase_if(n.links, [](const NodeLinkSpec& l) { return l.from == "gpu3"; });
    });
    const Diagnostic d = onlyError(s, "topology_disconnected", "cluster.topology.nodes[0].links");
    EXPECT_NE(d.message.find("gpu3"), std::string::npos) << d.message;
}

TEST(TopologyValidation, MultiNodeClusterNeedsNics)
{
    Scenario s = withNode([](NodeSpec& n) {
        std::erase_if(n.links, [](const NodeLinkSpec& l) { return l.from.starts_with("nic") || l.to.starts_with("nic"); });
        std::erase_if(n.devices, [](const DeviceSpec& d) { return d.kind == DeviceKind::Nic; });
    });
    onlyError(s, "topology_no_nic", "cluster.topology.nodes[0].devices");
    s.cluster.nodes = 1;
    s.parallel.degrees.pp = 1;
    s.parallel.degrees.tp = 8;
    for (const Diagnostic& d : validateScenario(s))
        EXPECT_NE(d.severity, Severity::Error) << d.message; // one node needs no network
}

TEST(TopologyValidation, EveryGpuMustReachANic)
{
    // gpu5's PCIe switch loses its NIC and its way to the CPU: it can still hand data over NVLink
    // to a GPU beside a NIC (PXN), so the node stays usable...
    Scenario s = withNode([](NodeSpec& n) {
        std::erase_if(n.links, [](const NodeLinkSpec& l) { return l.from == "pcie5" || l.from == "nic5"; });
    });
    for (const Diagnostic& d : validateScenario(s))
        EXPECT_NE(d.severity, Severity::Error) << d.message;
}

TEST(TopologyValidation, NodeKindCountsMustAddUpToNodes)
{
    Scenario s = withTopology([](TopologySpec& t) {
        t.nodes.push_back(t.nodes.front());
        t.nodes[0].count = 1;
        t.nodes[1].count = 2;
    });
    onlyError(s, "topology_node_count", "cluster.nodes");
    s.cluster.nodes = 3;
    s.training.globalBatch = 96;
    for (const Diagnostic& d : validateScenario(s))
        EXPECT_NE(d.severity, Severity::Error) << d.message;
}

TEST(TopologyValidation, NetworkValues)
{
    onlyError(withTopology([](TopologySpec& t) { t.network.oversubscription = 0.5; }), "topology_invalid_network",
              "cluster.topology.network.oversubscription");
    onlyError(withTopology([](TopologySpec& t) { t.network.nodesPerLeaf = 0; }), "topology_invalid_network",
              "cluster.topology.network.nodes_per_leaf");
}

TEST(PlacementValidation, TableMustBeAPermutationOfTheGpus)
{
    Scenario s = cleanTopologyBaseline();
    s.parallel.placement.table = makeRankTable({ 0, 1, 2 });
    onlyError(s, "placement_table_size", "parallel.placement.rank_to_gpu");
    std::vector<int64_t> table(16);
    for (int64_t i = 0; i < 16; ++i)
        table[size_t(i)] = i;
    table[5] = 16;
    s.parallel.placement.table = makeRankTable(table);
    onlyError(s, "placement_unknown_gpu", "parallel.placement.rank_to_gpu[5]");
    table[5] = 4;
    s.parallel.placement.table = makeRankTable(table);
    const Diagnostic d = onlyError(s, "placement_shared_gpu", "parallel.placement.rank_to_gpu[5]");
    EXPECT_NE(d.message.find("Ranks 4 and 5"), std::string::npos) << d.message;
    table[5] = 5;
    std::swap(table[1], table[9]);
    s.parallel.placement.table = makeRankTable(table);
    const Result r = evaluate(s);
    EXPECT_TRUE(r.valid);
}
