// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

#include <string>

// The cuda backend is a plugin (cuda_plugin_abi.h), loaded where it is found and its CUDA runtime,
// cuBLASLt and NCCL libraries load; elsewhere the probe measures with the host backend.
namespace paraplan::engine {

struct CudaPlugin {
    using Factory = Backend* (*)(const World*);
    Factory make = nullptr; // null where it cannot be loaded
    std::string whyNot;     // why it cannot be loaded (naming the file), and what to do
};

// Looked for, in this order: the file $PARAPLAN_CUDA_BACKEND names (then only there); the library
// folder of the installation the program runs from (<prefix>/<libdir>/paraplan/backends); this
// build's own, for programs run from the build tree; the loader's library path (the GPU bundle's
// lib/). Loaded once per process and kept: the backends it makes run its code.
[[nodiscard]] const CudaPlugin& cudaPlugin();

// Loads the plugin at `path` (a bare name is looked for on the loader's library path); refuses a
// file that is no plugin or one from another build, saying so.
[[nodiscard]] CudaPlugin loadCudaPlugin(const std::string& path);

} // namespace paraplan::engine
