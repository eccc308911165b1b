// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/rank_layout.h"
#include "core/spec/topology.h"

#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

// A topology expanded over every node of the cluster: each link of each node, each NIC's port and
// each leaf's uplinks, with the route every transfer takes. It prices a set of groups that
// communicate at the same moment by the load they put on each link (docs/cost-model.md, "Topology").
//
// Traffic is counted in units of what one rank sends in the collective (S × the nccl-tests factor):
// - a ring inside one node is one chain through the members, each hop one unit;
// - a ring across nodes runs as C channels, C being the number of distinct NICs the members of a
//   node are assigned to (NCCL opens a ring per NIC): channel c enters each node at the member on
//   NIC c, walks every member and leaves from the last one, which hands its data over NVLink to the
//   GPU on NIC c when it has NVLink (NCCL's PXN) and over PCIe otherwise; each channel carries 1/C;
// - all-to-all sends 1/(n−1) from each member to each other member; a point-to-point pair one unit.
// A link carrying load L of a collective that puts U on it per rank gives each rank GBps / L; the
// group's bus bandwidth is the least of that over the links its traffic crosses.
//
// Above the NICs: leaf (or rail) switches whose uplinks climb to spines, and in clusters larger than
// a zone (NetworkSpec::tiers, podsPerZone) a core level above the zones' spines. Each tier's uplinks
// are one link of what the NICs below send over its oversubscription; where switches hash flows
// onto them (ECMP) the busiest uplink of the bundle sets its pace (expectedBusiestUplink).
namespace paraplan {

// ECMP hash collisions as balls into bins: a switch hashes each flow onto one of its equal-cost
// uplinks, independently and uniformly, so some uplinks carry more flows than their share. A
// collective waits for its slowest transfer, so what counts is the busiest uplink of all the
// switches its flows climb through at once (docs/cost-model.md, "Placement on the topology").
//
// The expected number of flows on the busiest uplink when `flows` flows are hashed onto `uplinks`
// uplinks, the busiest taken over `bundles` switches alike (each with its own `flows`): exact for
// small counts, by the Poisson approximation of the bins' loads (Mitzenmacher & Upfal,
// "Probability and Computing", §5.4) for large ones. At least ⌈flows / uplinks⌉; `flows` when
// there is one uplink or one flow.
[[nodiscard]] double expectedBusiestUplink(int64_t flows, int64_t uplinks, int64_t bundles);

struct LinkUse {
    int32_t link = -1;
    bool reverse = false; // against the link's from -> to direction
};

// Where a set of groups is limited, for one class of links (inside nodes, or the network).
struct FabricLimit {
    double GBps = std::numeric_limits<double>::infinity(); // per rank, before NCCL efficiency
    int64_t group = -1;  // the group that meets the limit
    LinkUse link;        // the link that sets it
    double load = 0;     // units on that link from every group
    int32_t sharing = 0; // groups whose traffic crosses that link
    // ECMP on that link: its busiest uplink's flows over what an even spread would put on one
    // (at least one flow each); 1 without collisions or under adaptive routing.
    double collisions = 1;
    // What the limiting group would get alone over its members' own links (the first link out of
    // each sender; for the network, the NICs it uses): the limit's slowdown is ownGBps / GBps.
    double ownGBps = std::numeric_limits<double>::infinity();
    std::vector<int64_t> members; // the limiting group's GPUs

    [[nodiscard]] bool found() const { return group >= 0; }
    [[nodiscard]] double slowdown() const { return found() && GBps > 0 ? ownGBps / GBps : 1.0; }
};

// Nodes under one spine level, or 0 when the cluster needs no core: by default as many pods as a
// two-tier fabric of radix-64 switches reaches (kTwoTierNicPorts NIC ports).
[[nodiscard]] int64_t fabricZoneNodes(const NetworkSpec& net, int64_t nicsPerNode, int64_t nodes);

struct GroupSetPricing {
    int64_t groupSize = 0;
    int64_t groupCount = 0;
    int64_t nodesSpanned = 1;   // the most nodes one group spans
    int64_t membersPerNode = 0; // the fewest members a group keeps on one of its nodes
    int64_t channels = 0;       // rings across nodes: the fewest NICs a group drives per node
    bool crossesNodes = false;
    double latencyUs = 0; // the slowest hop of any group
    FabricLimit node;     // NVLink, PCIe and socket links
    FabricLimit network;  // NIC ports and leaf uplinks
};

// Load on every link a group's traffic crosses (for drawing a selected group).
struct LinkLoad {
    LinkUse use;
    double load = 0; // units from every group of the set
    double ownLoad = 0; // units from this group alone
    int32_t sharing = 0;
};

class Fabric {
public:
    // `nodes` instances: a topology with one node kind repeats it; otherwise the kinds' counts
    // must add up to `nodes` (validation checks it; extra nodes repeat the last kind).
    Fabric(const TopologySpec& topology, int64_t nodes);

    [[nodiscard]] int64_t nodeCount() const { return int64_t(m_kindOfNode.size()); }
    [[nodiscard]] int64_t gpusPerNode() const { return m_gpusPerNode; }
    [[nodiscard]] int64_t gpuCount() const { return nodeCount() * m_gpusPerNode; }
    [[nodiscard]] const TopologySpec& topology() const { return m_topology; }
    // The node kind (index into topology().nodes) of node n.
    [[nodiscard]] int64_t kindOf(int64_t node) const { return m_kindOfNode[size_t(node)]; }
    // The NIC (rail) a GPU's traffic leaves its node by: the nearest over PCIe, spread evenly.
    [[nodiscard]] int64_t nicOf(int64_t kind, int64_t localGpu) const;

    // The GPUs of every group of `shape` under `placement` (global GPU indices).
    [[nodiscard]] std::vector<std::vector<int64_t>> gpuGroups(const GroupShape& shape, const RankPlacement& placement) const;
    // The groups of `shape` priced once and remembered: a search meets the same shapes over and
    // over, under different degrees elsewhere. Safe from several threads.
    [[nodiscard]] std::shared_ptr<const GroupSetPricing> priceGroups(const GroupShape& shape,
                                                                     const RankPlacement& placement) const;
    // Prices groups of GPUs (global indices) that communicate at once in `pattern`.
    [[nodiscard]] GroupSetPricing price(const std::vector<std::vector<int64_t>>& groups, TrafficPattern pattern) const;
    // Every link group `group` of the set crosses, with its load.
    [[nodiscard]] std::vector<LinkLoad> linkLoads(const std::vector<std::vector<int64_t>>& groups,
                                                  TrafficPattern pattern, int64_t group) const;

    [[nodiscard]] int64_t linkCount() const { return int64_t(m_links.size()); }
    [[nodiscard]] bool isNetworkLink(int32_t link) const { return m_links[size_t(link)].network; }
    [[nodiscard]] double linkGBps(int32_t link) const { return m_links[size_t(link)].GBps; }
    // "pcie0 – cpu0 on node 2", "NIC mlx5_0 of node 1", "the spine uplinks of leaf 3".
    [[nodiscard]] std::string describe(int32_t link) const;
    // For node links: the node and the index into its kind's links; -1 for network links.
    [[nodiscard]] int64_t nodeOfLink(int32_t link) const { return m_links[size_t(link)].node; }
    [[nodiscard]] int64_t localLinkOf(int32_t link) const { return m_links[size_t(link)].local; }
    // For NIC ports: the node and the rail; -1 otherwise.
    [[nodiscard]] int64_t railOfLink(int32_t link) const { return m_links[size_t(link)].rail; }
    // For core uplinks: the zone they leave; -1 otherwise (leaf uplinks have neither rail nor zone).
    [[nodiscard]] int64_t zoneOfLink(int32_t link) const { return m_links[size_t(link)].zone; }
    // Nodes under one spine level when the network has a core, else 0.
    [[nodiscard]] int64_t zoneNodes() const { return m_zoneNodes; }
    // The device id of a node's NIC on `rail`.
    [[nodiscard]] const std::string& nicName(int64_t node, int64_t rail) const;

    struct Path {
        std::vector<LinkUse> hops; // local link ids of the node kind
        double latencyUs = 0;
    };
    struct NodeKind {
        std::vector<int64_t> gpus; // device indices, in local GPU order
        std::vector<int64_t> nics; // device indices, in rail order
        std::vector<Path> gpuToGpu; // [i * gpus + j]
        std::vector<Path> gpuToNic; // [i * nics + r], NVLink hand-over allowed
        std::vector<int64_t> nicOfGpu;
    };

private:
    struct Link {
        double GBps = 0;
        double latencyUs = 0;
        bool network = false;
        int64_t node = -1;  // node links and NIC ports
        int64_t local = -1; // node links: index into the kind's links
        int64_t rail = -1;  // NIC ports
        int64_t leaf = -1;  // leaf uplinks
        int64_t zone = -1;  // core uplinks
        int64_t ports = 1;  // leaf and core uplinks: the equal-cost links ECMP hashes flows onto
    };
    struct Flow {
        int64_t from, to; // global GPU indices
        double amount;
    };
    struct Walk;        // per-pricing loads, see fabric.cpp
    struct FlowScratch; // buffers flowsOf reuses from group to group
    // The links one pricing counts: all; one node's links and NIC ports, which stand for every node
    // when all nodes play the same part; or the uplinks above the NICs alone, which only traffic
    // between nodes reaches.
    struct Scope {
        int64_t focusNode = -1;
        bool uplinksOnly = false;
        [[nodiscard]] static Scope everyLink() { return {}; }
        [[nodiscard]] static Scope node(int64_t node) { return { node, false }; }
        [[nodiscard]] static Scope uplinks() { return { -1, true }; }
    };

    // Prices as price() does, counting only the traffic on the scope's links.
    [[nodiscard]] GroupSetPricing price(const std::vector<std::vector<int64_t>>& groups, TrafficPattern pattern,
                                        Scope scope) const;
    // The flows of one group that reach the scope's links (to or from its node; between nodes).
    void flowsOf(const std::vector<int64_t>& group, TrafficPattern pattern, FlowScratch& scratch,
                 GroupSetPricing* shape, Scope scope) const;
    [[nodiscard]] bool allNodesAlike() const;
    // Calls visit(link, reverse) for each link of the flow's route; returns its latency.
    template <typename Visit>
    double route(const Flow& flow, Visit&& visit) const;
    [[nodiscard]] int64_t leafOf(int64_t node, int64_t rail) const;
    [[nodiscard]] int32_t portOf(int64_t node, int64_t rail) const;
    [[nodiscard]] int64_t zoneOf(int64_t node) const { return m_zoneNodes > 0 ? node / m_zoneNodes : 0; }
    void addUplinks(); // the leaves' spine uplinks and the zones' core uplinks
    struct Collision {
        double slowdown = 1; // the busiest uplink against the bundle as one pipe (prices the link)
        double excess = 1;   // the part of it that one flow per uplink would not cost (reported)
    };
    // ECMP on each uplink slot of `walk` (1, 1 under adaptive routing), by the flows that cross it;
    // indexed from the walk's first uplink slot, empty where the walk counts no flows.
    [[nodiscard]] std::vector<Collision> collisionsOf(const Walk& walk) const;
    // Node 0's pricing of a set of groups, its network limit and latency joined by those of every
    // group's traffic on the uplinks (price() with Scope::uplinks()).
    static void takeSlowerUplinks(GroupSetPricing& nodes, const GroupSetPricing& uplinks);
    // What the links that leave the node-local fabric may share and overload: an oversubscribed
    // tier, or uplinks that ECMP can load unevenly.
    [[nodiscard]] bool uplinksCanBind() const;

    TopologySpec m_topology;
    int64_t m_gpusPerNode = 0;
    std::vector<NodeKind> m_kinds;
    std::vector<int64_t> m_kindOfNode;
    std::vector<int64_t> m_nodeLinkBase; // first global link of each node
    std::vector<int64_t> m_portBase;     // first NIC port of each node
    int64_t m_uplinkBase = 0;
    int64_t m_coreBase = 0;  // first core uplink (one per zone), after the leaves' uplinks
    int64_t m_zoneNodes = 0; // nodes under one spine level; 0 when nothing climbs to a core
    int64_t m_maxRails = 0;
    std::vector<Link> m_links;

    using MemoKey = std::tuple<GroupShape, uint64_t, bool>; // shape, rank table, has a table
    mutable std::mutex m_memoMutex;
    mutable std::map<MemoKey, std::shared_ptr<const GroupSetPricing>> m_memo;
};

} // namespace paraplan
