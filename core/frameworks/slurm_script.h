// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"

#include <string>
#include <vector>

// A Slurm batch script that puts the launch together: nodes and GPUs, the environment, the
// placement and the Megatron-LM srun line (docs/frameworks/slurm.md).
namespace paraplan::frameworks {

[[nodiscard]] LaunchBundle exportSlurm(const LaunchContext& context);

} // namespace paraplan::frameworks
