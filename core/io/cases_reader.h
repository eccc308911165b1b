// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "../catalog.h"
#include "../validation_cases.h"

#include <string>
#include <vector>

namespace paraplan::io {

// Reads a case file shaped like shared/validation/calibration_cases.json: an array of
// { "id", "source", "scenario", "published": { "metric", "value" }, "assumptions" }.
[[nodiscard]] std::vector<ValidationCase> readValidationCases(const std::string& text, const Catalog& catalog);

} // namespace paraplan::io
