// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

#include <memory>

// The cuda backend: each rank drives one GPU (its local rank modulo the GPUs it sees); GEMMs run
// on cuBLASLt, collectives on NCCL. Free of CUDA headers, so that the backend registry, built
// without the toolkit's include paths, can create it.
namespace paraplan::engine {

// Throws EngineError: "no_gpu" where this machine has no driver or no GPU (with CUDA's own
// words), "driver_mismatch" where the driver is older than this build's CUDA runtime.
[[nodiscard]] std::unique_ptr<Backend> makeCudaBackend(const World& world);

} // namespace paraplan::engine
