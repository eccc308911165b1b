// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/topo_import.h"
#include "core/io/topo_matrix.h"

#include <string>
#include <vector>

// How the GPUs of this host are joined, probed by one rank per host: NVML's NVLinks and PCIe
// common ancestors where the driver provides NVML (every GPU of the host, in PCI order, as
// nvidia-smi numbers them), else CUDA's peer access between the GPUs this process sees.
namespace paraplan::engine {

struct HostGpuLinks {
    io::TopoMatrix matrix;           // rows GPU0, GPU1, ...: the host's GPUs
    std::vector<std::string> busIds; // each row's PCI address, "0000:18:00.0"
    io::TopoImportOptions speeds;    // NVLink from the compute capability, PCIe from NVML
    std::vector<std::string> notes;  // what is assumed, and why
};

// `computeMajor` of this rank's GPU gives the NVLink generation.
[[nodiscard]] HostGpuLinks probeHostGpuLinks(int computeMajor);

} // namespace paraplan::engine
