// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/launch_environment.h"

#include <stdexcept>

namespace paraplan::frameworks {

std::vector<EnvironmentSetting> launchEnvironment(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: launchEnvironment is not written yet");
}

LaunchBundle exportEnvironment(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportEnvironment is not written yet");
}

} // namespace paraplan::frameworks
