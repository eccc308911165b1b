// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/band_estimation.h"
#include "core/explore/cross_validation.h"
#include "core/explore/validation_cases.h"

#include <nlohmann/json.hpp>

#include <vector>

// `paraplan-cli validate --json`: every case's published and predicted figure and its error, and
// the errors summarised over all cases and per group (docs/scenario.md, "Validation JSON").
namespace paraplan::io {

[[nodiscard]] nlohmann::json toJson(const std::vector<CaseOutcome>& outcomes);

// The cross-validated outcomes as above, marked `"cross_validated": true`, with each fold's fitted
// constants, the in-sample figures (`inSample`: the same cases with the shipped constants) and how
// many published figures lie inside their 80 % band (`band_coverage`; `held_out`: each group's
// band from the other groups only, heldOutBandCoverage).
[[nodiscard]] nlohmann::json toJson(const CrossValidation& cv, const std::vector<CaseOutcome>& inSample,
                                    const BandCoverage& coverage, const BandCoverage& heldOut);

} // namespace paraplan::io
