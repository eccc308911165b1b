// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// A cluster's topology as the user describes it (scenario `cluster.topology`, docs/topology.md):
// kinds of nodes, each a small graph of GPUs, NVSwitches, PCIe switches, CPU sockets and NICs
// joined by NVLink, PCIe and socket links, and the network that joins the nodes' NICs. Plain
// values: core/network/fabric.h expands them into the graph that collectives are priced on.
namespace paraplan {

enum class DeviceKind { Gpu, NvSwitch, PcieSwitch, Cpu, Nic };

// Links inside a node. NVLink joins GPUs to each other or to an NVSwitch; PCIe joins GPUs, NICs,
// PCIe switches and CPU root ports; a socket link (UPI, xGMI) joins two CPU sockets.
enum class NodeLinkKind { NvLink, Pcie, SocketLink };

enum class NetworkKind {
    SingleSwitch,  // every NIC on one non-blocking switch
    FatTree,       // leaves of `nodes_per_leaf` nodes (all their NICs), joined by spines
    RailOptimized, // NIC i of every node of a pod on rail switch i; pods joined by spines
};

struct DeviceSpec {
    std::string id; // unique inside its node, e.g. "gpu0", "nvswitch", "pcie1", "cpu0", "nic3"
    DeviceKind kind = DeviceKind::Gpu;
    double nicGBps = 0; // NICs: port bandwidth to the network, 1e9 bytes/s per direction
    // Where the editor draws it, in node coordinates; no effect on the model.
    std::optional<std::array<double, 2>> position;
};

struct NodeLinkSpec {
    std::string from; // device ids
    std::string to;
    NodeLinkKind kind = NodeLinkKind::Pcie;
    double GBps = 0;     // per direction, 1e9 bytes/s (NVLink: all bonded links together)
    double latencyUs = 0;
};

// One kind of node, repeated `count` times. GPUs are numbered in the order they are listed: the
// i-th listed GPU is local GPU i, rank placement refers to it as node * gpus_per_node + i. NICs
// likewise: the i-th listed NIC sits on rail i.
struct NodeSpec {
    std::string name;
    int64_t count = 1;
    std::vector<DeviceSpec> devices;
    std::vector<NodeLinkSpec> links;

    [[nodiscard]] int64_t gpuCount() const;
    [[nodiscard]] int64_t nicCount() const;
    // Index into `devices`, or -1.
    [[nodiscard]] int64_t deviceIndex(const std::string& id) const;
};

// One link as seen from one of its devices: the device at the other end, the link (an index into
// the node's `links`), and `reverse` when the link is listed from that other end.
struct LinkNeighbour {
    int64_t device = -1;
    int32_t link = -1;
    bool reverse = false;
};

// Each device's links, in the order of `links`: the one adjacency the fabric routes over, the
// rules check connectivity on and the editor lays out. A link naming a device the node lacks, or
// joining a device to itself, is left out (validation reports it).
[[nodiscard]] std::vector<std::vector<LinkNeighbour>> linkNeighbours(const NodeSpec& node);

// How a switch spreads flows over its equal-cost uplinks. Adaptive routing (InfiniBand's, which
// NCCL switches on; Slingshot's; EFA's packet spraying) balances packets, so the uplinks act as one
// pipe; ECMP (Ethernet, RoCE) hashes each flow onto one uplink, where flows can collide.
enum class UplinkBalancing {
    Auto,     // from the cluster's inter-node kind (core/network/cluster_topology.cpp)
    Adaptive,
    Ecmp,
};

// Switch ports a two-tier fat tree of radix-64 switches connects (k²/2 for radix k: 64 leaves of 32
// down and 32 up, 32 spines): NVIDIA's Quantum-2 QM9700 and Spectrum-4 SN5600 have 64 ports, and
// the DGX SuperPOD reference architectures stop their leaf-spine fabric at 8 scalable units
// (2,048 GPUs, one NIC each) and add a core level from 16 (docs/cost-model.md, "Placement on the
// topology").
inline constexpr int64_t kTwoTierNicPorts = 2048;

struct NetworkSpec {
    NetworkKind kind = NetworkKind::SingleSwitch;
    int64_t nodesPerLeaf = 32; // fat tree: nodes per leaf switch; rail-optimised: nodes per pod
    double oversubscription = 1; // leaf downlink over uplink bandwidth (1 = non-blocking)
    double latencyUs = 8;        // GPU to GPU across nodes through one switch, PCIe hops included (InfiniBand)
    double spineLatencyUs = 1;   // added when the path climbs to a spine
    // Switch levels above the NICs (fat tree and rail-optimised only): 0 = two up to a zone of
    // kTwoTierNicPorts NIC ports, three beyond; 2 = leaves and spines however large; 3 = zones of
    // `podsPerZone` pods joined by a core level.
    int64_t tiers = 0;
    int64_t podsPerZone = 0;         // leaves (pods) under one spine level; 0 = as many as kTwoTierNicPorts allow
    double coreOversubscription = 1; // what a zone's leaves send up over its spines' bandwidth to the core
    double coreLatencyUs = 1;        // added when the path climbs to the core
    UplinkBalancing uplinkBalancing = UplinkBalancing::Auto;
    int64_t flowsPerConnection = 1; // flows (QPs) ECMP hashes a connection over (NCCL_IB_QPS_PER_CONNECTION)
};

struct TopologySpec {
    std::string preset; // catalog id it came from, empty when described or edited by the user
    std::vector<NodeSpec> nodes;
    NetworkSpec network;

    [[nodiscard]] int64_t nodeCount() const;
};

[[nodiscard]] const char* toString(DeviceKind kind);
[[nodiscard]] const char* toString(NodeLinkKind kind);
[[nodiscard]] const char* toString(NetworkKind kind);
[[nodiscard]] const char* toString(UplinkBalancing balancing);

} // namespace paraplan
