// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/validation_cases.h"
#include "core/spec/uncertainty_bands.h"

#include <cstdint>
#include <vector>

// The band table from cross-validated outcomes (each case predicted by constants fitted without
// its source), and how often a table's 80 % band holds the published figure.
namespace paraplan {

// Published step / predicted step of an evaluated outcome. A throughput metric (TFLOP/s, MFU) of a
// fixed scenario is inversely proportional to its step, so its ratio is predicted / published.
[[nodiscard]] double stepRatio(const CaseOutcome& outcome);

// Every regime of every evaluated outcome's fallback chain with its quantiles of stepRatio, and
// each regime's calibrated twin: the same median, the spread narrowed by kCalibratedSpreadFactor.
[[nodiscard]] UncertaintyBands bandsFromOutcomes(const std::vector<CaseOutcome>& outcomes);

struct BandCoverage {
    int64_t inside = 0; // published figure within the outcome's 80 % band
    int64_t count = 0;  // evaluated outcomes with a band
    [[nodiscard]] double fraction() const { return count ? double(inside) / double(count) : 0; }
};
// How many outcomes' published figure lies inside the band `bands` gives their prediction
// (uncalibrated regimes: the outcomes come from the model alone).
[[nodiscard]] BandCoverage bandCoverage(const UncertaintyBands& bands, const std::vector<CaseOutcome>& outcomes);
// The same with each group's outcomes judged by bands from the other groups' only: how often the
// band holds for runs of a source it has never seen (bandCoverage of a table on the outcomes it
// comes from is about 80 % by construction).
[[nodiscard]] BandCoverage heldOutBandCoverage(const std::vector<CaseOutcome>& outcomes);

} // namespace paraplan
