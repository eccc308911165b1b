// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/validation_cases.h"
#include "core/spec/catalog.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace paraplan::io {

// A what-if applied to every case: the scenario field at `path` (dotted, e.g.
// "training.flash_attention") is set to `value` before the scenario is read.
struct ScenarioOverride {
    std::string path;
    nlohmann::json value;
};

// Parses "PATH=VALUE" (VALUE is JSON: false, 2, "bf16"); throws ReadError naming what is wrong.
[[nodiscard]] ScenarioOverride parseScenarioOverride(const std::string& text);

// Reads a case file shaped like shared/validation/calibration_cases.json: an array of
// { "id", "source", "scenario", "published": { "metric", "value" }, "assumptions" }.
[[nodiscard]] std::vector<ValidationCase> readValidationCases(const std::string& text, const Catalog& catalog,
                                                              const std::vector<ScenarioOverride>& overrides = {});

} // namespace paraplan::io
