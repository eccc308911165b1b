// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/cuda_discovery.h"

#include "engine/backend/ranks_by_host.h"
#include "engine/cuda/cuda_check.h"
#include "engine/cuda/gpu_topology.h"
#include "engine/cuda/host_gpu_links.h"
#include "engine/cuda/pci_address.h"

#include <algorithm>
#include <map>

namespace paraplan::engine {

namespace {

// How the host's GPUs are joined, as a node of cluster.topology; notes say what is missing.
io::HostDescription describeHost(const std::string& host, int computeMajor)
{
    io::HostDescription description;
    try {
        const HostGpuLinks links = probeHostGpuLinks(computeMajor);
        description.gpuBusIds = links.busIds;
        description.notes = links.notes;
        try {
            description.node = nodeFromMatrix(host, nvidiaSmiText(links.matrix), links.speeds);
        } catch (const std::exception& error) {
            description.notes.push_back("its GPUs' links do not make a node: " + std::string(error.what()));
        }
    } catch (const EngineError& error) {
        // Every rank must still reach the gather; the devices are known without the links.
        description.notes.push_back(std::string("how its GPUs are joined could not be found out: ") + error.what());
    }
    return description;
}

// One rank's GPU, as exchanged in discovery.
io::RankDescription describeRank(const World& world, int device)
{
    cudaDeviceProp properties{};
    checkCuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
    int clockKHz = 0, memoryClockKHz = 0;
    checkCuda(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, device), "cudaDeviceGetAttribute(clock)");
    checkCuda(cudaDeviceGetAttribute(&memoryClockKHz, cudaDevAttrMemoryClockRate, device),
              "cudaDeviceGetAttribute(memory clock)");
    const PciAddress address{ unsigned(properties.pciDomainID), unsigned(properties.pciBusID),
                              unsigned(properties.pciDeviceID) };
    io::RankDescription rank;
    rank.device.rank = world.rank();
    rank.device.host = world.hostname();
    rank.device.index = device; // the CUDA ordinal, until rank 0 finds its place on the node
    rank.device.name = properties.name;
    rank.device.memoryBytes = double(properties.totalGlobalMem);
    rank.device.multiprocessors = properties.multiProcessorCount;
    rank.device.computeCapability = std::to_string(properties.major) + "." + std::to_string(properties.minor);
    rank.device.clockMHz = clockKHz / 1000.0;
    rank.device.memoryClockMHz = memoryClockKHz / 1000.0;
    rank.device.busId = address.text();
    rank.localRank = world.localRank();
    if (world.localRank() == 0) // one probe per host is enough, and NVML is slow to start
        rank.host = describeHost(world.hostname(), properties.major);
    return rank;
}

// What the host's first rank found out about the host (nothing if none did).
io::HostDescription hostOf(const std::vector<io::RankDescription>& ranks)
{
    for (const io::RankDescription& rank : ranks)
        if (rank.host)
            return *rank.host;
    return {};
}

io::ProbeDevice deviceOf(const io::RankDescription& rank, const io::HostDescription& host)
{
    io::ProbeDevice device = rank.device;
    // Its place among the node's GPUs (gpuN), which NVML numbers in PCI order whatever CUDA does.
    const std::vector<std::string>& busIds = host.gpuBusIds;
    if (const auto found = std::find(busIds.begin(), busIds.end(), device.busId); found != busIds.end())
        device.index = found - busIds.begin();
    return device;
}

// The node of `host`; notes say what is missing or shared.
void addHost(Discovery& discovery, const std::string& host, const std::vector<io::RankDescription>& ranks,
             const io::HostDescription& description)
{
    for (const std::string& note : description.notes)
        discovery.notes.push_back(host + ": " + note);
    if (description.node)
        discovery.nodes.push_back(*description.node);
    std::map<std::string, std::vector<int64_t>> ranksOnGpu;
    for (const io::RankDescription& rank : ranks)
        ranksOnGpu[rank.device.busId].push_back(rank.device.rank);
    for (const auto& [busId, sharing] : ranksOnGpu)
        if (sharing.size() > 1)
            discovery.notes.push_back(host + ": " + std::to_string(sharing.size()) + " ranks drive the GPU at " + busId
                                      + ", which NCCL does not allow within one group; start at most one rank per GPU");
}

} // namespace

Discovery discoverCudaWorld(const World& world, int device)
{
    const std::vector<HostRanks> hosts = gatherRanksByHost(world, describeRank(world, device));
    Discovery discovery;
    discovery.backend = "cuda";
    for (const HostRanks& host : hosts) {
        const io::HostDescription description = hostOf(host.ranks);
        addHost(discovery, host.host, host.ranks, description);
        for (const io::RankDescription& rank : host.ranks)
            discovery.devices.push_back(deviceOf(rank, description));
    }
    sortByRank(discovery.devices);
    discovery.notes.push_back("NICs are not visible to CUDA: the nodes have none, so traffic between nodes is not "
                              "priced on them; add the NICs in the Topology tab or import `nvidia-smi topo -m`, which "
                              "lists them");
    return discovery;
}

} // namespace paraplan::engine
