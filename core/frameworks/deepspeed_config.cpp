// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/deepspeed_config.h"

#include <stdexcept>

namespace paraplan::frameworks {

LaunchBundle exportDeepSpeed(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportDeepSpeed is not written yet");
}

Imported importDeepSpeed(const std::string& /*text*/, const nlohmann::json& /*base*/)
{
    throw std::logic_error("core/frameworks: importDeepSpeed is not written yet");
}

} // namespace paraplan::frameworks
