// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/cuda_discovery.h"

#include "engine/backend/ranks_by_host.h"
#include "engine/cuda/cuda_check.h"
#include "engine/cuda/gpu_topology.h"
#include "engine/cuda/host_gpu_links.h"
#include "engine/cuda/pci_address.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace paraplan::engine {

namespace {

nlohmann::json describeHostLinks(int computeMajor)
{
    try {
        const HostGpuLinks links = probeHostGpuLinks(computeMajor);
        return { { "topo", nvidiaSmiText(links.matrix) },
                 { "bus_ids", links.busIds },
                 { "nvlink_GBps_per_link", links.speeds.nvlinkGBpsPerLink },
                 { "pcie_GBps", links.speeds.pcieGBps },
                 { "notes", links.notes } };
    } catch (const EngineError& error) {
        // Every rank must still reach the gather; the devices are known without the links.
        return { { "notes", { std::string("how its GPUs are joined could not be found out: ") + error.what() } } };
    }
}

// One rank's GPU, as exchanged in discovery.
nlohmann::json describeRank(const World& world, int device)
{
    cudaDeviceProp properties{};
    checkCuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
    int clockKHz = 0, memoryClockKHz = 0;
    checkCuda(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, device), "cudaDeviceGetAttribute(clock)");
    checkCuda(cudaDeviceGetAttribute(&memoryClockKHz, cudaDevAttrMemoryClockRate, device),
              "cudaDeviceGetAttribute(memory clock)");
    const PciAddress address{ unsigned(properties.pciDomainID), unsigned(properties.pciBusID),
                              unsigned(properties.pciDeviceID) };
    nlohmann::json rank = { { "rank", world.rank() },
                            { "host", world.hostname() },
                            { "local_rank", world.localRank() },
                            { "ordinal", device },
                            { "name", properties.name },
                            { "memory", double(properties.totalGlobalMem) },
                            { "sms", properties.multiProcessorCount },
                            { "cc", std::to_string(properties.major) + "." + std::to_string(properties.minor) },
                            { "clock_MHz", clockKHz / 1000.0 },
                            { "memory_clock_MHz", memoryClockKHz / 1000.0 },
                            { "bus_id", address.text() } };
    if (world.localRank() == 0) // one probe per host is enough, and NVML is slow to start
        rank["host_links"] = describeHostLinks(properties.major);
    return rank;
}

DeviceInfo deviceOf(const nlohmann::json& rank, const nlohmann::json& hostLinks)
{
    DeviceInfo device;
    device.rank = rank["rank"].get<int>();
    device.host = rank["host"].get<std::string>();
    device.name = rank["name"].get<std::string>();
    device.memoryBytes = rank["memory"].get<double>();
    device.multiprocessors = rank["sms"].get<int>();
    device.computeCapability = rank["cc"].get<std::string>();
    device.clockMHz = rank["clock_MHz"].get<double>();
    device.memoryClockMHz = rank["memory_clock_MHz"].get<double>();
    device.busId = rank["bus_id"].get<std::string>();
    // Its place among the node's GPUs (gpuN), which NVML numbers in PCI order whatever CUDA does.
    device.index = rank["ordinal"].get<int>();
    if (hostLinks.contains("bus_ids")) {
        const auto busIds = hostLinks["bus_ids"].get<std::vector<std::string>>();
        if (const auto found = std::find(busIds.begin(), busIds.end(), device.busId); found != busIds.end())
            device.index = int(found - busIds.begin());
    }
    return device;
}

// What the host's first rank found out about its links (empty if nothing).
nlohmann::json hostLinksOf(const std::vector<nlohmann::json>& ranks)
{
    for (const nlohmann::json& rank : ranks)
        if (rank.contains("host_links"))
            return rank["host_links"];
    return nlohmann::json::object();
}

// The node of `host`; notes say what is missing or shared.
void describeHost(Discovery& discovery, const std::string& host, const std::vector<nlohmann::json>& ranks,
                  const nlohmann::json& links)
{
    for (const nlohmann::json& note : links.value("notes", nlohmann::json::array()))
        discovery.notes.push_back(host + ": " + note.get<std::string>());
    if (links.contains("topo")) {
        io::TopoImportOptions speeds;
        speeds.nvlinkGBpsPerLink = links["nvlink_GBps_per_link"].get<double>();
        speeds.pcieGBps = links["pcie_GBps"].get<double>();
        try {
            discovery.nodes.push_back(nodeFromMatrix(host, links["topo"].get<std::string>(), speeds));
        } catch (const std::exception& error) {
            discovery.notes.push_back(host + ": its GPUs' links do not make a node: " + std::string(error.what()));
        }
    }
    std::map<std::string, std::vector<int>> ranksOnGpu;
    for (const nlohmann::json& rank : ranks)
        ranksOnGpu[rank["bus_id"].get<std::string>()].push_back(rank["rank"].get<int>());
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
        const nlohmann::json links = hostLinksOf(host.ranks);
        describeHost(discovery, host.host, host.ranks, links);
        for (const nlohmann::json& rank : host.ranks)
            discovery.devices.push_back(deviceOf(rank, links));
    }
    sortByRank(discovery.devices);
    discovery.notes.push_back("NICs are not visible to CUDA: the nodes have none, so traffic between nodes is not "
                              "priced on them; add the NICs in the Topology tab or import `nvidia-smi topo -m`, which "
                              "lists them");
    return discovery;
}

} // namespace paraplan::engine
