// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/hf_config.h"

#include <stdexcept>

namespace paraplan::frameworks {

Imported importHfConfig(const std::string& /*text*/)
{
    throw std::logic_error("core/frameworks: importHfConfig is not written yet");
}

} // namespace paraplan::frameworks
