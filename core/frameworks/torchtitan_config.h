// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// torchtitan's job TOML (the releases that take one) and its Python Trainer.Config form (the
// releases after; docs/frameworks/torchtitan.md names the boundary).
namespace paraplan::frameworks {

[[nodiscard]] LaunchBundle exportTorchtitanToml(const LaunchContext& context);
[[nodiscard]] LaunchBundle exportTorchtitanPy(const LaunchContext& context);
[[nodiscard]] Imported importTorchtitanToml(const std::string& text, const nlohmann::json& base);
[[nodiscard]] Imported importTorchtitanPy(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
