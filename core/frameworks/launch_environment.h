// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"

#include <string>
#include <vector>

// The NCCL / UCX environment the cluster calls for, each setting with its reason, and the rank
// placement as per-node CUDA_VISIBLE_DEVICES orders (docs/frameworks/env.md).
namespace paraplan::frameworks {

struct EnvironmentSetting {
    std::string name;
    std::string value;
    std::string reason; // one line: why this cluster needs it
};
[[nodiscard]] std::vector<EnvironmentSetting> launchEnvironment(const LaunchContext& context);
[[nodiscard]] LaunchBundle exportEnvironment(const LaunchContext& context);

} // namespace paraplan::frameworks
