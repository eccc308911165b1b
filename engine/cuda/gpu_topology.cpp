// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/gpu_topology.h"

#include <array>

namespace paraplan::engine {

namespace {

std::string cellText(const io::TopoCell& cell)
{
    switch (cell.path) {
    case io::TopoPath::Self:
        return "X";
    case io::TopoPath::NvLink:
        return "NV" + std::to_string(cell.nvlinks);
    case io::TopoPath::Pix:
        return "PIX";
    case io::TopoPath::Pxb:
        return "PXB";
    case io::TopoPath::Phb:
        return "PHB";
    case io::TopoPath::Node:
        return "NODE";
    case io::TopoPath::Sys:
        break;
    }
    return "SYS";
}

} // namespace

std::string nvidiaSmiText(const io::TopoMatrix& matrix)
{
    std::string text;
    for (const io::TopoDevice& device : matrix.devices)
        text.append("\t").append(device.name);
    text.append("\tNUMA Affinity\n");
    for (size_t row = 0; row < matrix.devices.size(); ++row) {
        text.append(matrix.devices[row].name);
        for (const io::TopoCell& cell : matrix.cells[row])
            text.append("\t").append(cellText(cell));
        const std::string& numa = matrix.devices[row].numaAffinity;
        text.append("\t").append(numa.empty() ? "N/A" : numa).append("\n");
    }
    return text;
}

NodeSpec nodeFromMatrix(const std::string& host, const std::string& text, const io::TopoImportOptions& speeds)
{
    NodeSpec node = io::importNvidiaSmiTopology(text, speeds);
    node.name = host;
    return node;
}

double nvlinkGBpsPerLink(int computeMajor)
{
    if (computeMajor >= 10)
        return 50;
    return computeMajor == 6 ? 20 : 25;
}

double pcieGBps(unsigned generation, unsigned lanes)
{
    // GB/s per lane: 8b/10b encoding up to Gen2, 128b/130b from Gen3, FLIT mode in Gen6.
    constexpr std::array<double, 7> perLane = { 0, 0.25, 0.5, 0.985, 1.969, 3.938, 7.563 };
    return generation < perLane.size() ? perLane[generation] * lanes : 0;
}

} // namespace paraplan::engine
