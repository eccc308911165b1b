// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/cluster_topology.h"

#include <algorithm>
#include <list>
#include <mutex>

namespace paraplan {

namespace {

// PCIe between a GPU and the NIC beside it: wide enough that the NIC stays the bound, as the
// summary means (Gen5 x16, or twice the NIC for the fastest rails).
double nicAttachGBps(const LinkSpec& inter) { return std::max(64.0, 2 * inter.GBpsPerGpu); }

struct CacheKey {
    std::shared_ptr<const TopologySpec> topology; // explicit topologies by identity (they are immutable)
    int64_t nodes = 0;
    int64_t gpusPerNode = 0;
    LinkKind intraKind{}, interKind{};
    double intraGBps = 0, intraLatency = 0, interGBps = 0, interLatency = 0;

    explicit CacheKey(const ClusterSpec& c)
        : topology(c.topology)
        , nodes(c.nodes)
        , interKind(c.interNode.kind) // picks the uplinks' balancing of a topology that leaves it out
    {
        if (topology)
            return;
        gpusPerNode = c.gpusPerNode;
        intraKind = c.intraNode.kind;
        intraGBps = c.intraNode.GBpsPerGpu;
        intraLatency = c.intraNode.latencyUs;
        interGBps = c.interNode.GBpsPerGpu;
        interLatency = c.interNode.latencyUs;
    }
    bool operator==(const CacheKey& o) const
    {
        return topology == o.topology && nodes == o.nodes && gpusPerNode == o.gpusPerNode && intraKind == o.intraKind
            && interKind == o.interKind && intraGBps == o.intraGBps && intraLatency == o.intraLatency
            && interGBps == o.interGBps && interLatency == o.interLatency;
    }
};

// How the network's switches spread flows over their uplinks, unless the topology says: Ethernet
// fabrics (RoCE, plain Ethernet, TCP) hash each flow (ECMP); InfiniBand routes adaptively (NCCL
// switches adaptive routing on for InfiniBand ports, src/transport/net_ib/init.cc), as do
// Slingshot, Omni-Path and EFA's SRD, which sprays packets over paths.
UplinkBalancing uplinkBalancingOf(LinkKind inter)
{
    switch (inter) {
    case LinkKind::RoCE:
    case LinkKind::Ethernet:
    case LinkKind::Tcp:
        return UplinkBalancing::Ecmp;
    default:
        return UplinkBalancing::Adaptive;
    }
}

} // namespace

TopologySpec summaryTopology(const ClusterSpec& cluster)
{
    NodeSpec node;
    node.name = cluster.name;
    node.count = cluster.nodes;
    const bool pcie = cluster.intraNode.kind == LinkKind::Pcie;
    const std::string hub = pcie ? "pcie0" : "nvswitch";
    node.devices.push_back({ hub, pcie ? DeviceKind::PcieSwitch : DeviceKind::NvSwitch, 0, std::nullopt });
    const double halfIntraLatency = cluster.intraNode.latencyUs / 2; // GPU to GPU is two hops
    for (int64_t i = 0; i < cluster.gpusPerNode; ++i) {
        const std::string gpu = "gpu" + std::to_string(i), nic = "nic" + std::to_string(i);
        node.devices.push_back({ gpu, DeviceKind::Gpu, 0, std::nullopt });
        node.devices.push_back({ nic, DeviceKind::Nic, cluster.interNode.GBpsPerGpu, std::nullopt });
        node.links.push_back({ gpu, hub, pcie ? NodeLinkKind::Pcie : NodeLinkKind::NvLink,
                               cluster.intraNode.GBpsPerGpu, halfIntraLatency });
        node.links.push_back({ pcie ? hub : gpu, nic, NodeLinkKind::Pcie, nicAttachGBps(cluster.interNode), 0.0 });
    }
    TopologySpec topology;
    topology.nodes.push_back(std::move(node));
    topology.network.latencyUs = cluster.interNode.latencyUs;
    // One switch per rail serves a scalable unit of 32 nodes (a 64-port leaf: 32 down, 32 up);
    // larger clusters join such pods through spines, rail-optimised and non-blocking, as NVIDIA's
    // SuperPOD reference architectures build them. A transfer between pods climbs: two more
    // switch hops (NetworkSpec's spine latency). Beyond a zone of kTwoTierNicPorts NICs, zones
    // are joined by a non-blocking core level (the network's default tiers; core/network/fabric.cpp).
    constexpr int64_t kNodesPerPod = 32;
    topology.network.kind = cluster.nodes > kNodesPerPod ? NetworkKind::RailOptimized : NetworkKind::SingleSwitch;
    topology.network.nodesPerLeaf = kNodesPerPod;
    return topology;
}

TopologySpec topologyOf(const ClusterSpec& cluster)
{
    return cluster.topology ? *cluster.topology : summaryTopology(cluster);
}

TopologySpec pricedTopologyOf(const ClusterSpec& cluster)
{
    TopologySpec topology = topologyOf(cluster);
    if (topology.network.uplinkBalancing == UplinkBalancing::Auto)
        topology.network.uplinkBalancing = uplinkBalancingOf(cluster.interNode.kind);
    return topology;
}

std::shared_ptr<const Fabric> fabricOf(const ClusterSpec& cluster)
{
    static std::mutex mutex;
    static std::list<std::pair<CacheKey, std::shared_ptr<const Fabric>>> recent; // most recent first
    constexpr size_t kKept = 16;
    CacheKey key(cluster);
    {
        const std::lock_guard lock(mutex);
        for (auto it = recent.begin(); it != recent.end(); ++it)
            if (it->first == key) {
                recent.splice(recent.begin(), recent, it);
                return recent.front().second;
            }
    }
    auto fabric = std::make_shared<const Fabric>(pricedTopologyOf(cluster), cluster.nodes);
    const std::lock_guard lock(mutex);
    recent.emplace_front(std::move(key), fabric);
    if (recent.size() > kKept)
        recent.pop_back();
    return fabric;
}

} // namespace paraplan
