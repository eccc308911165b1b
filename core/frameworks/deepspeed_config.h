// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// DeepSpeed's JSON config and the Megatron-DeepSpeed flags for TP and PP
// (docs/frameworks/deepspeed.md).
namespace paraplan::frameworks {

[[nodiscard]] LaunchBundle exportDeepSpeed(const LaunchContext& context);
[[nodiscard]] Imported importDeepSpeed(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
