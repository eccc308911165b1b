// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/topology.h"

#include <algorithm>

namespace paraplan {

int64_t NodeSpec::gpuCount() const
{
    return std::count_if(devices.begin(), devices.end(), [](const DeviceSpec& d) { return d.kind == DeviceKind::Gpu; });
}

int64_t NodeSpec::nicCount() const
{
    return std::count_if(devices.begin(), devices.end(), [](const DeviceSpec& d) { return d.kind == DeviceKind::Nic; });
}

int64_t NodeSpec::deviceIndex(const std::string& id) const
{
    const auto it = std::find_if(devices.begin(), devices.end(), [&](const DeviceSpec& d) { return d.id == id; });
    return it == devices.end() ? -1 : int64_t(it - devices.begin());
}

int64_t TopologySpec::nodeCount() const
{
    int64_t total = 0;
    for (const NodeSpec& node : nodes)
        total += node.count;
    return total;
}

const char* toString(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Gpu:
        return "gpu";
    case DeviceKind::NvSwitch:
        return "nvswitch";
    case DeviceKind::PcieSwitch:
        return "pcie_switch";
    case DeviceKind::Cpu:
        return "cpu";
    case DeviceKind::Nic:
        return "nic";
    }
    return "gpu";
}

const char* toString(NodeLinkKind kind)
{
    switch (kind) {
    case NodeLinkKind::NvLink:
        return "nvlink";
    case NodeLinkKind::Pcie:
        return "pcie";
    case NodeLinkKind::SocketLink:
        return "socket_link";
    }
    return "pcie";
}

const char* toString(NetworkKind kind)
{
    switch (kind) {
    case NetworkKind::SingleSwitch:
        return "single_switch";
    case NetworkKind::FatTree:
        return "fat_tree";
    case NetworkKind::RailOptimized:
        return "rail_optimized";
    }
    return "single_switch";
}

const char* toString(UplinkBalancing balancing)
{
    switch (balancing) {
    case UplinkBalancing::Auto:
        return "auto";
    case UplinkBalancing::Adaptive:
        return "adaptive";
    case UplinkBalancing::Ecmp:
        return "ecmp";
    }
    return "auto";
}

std::vector<std::vector<LinkNeighbour>> linkNeighbours(const NodeSpec& node)
{
    std::vector<std::vector<LinkNeighbour>> neighbours(node.devices.size());
    for (size_t l = 0; l < node.links.size(); ++l) {
        const int64_t a = node.deviceIndex(node.links[l].from);
        const int64_t b = node.deviceIndex(node.links[l].to);
        if (a < 0 || b < 0 || a == b)
            continue;
        neighbours[size_t(a)].push_back({ b, int32_t(l), false });
        neighbours[size_t(b)].push_back({ a, int32_t(l), true });
    }
    return neighbours;
}

} // namespace paraplan
