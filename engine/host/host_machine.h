// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

// What Linux says about this machine (/proc, /sys), for the host backend's discovery.
namespace paraplan::engine {

struct NetworkPort {
    std::string name;
    double GBps = 0; // link speed per direction
};

struct HostMachine {
    std::string cpuModel;
    int logicalCores = 0;
    int numaNodes = 1;
    double memoryBytes = 0;
    double availableBytes = 0;
    std::vector<NetworkPort> ports; // up, not loopback, with a known speed
};

[[nodiscard]] HostMachine readHostMachine();

// This process's resident memory in bytes (/proc/self/statm), 0 where Linux does not say.
[[nodiscard]] double residentBytes();

// Bytes per second of a large memory copy on this core, best of a few (the CPU rank's "link").
[[nodiscard]] double measureCopyBandwidth();

} // namespace paraplan::engine
