// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/host_gpu_links.h"

#include "engine/cuda/cuda_check.h"
#include "engine/cuda/gpu_topology.h"
#include "engine/cuda/nvml_library.h"

#include <algorithm>
#include <fstream>
#include <optional>

// nvidia-smi prints NV# for a pair of GPUs joined by # NVLinks, and for GPUs on NVSwitches the
// links each has to the switches (NV18 between every pair of an HGX H100); the matrix below does
// the same, so core's importer recognises a switched node as it does an imported one.
namespace paraplan::engine {

namespace {

std::vector<PciAddress> visibleGpus()
{
    std::vector<PciAddress> gpus;
    const int count = visibleDeviceCount();
    for (int device = 0; device < count; ++device) {
        int domain = 0, bus = 0, slot = 0;
        checkCuda(cudaDeviceGetAttribute(&domain, cudaDevAttrPciDomainId, device), "cudaDeviceGetAttribute(PCI domain)");
        checkCuda(cudaDeviceGetAttribute(&bus, cudaDevAttrPciBusId, device), "cudaDeviceGetAttribute(PCI bus)");
        checkCuda(cudaDeviceGetAttribute(&slot, cudaDevAttrPciDeviceId, device), "cudaDeviceGetAttribute(PCI device)");
        gpus.push_back({ unsigned(domain), unsigned(bus), unsigned(slot) });
    }
    return gpus;
}

// The NUMA node the kernel places a PCI device on; -1 where it does not say (one-node machines).
int numaNodeOf(const PciAddress& address)
{
    std::ifstream file("/sys/bus/pci/devices/" + address.text() + "/numa_node");
    int node = -1;
    return file >> node ? node : -1;
}

std::optional<size_t> indexOf(const std::vector<PciAddress>& gpus, const PciAddress& address)
{
    const auto found = std::find(gpus.begin(), gpus.end(), address);
    return found == gpus.end() ? std::nullopt : std::optional<size_t>(size_t(found - gpus.begin()));
}

io::TopoPath pathOf(NvmlLibrary::CommonAncestor ancestor)
{
    switch (ancestor) {
    case NvmlLibrary::CommonAncestor::Board:
    case NvmlLibrary::CommonAncestor::OneSwitch:
        return io::TopoPath::Pix;
    case NvmlLibrary::CommonAncestor::SwitchTree:
        return io::TopoPath::Pxb;
    case NvmlLibrary::CommonAncestor::HostBridge:
        return io::TopoPath::Phb;
    case NvmlLibrary::CommonAncestor::NumaNode:
        return io::TopoPath::Node;
    case NvmlLibrary::CommonAncestor::System:
        break;
    }
    return io::TopoPath::Sys;
}

// NVLinks between every pair of `gpus`, counted as nvidia-smi counts them.
std::vector<std::vector<int>> nvLinkCounts(const NvmlLibrary& nvml, const std::vector<PciAddress>& gpus)
{
    const size_t n = gpus.size();
    std::vector<std::vector<int>> direct(n, std::vector<int>(n, 0));
    std::vector<int> toSwitches(n, 0);
    for (size_t i = 0; i < n; ++i)
        for (const NvmlLibrary::NvLinkPeer& peer : nvml.nvLinks(gpus[i])) {
            // An end that is no GPU of this host is a switch, even where NVML cannot name its type.
            const std::optional<size_t> j = indexOf(gpus, peer.remote);
            if (peer.nvswitch || !j)
                ++toSwitches[i];
            else if (*j != i)
                ++direct[i][*j];
        }
    std::vector<std::vector<int>> links(n, std::vector<int>(n, 0));
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j)
            if (i != j)
                links[i][j] = std::min(direct[i][j], direct[j][i]) + std::min(toSwitches[i], toSwitches[j]);
    return links;
}

void describeWithNvml(HostGpuLinks& links, const NvmlLibrary& nvml, const std::vector<PciAddress>& gpus)
{
    const std::vector<std::vector<int>> nvlinks = nvLinkCounts(nvml, gpus);
    double pcie = 0;
    for (size_t i = 0; i < gpus.size(); ++i) {
        for (size_t j = 0; j < gpus.size(); ++j) {
            if (i == j || nvlinks[i][j] > 0) {
                links.matrix.cells[i][j] = { i == j ? io::TopoPath::Self : io::TopoPath::NvLink, nvlinks[i][j] };
                continue;
            }
            const auto ancestor = nvml.commonAncestor(gpus[i], gpus[j]);
            links.matrix.cells[i][j] = { ancestor ? pathOf(*ancestor) : io::TopoPath::Phb, 0 };
        }
        // The node's PCIe links all get the slowest GPU's speed: the model has one PCIe figure.
        if (const auto link = nvml.pcieLink(gpus[i]))
            if (const double GBps = pcieGBps(link->generation, link->lanes); GBps > 0)
                pcie = pcie > 0 ? std::min(pcie, GBps) : GBps;
    }
    if (pcie > 0)
        links.speeds.pcieGBps = pcie;
    else
        links.notes.push_back("NVML does not give the GPUs' PCIe generation and width: PCIe links are taken as "
                              "Gen4 x16 (" + std::to_string(int(links.speeds.pcieGBps)) + " GB/s)");
}

// Without NVML: GPUs on different NUMA nodes are across sockets, GPUs that can reach each other's
// memory share a PCIe switch, others meet at the host bridge.
void describeWithPeerAccess(HostGpuLinks& links, const std::vector<PciAddress>& gpus, const std::vector<int>& numa)
{
    for (size_t i = 0; i < gpus.size(); ++i)
        for (size_t j = 0; j < gpus.size(); ++j) {
            int forward = 0, backward = 0;
            if (i != j) {
                checkCuda(cudaDeviceCanAccessPeer(&forward, int(i), int(j)), "cudaDeviceCanAccessPeer");
                checkCuda(cudaDeviceCanAccessPeer(&backward, int(j), int(i)), "cudaDeviceCanAccessPeer");
            }
            const io::TopoPath path = i == j                                   ? io::TopoPath::Self
                : numa[i] >= 0 && numa[j] >= 0 && numa[i] != numa[j] ? io::TopoPath::Sys
                : forward && backward                                ? io::TopoPath::Pxb
                                                                     : io::TopoPath::Phb;
            links.matrix.cells[i][j] = { path, 0 };
        }
}

// Pairs of GPUs this process sees that cannot reach each other's memory: NCCL then stages their
// traffic through host memory, slower than any link the node shows.
void notePeerAccess(HostGpuLinks& links, const std::vector<PciAddress>& gpus, const std::vector<PciAddress>& visible)
{
    std::vector<std::string> pairs;
    for (size_t a = 0; a < visible.size(); ++a)
        for (size_t b = a + 1; b < visible.size(); ++b) {
            int forward = 0, backward = 0;
            checkCuda(cudaDeviceCanAccessPeer(&forward, int(a), int(b)), "cudaDeviceCanAccessPeer");
            checkCuda(cudaDeviceCanAccessPeer(&backward, int(b), int(a)), "cudaDeviceCanAccessPeer");
            const auto i = indexOf(gpus, visible[a]), j = indexOf(gpus, visible[b]);
            if ((!forward || !backward) && i && j)
                pairs.push_back("gpu" + std::to_string(*i) + "-gpu" + std::to_string(*j));
        }
    if (pairs.empty())
        return;
    std::string list;
    for (size_t p = 0; p < std::min<size_t>(pairs.size(), 4); ++p)
        list += (p ? ", " : "") + pairs[p];
    links.notes.push_back(std::to_string(pairs.size()) + " pair(s) of GPUs (" + list + (pairs.size() > 4 ? ", ..." : "")
                          + ") cannot access each other's memory: NCCL stages their traffic through host memory, "
                            "slower than the links the node shows");
}

} // namespace

HostGpuLinks probeHostGpuLinks(int computeMajor)
{
    HostGpuLinks links;
    links.speeds.nvlinkGBpsPerLink = nvlinkGBpsPerLink(computeMajor);
    const std::vector<PciAddress> visible = visibleGpus();
    std::string whyNot;
    const std::unique_ptr<NvmlLibrary> nvml = NvmlLibrary::open(whyNot);
    std::vector<PciAddress> gpus = nvml ? nvml->gpus() : std::vector<PciAddress>{};
    const bool withNvml = !gpus.empty();
    if (!withNvml) {
        gpus = visible;
        if (nvml) // some containers
            whyNot = "NVML lists no GPU on this host, so NVLinks and PCIe switches are not known";
    }

    const size_t n = gpus.size();
    std::vector<int> numa;
    for (size_t i = 0; i < n; ++i) {
        numa.push_back(numaNodeOf(gpus[i]));
        links.matrix.devices.push_back({ "GPU" + std::to_string(i), true, 0, "",
                                         numa.back() >= 0 ? std::to_string(numa.back()) : "N/A" });
        links.busIds.push_back(gpus[i].text());
    }
    links.matrix.cells.assign(n, std::vector<io::TopoCell>(n));
    if (withNvml) {
        describeWithNvml(links, *nvml, gpus);
    } else {
        describeWithPeerAccess(links, gpus, numa);
        links.notes.push_back(whyNot + "; GPUs that can access each other's memory are shown under one PCIe switch, "
                                       "and PCIe links as Gen4 x16");
    }
    notePeerAccess(links, gpus, visible);
    return links;
}

} // namespace paraplan::engine
