// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/topology.h"

#include <string>

// A node topology from what `nvidia-smi topo -m` prints on one machine (rules at the top of
// topo_import.cpp). The matrix gives relations, not speeds: the bandwidths come from the options.
namespace paraplan::io {

struct TopoImportOptions {
    double nvlinkGBpsPerLink = 25; // NVLink 3 and 4: 25 GB/s per link per direction
    double pcieGBps = 32;          // PCIe Gen4 x16 per direction; Gen5 = 64
    double socketLinkGBps = 64;    // UPI / xGMI between sockets
    double nicGBps = 25;           // HDR 200 Gb/s; NDR 400 Gb/s = 50
    double nvlinkLatencyUs = 1.5, pcieLatencyUs = 1.0, socketLatencyUs = 2.0;
};

// Throws io::ReadError (json_reader.h) whose path is "line N" (1-based line of the input) and
// whose message says what is wrong and what was expected.
[[nodiscard]] NodeSpec importNvidiaSmiTopology(const std::string& text, const TopoImportOptions& options = {});

} // namespace paraplan::io
