// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/topology_json.h"

#include "core/io/spec_fields.h"

namespace paraplan::io {

double defaultLatencyUs(NodeLinkKind kind)
{
    switch (kind) {
    case NodeLinkKind::NvLink:
        return 1.5;
    case NodeLinkKind::Pcie:
        return 1.0;
    case NodeLinkKind::SocketLink:
        return 2.0;
    }
    return 1.0;
}

namespace {

DeviceSpec readDevice(ObjectReader& in)
{
    DeviceSpec device;
    const std::optional<std::string> id = in.string("id");
    require(id.has_value(), in, "id", "give every device an id unique inside its node, e.g. \"gpu0\"");
    device.id = *id;
    const std::optional<size_t> kind = in.choice("kind", { "gpu", "nvswitch", "pcie_switch", "cpu", "nic" });
    require(kind.has_value(), in, "kind", "one of gpu, nvswitch, pcie_switch, cpu, nic");
    device.kind = DeviceKind(*kind);
    if (auto v = in.number("GBps"))
        device.nicGBps = *v;
    else if (device.kind == DeviceKind::Nic)
        require(false, in, "GBps", "give the NIC's port bandwidth in GB/s per direction (400 Gb/s NDR = 50)");
    if (auto v = in.numberList("position")) {
        if (v->size() != 2)
            in.fail("position", "expected [x, y]");
        device.position = std::array<double, 2>{ (*v)[0], (*v)[1] };
    }
    in.rejectUnknownFields();
    return device;
}

NodeLinkSpec readLink(ObjectReader& in)
{
    NodeLinkSpec link;
    const std::optional<std::string> from = in.string("from");
    const std::optional<std::string> to = in.string("to");
    require(from.has_value(), in, "from", "name the device id at one end");
    require(to.has_value(), in, "to", "name the device id at the other end");
    link.from = *from;
    link.to = *to;
    const std::optional<size_t> kind = in.choice("kind", { "nvlink", "pcie", "socket_link" });
    require(kind.has_value(), in, "kind", "one of nvlink, pcie, socket_link");
    link.kind = NodeLinkKind(*kind);
    const std::optional<double> bandwidth = in.number("GBps");
    require(bandwidth.has_value(), in, "GBps", "give the bandwidth in GB/s per direction");
    link.GBps = *bandwidth;
    link.latencyUs = in.number("latency_us").value_or(defaultLatencyUs(link.kind));
    in.rejectUnknownFields();
    return link;
}

} // namespace

NodeSpec readNode(ObjectReader& in)
{
    NodeSpec node;
    node.name = in.string("name").value_or("");
    node.count = in.integer("count").value_or(1);
    std::optional<std::vector<ObjectReader>> devices = in.objectList("devices");
    require(devices.has_value(), in, "devices", "list the node's GPUs, switches, CPUs and NICs");
    for (ObjectReader& d : *devices)
        node.devices.push_back(readDevice(d));
    if (std::optional<std::vector<ObjectReader>> links = in.objectList("links"))
        for (ObjectReader& l : *links)
            node.links.push_back(readLink(l));
    in.rejectUnknownFields();
    return node;
}

void readNetworkFields(ObjectReader& in, NetworkSpec& network)
{
    if (auto v = in.choice("kind", { "single_switch", "fat_tree", "rail_optimized" }))
        network.kind = NetworkKind(*v);
    if (auto v = in.integer("nodes_per_leaf"))
        network.nodesPerLeaf = *v;
    if (auto v = in.number("oversubscription"))
        network.oversubscription = *v;
    if (auto v = in.number("latency_us"))
        network.latencyUs = *v;
    if (auto v = in.number("spine_latency_us"))
        network.spineLatencyUs = *v;
    if (auto v = in.integer("tiers"))
        network.tiers = *v;
    if (auto v = in.integer("pods_per_zone"))
        network.podsPerZone = *v;
    if (auto v = in.number("core_oversubscription"))
        network.coreOversubscription = *v;
    if (auto v = in.number("core_latency_us"))
        network.coreLatencyUs = *v;
    if (auto v = in.choice("load_balancing", { "auto", "adaptive", "ecmp" }))
        network.uplinkBalancing = UplinkBalancing(*v);
    if (auto v = in.integer("flows_per_connection"))
        network.flowsPerConnection = *v;
}

TopologySpec readTopology(ObjectReader& in, TopologySpec base)
{
    TopologySpec topology = std::move(base);
    if (std::optional<std::vector<ObjectReader>> nodes = in.objectList("nodes")) {
        topology.nodes.clear();
        for (ObjectReader& n : *nodes)
            topology.nodes.push_back(readNode(n));
        topology.preset.clear(); // described here, no longer the preset's
    }
    if (std::optional<ObjectReader> network = in.object("network")) {
        readNetworkFields(*network, topology.network);
        network->rejectUnknownFields();
        topology.preset.clear();
    }
    require(!topology.nodes.empty(), in, "nodes", "describe at least one kind of node, or give a topology preset");
    return topology;
}

nlohmann::json toJson(const NodeSpec& node)
{
    nlohmann::json devices = nlohmann::json::array();
    for (const DeviceSpec& d : node.devices) {
        nlohmann::json device = { { "id", d.id }, { "kind", toString(d.kind) } };
        if (d.kind == DeviceKind::Nic)
            device["GBps"] = d.nicGBps;
        if (d.position)
            device["position"] = { (*d.position)[0], (*d.position)[1] };
        devices.push_back(std::move(device));
    }
    nlohmann::json links = nlohmann::json::array();
    for (const NodeLinkSpec& l : node.links)
        links.push_back({ { "from", l.from },
                          { "to", l.to },
                          { "kind", toString(l.kind) },
                          { "GBps", l.GBps },
                          { "latency_us", l.latencyUs } });
    nlohmann::json out = { { "count", node.count }, { "devices", devices }, { "links", links } };
    if (!node.name.empty())
        out["name"] = node.name;
    return out;
}

nlohmann::json toJson(const TopologySpec& topology)
{
    nlohmann::json nodes = nlohmann::json::array();
    for (const NodeSpec& node : topology.nodes)
        nodes.push_back(toJson(node));
    return { { "nodes", nodes }, { "network", toJson(topology.network) } };
}

nlohmann::json toJson(const NetworkSpec& n)
{
    nlohmann::json out = { { "kind", toString(n.kind) },
                           { "nodes_per_leaf", n.nodesPerLeaf },
                           { "oversubscription", n.oversubscription },
                           { "latency_us", n.latencyUs },
                           { "spine_latency_us", n.spineLatencyUs } };
    // The tiers' fields only where they differ from the default, so networks described before
    // them are written as they were.
    const NetworkSpec defaults;
    if (n.tiers != defaults.tiers)
        out["tiers"] = n.tiers;
    if (n.podsPerZone != defaults.podsPerZone)
        out["pods_per_zone"] = n.podsPerZone;
    if (n.coreOversubscription != defaults.coreOversubscription)
        out["core_oversubscription"] = n.coreOversubscription;
    if (n.coreLatencyUs != defaults.coreLatencyUs)
        out["core_latency_us"] = n.coreLatencyUs;
    if (n.uplinkBalancing != defaults.uplinkBalancing)
        out["load_balancing"] = toString(n.uplinkBalancing);
    if (n.flowsPerConnection != defaults.flowsPerConnection)
        out["flows_per_connection"] = n.flowsPerConnection;
    return out;
}

} // namespace paraplan::io
