// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdio>
#include <string>

// Where a device sits on the PCI bus: how CUDA, NVML and sysfs agree on which GPU is which.
namespace paraplan::engine {

struct PciAddress {
    unsigned domain = 0;
    unsigned bus = 0;
    unsigned device = 0;

    bool operator==(const PciAddress&) const = default;

    // "0000:18:00.0", as sysfs names it and NVML accepts it (GPUs are function 0).
    [[nodiscard]] std::string text() const
    {
        char out[32];
        std::snprintf(out, sizeof out, "%04x:%02x:%02x.0", domain, bus, device);
        return out;
    }
};

} // namespace paraplan::engine
