// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/fabric.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <queue>
#include <tuple>
#include <unordered_map>

namespace paraplan {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

using Adjacency = std::vector<std::vector<LinkNeighbour>>;

// The node's links that can carry traffic: one without bandwidth is an error validation reports,
// and here simply no link.
Adjacency adjacencyOf(const NodeSpec& node)
{
    Adjacency adjacency = linkNeighbours(node);
    for (std::vector<LinkNeighbour>& links : adjacency)
        std::erase_if(links, [&](const LinkNeighbour& n) { return !(node.links[size_t(n.link)].GBps > 0); });
    return adjacency;
}

// The cheapest routes from one device, by the sum of 1/bandwidth (NCCL prefers NVLink, then the
// nearest PCIe path). Traffic passes through switches and CPUs; through a GPU only on its way to a
// NIC, when it came over NVLink (NCCL's PXN: a GPU hands data to the GPU beside the NIC it must
// leave by) — so a tree with hand-overs serves NIC destinations only.
struct RouteTree {
    std::vector<double> cost;
    // How each device was reached: `device` is the one before it, `reverse` the direction travelled.
    std::vector<LinkNeighbour> cameBy;

    [[nodiscard]] std::optional<Fabric::Path> pathTo(const NodeSpec& node, int64_t from, int64_t to) const
    {
        if (!std::isfinite(cost[size_t(to)]))
            return std::nullopt;
        Fabric::Path path;
        for (int64_t v = to; v != from; v = cameBy[size_t(v)].device) {
            const LinkNeighbour& e = cameBy[size_t(v)];
            path.hops.push_back({ e.link, e.reverse });
            path.latencyUs += node.links[size_t(e.link)].latencyUs;
        }
        std::reverse(path.hops.begin(), path.hops.end());
        return path;
    }
};

RouteTree routesFrom(const NodeSpec& node, const Adjacency& adjacency, int64_t from, bool handOverAllowed)
{
    const size_t n = node.devices.size();
    RouteTree tree{ std::vector<double>(n, kInfinity), std::vector<LinkNeighbour>(n) };
    using Entry = std::pair<double, int64_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    tree.cost[size_t(from)] = 0;
    queue.push({ 0.0, from });
    while (!queue.empty()) {
        const auto [c, u] = queue.top();
        queue.pop();
        if (c > tree.cost[size_t(u)])
            continue;
        const DeviceKind kind = node.devices[size_t(u)].kind;
        if (u != from && kind == DeviceKind::Nic)
            continue;
        if (u != from && kind == DeviceKind::Gpu) {
            const bool cameOverNvLink = node.links[size_t(tree.cameBy[size_t(u)].link)].kind == NodeLinkKind::NvLink;
            if (!handOverAllowed || !cameOverNvLink)
                continue;
        }
        for (const LinkNeighbour& e : adjacency[size_t(u)]) {
            const NodeLinkSpec& link = node.links[size_t(e.link)];
            // A hand-over GPU forwards only over PCIe, towards the NIC.
            if (u != from && kind == DeviceKind::Gpu && link.kind == NodeLinkKind::NvLink)
                continue;
            const double next = c + 1.0 / link.GBps + 1e-9 * link.latencyUs;
            if (next < tree.cost[size_t(e.device)]) {
                tree.cost[size_t(e.device)] = next;
                tree.cameBy[size_t(e.device)] = { u, e.link, e.reverse };
                queue.push({ next, e.device });
            }
        }
    }
    return tree;
}

Fabric::NodeKind buildKind(const NodeSpec& node)
{
    Fabric::NodeKind kind;
    for (size_t d = 0; d < node.devices.size(); ++d) {
        if (node.devices[d].kind == DeviceKind::Gpu)
            kind.gpus.push_back(int64_t(d));
        if (node.devices[d].kind == DeviceKind::Nic)
            kind.nics.push_back(int64_t(d));
    }
    const Adjacency adjacency = adjacencyOf(node);
    const size_t g = kind.gpus.size(), r = kind.nics.size();
    kind.gpuToGpu.resize(g * g);
    kind.gpuToNic.resize(g * r);
    kind.nicOfGpu.assign(g, 0);
    // Rails: each GPU takes the nearest NIC over PCIe, ties going to the least used, so that GPUs
    // sharing a switch with two NICs take one each (as NCCL's topology search does).
    std::vector<int64_t> users(r, 0);
    for (size_t i = 0; i < g; ++i) {
        const RouteTree direct = routesFrom(node, adjacency, kind.gpus[i], false);
        const RouteTree handOver = routesFrom(node, adjacency, kind.gpus[i], true);
        for (size_t j = 0; j < g; ++j)
            if (i != j)
                kind.gpuToGpu[i * g + j] = direct.pathTo(node, kind.gpus[i], kind.gpus[j]).value_or(Fabric::Path{});
        double best = kInfinity;
        for (size_t n = 0; n < r; ++n) {
            kind.gpuToNic[i * r + n] = handOver.pathTo(node, kind.gpus[i], kind.nics[n]).value_or(Fabric::Path{});
            const double cost = direct.cost[size_t(kind.nics[n])];
            const bool nearer = cost < best * (1 - 1e-9);
            const bool asNear = std::isfinite(cost) && !nearer && cost <= best * (1 + 1e-9);
            if (nearer || (asNear && users[n] < users[size_t(kind.nicOfGpu[i])])) {
                best = std::min(best, cost);
                kind.nicOfGpu[i] = int64_t(n);
            }
        }
        if (r > 0)
            ++users[size_t(kind.nicOfGpu[i])];
    }
    return kind;
}

// Whether a link running at `rate` takes the limit held at `limitGBps`. An uplink whose flows each
// have a port of their own (no ECMP excess) runs at their NICs' pace: it takes the limit only when
// truly slower, not by rounding.
bool takesLimit(double rate, double limitGBps, bool uplinkAtItsNicsPace)
{
    return uplinkAtItsNicsPace ? rate < limitGBps * (1 - 1e-12) : rate < limitGBps;
}

} // namespace

int64_t fabricZoneNodes(const NetworkSpec& net, int64_t nicsPerNode, int64_t nodes)
{
    if (net.kind == NetworkKind::SingleSwitch || net.tiers == 2)
        return 0;
    const int64_t perLeaf = std::max<int64_t>(net.nodesPerLeaf, 1);
    const int64_t portsPerPod = perLeaf * std::max<int64_t>(nicsPerNode, 1);
    const int64_t pods = net.podsPerZone > 0 ? net.podsPerZone : std::max<int64_t>(kTwoTierNicPorts / portsPerPod, 1);
    const int64_t zone = pods * perLeaf;
    return zone < nodes ? zone : 0;
}

Fabric::Fabric(const TopologySpec& topology, int64_t nodes)
    : m_topology(topology)
{
    for (const NodeSpec& node : m_topology.nodes)
        m_kinds.push_back(buildKind(node));
    m_gpusPerNode = m_kinds.empty() ? 0 : int64_t(m_kinds.front().gpus.size());
    const bool repeatOne = m_topology.nodes.size() == 1;
    for (size_t k = 0; k < m_topology.nodes.size() && int64_t(m_kindOfNode.size()) < nodes; ++k) {
        const int64_t count = repeatOne ? nodes : m_topology.nodes[k].count;
        for (int64_t i = 0; i < count && int64_t(m_kindOfNode.size()) < nodes; ++i)
            m_kindOfNode.push_back(int64_t(k));
    }
    while (!m_kinds.empty() && int64_t(m_kindOfNode.size()) < nodes)
        m_kindOfNode.push_back(int64_t(m_kinds.size()) - 1);

    for (int64_t n = 0; n < nodeCount(); ++n) {
        const NodeSpec& spec = m_topology.nodes[size_t(kindOf(n))];
        m_nodeLinkBase.push_back(int64_t(m_links.size()));
        for (size_t l = 0; l < spec.links.size(); ++l)
            m_links.push_back({ spec.links[l].GBps, spec.links[l].latencyUs, false, n, int64_t(l), -1, -1 });
    }
    for (int64_t n = 0; n < nodeCount(); ++n) {
        const NodeSpec& spec = m_topology.nodes[size_t(kindOf(n))];
        const NodeKind& kind = m_kinds[size_t(kindOf(n))];
        m_portBase.push_back(int64_t(m_links.size()));
        m_maxRails = std::max<int64_t>(m_maxRails, int64_t(kind.nics.size()));
        for (size_t r = 0; r < kind.nics.size(); ++r)
            m_links.push_back({ spec.devices[size_t(kind.nics[r])].nicGBps, 0, true, n, -1, int64_t(r), -1 });
    }
    addUplinks();
}

void Fabric::addUplinks()
{
    m_uplinkBase = m_coreBase = int64_t(m_links.size());
    const NetworkSpec& net = m_topology.network;
    if (net.kind == NetworkKind::SingleSwitch)
        return;
    const int64_t perLeaf = std::max<int64_t>(net.nodesPerLeaf, 1);
    const int64_t leaves = (nodeCount() + perLeaf - 1) / perLeaf;
    const int64_t uplinks = net.kind == NetworkKind::FatTree ? leaves : leaves * m_maxRails;
    for (int64_t u = 0; u < uplinks; ++u)
        m_links.push_back({ 0, 0, true, -1, -1, -1, u, -1, 1 });
    m_zoneNodes = fabricZoneNodes(net, m_maxRails, nodeCount());
    m_coreBase = int64_t(m_links.size());
    const int64_t zones = m_zoneNodes > 0 ? (nodeCount() + m_zoneNodes - 1) / m_zoneNodes : 0;
    for (int64_t z = 0; z < zones; ++z)
        m_links.push_back({ 0, 0, true, -1, -1, -1, -1, z, 1 });
    // What the NICs below could send, divided by each tier's oversubscription; the uplinks run at
    // the NICs' speed, so each NIC stands for 1/oversubscription of an uplink port.
    const double leafShare = 1 / std::max(net.oversubscription, 1e-9);
    const double coreShare = leafShare / std::max(net.coreOversubscription, 1e-9);
    std::vector<double> ports(m_links.size() - size_t(m_uplinkBase), 0.0);
    for (int64_t n = 0; n < nodeCount(); ++n)
        for (size_t r = 0; r < m_kinds[size_t(kindOf(n))].nics.size(); ++r) {
            const double nic = m_links[size_t(portOf(n, int64_t(r)))].GBps;
            const int64_t leaf = m_uplinkBase + leafOf(n, int64_t(r));
            m_links[size_t(leaf)].GBps += nic * leafShare;
            ports[size_t(leaf - m_uplinkBase)] += leafShare;
            if (zones > 0) {
                const int64_t core = m_coreBase + zoneOf(n);
                m_links[size_t(core)].GBps += nic * coreShare;
                ports[size_t(core - m_uplinkBase)] += coreShare;
            }
        }
    // The last zone may hold fewer nodes than a zone: its spines still reach the core as a whole
    // zone's would, since fabrics are cabled for whole units (the SuperPOD RA, "Network Fabrics").
    for (int64_t z = 0; z < zones; ++z) {
        const double present = double(std::min((z + 1) * m_zoneNodes, nodeCount()) - z * m_zoneNodes);
        const double whole = double(m_zoneNodes) / present;
        m_links[size_t(m_coreBase + z)].GBps *= whole;
        ports[size_t(m_coreBase + z - m_uplinkBase)] *= whole;
    }
    for (size_t u = 0; u < ports.size(); ++u)
        m_links[size_t(m_uplinkBase) + u].ports = std::max<int64_t>(std::llround(ports[u]), 1);
}

bool Fabric::uplinksCanBind() const
{
    const NetworkSpec& net = m_topology.network;
    if (net.kind == NetworkKind::SingleSwitch)
        return false;
    return net.oversubscription > 1 || (m_zoneNodes > 0 && net.coreOversubscription > 1)
        || net.uplinkBalancing == UplinkBalancing::Ecmp;
}

int64_t Fabric::nicOf(int64_t kind, int64_t localGpu) const { return m_kinds[size_t(kind)].nicOfGpu[size_t(localGpu)]; }

int64_t Fabric::leafOf(int64_t node, int64_t rail) const
{
    const int64_t leaf = node / std::max<int64_t>(m_topology.network.nodesPerLeaf, 1);
    return m_topology.network.kind == NetworkKind::FatTree ? leaf : leaf * m_maxRails + rail;
}

int32_t Fabric::portOf(int64_t node, int64_t rail) const { return int32_t(m_portBase[size_t(node)] + rail); }

template <typename Visit>
double Fabric::route(const Flow& flow, Visit&& visit) const
{
    const int64_t a = flow.from / m_gpusPerNode, i = flow.from % m_gpusPerNode;
    const int64_t b = flow.to / m_gpusPerNode, j = flow.to % m_gpusPerNode;
    const NodeKind& from = m_kinds[size_t(kindOf(a))];
    const int64_t baseA = m_nodeLinkBase[size_t(a)];
    if (a == b) {
        const Path& path = from.gpuToGpu[size_t(i) * from.gpus.size() + size_t(j)];
        for (const LinkUse& hop : path.hops)
            visit(int32_t(baseA + hop.link), hop.reverse);
        return path.latencyUs;
    }
    const NodeKind& to = m_kinds[size_t(kindOf(b))];
    if (from.nics.empty() || to.nics.empty())
        return 0; // validation rejects nodes without NICs in a multi-node cluster
    // Leave by the NIC on the receiver's rail, so the network hop stays on one rail switch.
    const int64_t railB = to.nicOfGpu[size_t(j)];
    const int64_t railA = railB < int64_t(from.nics.size()) ? railB : from.nicOfGpu[size_t(i)];
    const Path& out = from.gpuToNic[size_t(i) * from.nics.size() + size_t(railA)];
    const Path& in = to.gpuToNic[size_t(j) * to.nics.size() + size_t(railB)];
    for (const LinkUse& hop : out.hops)
        visit(int32_t(baseA + hop.link), hop.reverse);
    visit(portOf(a, railA), false);
    const NetworkSpec& net = m_topology.network;
    const bool climbs = net.kind != NetworkKind::SingleSwitch && leafOf(a, railA) != leafOf(b, railB);
    const bool toCore = climbs && m_zoneNodes > 0 && zoneOf(a) != zoneOf(b);
    if (climbs)
        visit(int32_t(m_uplinkBase + leafOf(a, railA)), false);
    if (toCore) {
        visit(int32_t(m_coreBase + zoneOf(a)), false);
        visit(int32_t(m_coreBase + zoneOf(b)), true);
    }
    if (climbs)
        visit(int32_t(m_uplinkBase + leafOf(b, railB)), true);
    visit(portOf(b, railB), true);
    const int64_t baseB = m_nodeLinkBase[size_t(b)];
    for (auto hop = in.hops.rbegin(); hop != in.hops.rend(); ++hop)
        visit(int32_t(baseB + hop->link), !hop->reverse);
    // The network's latency is quoted GPU to GPU (what nccl-tests and the cluster summaries give), so
    // it already holds the PCIe and hand-over hops at either end.
    return net.latencyUs + (climbs ? net.spineLatencyUs : 0.0) + (toCore ? net.coreLatencyUs : 0.0);
}

struct Fabric::FlowScratch {
    std::vector<Flow> flows;
    std::vector<int64_t> members;
    std::vector<std::pair<size_t, size_t>> runs; // per node: [begin, end) of `members`
    std::vector<size_t> entries;                 // per node: the first member on each distinct NIC...
    std::vector<size_t> entryBegin;              // ...from entries[entryBegin[r]] on
    std::vector<int64_t> seenNics;
};

void Fabric::flowsOf(const std::vector<int64_t>& group, TrafficPattern pattern, FlowScratch& scratch,
                     GroupSetPricing* shape, Scope scope) const
{
    std::vector<Flow>& flows = scratch.flows;
    std::vector<int64_t>& members = scratch.members;
    flows.clear();
    members.assign(group.begin(), group.end());
    if (!std::is_sorted(members.begin(), members.end()))
        std::sort(members.begin(), members.end()); // node by node, each in its local order
    const size_t n = members.size();
    if (n < 2 || members.front() < 0 || members.back() >= gpuCount())
        return; // validation rejects rank tables that name GPUs the cluster lacks
    auto& runs = scratch.runs;
    runs.clear();
    for (size_t k = 0; k < n; ++k)
        if (k == 0 || members[k] / m_gpusPerNode != members[k - 1] / m_gpusPerNode)
            runs.push_back({ k, k + 1 });
        else
            runs.back().second = k + 1;
    if (shape) {
        int64_t fewest = int64_t(n);
        for (const auto& [begin, end] : runs)
            fewest = std::min<int64_t>(fewest, int64_t(end - begin));
        shape->groupSize = std::max<int64_t>(shape->groupSize, int64_t(n));
        shape->nodesSpanned = std::max<int64_t>(shape->nodesSpanned, int64_t(runs.size()));
        shape->membersPerNode = shape->membersPerNode == 0 ? fewest : std::min(shape->membersPerNode, fewest);
        shape->crossesNodes = shape->crossesNodes || runs.size() > 1;
    }

    if (pattern == TrafficPattern::PointToPoint) {
        flows.push_back({ group.front(), group.back(), 1.0 });
        return;
    }
    auto onFocus = [&](int64_t gpu) { return scope.focusNode < 0 || gpu / m_gpusPerNode == scope.focusNode; };
    auto sameNode = [&](int64_t a, int64_t b) { return a / m_gpusPerNode == b / m_gpusPerNode; };
    if (pattern == TrafficPattern::AllToAll) {
        const double share = 1.0 / double(n - 1);
        for (int64_t from : members)
            for (int64_t to : members)
                if (from != to && (onFocus(from) || onFocus(to)) && !(scope.uplinksOnly && sameNode(from, to)))
                    flows.push_back({ from, to, share });
        return;
    }
    if (runs.size() == 1) {
        for (size_t k = 0; k < n && onFocus(members[0]) && !scope.uplinksOnly; ++k)
            flows.push_back({ members[k], members[(k + 1) % n], 1.0 });
        return;
    }
    // Across nodes: one channel per NIC the members of every node can use.
    auto& entries = scratch.entries;
    auto& entryBegin = scratch.entryBegin;
    entries.clear();
    entryBegin.clear();
    size_t channels = n;
    for (const auto& [begin, end] : runs) {
        entryBegin.push_back(entries.size());
        scratch.seenNics.clear();
        for (size_t k = begin; k < end; ++k) {
            const int64_t nic = nicOf(kindOf(members[k] / m_gpusPerNode), members[k] % m_gpusPerNode);
            if (std::find(scratch.seenNics.begin(), scratch.seenNics.end(), nic) == scratch.seenNics.end()) {
                scratch.seenNics.push_back(nic);
                entries.push_back(k);
            }
        }
        channels = std::min(channels, entries.size() - entryBegin.back());
    }
    channels = std::max<size_t>(channels, 1);
    if (shape)
        shape->channels = shape->channels == 0 ? int64_t(channels) : std::min(shape->channels, int64_t(channels));
    const double share = 1.0 / double(channels);
    for (size_t c = 0; c < channels; ++c) {
        for (size_t r = 0; r < runs.size(); ++r) {
            const auto [begin, end] = runs[r];
            const size_t size = end - begin;
            const size_t entry = entries[entryBegin[r] + c];
            const size_t nextRun = (r + 1) % runs.size();
            const size_t nextEntry = entries[entryBegin[nextRun] + c];
            const bool here = onFocus(members[begin]);
            if (!here && !onFocus(members[nextEntry]))
                continue;
            // Walk the node from the entry member round to the one before it, then leave.
            for (size_t step = 0; here && !scope.uplinksOnly && step + 1 < size; ++step) {
                const size_t k = begin + (entry - begin + step) % size;
                const size_t next = begin + (entry - begin + step + 1) % size;
                flows.push_back({ members[k], members[next], share });
            }
            const size_t exit = begin + (entry - begin + size - 1) % size;
            flows.push_back({ members[exit], members[nextEntry], share });
        }
    }
}

// Loads per direction of each link. Focused on one node, only that node's links and NIC ports
// have a slot (a small array instead of one the size of the cluster).
struct Fabric::Walk {
    std::vector<double> load;
    std::vector<int64_t> lastGroup;
    std::vector<int32_t> sharing;
    std::vector<int32_t> flows; // flows per slot, counted where ECMP hashes them (all nodes' traffic only)

    Walk(const Fabric& fabric, Scope scope) : m_scope(scope)
    {
        size_t links = fabric.m_links.size();
        if (scope.focusNode >= 0) {
            m_nodeLinkBase = fabric.m_nodeLinkBase[size_t(scope.focusNode)];
            m_nodeLinks = int64_t(fabric.m_topology.nodes[size_t(fabric.kindOf(scope.focusNode))].links.size());
            m_portBase = fabric.m_portBase[size_t(scope.focusNode)];
            links = size_t(m_nodeLinks) + fabric.m_kinds[size_t(fabric.kindOf(scope.focusNode))].nics.size();
        } else if (scope.uplinksOnly) {
            m_uplinkBase = fabric.m_uplinkBase;
            links -= size_t(m_uplinkBase);
        }
        if (scope.focusNode < 0 && fabric.m_topology.network.uplinkBalancing == UplinkBalancing::Ecmp)
            flows.assign(2 * links, 0);
        load.assign(2 * links, 0.0);
        lastGroup.assign(2 * links, -1);
        sharing.assign(2 * links, 0);
    }
    [[nodiscard]] size_t slot(int32_t link, bool reverse) const
    {
        const int64_t index = m_scope.focusNode >= 0
            ? (link < m_portBase ? link - m_nodeLinkBase : m_nodeLinks + (link - m_portBase))
            : link - m_uplinkBase;
        return 2 * size_t(index) + (reverse ? 1 : 0);
    }
    // The first slot of an uplink (the uplinks come last among the fabric's links), and the link of a
    // slot, where the walk counts all nodes' traffic.
    [[nodiscard]] size_t firstUplinkSlot(const Fabric& fabric) const
    {
        return 2 * size_t(fabric.m_uplinkBase - m_uplinkBase);
    }
    [[nodiscard]] size_t linkOf(size_t slot) const { return size_t(m_uplinkBase) + slot / 2; }
    void add(int32_t link, bool reverse, double amount, int64_t group)
    {
        const size_t s = slot(link, reverse);
        load[s] += amount;
        if (!flows.empty())
            ++flows[s];
        if (lastGroup[s] != group) {
            lastGroup[s] = group;
            ++sharing[s];
        }
    }

private:
    Scope m_scope;
    int64_t m_nodeLinks = 0, m_nodeLinkBase = 0, m_portBase = 0; // focused on a node
    int64_t m_uplinkBase = 0;                                   // the uplinks alone
};

std::vector<Fabric::Collision> Fabric::collisionsOf(const Walk& walk) const
{
    if (walk.flows.empty())
        return {};
    const size_t first = walk.firstUplinkSlot(*this);
    std::vector<Collision> collisions(walk.flows.size() - first);
    // Each connection's traffic is hashed as flowsPerConnection flows; the busiest uplink of a
    // bundle carries expectedBusiestUplink of them, where an even spread would put flows / ports.
    // Bundles alike share one expectation, of the busiest uplink of all of them.
    const int64_t perConnection = std::max<int64_t>(m_topology.network.flowsPerConnection, 1);
    auto bundleOf = [&](size_t s) { return std::pair{ int64_t(walk.flows[s]) * perConnection, m_links[walk.linkOf(s)].ports }; };
    std::map<std::pair<int64_t, int64_t>, int64_t> alike;
    for (size_t s = first; s < walk.flows.size(); ++s)
        if (walk.flows[s] > 0)
            ++alike[bundleOf(s)];
    std::map<std::pair<int64_t, int64_t>, Collision> collisionOf;
    for (const auto& [bundle, count] : alike) {
        const auto [flows, ports] = bundle;
        const double busiest = expectedBusiestUplink(flows, ports, count), even = double(flows) / double(ports);
        // A flow takes one uplink whole, so against the bundle as one pipe the busiest uplink's
        // flows run busiest / even times slower; of that, what a flow per uplink would not cost
        // (busiest / max(even, 1)) is the collisions' doing.
        collisionOf[bundle] = { std::max(1.0, busiest / even), std::max(1.0, busiest / std::max(even, 1.0)) };
    }
    for (size_t s = first; s < walk.flows.size(); ++s)
        if (walk.flows[s] > 0)
            collisions[s - first] = collisionOf[bundleOf(s)];
    return collisions;
}

GroupSetPricing Fabric::price(const std::vector<std::vector<int64_t>>& groups, TrafficPattern pattern) const
{
    return price(groups, pattern, Scope::everyLink());
}

GroupSetPricing Fabric::price(const std::vector<std::vector<int64_t>>& groups, TrafficPattern pattern,
                              Scope scope) const
{
    GroupSetPricing pricing;
    pricing.groupCount = int64_t(groups.size());
    if (groups.empty() || m_gpusPerNode == 0)
        return pricing;
    const int64_t focusNode = scope.focusNode;
    const bool focused = focusNode >= 0;
    auto counts = [&](const Flow& flow) {
        return !focused || flow.from / m_gpusPerNode == focusNode || flow.to / m_gpusPerNode == focusNode;
    };
    auto onFocus = [&](int32_t link) {
        return scope.uplinksOnly ? link >= m_uplinkBase : !focused || m_links[size_t(link)].node == focusNode;
    };
    Walk walk(*this, scope);
    FlowScratch scratch;
    std::vector<std::pair<Flow, int64_t>> counted; // each flow that counts, with its group
    for (size_t g = 0; g < groups.size(); ++g) {
        flowsOf(groups[g], pattern, scratch, &pricing, scope);
        for (const Flow& flow : scratch.flows)
            if (counts(flow)) {
                counted.push_back({ flow, int64_t(g) });
                route(flow, [&](int32_t link, bool reverse) {
                    if (onFocus(link))
                        walk.add(link, reverse, flow.amount, int64_t(g));
                });
            }
    }
    const std::vector<Collision> collisions = collisionsOf(walk);
    std::vector<double> ownNode(groups.size(), kInfinity); // each group's slowest own first link
    for (const auto& [flow, group] : counted) {
        const int64_t g = group; // a lambda captures a structured binding only from clang 16 on (Debian 12 has 14)
        bool first = true;
        const double latency = route(flow, [&](int32_t link, bool reverse) {
            const Link& l = m_links[size_t(link)];
            if (first && !l.network)
                ownNode[size_t(g)] = std::min(ownNode[size_t(g)], l.GBps);
            first = false;
            if (!onFocus(link))
                return;
            const size_t s = walk.slot(link, reverse);
            const bool uplink = link >= m_uplinkBase;
            const Collision collision = uplink && !collisions.empty() ? collisions[s - walk.firstUplinkSlot(*this)] : Collision{};
            const double rate = l.GBps / (walk.load[s] * collision.slowdown);
            FabricLimit& limit = l.network ? pricing.network : pricing.node;
            if (takesLimit(rate, limit.GBps, uplink && collision.excess <= 1)) {
                limit.GBps = rate;
                limit.group = g;
                limit.link = { link, reverse };
                limit.load = walk.load[s];
                limit.sharing = walk.sharing[s];
                limit.collisions = collision.excess;
            }
        });
        pricing.latencyUs = std::max(pricing.latencyUs, latency);
    }
    if (pricing.node.found()) {
        pricing.node.ownGBps = ownNode[size_t(pricing.node.group)];
        pricing.node.members = groups[size_t(pricing.node.group)];
    }
    if (pricing.network.found())
        pricing.network.members = groups[size_t(pricing.network.group)];
    // The network limit's group alone: how much of its limit is other groups' traffic.
    if (pricing.network.found() && groups.size() > 1)
        // The uplinks alone do not hold the group's NICs: it is priced over every link then.
        pricing.network.ownGBps
            = price({ groups[size_t(pricing.network.group)] }, pattern, scope.uplinksOnly ? Scope::everyLink() : scope)
                  .network.GBps;
    else if (pricing.network.found())
        pricing.network.ownGBps = pricing.network.GBps;
    return pricing;
}

std::vector<LinkLoad> Fabric::linkLoads(const std::vector<std::vector<int64_t>>& groups, TrafficPattern pattern,
                                        int64_t group) const
{
    std::vector<LinkLoad> loads;
    if (group < 0 || group >= int64_t(groups.size()) || m_gpusPerNode == 0)
        return loads;
    Walk walk(*this, Scope::everyLink());
    FlowScratch scratch;
    for (size_t g = 0; g < groups.size(); ++g) {
        flowsOf(groups[g], pattern, scratch, nullptr, Scope::everyLink());
        for (const Flow& flow : scratch.flows)
            route(flow, [&](int32_t link, bool reverse) { walk.add(link, reverse, flow.amount, int64_t(g)); });
    }
    std::unordered_map<size_t, size_t> index; // slot -> entry in `loads`
    flowsOf(groups[size_t(group)], pattern, scratch, nullptr, Scope::everyLink());
    for (const Flow& flow : scratch.flows)
        route(flow, [&](int32_t link, bool reverse) {
            const size_t s = walk.slot(link, reverse);
            auto [it, added] = index.try_emplace(s, loads.size());
            if (added)
                loads.push_back({ { link, reverse }, walk.load[s], 0.0, walk.sharing[s] });
            loads[it->second].ownLoad += flow.amount;
        });
    return loads;
}

bool Fabric::allNodesAlike() const
{
    return std::all_of(m_kindOfNode.begin(), m_kindOfNode.end(), [&](int64_t k) { return k == m_kindOfNode.front(); });
}

std::vector<std::vector<int64_t>> Fabric::gpuGroups(const GroupShape& shape, const RankPlacement& placement) const
{
    std::vector<std::vector<int64_t>> groups = rankGroups(shape);
    if (placement.table)
        for (std::vector<int64_t>& group : groups)
            for (int64_t& member : group)
                member = placement.gpuOf(member);
    return groups;
}

void Fabric::takeSlowerUplinks(GroupSetPricing& nodes, const GroupSetPricing& uplinks)
{
    nodes.latencyUs = std::max(nodes.latencyUs, uplinks.latencyUs);
    if (!uplinks.network.found())
        return;
    // As price() settles it within one pass.
    const double nics = nodes.network.found() ? nodes.network.GBps : kInfinity;
    if (takesLimit(uplinks.network.GBps, nics, uplinks.network.collisions <= 1))
        nodes.network = uplinks.network;
}

std::shared_ptr<const GroupSetPricing> Fabric::priceGroups(const GroupShape& shape, const RankPlacement& placement) const
{
    const MemoKey key{ shape, placement.table ? placement.table->fingerprint : 0, bool(placement.table) };
    {
        const std::lock_guard lock(m_memoMutex);
        if (const auto it = m_memo.find(key); it != m_memo.end())
            return it->second;
    }
    // Priced outside the lock: two threads may both price a new shape, and get the same answer.
    // When every node plays the same part, node 0 and the groups that touch it tell all of the
    // nodes' links and NICs. The uplinks above them never bind unless a tier is oversubscribed or
    // ECMP may load them unevenly; then they are priced apart, over the traffic between nodes of
    // every group.
    const bool symmetric = nodeCount() > 1 && allNodesAlike() && !placement.table && isNodeAligned(shape, m_gpusPerNode);
    GroupSetPricing priced = symmetric ? price(rankGroups(shape, 0, m_gpusPerNode), shape.pattern, Scope::node(0))
                                       : price(gpuGroups(shape, placement), shape.pattern, Scope::everyLink());
    if (symmetric && priced.crossesNodes && uplinksCanBind())
        takeSlowerUplinks(priced, price(gpuGroups(shape, placement), shape.pattern, Scope::uplinks()));
    priced.groupCount = groupCount(shape);
    auto pricing = std::make_shared<const GroupSetPricing>(priced);
    const std::lock_guard lock(m_memoMutex);
    if (m_memo.size() > 4096) // a long session's worth; older shapes are cheap to price again
        m_memo.clear();
    return m_memo.emplace(key, std::move(pricing)).first->second;
}

const std::string& Fabric::nicName(int64_t node, int64_t rail) const
{
    const int64_t kind = kindOf(node);
    return m_topology.nodes[size_t(kind)].devices[size_t(m_kinds[size_t(kind)].nics[size_t(rail)])].id;
}

std::string Fabric::describe(int32_t link) const
{
    const Link& l = m_links[size_t(link)];
    if (l.local >= 0) {
        const NodeSpec& spec = m_topology.nodes[size_t(kindOf(l.node))];
        const NodeLinkSpec& nl = spec.links[size_t(l.local)];
        return nl.from + " – " + nl.to + " (" + toString(nl.kind) + ") on node " + std::to_string(l.node);
    }
    if (l.rail >= 0)
        return "NIC " + nicName(l.node, l.rail) + " of node " + std::to_string(l.node);
    if (l.zone >= 0)
        return "the core uplinks of zone " + std::to_string(l.zone) + " (nodes " + std::to_string(l.zone * m_zoneNodes)
            + "–" + std::to_string(std::min((l.zone + 1) * m_zoneNodes, nodeCount()) - 1) + ")";
    const int64_t perLeaf = std::max<int64_t>(m_topology.network.nodesPerLeaf, 1);
    if (m_topology.network.kind == NetworkKind::FatTree)
        return "the spine uplinks of leaf switch " + std::to_string(l.leaf) + " (nodes " + std::to_string(l.leaf * perLeaf)
            + "–" + std::to_string(std::min((l.leaf + 1) * perLeaf, nodeCount()) - 1) + ")";
    const int64_t pod = l.leaf / std::max<int64_t>(m_maxRails, 1), rail = l.leaf % std::max<int64_t>(m_maxRails, 1);
    return "the spine uplinks of rail " + std::to_string(rail) + "'s switch in pod " + std::to_string(pod);
}

namespace {

// Sums of E[max] = Σ_m P(max > m) stop when the term falls below this.
constexpr double kEcmpNegligible = 1e-9;

// The exact computation's work grows with flows × uplinks × the caps tried; above this the Poisson
// approximation, accurate once the uplinks are many, takes over.
constexpr int64_t kEcmpExactFlows = 256;
constexpr int64_t kEcmpExactWork = 1 << 13; // flows × uplinks

// P(no uplink carries more than `cap` of `flows` flows), exactly: the flows on one uplink are
// Binomial(s, 1/b) of the s spread over b uplinks, and the rest spread over the other b − 1.
double ecmpChanceAtMost(int64_t flows, int64_t uplinks, int64_t cap)
{
    std::vector<double> within(size_t(flows) + 1), next(size_t(flows) + 1);
    for (int64_t s = 0; s <= flows; ++s)
        within[size_t(s)] = s <= cap ? 1.0 : 0.0; // one uplink
    for (int64_t b = 2; b <= uplinks; ++b) {
        const double p = 1.0 / double(b), odds = p / (1 - p);
        for (int64_t s = 0; s <= flows; ++s) {
            double term = std::pow(1 - p, double(s)), sum = 0; // n = 0 flows on the new uplink
            for (int64_t n = 0; n <= std::min(cap, s); ++n) {
                sum += term * within[size_t(s - n)];
                term *= double(s - n) / double(n + 1) * odds;
            }
            next[size_t(s)] = sum;
        }
        std::swap(within, next);
    }
    return within[size_t(flows)];
}

double ecmpExact(int64_t flows, int64_t uplinks, int64_t bundles, int64_t floorLoad)
{
    double expected = double(floorLoad);
    for (int64_t cap = floorLoad; cap < flows; ++cap) {
        const double above = 1 - std::pow(ecmpChanceAtMost(flows, uplinks, cap), double(bundles));
        expected += above;
        if (above < kEcmpNegligible)
            break;
    }
    return expected;
}

// Each uplink's load taken as an independent Poisson(flows / uplinks).
double ecmpPoisson(int64_t flows, int64_t uplinks, int64_t bundles, int64_t floorLoad)
{
    const double lambda = double(flows) / double(uplinks), bins = double(uplinks) * double(bundles);
    double expected = 0, cdf = 0, logPmf = -lambda; // log P(a port holds m flows), from m = 0
    for (int64_t m = 0; m < flows; ++m) {
        if (m > 0)
            logPmf += std::log(lambda / double(m));
        cdf = std::min(1.0, cdf + std::exp(logPmf));
        const double above = cdf > 0 ? -std::expm1(bins * std::log(cdf)) : 1.0;
        expected += above;
        if (above < kEcmpNegligible && double(m) > lambda)
            break;
    }
    return std::max(expected, double(floorLoad));
}

} // namespace

double expectedBusiestUplink(int64_t flows, int64_t uplinks, int64_t bundles)
{
    if (flows <= 1 || uplinks <= 1)
        return double(std::max<int64_t>(flows, 0));
    bundles = std::max<int64_t>(bundles, 1);
    // Remembered: a search prices the same few counts over and over (up to ~10 ms each, exactly).
    static std::mutex mutex;
    static std::map<std::tuple<int64_t, int64_t, int64_t>, double> known;
    const auto key = std::tuple{ flows, uplinks, bundles };
    {
        const std::lock_guard lock(mutex);
        if (const auto it = known.find(key); it != known.end())
            return it->second;
    }
    const int64_t floorLoad = (flows + uplinks - 1) / uplinks;
    const bool exact = flows <= kEcmpExactFlows && flows * uplinks <= kEcmpExactWork;
    const double busiest = std::min(exact ? ecmpExact(flows, uplinks, bundles, floorLoad)
                                          : ecmpPoisson(flows, uplinks, bundles, floorLoad),
                                    double(flows));
    const std::lock_guard lock(mutex);
    if (known.size() > 4096)
        known.clear();
    known.emplace(key, busiest);
    return busiest;
}

} // namespace paraplan
