// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/launch_environment.h"

#include "core/model/memory_model.h"
#include "core/network/cluster_topology.h"
#include "core/network/nccl_tuning.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <deque>
#include <map>

// What the environment export decides, and from what (docs/frameworks/env.md has every setting's
// source; the seed's §3.2 list is its checklist):
//
// - From the GPU: Megatron's need for CUDA_DEVICE_MAX_CONNECTIONS=1 before Blackwell, NVLink SHARP
//   on NVSwitch systems from Hopper on.
// - From the node graph (core/spec/topology.h, expanded by core/network/cluster_topology.h): which
//   NIC sits nearest each GPU, whether GPUs share a PCIe switch (peer-to-peer) or only meet at the
//   CPU (host memory).
// - From the network: InfiniBand or RoCE verbs with their HCAs (RoCE's GID index), sockets for
//   Ethernet, whether NICs sit on rails (NCCL_CROSS_NIC).
// - From the plan: tp or cp > 1 with Megatron's overlapped TP layers, the memory left beside NVLS's
//   buffers, the rank placement.
//
// Names: NCCL's from its sources, PyTorch's, CUDA's and UCX's from theirs
// (tests/data/frameworks/names/nccl_environment.txt).
namespace paraplan::frameworks {

namespace {

// What the environment's rules read off the cluster.
struct ClusterTraits {
    std::string architecture; // the GPU's ("hopper", "blackwell", "cdna3"); empty for a custom GPU that does not say
    bool multiNode = false;
    LinkKind intra = LinkKind::NvSwitch;
    LinkKind inter = LinkKind::InfiniBand;
    NetworkKind network = NetworkKind::SingleSwitch;
    int64_t nics = 0;                 // per node (the first kind of node)
    std::vector<int64_t> nicOfGpu;    // the NIC nearest each local GPU over PCIe, -1 where none
    bool gpusShareSwitch = false;     // some PCIe switch holds two GPUs
};

// The NIC each GPU reaches in the fewest PCIe hops (the links NIC traffic takes; NVLink carries
// none), the lowest-numbered on a tie: what `nvidia-smi topo -m` shows as PIX / PXB.
std::vector<int64_t> nearestNics(const NodeSpec& node)
{
    const std::vector<std::vector<LinkNeighbour>> neighbours = linkNeighbours(node);
    std::vector<int64_t> nicIndex(node.devices.size(), -1);
    for (size_t d = 0, nic = 0; d < node.devices.size(); ++d)
        if (node.devices[d].kind == DeviceKind::Nic)
            nicIndex[d] = int64_t(nic++);
    std::vector<int64_t> nearest;
    for (size_t gpu = 0; gpu < node.devices.size(); ++gpu) {
        if (node.devices[gpu].kind != DeviceKind::Gpu)
            continue;
        std::vector<int> hops(node.devices.size(), -1);
        std::deque<size_t> frontier{ gpu };
        hops[gpu] = 0;
        int64_t found = -1;
        int foundAt = -1;
        while (!frontier.empty()) {
            const size_t at = frontier.front();
            frontier.pop_front();
            if (foundAt >= 0 && hops[at] > foundAt)
                break;
            if (nicIndex[at] >= 0 && (found < 0 || nicIndex[at] < found)) {
                found = nicIndex[at];
                foundAt = hops[at];
            }
            for (const LinkNeighbour& n : neighbours[at]) {
                if (node.links[size_t(n.link)].kind == NodeLinkKind::NvLink || hops[size_t(n.device)] >= 0)
                    continue;
                hops[size_t(n.device)] = hops[at] + 1;
                frontier.push_back(size_t(n.device));
            }
        }
        nearest.push_back(found);
    }
    return nearest;
}

bool gpusShareAPcieSwitch(const NodeSpec& node)
{
    const std::vector<std::vector<LinkNeighbour>> neighbours = linkNeighbours(node);
    for (size_t d = 0; d < node.devices.size(); ++d) {
        if (node.devices[d].kind != DeviceKind::PcieSwitch)
            continue;
        const auto gpus = std::count_if(neighbours[d].begin(), neighbours[d].end(), [&](const LinkNeighbour& n) {
            return node.devices[size_t(n.device)].kind == DeviceKind::Gpu
                && node.links[size_t(n.link)].kind == NodeLinkKind::Pcie;
        });
        if (gpus >= 2)
            return true;
    }
    return false;
}

ClusterTraits traitsOf(const ClusterSpec& cluster)
{
    ClusterTraits traits;
    traits.architecture = cluster.gpu.architecture;
    traits.multiNode = cluster.nodes > 1;
    traits.intra = cluster.intraNode.kind;
    traits.inter = cluster.interNode.kind;
    const TopologySpec topology = topologyOf(cluster);
    traits.network = topology.network.kind;
    if (!topology.nodes.empty()) {
        const NodeSpec& node = topology.nodes.front();
        traits.nics = node.nicCount();
        traits.nicOfGpu = nearestNics(node);
        traits.gpusShareSwitch = gpusShareAPcieSwitch(node);
    }
    return traits;
}

bool isAmd(const ClusterTraits& t) { return t.architecture.starts_with("cdna"); }
bool isBlackwellOrLater(const ClusterTraits& t) { return t.architecture == "blackwell"; }
bool usesVerbs(const ClusterTraits& t)
{
    return t.multiNode && (t.inter == LinkKind::InfiniBand || t.inter == LinkKind::RoCE);
}
bool megatronLayers(Framework f)
{
    return f == Framework::MegatronCore || f == Framework::MegatronLm || f == Framework::MegatronDeepSpeed
        || f == Framework::Nemo;
}

// The HCA name of the topology's i-th NIC: ConnectX devices enumerate as mlx5_<n>, port 1; the
// order is taken to be the topology's (checked at run time by the shell).
std::string hcaName(int64_t nic) { return "mlx5_" + std::to_string(nic); }

std::string joined(const std::vector<std::string>& items, std::string_view separator)
{
    std::string text;
    for (size_t i = 0; i < items.size(); ++i)
        (text += i == 0 ? "" : std::string(separator)) += items[i];
    return text;
}

void cudaSettings(const LaunchContext& context, const ClusterTraits& traits, std::vector<EnvironmentSetting>& out,
                  std::vector<std::string>& notes)
{
    const Scenario& s = context.scenario;
    const ParallelSpec& p = context.prediction.parallel;
    if (isAmd(traits))
        notes.push_back("cluster.gpu: an AMD GPU; RCCL reads the NCCL_ settings below, HIP reads CUDA_VISIBLE_DEVICES "
                        "but not CUDA_DEVICE_MAX_CONNECTIONS");
    out.push_back({ "CUDA_DEVICE_ORDER", "PCI_BUS_ID",
                    "number the GPUs in PCI bus order, as nvidia-smi and the topology do, not fastest first" });
    // megatron/training/arguments.py @ d98e8a64: with tp or cp > 1 before Blackwell, Megatron asks
    // for one hardware queue so that its communication kernels launch before the GEMMs they
    // overlap (core/tensor_parallel/layers.py); Megatron-FSDP asserts the opposite, and the MoE
    // all-to-all overlap needs more than one queue.
    const ParallelDegrees& d = p.degrees;
    if (!megatronLayers(s.framework.name) || (d.tp == 1 && d.cp == 1) || isBlackwellOrLater(traits) || isAmd(traits))
        return;
    const bool fsdp = p.zeroStage >= 2 && s.framework.name != Framework::MegatronDeepSpeed;
    if (fsdp || p.moeA2aOverlap) {
        notes.push_back(std::string("CUDA_DEVICE_MAX_CONNECTIONS: tp or cp > 1 would want it at 1, but ")
                        + (fsdp ? "Megatron-FSDP (zero_stage 2-3)" : "the MoE all-to-all overlap")
                        + " needs more than one hardware queue; it is left unset (do not set it to 1)");
        return;
    }
    out.push_back({ "CUDA_DEVICE_MAX_CONNECTIONS", "1",
                    "tp " + std::to_string(d.tp) + " / cp " + std::to_string(d.cp)
                        + ": one hardware queue launches Megatron's TP communication before the GEMMs it overlaps" });
}

void processSettings(const LaunchContext& context, const ClusterTraits& traits, std::vector<EnvironmentSetting>& out)
{
    out.push_back({ "NCCL_DEBUG", "WARN", "NCCL's warnings and errors in the log, without INFO's volume" });
    out.push_back({ "TORCH_NCCL_AVOID_RECORD_STREAMS", "1",
                    "free collective buffers when the work is waited on, not when the stream catches up: the memory "
                    "ParaPlan priced" });
    const ClusterSpec& cluster = context.scenario.cluster;
    if (cluster.gpusPerNode > 1 && !cluster.intraNode.nvls)
        out.push_back({ "NCCL_NVLS_ENABLE", "0", "the scenario switches NVLink SHARP off (cluster.intra_node.nvls)" });
    if (cluster.gpusPerNode > 1 && hasNvlinkSharp(cluster)) {
        const double used = context.prediction.capacityBytes > 0
                              ? context.prediction.memory.total() / context.prediction.capacityBytes
                              : 1;
        char fill[64];
        std::snprintf(fill, sizeof fill, "%.0f %%", 100 * used);
        if (used > kSafeMemoryFraction)
            out.push_back({ "NCCL_NVLS_ENABLE", "0",
                            std::string("the fullest stage fills ") + fill
                                + " of HBM, NVLink SHARP's buffers included: too little room left for the allocator's "
                                  "churn; set cluster.intra_node.nvls false to price the step and its memory without it" });
        else
            out.push_back({ "NCCL_NVLS_ENABLE", "1",
                            std::string("third-generation NVSwitch: reductions inside the node run in the switch "
                                        "(NVLink SHARP); the fullest stage, its buffers included, fills ")
                                + fill + " of HBM" });
    }
    if (cluster.interNode.sharp && usesVerbs(traits))
        out.push_back({ "NCCL_COLLNET_ENABLE", "1",
                        "the network's switches reduce (cluster.inter_node.sharp): all-reduces across nodes by "
                        "CollNet over InfiniBand SHARP, which needs NCCL's SHARP plugin (nccl-rdma-sharp-plugins, "
                        "HPC-X) on the nodes" });
    if (traits.intra == LinkKind::Pcie && context.scenario.cluster.gpusPerNode > 1) {
        if (traits.gpusShareSwitch)
            out.push_back({ "NCCL_P2P_LEVEL", "PXB",
                            "peer-to-peer between GPUs under one PCIe switch; pairs that meet only at the CPU go "
                            "through host memory" });
        else
            out.push_back({ "NCCL_P2P_DISABLE", "1",
                            "no two GPUs share a PCIe switch: their traffic goes through host memory, as priced, not "
                            "peer-to-peer across the root complex" });
    }
}

void networkSettings(const ClusterTraits& traits, std::vector<EnvironmentSetting>& out, std::vector<std::string>& notes)
{
    if (!traits.multiNode)
        return;
    switch (traits.inter) {
    case LinkKind::InfiniBand:
    case LinkKind::RoCE:
        break;
    case LinkKind::Ethernet:
    case LinkKind::Tcp:
        out.push_back({ "NCCL_IB_DISABLE", "1", "no RDMA between the nodes: NCCL's socket transport" });
        notes.push_back("NCCL_SOCKET_IFNAME: set it to the interface that carries the data between the nodes (ip -br "
                        "link); ParaPlan does not know interface names");
        return;
    default:
        notes.push_back(std::string("cluster.inter_node: ") + toString(traits.inter)
                        + " reaches NCCL through its vendor's plugin (aws-ofi-nccl, the libfabric cxi or psm2 "
                          "providers), whose settings ParaPlan does not write");
        return;
    }
    std::vector<std::string> hcas;
    for (int64_t nic = 0; nic < traits.nics; ++nic)
        hcas.push_back(hcaName(nic) + ":1");
    out.push_back({ "NCCL_IB_DISABLE", "0", "RDMA verbs between the nodes, never a fallback to sockets" });
    // "=" asks NCCL for exactly these names, not every device they prefix.
    std::string exactly(1, '=');
    exactly += joined(hcas, ",");
    if (!hcas.empty())
        out.push_back({ "NCCL_IB_HCA", exactly,
                        "the topology's " + std::to_string(traits.nics) + " compute NICs exactly (=), no storage or "
                        "management port; NCCL pairs each GPU with its nearest" });
    if (traits.inter == LinkKind::RoCE) {
        out.push_back({ "NCCL_IB_GID_INDEX", "3", "RoCE v2 over IPv4 sits at GID index 3 on ConnectX ports" });
        notes.push_back("NCCL_IB_TC / UCX_IB_TRAFFIC_CLASS: RoCE wants the traffic class of the fabric's lossless "
                        "queue (106 is common); ParaPlan does not know the switches' QoS");
        notes.push_back("NCCL_SOCKET_IFNAME: set it to the RoCE ports' interface for NCCL's bootstrap (ip -br link); "
                        "ParaPlan does not know interface names");
    } else {
        out.push_back({ "NCCL_SOCKET_IFNAME", "ib", "bootstrap over IPoIB (ib*), NCCL's first choice, never a "
                                                    "management Ethernet port" });
    }
    if (traits.network == NetworkKind::RailOptimized)
        out.push_back({ "NCCL_CROSS_NIC", "0",
                        "rail-optimised network: a ring keeps each NIC's traffic on its rail's switch" });
    else
        out.push_back({ "NCCL_CROSS_NIC", "1",
                        "all NICs of a node meet at one switch: rings may pair any NICs" });
    if (!hcas.empty()) {
        out.push_back({ "UCX_NET_DEVICES", joined(hcas, ","), "MPI or UCC traffic over UCX on the same NICs as NCCL" });
        out.push_back({ "UCX_TLS", "rc_x,sm,self",
                        "UCX over accelerated RC verbs between nodes, shared memory inside one (seed, 3.2)" });
        out.push_back({ "UCX_RNDV_THRESH", "8192", "rendezvous, zero-copy, from 8 KiB (seed, 3.2)" });
        out.push_back({ "UCX_MAX_RNDV_RAILS", "1", "each transfer on one NIC, as NCCL's pairing of GPU and NIC does "
                                                  "(seed, 3.2)" });
    }
}

// A value as the shell takes it: quoted where it holds more than plain characters.
std::string shellValue(const std::string& value)
{
    const bool plain = std::all_of(value.begin(), value.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_.,:/-").find(c) != std::string_view::npos;
    });
    return plain ? value : "\"" + value + "\"";
}

std::string joinedNumbers(const std::vector<int64_t>& numbers, std::string_view separator)
{
    std::vector<std::string> items;
    for (int64_t n : numbers)
        items.push_back(std::to_string(n));
    return joined(items, separator);
}

// Which node the shell runs on: Slurm's node index, else the NODE_RANK a launcher sets per machine
// (0 on a cluster of one node).
std::string whichNode(const Scenario& s)
{
    return std::string("paraplan_node=\"${SLURM_NODEID:-${NODE_RANK:-") + (s.cluster.nodes == 1 ? "0" : "") + "}}\"\n"
           "if [ -z \"$paraplan_node\" ]; then\n"
           "    echo \"ParaPlan: set NODE_RANK to this machine's index in the job (0 for the first)\" >&2\n"
           "    return 1 2>/dev/null || exit 1\n"
           "fi\n";
}

std::string placementShell(const LaunchContext& context, std::vector<std::string>& notes)
{
    const Scenario& s = context.scenario;
    const RankPlacement& placement = s.parallel.placement;
    std::string text = "\n# Rank placement: torchrun numbers rank = node rank x " + std::to_string(s.cluster.gpusPerNode)
                     + " + local rank, and Megatron puts local rank i on\n# device i, GPU CUDA_VISIBLE_DEVICES[i]. "
                       "Launch with torchrun --node-rank \"$PARAPLAN_NODE_RANK\".\n";
    text += whichNode(s);
    if (placement.order != kMegatronOrder)
        notes.push_back("parallel.placement.order " + toString(placement.order) + ": the framework's rank-order option "
                        "sets it (Megatron's --use-tp-pp-dp-mapping for tp-cp-ep-pp-dp), not the environment");
    if (!placement.table) {
        text += "# Rank r runs on GPU r of the job (Megatron's order): no reordering.\n"
                "export PARAPLAN_NODE_RANK=\"$paraplan_node\"\n";
        return text;
    }
    if (const std::optional<std::vector<NodeLaunch>> launches = nodeLaunches(s)) {
        text += "# parallel.placement.rank_to_gpu, node by node:\ncase \"$paraplan_node\" in\n";
        for (const NodeLaunch& node : *launches)
            text += "    " + std::to_string(node.node) + ") export CUDA_VISIBLE_DEVICES="
                  + joinedNumbers(node.visibleDevices, ",") + " PARAPLAN_NODE_RANK=" + std::to_string(node.nodeRank)
                  + " ;;\n";
        text += "    *) echo \"ParaPlan: node $paraplan_node is not one of the " + std::to_string(s.cluster.nodes)
              + " ParaPlan planned\" >&2\n       return 1 2>/dev/null || exit 1 ;;\nesac\n";
        return text;
    }
    notes.push_back("parallel.placement.rank_to_gpu sends the ranks of one torchrun node to several nodes: no "
                    "CUDA_VISIBLE_DEVICES order can say it. Launch one process per GPU instead (the slurm export does: "
                    "srun --distribution=arbitrary with SLURM_HOSTFILE listing each rank's node, and each process "
                    "seeing only its GPU); PARAPLAN_NODE_OF_RANK and PARAPLAN_GPU_OF_RANK give the table");
    const RankTargets targets = rankTargets(s);
    text += "# parallel.placement.rank_to_gpu moves ranks across nodes: one process per GPU places them. Rank r runs\n"
            "# on the job's node PARAPLAN_NODE_OF_RANK[r] with CUDA_VISIBLE_DEVICES=PARAPLAN_GPU_OF_RANK[r].\n"
            "export PARAPLAN_NODE_OF_RANK=\"" + joinedNumbers(targets.node, " ") + "\"\n"
            "export PARAPLAN_GPU_OF_RANK=\"" + joinedNumbers(targets.localGpu, " ") + "\"\n";
    return text;
}

} // namespace

RankTargets rankTargets(const Scenario& scenario)
{
    const int64_t perNode = scenario.cluster.gpusPerNode;
    const RankPlacement& placement = scenario.parallel.placement;
    const int64_t ranks = placement.table ? std::min<int64_t>(scenario.cluster.gpuCount(), int64_t(placement.table->gpuOfRank.size()))
                                          : scenario.cluster.gpuCount();
    RankTargets targets;
    for (int64_t rank = 0; rank < ranks; ++rank) {
        const int64_t gpu = placement.gpuOf(rank);
        targets.node.push_back(gpu / perNode);
        targets.localGpu.push_back(gpu % perNode);
    }
    return targets;
}

std::optional<std::vector<NodeLaunch>> nodeLaunches(const Scenario& scenario)
{
    const int64_t perNode = scenario.cluster.gpusPerNode;
    const RankTargets targets = rankTargets(scenario);
    if (int64_t(targets.node.size()) != scenario.cluster.gpuCount())
        return std::nullopt;
    std::map<int64_t, NodeLaunch> byNode;
    // torchrun's node q starts ranks q * perNode + i; all of them must land on one node.
    for (int64_t q = 0; q < scenario.cluster.nodes; ++q) {
        NodeLaunch launch{ .node = targets.node[size_t(q * perNode)], .nodeRank = q, .visibleDevices = {} };
        for (int64_t local = 0; local < perNode; ++local) {
            const size_t rank = size_t(q * perNode + local);
            if (targets.node[rank] != launch.node)
                return std::nullopt;
            launch.visibleDevices.push_back(targets.localGpu[rank]);
        }
        byNode[launch.node] = std::move(launch);
    }
    if (int64_t(byNode.size()) != scenario.cluster.nodes)
        return std::nullopt; // two torchrun nodes on one: not a rank table of this cluster
    std::vector<NodeLaunch> launches;
    for (auto& [node, launch] : byNode)
        launches.push_back(std::move(launch));
    return launches;
}

std::vector<EnvironmentSetting> launchEnvironment(const LaunchContext& context)
{
    std::vector<std::string> unused;
    const ClusterTraits traits = traitsOf(context.scenario.cluster);
    std::vector<EnvironmentSetting> settings;
    cudaSettings(context, traits, settings, unused);
    processSettings(context, traits, settings);
    networkSettings(traits, settings, unused);
    return settings;
}

std::string environmentShell(const LaunchContext& context, std::vector<std::string>& notes)
{
    const ClusterTraits traits = traitsOf(context.scenario.cluster);
    std::vector<EnvironmentSetting> settings;
    cudaSettings(context, traits, settings, notes);
    processSettings(context, traits, settings);
    networkSettings(traits, settings, notes);
    std::string text;
    for (const EnvironmentSetting& setting : settings)
        text += "# " + setting.reason + "\nexport " + setting.name + "=" + shellValue(setting.value) + "\n";
    if (usesVerbs(traits) && traits.nics > 0) {
        std::vector<std::string> devices;
        for (int64_t nic = 0; nic < traits.nics; ++nic)
            devices.push_back(hcaName(nic));
        text += "# The HCA names are the topology's NICs in order; a node that names them otherwise says so here.\n"
                "for paraplan_hca in " + joined(devices, " ") + "; do\n"
                "    [ -e \"/sys/class/infiniband/$paraplan_hca\" ] || echo \"ParaPlan: no InfiniBand device "
                "$paraplan_hca on $(hostname); set NCCL_IB_HCA and UCX_NET_DEVICES to this node's (ibv_devices)\" >&2\n"
                "done\n";
        if (traits.nics == int64_t(traits.nicOfGpu.size())) {
            text += "# One NIC per GPU (nearest over PCIe, as NCCL pairs them):";
            for (size_t gpu = 0; gpu < traits.nicOfGpu.size(); ++gpu)
                text += " GPU " + std::to_string(gpu) + " " + hcaName(traits.nicOfGpu[gpu]) + (gpu + 1 < traits.nicOfGpu.size() ? "," : "");
            text += "\n";
        }
    }
    return text + placementShell(context, notes);
}

LaunchBundle exportEnvironment(const LaunchContext& context)
{
    LaunchBundle bundle;
    const std::string body = environmentShell(context, bundle.notes);
    std::string text = "#!/bin/bash\n" + commentBlock(context.header, "# ");
    text += "# The environment the cluster calls for, each setting under its reason (docs/frameworks/env.md).\n"
            "# Source it on every node before the launcher: source paraplan_env.sh\n";
    if (!bundle.notes.empty())
        text += "# Not set here:\n" + commentBlock(bundle.notes, "#   ");
    bundle.files.push_back({ "paraplan_env.sh", text + "\n" + body });
    return bundle;
}

} // namespace paraplan::frameworks
