// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/catalog.h"
#include "core/spec/scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// Reads the scenario of spec/scenario.md. Presets fill every field from the catalog and fields
// given beside them override; unknown fields, wrong types and unknown presets throw
// io::ReadError naming the JSON path.
namespace paraplan::io {

[[nodiscard]] Scenario readScenario(const nlohmann::json& document, const Catalog& catalog,
                                    const std::string& path = "");
[[nodiscard]] Scenario readScenarioText(const std::string& text, const Catalog& catalog);

} // namespace paraplan::io
