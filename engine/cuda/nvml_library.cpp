// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/nvml_library.h"

#include <dlfcn.h>


namespace paraplan::engine {

namespace {

// NVML's types and constants (nvml.h), as its ABI has kept them since the driver 450 series.
using Return = int; // nvmlReturn_t
constexpr Return kSuccess = 0;
using Device = struct nvmlDevice_st*;
struct PciInfo { // nvmlPciInfo_t, as the _v3 and _v2 calls below fill it
    char busIdLegacy[16];
    unsigned domain;
    unsigned bus;
    unsigned device;
    unsigned pciDeviceId;
    unsigned pciSubSystemId;
    char busId[32];
};
struct Memory { // nvmlMemory_t
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};
constexpr unsigned kMaxNvLinks = 18;   // NVML_NVLINK_MAX_LINKS
constexpr unsigned kFeatureEnabled = 1; // NVML_FEATURE_ENABLED
constexpr unsigned kRemoteIsSwitch = 2; // NVML_NVLINK_DEVICE_TYPE_SWITCH

template <typename Function>
bool resolve(void* handle, const char* name, Function& function)
{
    function = reinterpret_cast<Function>(dlsym(handle, name));
    return function != nullptr;
}

PciAddress addressOf(const PciInfo& info) { return { info.domain, info.bus, info.device }; }

} // namespace

struct NvmlLibrary::Api {
    Return (*init)() = nullptr;
    Return (*shutdown)() = nullptr;
    const char* (*errorString)(Return) = nullptr;
    Return (*deviceCount)(unsigned*) = nullptr;
    Return (*deviceByIndex)(unsigned, Device*) = nullptr;
    Return (*deviceByBusId)(const char*, Device*) = nullptr;
    Return (*pciInfo)(Device, PciInfo*) = nullptr;
    Return (*commonAncestor)(Device, Device, int*) = nullptr;
    // Drivers without NVLink support may lack these; their answers are then "none".
    Return (*nvLinkState)(Device, unsigned, unsigned*) = nullptr;
    Return (*nvLinkRemotePci)(Device, unsigned, PciInfo*) = nullptr;
    Return (*nvLinkRemoteType)(Device, unsigned, unsigned*) = nullptr;
    Return (*maxPcieGeneration)(Device, unsigned*) = nullptr;
    Return (*maxPcieWidth)(Device, unsigned*) = nullptr;
    Return (*memoryInfo)(Device, Memory*) = nullptr;

    [[nodiscard]] std::optional<Device> device(const PciAddress& address) const
    {
        Device device = nullptr;
        if (deviceByBusId(address.text().c_str(), &device) != kSuccess)
            return std::nullopt;
        return device;
    }
};

std::unique_ptr<NvmlLibrary> NvmlLibrary::open(std::string& why)
{
    void* handle = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* error = dlerror();
        why = "NVML (libnvidia-ml.so.1) is not installed with the driver here (" + std::string(error ? error : "")
            + "), so NVLinks and PCIe switches are not known";
        return nullptr;
    }
    auto api = std::make_unique<Api>();
    std::string missing; // the first function NVML lacks
    const auto need = [&](const char* name, auto& function) {
        if (!resolve(handle, name, function) && missing.empty())
            missing = name;
    };
    need("nvmlInit_v2", api->init);
    need("nvmlShutdown", api->shutdown);
    need("nvmlErrorString", api->errorString);
    need("nvmlDeviceGetCount_v2", api->deviceCount);
    need("nvmlDeviceGetHandleByIndex_v2", api->deviceByIndex);
    need("nvmlDeviceGetHandleByPciBusId_v2", api->deviceByBusId);
    need("nvmlDeviceGetPciInfo_v3", api->pciInfo);
    need("nvmlDeviceGetTopologyCommonAncestor", api->commonAncestor);
    if (!missing.empty()) {
        dlclose(handle);
        why = "NVML has no " + missing + " (a driver older than the 450 series), so NVLinks and PCIe switches are "
              "not known";
        return nullptr;
    }
    resolve(handle, "nvmlDeviceGetNvLinkState", api->nvLinkState);
    resolve(handle, "nvmlDeviceGetNvLinkRemotePciInfo_v2", api->nvLinkRemotePci);
    resolve(handle, "nvmlDeviceGetNvLinkRemoteDeviceType", api->nvLinkRemoteType);
    resolve(handle, "nvmlDeviceGetMaxPcieLinkGeneration", api->maxPcieGeneration);
    resolve(handle, "nvmlDeviceGetMaxPcieLinkWidth", api->maxPcieWidth);
    resolve(handle, "nvmlDeviceGetMemoryInfo", api->memoryInfo);
    if (const Return status = api->init(); status != kSuccess) {
        why = "NVML did not start (" + std::string(api->errorString(status))
            + "), so NVLinks and PCIe switches are not known";
        dlclose(handle);
        return nullptr;
    }
    return std::unique_ptr<NvmlLibrary>(new NvmlLibrary(handle, std::move(api)));
}

NvmlLibrary::NvmlLibrary(void* handle, std::unique_ptr<Api> api)
    : m_handle(handle)
    , m_api(std::move(api))
{
}

NvmlLibrary::~NvmlLibrary()
{
    m_api->shutdown();
    dlclose(m_handle);
}

std::vector<PciAddress> NvmlLibrary::gpus() const
{
    unsigned count = 0;
    std::vector<PciAddress> gpus;
    if (m_api->deviceCount(&count) != kSuccess)
        return gpus;
    for (unsigned i = 0; i < count; ++i) {
        Device device = nullptr;
        PciInfo info{};
        if (m_api->deviceByIndex(i, &device) == kSuccess && m_api->pciInfo(device, &info) == kSuccess)
            gpus.push_back(addressOf(info));
    }
    return gpus;
}

std::optional<NvmlLibrary::CommonAncestor> NvmlLibrary::commonAncestor(const PciAddress& a, const PciAddress& b) const
{
    const std::optional<Device> first = m_api->device(a), second = m_api->device(b);
    int level = 0;
    if (!first || !second || m_api->commonAncestor(*first, *second, &level) != kSuccess)
        return std::nullopt;
    switch (level) { // NVML_TOPOLOGY_INTERNAL, _SINGLE, _MULTIPLE, _HOSTBRIDGE, _NODE, _SYSTEM
    case 0:
        return CommonAncestor::Board;
    case 10:
        return CommonAncestor::OneSwitch;
    case 20:
        return CommonAncestor::SwitchTree;
    case 30:
        return CommonAncestor::HostBridge;
    case 40:
        return CommonAncestor::NumaNode;
    default:
        return CommonAncestor::System;
    }
}

std::vector<NvmlLibrary::NvLinkPeer> NvmlLibrary::nvLinks(const PciAddress& gpu) const
{
    std::vector<NvLinkPeer> peers;
    const std::optional<Device> device = m_api->device(gpu);
    if (!device || !m_api->nvLinkState || !m_api->nvLinkRemotePci)
        return peers;
    // Links a GPU does not have answer "not supported" or "invalid argument": skipped like inactive ones.
    for (unsigned link = 0; link < kMaxNvLinks; ++link) {
        unsigned state = 0, remoteType = 0;
        PciInfo remote{};
        if (m_api->nvLinkState(*device, link, &state) != kSuccess || state != kFeatureEnabled
            || m_api->nvLinkRemotePci(*device, link, &remote) != kSuccess)
            continue;
        const bool typeKnown = m_api->nvLinkRemoteType && m_api->nvLinkRemoteType(*device, link, &remoteType) == kSuccess;
        peers.push_back({ addressOf(remote), typeKnown && remoteType == kRemoteIsSwitch });
    }
    return peers;
}

std::optional<NvmlLibrary::PcieLink> NvmlLibrary::pcieLink(const PciAddress& gpu) const
{
    const std::optional<Device> device = m_api->device(gpu);
    PcieLink link;
    if (!device || !m_api->maxPcieGeneration || !m_api->maxPcieWidth
        || m_api->maxPcieGeneration(*device, &link.generation) != kSuccess
        || m_api->maxPcieWidth(*device, &link.lanes) != kSuccess)
        return std::nullopt;
    return link;
}

std::optional<double> NvmlLibrary::usedBytes(const PciAddress& gpu) const
{
    const std::optional<Device> device = m_api->device(gpu);
    Memory memory{};
    if (!device || !m_api->memoryInfo || m_api->memoryInfo(*device, &memory) != kSuccess)
        return std::nullopt;
    return double(memory.used);
}

} // namespace paraplan::engine
