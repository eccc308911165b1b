// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// Megatron-Bridge (NeMo 2.0) recipe overrides: the model.*, train.*, ddp.*, optimizer.* and
// mixed_precision keys of a ConfigContainer, as Python (docs/frameworks/megatron-bridge.md).
namespace paraplan::frameworks {

[[nodiscard]] LaunchBundle exportMegatronBridge(const LaunchContext& context);
[[nodiscard]] Imported importMegatronBridge(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
