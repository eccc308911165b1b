// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/topo_import.h"

#include "core/io/json_reader.h"
#include "core/io/topo_matrix.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

// How the matrix becomes a node. nvidia-smi reports, for each pair of devices, only the farthest
// kind of hop between them, so the node below is the simplest PCIe tree that reproduces every cell:
//
// - Devices: GPUs are "gpu0".."gpuN-1" in row order; NICs keep their name (the NIC Legend's
//   mlx5_0 where the matrix says NIC0), in row order, with nicGBps as port speed.
// - NVLink: when every GPU pair shows NV# and the links a point-to-point mesh would need,
//   # × (GPUs − 1), exceed what any GPU has (kMaxNvLinksPerGpu), the GPUs hang off one "nvswitch",
//   each by max-over-its-peers # × nvlinkGBpsPerLink (a GPU with a link down shows NV11 to all).
//   Otherwise each NV# pair (DGX-1's hybrid cube mesh, NVLink bridges, 4-GPU HGX boards) gets a
//   direct link of # × nvlinkGBpsPerLink.
// - CPUs: one "cpuK" per NUMA domain, numbered in row order. PIX, PXB, PHB and NODE put two
//   devices in one domain, SYS (older SOC) in two. NV# hides the PCIe path, so GPUs known only
//   through NVLink are placed by their NUMA affinity (or CPU affinity where NUMA is N/A):
//   equal affinity joins domains that no SYS separates, different affinity keeps them apart, and
//   with no evidence either way they join. nvidia-smi prints SYS both across sockets and
//   between the NUMA nodes of one socket (AMD NPS4, Intel SNC), so a DGX A100 has five CPU
//   devices: the four NUMA nodes of its GPU pairs and the one of its storage NICs. CPUs are
//   joined pairwise by socket links of socketLinkGBps.
// - PCIe: devices PIX to each other (older PSB) share one switch "pcieK"; switches and lone
//   devices PXB to each other sit under a common parent switch; what is then on top (a switch or
//   a lone device) links to its domain's CPU, as PHB and NODE both cross the host bridge. Leaf
//   switches are numbered before parents, each in row order. Every PCIe link has pcieGBps.
namespace paraplan::io {

namespace {

// NVLinks of the widest GPU so far (H100, B200: 18).
constexpr int kMaxNvLinksPerGpu = 18;

// Union-find whose representative is the smallest index, so groups come out in row order.
class DisjointSets {
public:
    explicit DisjointSets(size_t n)
        : m_parent(n)
    {
        std::iota(m_parent.begin(), m_parent.end(), size_t(0));
    }
    size_t find(size_t i)
    {
        while (m_parent[i] != i)
            i = m_parent[i] = m_parent[m_parent[i]];
        return i;
    }
    void unite(size_t a, size_t b)
    {
        a = find(a);
        b = find(b);
        m_parent[std::max(a, b)] = std::min(a, b);
    }
    // Members of every group, groups ordered by their first member.
    std::vector<std::vector<size_t>> groups()
    {
        std::vector<std::vector<size_t>> out;
        std::vector<size_t> slot(m_parent.size(), SIZE_MAX);
        for (size_t i = 0; i < m_parent.size(); ++i) {
            const size_t root = find(i);
            if (slot[root] == SIZE_MAX) {
                slot[root] = out.size();
                out.emplace_back();
            }
            out[slot[root]].push_back(i);
        }
        return out;
    }

private:
    std::vector<size_t> m_parent;
};

bool sharesNumaDomain(TopoPath path)
{
    return path == TopoPath::Pix || path == TopoPath::Pxb || path == TopoPath::Phb || path == TopoPath::Node;
}

bool anyCell(const TopoMatrix& m, const std::vector<size_t>& a, const std::vector<size_t>& b, TopoPath path)
{
    for (size_t i : a)
        for (size_t j : b)
            if (m.cells[i][j].path == path)
                return true;
    return false;
}

class NodeBuilder {
public:
    NodeBuilder(const TopoMatrix& matrix, const TopoImportOptions& options)
        : m_matrix(matrix)
        , m_options(options)
    {
        for (size_t i = 0; i < matrix.devices.size(); ++i) {
            const TopoDevice& d = matrix.devices[i];
            m_ids.push_back(d.isGpu ? "gpu" + std::to_string(m_gpus.size()) : d.name);
            (d.isGpu ? m_gpus : m_nics).push_back(i);
        }
    }

    NodeSpec build()
    {
        addNvLinks();
        const std::vector<size_t> domain = numaDomains();
        addCpus(*std::max_element(domain.begin(), domain.end()) + 1);
        addPcieTree(domain);

        NodeSpec node;
        for (size_t g : m_gpus)
            node.devices.push_back({ m_ids[g], DeviceKind::Gpu, 0, std::nullopt });
        node.devices.insert(node.devices.end(), m_added.begin(), m_added.end());
        for (size_t n : m_nics)
            node.devices.push_back({ m_ids[n], DeviceKind::Nic, m_options.nicGBps, std::nullopt });
        node.links = std::move(m_links);
        requireDistinctIds(node);
        return node;
    }

private:
    void link(const std::string& from, const std::string& to, NodeLinkKind kind, double GBps, double latencyUs)
    {
        m_links.push_back({ from, to, kind, GBps, latencyUs });
    }
    void pcieLink(const std::string& from, const std::string& to)
    {
        link(from, to, NodeLinkKind::Pcie, m_options.pcieGBps, m_options.pcieLatencyUs);
    }
    std::string addDevice(const std::string& id, DeviceKind kind)
    {
        m_added.push_back({ id, kind, 0, std::nullopt });
        return id;
    }

    void addNvLinks()
    {
        const TopoCell* narrowest = nullptr;
        bool everyPair = m_gpus.size() >= 2;
        for (size_t i = 0; i < m_matrix.devices.size(); ++i)
            for (size_t j = i + 1; j < m_matrix.devices.size(); ++j) {
                const TopoCell& cell = m_matrix.cells[i][j];
                const bool gpus = m_matrix.devices[i].isGpu && m_matrix.devices[j].isGpu;
                if (cell.path == TopoPath::NvLink && !gpus)
                    failAtLine(m_matrix.devices[j].line,
                        m_matrix.devices[j].name + " to " + m_matrix.devices[i].name + " is NV"
                            + std::to_string(cell.nvlinks)
                            + ", but NVLink joins GPUs only; expected a PCIe path (PIX … SYS)");
                if (!gpus)
                    continue;
                everyPair = everyPair && cell.path == TopoPath::NvLink;
                if (cell.path == TopoPath::NvLink && (!narrowest || cell.nvlinks < narrowest->nvlinks))
                    narrowest = &cell;
            }
        const bool switched = everyPair && narrowest->nvlinks * int(m_gpus.size() - 1) > kMaxNvLinksPerGpu;
        if (switched) {
            const std::string nvswitch = addDevice("nvswitch", DeviceKind::NvSwitch);
            for (size_t g : m_gpus) {
                int widest = 0;
                for (size_t peer : m_gpus)
                    widest = std::max(widest, m_matrix.cells[g][peer].nvlinks);
                link(m_ids[g], nvswitch, NodeLinkKind::NvLink, widest * m_options.nvlinkGBpsPerLink,
                     m_options.nvlinkLatencyUs);
            }
            return;
        }
        for (size_t a = 0; a < m_gpus.size(); ++a)
            for (size_t b = a + 1; b < m_gpus.size(); ++b) {
                const TopoCell& cell = m_matrix.cells[m_gpus[a]][m_gpus[b]];
                if (cell.path == TopoPath::NvLink)
                    link(m_ids[m_gpus[a]], m_ids[m_gpus[b]], NodeLinkKind::NvLink,
                         cell.nvlinks * m_options.nvlinkGBpsPerLink, m_options.nvlinkLatencyUs);
            }
    }

    // What a device's affinity says about its NUMA node: the NUMA id, else the CPU list, else "".
    std::string affinityKey(const std::vector<size_t>& members) const
    {
        for (size_t i : members) {
            const TopoDevice& d = m_matrix.devices[i];
            const std::string& numa = d.numaAffinity;
            if (!numa.empty() && std::all_of(numa.begin(), numa.end(), [](char c) { return c >= '0' && c <= '9'; }))
                return "numa " + numa;
            if (!d.cpuAffinity.empty() && d.cpuAffinity != "N/A")
                return "cpus " + d.cpuAffinity;
        }
        return "";
    }

    // Domain index of every device, domains numbered in row order.
    std::vector<size_t> numaDomains() const
    {
        const size_t n = m_matrix.devices.size();
        DisjointSets sets(n);
        for (size_t i = 0; i < n; ++i)
            for (size_t j = i + 1; j < n; ++j)
                if (sharesNumaDomain(m_matrix.cells[i][j].path))
                    sets.unite(i, j);
        for (bool merged = true; merged;) {
            merged = false;
            const std::vector<std::vector<size_t>> groups = sets.groups();
            for (size_t a = 0; a < groups.size() && !merged; ++a)
                for (size_t b = a + 1; b < groups.size() && !merged; ++b) {
                    const std::string keyA = affinityKey(groups[a]);
                    const std::string keyB = affinityKey(groups[b]);
                    const bool apart = anyCell(m_matrix, groups[a], groups[b], TopoPath::Sys)
                        || (!keyA.empty() && !keyB.empty() && keyA != keyB);
                    if (!apart) {
                        sets.unite(groups[a].front(), groups[b].front());
                        merged = true;
                    }
                }
        }
        std::vector<size_t> domain(n);
        const std::vector<std::vector<size_t>> groups = sets.groups();
        for (size_t d = 0; d < groups.size(); ++d)
            for (size_t i : groups[d])
                domain[i] = d;
        return domain;
    }

    void addCpus(size_t count)
    {
        for (size_t c = 0; c < count; ++c)
            m_cpus.push_back(addDevice("cpu" + std::to_string(c), DeviceKind::Cpu));
        for (size_t a = 0; a < count; ++a)
            for (size_t b = a + 1; b < count; ++b)
                link(m_cpus[a], m_cpus[b], NodeLinkKind::SocketLink, m_options.socketLinkGBps, m_options.socketLatencyUs);
    }

    std::string addPcieSwitch()
    {
        return addDevice("pcie" + std::to_string(m_pcieSwitches++), DeviceKind::PcieSwitch);
    }

    void addPcieTree(const std::vector<size_t>& domain)
    {
        const size_t n = m_matrix.devices.size();
        DisjointSets leaves(n);
        for (size_t i = 0; i < n; ++i)
            for (size_t j = i + 1; j < n; ++j)
                if (m_matrix.cells[i][j].path == TopoPath::Pix)
                    leaves.unite(i, j);
        const std::vector<std::vector<size_t>> units = leaves.groups();
        std::vector<std::string> unitIds;
        for (const std::vector<size_t>& members : units) {
            if (members.size() == 1) {
                unitIds.push_back(m_ids[members.front()]);
                continue;
            }
            unitIds.push_back(addPcieSwitch());
            for (size_t i : members)
                pcieLink(m_ids[i], unitIds.back());
        }

        DisjointSets parents(units.size());
        for (size_t a = 0; a < units.size(); ++a)
            for (size_t b = a + 1; b < units.size(); ++b)
                if (anyCell(m_matrix, units[a], units[b], TopoPath::Pxb))
                    parents.unite(a, b);
        for (const std::vector<size_t>& siblings : parents.groups()) {
            std::string top = unitIds[siblings.front()];
            if (siblings.size() > 1) {
                top = addPcieSwitch();
                for (size_t u : siblings)
                    pcieLink(unitIds[u], top);
            }
            pcieLink(top, m_cpus[domain[units[siblings.front()].front()]]);
        }
    }

    // A NIC may be named like a device the import adds ("cpu0"); links would then be ambiguous.
    void requireDistinctIds(const NodeSpec& node) const
    {
        for (size_t n : m_nics) {
            const auto same = std::count_if(node.devices.begin(), node.devices.end(),
                                            [&](const DeviceSpec& d) { return d.id == m_ids[n]; });
            if (same > 1)
                failAtLine(m_matrix.devices[n].line,
                    "the NIC " + m_ids[n] + " has the name of a device the import adds "
                        + "(gpuN, nvswitch, pcieN, cpuN); expected another name, e.g. mlx5_0");
        }
    }

    const TopoMatrix& m_matrix;
    const TopoImportOptions& m_options;
    std::vector<std::string> m_ids; // per matrix row
    std::vector<size_t> m_gpus, m_nics; // matrix rows
    std::vector<std::string> m_cpus;
    std::vector<DeviceSpec> m_added; // switches and CPUs, in the order they were made
    std::vector<NodeLinkSpec> m_links;
    int m_pcieSwitches = 0;
};

} // namespace

NodeSpec importNvidiaSmiTopology(const std::string& text, const TopoImportOptions& options)
{
    return NodeBuilder(parseTopoMatrix(text), options).build();
}

} // namespace paraplan::io
