// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/topo_import.h"
#include "core/io/topo_matrix.h"
#include "core/spec/topology.h"

#include <string>

// A host's node kind from how its GPUs are joined. The relations are written out as the matrix
// `nvidia-smi topo -m` prints and read back by core's importer, so that a probed node and an
// imported one come from the same rules (NVSwitch or direct NVLinks, PCIe switches, CPU sockets:
// core/io/topo_import.cpp). The host's first rank makes the node and sends it to rank 0.
namespace paraplan::engine {

[[nodiscard]] std::string nvidiaSmiText(const io::TopoMatrix& matrix);

// Throws io::ReadError where the text is not a matrix the importer accepts.
[[nodiscard]] NodeSpec nodeFromMatrix(const std::string& host, const std::string& text, const io::TopoImportOptions& speeds);

// GB/s per NVLink and direction: 20 for NVLink 1 (Pascal, compute capability 6), 50 for NVLink 5
// (Blackwell, 10 and later), 25 for the generations between.
[[nodiscard]] double nvlinkGBpsPerLink(int computeMajor);

// GB/s per direction of a PCIe link after its line encoding; 0 for a generation it does not know.
[[nodiscard]] double pcieGBps(unsigned generation, unsigned lanes);

} // namespace paraplan::engine
