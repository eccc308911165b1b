// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <nlohmann/json.hpp>

namespace paraplan::io {

// The scenario in the contract's shape with every field written out (presets are kept as names
// beside them), so readScenario(toJson(s)) gives back the same values.
[[nodiscard]] nlohmann::json toJson(const Scenario& scenario);

} // namespace paraplan::io
