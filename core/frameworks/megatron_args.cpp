// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/megatron_args.h"

#include <stdexcept>

namespace paraplan::frameworks {

std::vector<std::string> megatronArguments(const LaunchContext& /*context*/, std::vector<std::string>& /*notes*/)
{
    throw std::logic_error("core/frameworks: megatronArguments is not written yet");
}

LaunchBundle exportMegatron(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportMegatron is not written yet");
}

Imported importMegatron(const std::string& /*text*/, const nlohmann::json& /*base*/)
{
    throw std::logic_error("core/frameworks: importMegatron is not written yet");
}

} // namespace paraplan::frameworks
