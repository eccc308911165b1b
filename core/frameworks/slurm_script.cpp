// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/slurm_script.h"

#include <stdexcept>

namespace paraplan::frameworks {

LaunchBundle exportSlurm(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportSlurm is not written yet");
}

} // namespace paraplan::frameworks
