// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// The backends this machine can run: "host" always, "cuda" where its plugin loads (cuda_plugin.h).
namespace paraplan::engine {

[[nodiscard]] std::vector<std::string> availableBackends();
// "cuda" where it loads, else "host".
[[nodiscard]] std::string defaultBackend();
// Throws EngineError: "unknown_backend", or "backend_unavailable" for cuda where its plugin does not
// load (saying why), or whatever the backend's start-up reports (no GPU, a driver too old).
[[nodiscard]] std::unique_ptr<Backend> makeBackend(std::string_view name, const World& world);

} // namespace paraplan::engine
