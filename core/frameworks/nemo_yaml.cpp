// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/nemo_yaml.h"

#include <stdexcept>

namespace paraplan::frameworks {

LaunchBundle exportNemoYaml(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportNemoYaml is not written yet");
}

Imported importNemoYaml(const std::string& /*text*/, const nlohmann::json& /*base*/)
{
    throw std::logic_error("core/frameworks: importNemoYaml is not written yet");
}

} // namespace paraplan::frameworks
