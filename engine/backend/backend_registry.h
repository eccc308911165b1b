// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// The backends this build has: "host" always, "cuda" where the CUDA toolkit and NCCL were found.
namespace paraplan::engine {

[[nodiscard]] std::vector<std::string> availableBackends();
// "cuda" when this build has it, else "host".
[[nodiscard]] std::string defaultBackend();
// Throws EngineError: "unknown_backend", or "backend_unavailable" for cuda in a build without it,
// or whatever the backend's start-up reports (no GPU, a driver too old).
[[nodiscard]] std::unique_ptr<Backend> makeBackend(std::string_view name, const World& world);

} // namespace paraplan::engine
