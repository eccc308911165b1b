// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/sensitivity.h"

#include <nlohmann/json.hpp>

// The sensitivity analysis and the order-flip check as JSON (docs/sensitivity.md): seconds for
// steps, each input's values in its unit, null for no figure, an absent side as its reason.
namespace paraplan::io {

// {"valid", "base_step_s", "base_tokens_per_s", "inputs": [...]}, or {"valid": false, "errors"}.
[[nodiscard]] nlohmann::json toJson(const Sensitivity& sensitivity);
// {"valid", "a_step_s", "b_step_s", "faster", "flips", "verdict", "bands", "bands_overlap",
// "band_verdict", "inputs": [...]}, or {"valid": false, "verdict"}.
[[nodiscard]] nlohmann::json toJson(const OrderFlips& flips);

} // namespace paraplan::io
