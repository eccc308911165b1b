// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/megatron_bridge.h"

#include <stdexcept>

namespace paraplan::frameworks {

LaunchBundle exportMegatronBridge(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportMegatronBridge is not written yet");
}

Imported importMegatronBridge(const std::string& /*text*/, const nlohmann::json& /*base*/)
{
    throw std::logic_error("core/frameworks: importMegatronBridge is not written yet");
}

} // namespace paraplan::frameworks
