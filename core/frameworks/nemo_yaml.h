// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// NeMo 1.x's megatron_gpt_config.yaml for older stacks (docs/frameworks/nemo-yaml.md).
namespace paraplan::frameworks {

[[nodiscard]] LaunchBundle exportNemoYaml(const LaunchContext& context);
[[nodiscard]] Imported importNemoYaml(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
