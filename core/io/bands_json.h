// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/uncertainty_bands.h"

#include <nlohmann/json.hpp>

#include <string>

// The band table in JSON (docs/scenario.md, "Uncertainty"): `paraplan-cli validate --cross-validate
// --bands-out` writes it, and the shipped one (resources/catalog/uncertainty_bands.json) is built in.
namespace paraplan::io {

// Reads a table strictly: unknown fields, unknown regime names, a run count below 1 or quantiles
// that are not ordered (p10 <= p50 <= p90) between 0.001 and 1000 are ReadErrors naming the JSON path.
[[nodiscard]] UncertaintyBands readUncertaintyBands(const std::string& text);

// Each band with its regime, runs, quantiles and, for people, the regime in words.
[[nodiscard]] nlohmann::json toJson(const UncertaintyBands& bands);

// The table built into the binary, parsed once.
[[nodiscard]] const UncertaintyBands& builtinUncertaintyBands();

} // namespace paraplan::io
