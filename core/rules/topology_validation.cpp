// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/topology_validation.h"

#include <algorithm>
#include <list>
#include <mutex>
#include <set>

namespace paraplan::validation {

namespace {

// Beyond these a node is a typo (or an attempt to hang the editor), not a server.
constexpr int64_t kMaxDevicesPerNode = 4096;
constexpr int64_t kMaxLinksPerNode = 65536;

std::string nodePath(size_t k) { return "cluster.topology.nodes[" + std::to_string(k) + "]"; }

std::string nodeName(const NodeSpec& node, size_t k) { return node.name.empty() ? std::to_string(k) : node.name; }

// Devices reachable from `from` the way traffic is routed (core/network/fabric.cpp): through switches and
// CPUs, never through a NIC, and through a GPU only over NVLink on the way to a NIC.
std::vector<bool> reachable(const NodeSpec& node, const std::vector<std::vector<LinkNeighbour>>& neighbours, int64_t from,
                            bool towardsNic)
{
    std::vector<bool> seen(node.devices.size(), false);
    std::vector<std::pair<int64_t, bool>> stack{ { from, false } }; // device, arrived over NVLink
    seen[size_t(from)] = true;
    while (!stack.empty()) {
        const auto [u, overNvLink] = stack.back();
        stack.pop_back();
        const DeviceKind kind = node.devices[size_t(u)].kind;
        if (u != from && (kind == DeviceKind::Nic || (kind == DeviceKind::Gpu && !(towardsNic && overNvLink))))
            continue;
        for (const LinkNeighbour& n : neighbours[size_t(u)]) {
            const NodeLinkKind linkKind = node.links[size_t(n.link)].kind;
            if (u != from && kind == DeviceKind::Gpu && linkKind == NodeLinkKind::NvLink)
                continue; // a hand-over GPU forwards over PCIe only
            if (!seen[size_t(n.device)]) {
                seen[size_t(n.device)] = true;
                stack.push_back({ n.device, linkKind == NodeLinkKind::NvLink });
            }
        }
    }
    return seen;
}

bool checkLinks(Checker& c, const NodeSpec& node, size_t k)
{
    bool ok = true;
    for (size_t l = 0; l < node.links.size(); ++l) {
        const NodeLinkSpec& link = node.links[l];
        const std::string path = nodePath(k) + ".links[" + std::to_string(l) + "]";
        for (const auto& [end, key] : { std::pair{ &link.from, ".from" }, std::pair{ &link.to, ".to" } })
            if (node.deviceIndex(*end) < 0) {
                c.error("topology_unknown_device", path + key,
                        QT_TRANSLATE_NOOP("Diagnostics", "The link names device \"%1\", which node kind %2 does not "
                                                         "have; use the id of one of its devices."),
                        { text(*end), text(nodeName(node, k)) });
                ok = false;
            }
        if (link.from == link.to) {
            c.error("topology_self_link", path,
                    QT_TRANSLATE_NOOP("Diagnostics", "The link joins %1 to itself; join two different devices."),
                    { text(link.from) });
            ok = false;
        }
        ok &= c.positive("topology_invalid_link", path + ".GBps", link.GBps,
                         QT_TRANSLATE_NOOP("Diagnostics", "The link bandwidth (GB/s)"), 1e5);
        if (!(link.latencyUs >= 0) || link.latencyUs > 1e6) {
            c.error("topology_invalid_link", path + ".latency_us",
                    QT_TRANSLATE_NOOP("Diagnostics", "latency_us is %1; give a latency between 0 and 1e6 microseconds."),
                    { num(link.latencyUs) });
            ok = false;
        }
    }
    return ok;
}

bool checkDevices(Checker& c, const NodeSpec& node, size_t k, const ClusterSpec& cluster)
{
    bool ok = true;
    if (int64_t(node.devices.size()) > kMaxDevicesPerNode || int64_t(node.links.size()) > kMaxLinksPerNode) {
        c.error("value_too_large", nodePath(k),
                QT_TRANSLATE_NOOP("Diagnostics", "Node kind %1 has %2 devices and %3 links, more than the supported %4 and %5."),
                { text(nodeName(node, k)), num(int64_t(node.devices.size())), num(int64_t(node.links.size())),
                  num(kMaxDevicesPerNode), num(kMaxLinksPerNode) });
        return false;
    }
    std::set<std::string> ids;
    for (size_t d = 0; d < node.devices.size(); ++d) {
        const DeviceSpec& device = node.devices[d];
        const std::string path = nodePath(k) + ".devices[" + std::to_string(d) + "]";
        if (device.id.empty() || !ids.insert(device.id).second) {
            c.error("topology_duplicate_device", path + ".id",
                    QT_TRANSLATE_NOOP("Diagnostics", "Device id \"%1\" is empty or used twice in node kind %2; give every "
                                                     "device its own id."),
                    { text(device.id), text(nodeName(node, k)) });
            ok = false;
        }
        if (device.kind == DeviceKind::Nic)
            ok &= c.positive("topology_invalid_link", path + ".GBps", device.nicGBps,
                             QT_TRANSLATE_NOOP("Diagnostics", "The NIC bandwidth (GB/s)"), 1e5);
    }
    if (cluster.gpusPerNode >= 1 && node.gpuCount() != cluster.gpusPerNode) { // else gpus_per_node's own error says it
        c.error("topology_gpu_count", nodePath(k) + ".devices",
                QT_TRANSLATE_NOOP("Diagnostics", "Node kind %1 has %2 GPUs but cluster.gpus_per_node is %3; every node "
                                                 "must hold gpus_per_node GPUs."),
                { text(nodeName(node, k)), num(node.gpuCount()), num(cluster.gpusPerNode) });
        ok = false;
    }
    if (cluster.nodes > 1 && node.nicCount() == 0) {
        c.error("topology_no_nic", nodePath(k) + ".devices",
                QT_TRANSLATE_NOOP("Diagnostics", "Node kind %1 has no NIC, but the cluster has %2 nodes; add a NIC and link "
                                                 "it to the GPUs' PCIe switch or CPU."),
                { text(nodeName(node, k)), num(cluster.nodes) });
        ok = false;
    }
    return ok;
}

// Every GPU must reach every other GPU, and a NIC when there is more than one node.
bool checkConnected(Checker& c, const NodeSpec& node, size_t k, bool needsNic)
{
    const std::vector<std::vector<LinkNeighbour>> adjacency = linkNeighbours(node);
    std::vector<int64_t> gpus;
    for (size_t d = 0; d < node.devices.size(); ++d)
        if (node.devices[d].kind == DeviceKind::Gpu)
            gpus.push_back(int64_t(d));
    for (int64_t gpu : gpus) {
        const std::vector<bool> seen = reachable(node, adjacency, gpu, false);
        const auto missing = std::find_if(gpus.begin(), gpus.end(), [&](int64_t other) { return !seen[size_t(other)]; });
        if (missing != gpus.end()) {
            c.error("topology_disconnected", nodePath(k) + ".links",
                    QT_TRANSLATE_NOOP("Diagnostics", "In node kind %1, %2 cannot reach %3: join them through a switch, a "
                                                     "CPU or a direct link."),
                    { text(nodeName(node, k)), text(node.devices[size_t(gpu)].id), text(node.devices[size_t(*missing)].id) });
            return false;
        }
        if (!needsNic)
            continue;
        const std::vector<bool> towardsNic = reachable(node, adjacency, gpu, true);
        const bool reachesNic = std::any_of(node.devices.begin(), node.devices.end(), [&](const DeviceSpec& d) {
            return d.kind == DeviceKind::Nic && towardsNic[size_t(&d - node.devices.data())];
        });
        if (!reachesNic) {
            c.error("topology_no_nic_path", nodePath(k) + ".links",
                    QT_TRANSLATE_NOOP("Diagnostics", "In node kind %1, %2 reaches no NIC; link a NIC to its PCIe switch or "
                                                     "CPU."),
                    { text(nodeName(node, k)), text(node.devices[size_t(gpu)].id) });
            return false;
        }
    }
    return true;
}

bool checkNetwork(Checker& c, const NetworkSpec& n)
{
    bool ok = c.count("topology_invalid_network", "cluster.topology.network.nodes_per_leaf", n.nodesPerLeaf, 1,
                      QT_TRANSLATE_NOOP("Diagnostics", "nodes_per_leaf"));
    if (!(n.oversubscription >= 1) || n.oversubscription > 1000) {
        c.error("topology_invalid_network", "cluster.topology.network.oversubscription",
                QT_TRANSLATE_NOOP("Diagnostics", "oversubscription is %1; give the leaf's downlink over uplink bandwidth, "
                                                 "1 or more (1 = non-blocking)."),
                { num(n.oversubscription) });
        ok = false;
    }
    if (!(n.coreOversubscription >= 1) || n.coreOversubscription > 1000) {
        c.error("topology_invalid_network", "cluster.topology.network.core_oversubscription",
                QT_TRANSLATE_NOOP("Diagnostics", "core_oversubscription is %1; give what a zone's leaves send up over "
                                                 "its spines' bandwidth to the core, 1 or more (1 = non-blocking)."),
                { num(n.coreOversubscription) });
        ok = false;
    }
    if (n.tiers != 0 && n.tiers != 2 && n.tiers != 3) {
        c.error("topology_invalid_network", "cluster.topology.network.tiers",
                QT_TRANSLATE_NOOP("Diagnostics", "tiers is %1; give 2 (leaves and spines) or 3 (zones of pods_per_zone "
                                                 "pods joined by a core level), or leave it out for the default."),
                { num(n.tiers) });
        ok = false;
    }
    if (n.podsPerZone != 0)
        ok &= c.count("topology_invalid_network", "cluster.topology.network.pods_per_zone", n.podsPerZone, 1,
                      QT_TRANSLATE_NOOP("Diagnostics", "pods_per_zone"));
    if (n.flowsPerConnection < 1 || n.flowsPerConnection > 1024) {
        c.error("topology_invalid_network", "cluster.topology.network.flows_per_connection",
                QT_TRANSLATE_NOOP("Diagnostics", "flows_per_connection is %1; give the flows (QPs) each connection "
                                                 "spreads over, 1 (NCCL's default) to 1024."),
                { num(n.flowsPerConnection) });
        ok = false;
    }
    for (const auto& [value, key] : { std::pair{ n.latencyUs, ".latency_us" },
                                      std::pair{ n.spineLatencyUs, ".spine_latency_us" },
                                      std::pair{ n.coreLatencyUs, ".core_latency_us" } })
        if (!(value >= 0) || value > 1e6) {
            c.error("topology_invalid_network", std::string("cluster.topology.network") + key,
                    QT_TRANSLATE_NOOP("Diagnostics", "The network latency is %1; give it between 0 and 1e6 microseconds."),
                    { num(value) });
            ok = false;
        }
    return ok;
}

// The checks proper; checkTopology() remembers their verdict per topology.
bool checkTopologyOnce(Checker& c, const ClusterSpec& cluster)
{
    const TopologySpec& t = *cluster.topology;
    bool ok = checkNetwork(c, t.network);
    for (size_t k = 0; k < t.nodes.size(); ++k) {
        const NodeSpec& node = t.nodes[k];
        if (t.nodes.size() > 1)
            ok &= c.count("invalid_cluster_value", nodePath(k) + ".count", node.count, 1,
                          QT_TRANSLATE_NOOP("Diagnostics", "The count of a node kind"));
        const bool devicesOk = checkDevices(c, node, k, cluster);
        const bool linksOk = devicesOk && checkLinks(c, node, k);
        ok &= linksOk && checkConnected(c, node, k, cluster.nodes > 1);
    }
    if (t.nodes.size() > 1 && t.nodeCount() != cluster.nodes) {
        c.error("topology_node_count", "cluster.nodes",
                QT_TRANSLATE_NOOP("Diagnostics", "cluster.nodes is %1 but the node kinds of cluster.topology count %2 "
                                                 "nodes; make them agree."),
                { num(cluster.nodes), num(t.nodeCount()) });
        ok = false;
    }
    return ok;
}

} // namespace

bool checkTopology(Checker& c, const ClusterSpec& cluster)
{
    if (!cluster.topology)
        return true;
    // Topologies are immutable and shared: a slider move or a search re-validates the same one over
    // and over, so recent verdicts are kept (by identity, with what else the rules read).
    struct Verdict {
        std::shared_ptr<const TopologySpec> topology;
        int64_t gpusPerNode, nodes;
        Diagnostics diagnostics;
        bool ok;
    };
    static std::mutex mutex;
    static std::list<Verdict> recent;
    constexpr size_t kKept = 16;
    {
        const std::lock_guard lock(mutex);
        for (const Verdict& v : recent)
            if (v.topology == cluster.topology && v.gpusPerNode == cluster.gpusPerNode && v.nodes == cluster.nodes) {
                c.diagnostics.insert(c.diagnostics.end(), v.diagnostics.begin(), v.diagnostics.end());
                return v.ok;
            }
    }
    Checker own;
    const bool ok = checkTopologyOnce(own, cluster);
    c.diagnostics.insert(c.diagnostics.end(), own.diagnostics.begin(), own.diagnostics.end());
    const std::lock_guard lock(mutex);
    recent.push_front({ cluster.topology, cluster.gpusPerNode, cluster.nodes, std::move(own.diagnostics), ok });
    if (recent.size() > kKept)
        recent.pop_back();
    return ok;
}

void checkPlacement(Checker& c, const Scenario& s)
{
    const RankPlacement& placement = s.parallel.placement;
    if (!placement.table)
        return;
    const std::vector<int64_t>& table = placement.table->gpuOfRank;
    const int64_t gpus = s.cluster.gpuCount();
    const std::string path = "parallel.placement.rank_to_gpu";
    if (int64_t(table.size()) != gpus) {
        c.error("placement_table_size", path,
                QT_TRANSLATE_NOOP("Diagnostics", "rank_to_gpu lists %1 GPUs for %2 ranks; give one GPU for each rank."),
                { num(int64_t(table.size())), num(gpus) });
        return;
    }
    std::vector<int64_t> rankOnGpu(size_t(gpus), -1);
    for (size_t r = 0; r < table.size(); ++r) {
        const int64_t gpu = table[r];
        const std::string at = path + "[" + std::to_string(r) + "]";
        if (gpu < 0 || gpu >= gpus) {
            c.error("placement_unknown_gpu", at,
                    QT_TRANSLATE_NOOP("Diagnostics", "Rank %1 is placed on GPU %2, which the cluster lacks (GPUs 0 to %3)."),
                    { num(int64_t(r)), num(gpu), num(gpus - 1) });
            return;
        }
        if (rankOnGpu[size_t(gpu)] >= 0) {
            c.error("placement_shared_gpu", at,
                    QT_TRANSLATE_NOOP("Diagnostics", "Ranks %1 and %2 are both placed on GPU %3; each GPU runs one rank."),
                    { num(rankOnGpu[size_t(gpu)]), num(int64_t(r)), num(gpu) });
            return;
        }
        rankOnGpu[size_t(gpu)] = int64_t(r);
    }
}

} // namespace paraplan::validation
