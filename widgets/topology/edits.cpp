// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/edits.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <utility>

namespace paraplan::widgets {

namespace {

const char* idPrefix(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Gpu:
        return "gpu";
    case DeviceKind::NvSwitch:
        return "nvswitch";
    case DeviceKind::PcieSwitch:
        return "pcie";
    case DeviceKind::Cpu:
        return "cpu";
    case DeviceKind::Nic:
        return "nic";
    }
    return "device";
}

bool isNvLinkEnd(DeviceKind kind) { return kind == DeviceKind::Gpu || kind == DeviceKind::NvSwitch; }

constexpr double kDefaultNicGBps = 50; // NDR 400 Gb/s, the port of current training clusters

} // namespace

std::vector<int64_t> kindsOfNodes(const TopologySpec& topology, int64_t nodes, int64_t limit)
{
    std::vector<int64_t> kinds;
    const int64_t wanted = std::min(nodes, limit);
    if (topology.nodes.empty())
        return kinds;
    const bool repeatOne = topology.nodes.size() == 1;
    for (size_t k = 0; k < topology.nodes.size() && int64_t(kinds.size()) < wanted; ++k) {
        const int64_t count = repeatOne ? wanted : topology.nodes[k].count;
        for (int64_t i = 0; i < count && int64_t(kinds.size()) < wanted; ++i)
            kinds.push_back(int64_t(k));
    }
    while (int64_t(kinds.size()) < wanted)
        kinds.push_back(int64_t(topology.nodes.size()) - 1);
    return kinds;
}

Scenario withTopology(Scenario scenario, TopologySpec topology)
{
    topology.preset.clear();
    ClusterSpec& cluster = scenario.cluster;
    if (topology.nodes.size() == 1)
        cluster.gpusPerNode = std::max<int64_t>(topology.nodes.front().gpuCount(), 1);
    cluster.topology = std::make_shared<const TopologySpec>(std::move(topology));
    const auto& table = scenario.parallel.placement.table;
    if (table && int64_t(table->gpuOfRank.size()) != cluster.gpuCount())
        scenario.parallel.placement.table.reset(); // it placed ranks on GPUs that are no longer there
    return scenario;
}

std::string freeDeviceId(const NodeSpec& node, DeviceKind kind)
{
    std::set<std::string> taken;
    for (const DeviceSpec& d : node.devices)
        taken.insert(d.id);
    for (int64_t i = 0;; ++i)
        if (std::string id = idPrefix(kind) + std::to_string(i); !taken.count(id))
            return id;
}

std::string addDevice(NodeSpec& node, DeviceKind kind)
{
    DeviceSpec device;
    device.id = freeDeviceId(node, kind);
    device.kind = kind;
    if (kind == DeviceKind::Nic) {
        const auto nic = std::find_if(node.devices.begin(), node.devices.end(),
                                      [](const DeviceSpec& d) { return d.kind == DeviceKind::Nic && d.nicGBps > 0; });
        device.nicGBps = nic != node.devices.end() ? nic->nicGBps : kDefaultNicGBps;
    }
    node.devices.push_back(device);
    return device.id;
}

void removeDevices(NodeSpec& node, const std::vector<std::string>& devices, const std::vector<int64_t>& links)
{
    const std::set<std::string> gone(devices.begin(), devices.end());
    const std::set<int64_t> goneLinks(links.begin(), links.end());
    std::vector<NodeLinkSpec> kept;
    for (size_t l = 0; l < node.links.size(); ++l) {
        const NodeLinkSpec& link = node.links[l];
        if (!goneLinks.count(int64_t(l)) && !gone.count(link.from) && !gone.count(link.to))
            kept.push_back(link);
    }
    node.links = std::move(kept);
    std::erase_if(node.devices, [&](const DeviceSpec& d) { return gone.count(d.id) > 0; });
}

int64_t linkBetween(const NodeSpec& node, const std::string& a, const std::string& b)
{
    for (size_t l = 0; l < node.links.size(); ++l) {
        const NodeLinkSpec& link = node.links[l];
        if ((link.from == a && link.to == b) || (link.from == b && link.to == a))
            return int64_t(l);
    }
    return -1;
}

NodeLinkSpec defaultLink(const NodeSpec& node, const std::string& from, const std::string& to)
{
    const int64_t a = node.deviceIndex(from), b = node.deviceIndex(to);
    NodeLinkSpec link{ from, to, NodeLinkKind::Pcie, 64, 0 };
    if (a < 0 || b < 0)
        return link;
    const DeviceKind ka = node.devices[size_t(a)].kind, kb = node.devices[size_t(b)].kind;
    // A node already joining these two kinds says what this machine's links are (NVLink 3 or 5,
    // PCIe Gen4 or Gen5, a C2C link between a Grace and its GPUs).
    for (const NodeLinkSpec& existing : node.links) {
        const int64_t x = node.deviceIndex(existing.from), y = node.deviceIndex(existing.to);
        if (x < 0 || y < 0)
            continue;
        const DeviceKind kx = node.devices[size_t(x)].kind, ky = node.devices[size_t(y)].kind;
        if ((kx == ka && ky == kb) || (kx == kb && ky == ka)) {
            link.kind = existing.kind;
            link.GBps = existing.GBps;
            link.latencyUs = existing.latencyUs;
            return link;
        }
    }
    if (isNvLinkEnd(ka) && isNvLinkEnd(kb)) {
        link.kind = NodeLinkKind::NvLink;
        link.GBps = 450;
    } else if (ka == DeviceKind::Cpu && kb == DeviceKind::Cpu) {
        link.kind = NodeLinkKind::SocketLink;
    }
    return link;
}

bool renameDevice(NodeSpec& node, const std::string& from, const std::string& to)
{
    const int64_t index = node.deviceIndex(from);
    if (index < 0 || to.empty() || (to != from && node.deviceIndex(to) >= 0))
        return false;
    node.devices[size_t(index)].id = to;
    for (NodeLinkSpec& link : node.links) {
        if (link.from == from)
            link.from = to;
        if (link.to == from)
            link.to = to;
    }
    return true;
}

std::vector<int64_t> swapRanks(const RankPlacement& placement, int64_t gpuCount, int64_t gpuA, int64_t gpuB)
{
    std::vector<int64_t> table(size_t(std::max<int64_t>(gpuCount, 0)));
    if (placement.table && int64_t(placement.table->gpuOfRank.size()) == gpuCount)
        table = placement.table->gpuOfRank;
    else
        std::iota(table.begin(), table.end(), int64_t(0));
    const auto a = std::find(table.begin(), table.end(), gpuA), b = std::find(table.begin(), table.end(), gpuB);
    if (a != table.end() && b != table.end())
        std::iter_swap(a, b);
    return table;
}

} // namespace paraplan::widgets
