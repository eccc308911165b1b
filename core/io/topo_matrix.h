// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

// The matrix that `nvidia-smi topo -m` prints, read as it stands: one row per GPU and per NIC,
// each cell saying how the pair is connected. core/io/topo_import.h turns it into a node.
namespace paraplan::io {

// Closest first. Older drivers' PSB reads as Pix and SOC as Sys.
enum class TopoPath {
    Self,   // X, the diagonal
    NvLink, // NV#: # bonded NVLinks
    Pix,    // at most one PCIe bridge (one switch)
    Pxb,    // several PCIe bridges, below the host bridge
    Phb,    // through one PCIe host bridge (the CPU)
    Node,   // between host bridges of one NUMA node
    Sys,    // across the SMP interconnect between NUMA nodes
};

struct TopoCell {
    TopoPath path = TopoPath::Sys;
    int nvlinks = 0; // NvLink only
};

struct TopoDevice {
    std::string name; // GPU3, or the NIC's name (the NIC Legend's mlx5_0 rather than NIC0)
    bool isGpu = false;
    int line = 0;             // 1-based line of its row in the input
    std::string cpuAffinity;  // as printed ("0-63,128-191"); empty for NICs
    std::string numaAffinity; // as printed ("3", "N/A"); empty when absent
};

struct TopoMatrix {
    int headerLine = 0;
    std::vector<TopoDevice> devices;          // in row order
    std::vector<std::vector<TopoCell>> cells; // cells[row][column], symmetric
};

// Tolerates tabs or spaces, CRLF, ANSI colour escapes, text around the matrix (a prompt above
// it, the Legend blocks below) and a header whose device names were glued together by a copy.
// Throws ReadError whose path is "line N" (1-based) and whose message says what was expected.
[[nodiscard]] TopoMatrix parseTopoMatrix(const std::string& text);

} // namespace paraplan::io
