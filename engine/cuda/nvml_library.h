// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/cuda/pci_address.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

// The part of NVML that discovery needs, opened with dlopen where the driver installs
// libnvidia-ml.so.1: the probe must start on machines without it (containers often lack it), and
// the toolkit has no nvml.h to compile against, so the few types used are declared here after
// NVML's stable ABI.
namespace paraplan::engine {

class NvmlLibrary {
public:
    // How two GPUs' PCIe paths meet, closest first, as nvmlDeviceGetTopologyCommonAncestor says.
    enum class CommonAncestor { Board, OneSwitch, SwitchTree, HostBridge, NumaNode, System };

    struct NvLinkPeer {
        PciAddress remote;
        bool nvswitch = false; // the link ends at an NVSwitch rather than at a GPU
    };

    // Null where NVML cannot be used, with `why` set to a sentence saying so.
    static std::unique_ptr<NvmlLibrary> open(std::string& why);
    ~NvmlLibrary();
    NvmlLibrary(const NvmlLibrary&) = delete;
    NvmlLibrary& operator=(const NvmlLibrary&) = delete;

    // Every GPU of the host, whatever CUDA_VISIBLE_DEVICES says, in NVML's (PCI) order.
    [[nodiscard]] std::vector<PciAddress> gpus() const;
    [[nodiscard]] std::optional<CommonAncestor> commonAncestor(const PciAddress& a, const PciAddress& b) const;
    // One entry per active NVLink of `gpu`.
    [[nodiscard]] std::vector<NvLinkPeer> nvLinks(const PciAddress& gpu) const;
    struct PcieLink {
        unsigned generation = 0;
        unsigned lanes = 0;
    };
    // The fastest PCIe link that `gpu` and its slot allow, where NVML says.
    [[nodiscard]] std::optional<PcieLink> pcieLink(const PciAddress& gpu) const;
    // Bytes in use on `gpu` by every process (contexts included), where NVML says.
    [[nodiscard]] std::optional<double> usedBytes(const PciAddress& gpu) const;

private:
    struct Api;
    NvmlLibrary(void* handle, std::unique_ptr<Api> api);

    void* m_handle;
    std::unique_ptr<Api> m_api;
};

} // namespace paraplan::engine
