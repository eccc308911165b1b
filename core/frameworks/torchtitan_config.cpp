// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/torchtitan_config.h"

#include <stdexcept>

namespace paraplan::frameworks {

LaunchBundle exportTorchtitanToml(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportTorchtitanToml is not written yet");
}

LaunchBundle exportTorchtitanPy(const LaunchContext& /*context*/)
{
    throw std::logic_error("core/frameworks: exportTorchtitanPy is not written yet");
}

Imported importTorchtitanToml(const std::string& /*text*/, const nlohmann::json& /*base*/)
{
    throw std::logic_error("core/frameworks: importTorchtitanToml is not written yet");
}

Imported importTorchtitanPy(const std::string& /*text*/, const nlohmann::json& /*base*/)
{
    throw std::logic_error("core/frameworks: importTorchtitanPy is not written yet");
}

} // namespace paraplan::frameworks
