// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// cluster.topology and parallel.placement in scenario files: presets, described nodes, the
// summary taking over, round trips, and errors that name the JSON path.
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace paraplan;
using nlohmann::json;

namespace {

Scenario readDocument(const json& document)
{
    return io::readScenario(document, io::builtinCatalog());
}

json topologyBase()
{
    return json::parse(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 }
    })");
}

// A two-GPU node: both GPUs and a NIC under one PCIe switch.
json smallNode()
{
    return json::parse(R"({
      "name": "two-gpu box",
      "devices": [ { "id": "gpu0", "kind": "gpu" }, { "id": "gpu1", "kind": "gpu" },
                   { "id": "sw", "kind": "pcie_switch" }, { "id": "nic0", "kind": "nic", "GBps": 25 } ],
      "links": [ { "from": "gpu0", "to": "sw", "kind": "pcie", "GBps": 32 },
                 { "from": "gpu1", "to": "sw", "kind": "pcie", "GBps": 32, "latency_us": 2 },
                 { "from": "nic0", "to": "sw", "kind": "pcie", "GBps": 32 } ]
    })");
}

std::string readErrorPath(const json& document)
{
    try {
        (void)readDocument(document);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "(no error)";
}

} // namespace

TEST(TopologyCatalog, EveryClusterPresetHasATopologyWithItsGpuCount)
{
    const Catalog& catalog = io::builtinCatalog();
    EXPECT_GE(catalog.topologies.size(), 6u);
    for (const ClusterPreset& cluster : catalog.clusters) {
        ASSERT_TRUE(cluster.spec.topology) << cluster.spec.preset;
        EXPECT_EQ(cluster.spec.topology->nodes.front().gpuCount(), cluster.spec.gpusPerNode) << cluster.spec.preset;
        EXPECT_FALSE(cluster.spec.topology->preset.empty());
    }
    for (const TopologyPreset& t : catalog.topologies)
        EXPECT_FALSE(t.source.empty()) << t.spec->preset;
}

TEST(TopologyCatalog, ThePcieServerHasTwoSwitchesPerSocketAndNoNvLink)
{
    const NodeSpec& node = io::builtinCatalog().findTopology("pcie-8x-h100")->spec->nodes.front();
    int switches = 0, cpus = 0, nvlinks = 0;
    for (const DeviceSpec& d : node.devices) {
        switches += d.kind == DeviceKind::PcieSwitch;
        cpus += d.kind == DeviceKind::Cpu;
    }
    for (const NodeLinkSpec& l : node.links)
        nvlinks += l.kind == NodeLinkKind::NvLink;
    EXPECT_EQ(switches, 4);
    EXPECT_EQ(cpus, 2);
    EXPECT_EQ(nvlinks, 0);
}

TEST(TopologyReader, PresetClusterBringsItsTopology)
{
    const Scenario s = readDocument(topologyBase());
    ASSERT_TRUE(s.cluster.topology);
    EXPECT_EQ(s.cluster.topology->preset, "dgx-h100");
    EXPECT_EQ(s.cluster.topology->network.kind, NetworkKind::RailOptimized);
}

TEST(TopologyReader, SummaryBesideThePresetTakesOver)
{
    json doc = topologyBase();
    doc["cluster"]["intra_node"] = { { "kind", "nvswitch" }, { "GBps_per_gpu", 300 }, { "latency_us", 3 } };
    EXPECT_FALSE(readDocument(doc).cluster.topology);
}

TEST(TopologyReader, ATopologyPresetByName)
{
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "preset", "dgx-a100" } };
    const Scenario s = readDocument(doc);
    EXPECT_EQ(s.cluster.topology->preset, "dgx-a100");
    doc["cluster"]["topology"] = { { "preset", "dgx-a1000" } };
    EXPECT_EQ(readErrorPath(doc), "cluster.topology.preset");
}

TEST(TopologyReader, NetworkOverridesFieldByField)
{
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "network", { { "oversubscription", 2 } } } };
    const Scenario s = readDocument(doc);
    EXPECT_EQ(s.cluster.topology->network.oversubscription, 2);
    EXPECT_EQ(s.cluster.topology->network.kind, NetworkKind::RailOptimized); // kept from the preset
    EXPECT_EQ(s.cluster.topology->nodes.front().gpuCount(), 8);
    EXPECT_TRUE(s.cluster.topology->preset.empty()); // edited: no longer the preset
}

TEST(TopologyReader, DescribedNodeSetsGpusPerNode)
{
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "nodes", json::array({ smallNode() }) } };
    const Scenario s = readDocument(doc);
    EXPECT_EQ(s.cluster.gpusPerNode, 2);
    const NodeSpec& node = s.cluster.topology->nodes.front();
    EXPECT_EQ(node.name, "two-gpu box");
    EXPECT_EQ(node.links[0].latencyUs, 1.0); // PCIe default
    EXPECT_EQ(node.links[1].latencyUs, 2.0);
    EXPECT_EQ(node.devices[3].nicGBps, 25);
}

TEST(TopologyReader, SeveralNodeKindsCountTheNodes)
{
    json doc = topologyBase();
    doc["cluster"].erase("nodes");
    json a = smallNode(), b = smallNode();
    a["count"] = 3;
    b["count"] = 2;
    doc["cluster"]["topology"] = { { "nodes", json::array({ a, b }) } };
    EXPECT_EQ(readDocument(doc).cluster.nodes, 5);
}

TEST(TopologyReader, ErrorsNameThePath)
{
    auto withNode = [](const std::function<void(json&)>& change) {
        json doc = topologyBase(), node = smallNode();
        change(node);
        doc["cluster"]["topology"] = { { "nodes", json::array({ node }) } };
        return doc;
    };
    EXPECT_EQ(readErrorPath(withNode([](json& n) { n["devices"][1]["kind"] = "tpu"; })),
              "cluster.topology.nodes[0].devices[1].kind");
    EXPECT_EQ(readErrorPath(withNode([](json& n) { n["devices"][3].erase("GBps"); })),
              "cluster.topology.nodes[0].devices[3].GBps");
    EXPECT_EQ(readErrorPath(withNode([](json& n) { n["links"][2]["GBPS"] = 3; })), "cluster.topology.nodes[0].links[2].GBPS");
    EXPECT_EQ(readErrorPath(withNode([](json& n) { n["links"][0].erase("GBps"); })),
              "cluster.topology.nodes[0].links[0].GBps");
    EXPECT_EQ(readErrorPath(withNode([](json& n) { n["devices"] = "gpu0"; })), "cluster.topology.nodes[0].devices");
    EXPECT_EQ(readErrorPath(withNode([](json& n) { n["devices"][0]["position"] = { 1 }; })),
              "cluster.topology.nodes[0].devices[0].position");
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "nodez", json::array() } };
    EXPECT_EQ(readErrorPath(doc), "cluster.topology.nodez");
}

TEST(PlacementReader, OrderAndTable)
{
    json doc = topologyBase();
    doc["parallel"] = { { "tp", 2 }, { "placement", { { "order", "dp-tp-cp-ep-pp" }, { "rank_to_gpu", json::array() } } } };
    std::vector<int64_t> table(16);
    for (int64_t i = 0; i < 16; ++i)
        table[size_t(i)] = 15 - i;
    doc["parallel"]["placement"]["rank_to_gpu"] = table;
    const Scenario s = readDocument(doc);
    EXPECT_EQ(toString(s.parallel.placement.order), "dp-tp-cp-ep-pp");
    ASSERT_TRUE(s.parallel.placement.table);
    EXPECT_EQ(s.parallel.placement.gpuOf(0), 15);
    doc["parallel"]["placement"]["order"] = "tp-dp";
    EXPECT_EQ(readErrorPath(doc), "parallel.placement.order");
    doc["parallel"]["placement"] = { { "rank_to_gpu", { 0, 1.5 } } };
    EXPECT_EQ(readErrorPath(doc), "parallel.placement.rank_to_gpu[1]");
}

TEST(TopologyWriter, RoundTripsDescribedTopologyAndPlacement)
{
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "nodes", json::array({ smallNode() }) },
                                   { "network", { { "kind", "fat_tree" }, { "nodes_per_leaf", 4 } } } };
    doc["cluster"]["topology"]["nodes"][0]["devices"][0]["position"] = { 10.5, -3 };
    doc["parallel"] = { { "tp", 2 }, { "placement", { { "order", "tp-dp-cp-ep-pp" }, { "rank_to_gpu", { 1, 0, 3, 2 } } } } };
    const Scenario first = readDocument(doc);
    const json written = io::toJson(first);
    const Scenario second = readDocument(written);
    EXPECT_EQ(io::toJson(second), written);
    const NodeSpec& node = second.cluster.topology->nodes.front();
    ASSERT_TRUE(node.devices[0].position);
    EXPECT_EQ((*node.devices[0].position)[0], 10.5);
    EXPECT_EQ(second.cluster.topology->network.kind, NetworkKind::FatTree);
    EXPECT_EQ(second.parallel.placement.table->gpuOfRank, (std::vector<int64_t>{ 1, 0, 3, 2 }));
}

TEST(TopologyWriter, PresetTopologyIsWrittenByName)
{
    const json written = io::toJson(readDocument(topologyBase()));
    EXPECT_EQ(written["cluster"]["topology"], (json{ { "preset", "dgx-h100" } }));
    EXPECT_FALSE(written["parallel"].contains("placement"));
    EXPECT_EQ(readDocument(written).cluster.topology->preset, "dgx-h100");
}

TEST(TopologyWriter, RoundTripsTheNetworksTiers)
{
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "nodes", json::array({ smallNode() }) },
                                   { "network",
                                     { { "kind", "rail_optimized" },
                                       { "tiers", 3 },
                                       { "pods_per_zone", 8 },
                                       { "core_oversubscription", 7 },
                                       { "core_latency_us", 2 },
                                       { "load_balancing", "ecmp" },
                                       { "flows_per_connection", 16 } } } };
    const Scenario first = readDocument(doc);
    const NetworkSpec& n = first.cluster.topology->network;
    EXPECT_EQ(n.tiers, 3);
    EXPECT_EQ(n.podsPerZone, 8);
    EXPECT_EQ(n.coreOversubscription, 7);
    EXPECT_EQ(n.coreLatencyUs, 2);
    EXPECT_EQ(n.uplinkBalancing, UplinkBalancing::Ecmp);
    EXPECT_EQ(n.flowsPerConnection, 16);
    const json written = io::toJson(first);
    EXPECT_EQ(written["cluster"]["topology"]["network"]["load_balancing"], "ecmp");
    EXPECT_EQ(io::toJson(readDocument(written)), written);
    // A network that leaves them out is written as before they existed.
    doc["cluster"]["topology"]["network"] = { { "kind", "fat_tree" } };
    const json plain = io::toJson(readDocument(doc))["cluster"]["topology"]["network"];
    EXPECT_FALSE(plain.contains("tiers") || plain.contains("load_balancing") || plain.contains("core_oversubscription"));
}

TEST(TopologyReader, BadTierFieldsNameThePath)
{
    json doc = topologyBase();
    doc["cluster"]["topology"] = { { "network", { { "load_balancing", "hash" } } } };
    EXPECT_EQ(readErrorPath(doc), "cluster.topology.network.load_balancing");
    doc["cluster"]["topology"] = { { "network", { { "tiers", 2.5 } } } };
    EXPECT_EQ(readErrorPath(doc), "cluster.topology.network.tiers");
    doc["cluster"]["topology"] = { { "network", { { "core_oversubscription", "7:1" } } } };
    EXPECT_EQ(readErrorPath(doc), "cluster.topology.network.core_oversubscription");
}
