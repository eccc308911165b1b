// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

// What the cuda backend finds out about the machines of a run: collective over the world. Every
// rank describes its GPU, the first rank of each host also how the host's GPUs are joined, and
// rank 0 gets the devices in rank order and one node kind per host.
namespace paraplan::engine {

// `device` is the CUDA device this rank drives.
[[nodiscard]] Discovery discoverCudaWorld(const World& world, int device);

} // namespace paraplan::engine
