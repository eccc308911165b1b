// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/spec/uncertainty_bands.h"
#include "core/step/result.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

// A prediction's band from the band table: the regime of a scenario, the band of that regime or
// of the first coarser one with enough runs, and the band in words. Front ends attach it to the
// results they show; evaluate() stays free of it, so the search's inner loop pays nothing.
namespace paraplan {

// Fewer runs than this give quantiles too noisy to quote: the next coarser regime is used.
inline constexpr int64_t kMinBandRuns = 10;

// A calibration profile replaces the GEMM rates and NCCL bus bandwidths, the two largest sources
// of the spread; the overlaps, schedule and framework overheads it does not measure remain. No
// published run is calibrated, so the share it removes is an assumption: half the variance, which
// narrows the band around the same median by 1/sqrt(2) (docs/scenario.md, "Uncertainty").
inline constexpr double kCalibratedSpreadFactor = 0.70710678118654752;

// The regime of a configuration with `pipelineStages` stages of the scenario's model and cluster.
[[nodiscard]] BandRegime regimeOf(const Scenario& scenario, int64_t pipelineStages, bool calibrated);

// The regimes consulted for `own`, finest first: itself, then any precision, then any pipeline
// depth, then every run (each with `own`'s calibration).
[[nodiscard]] std::array<BandRegime, 4> fallbackChain(const BandRegime& own);

// The band of a predicted step in `own`'s regime, from the first regime of its fallback chain
// with kMinBandRuns runs; none when the table has no such regime.
[[nodiscard]] std::optional<StepUncertainty> uncertaintyOf(double stepS, const BandRegime& own,
                                                           const UncertaintyBands& bands);
// The band of a valid result (none for an invalid one); `calibrated`: priced with a calibration.
[[nodiscard]] std::optional<StepUncertainty> uncertaintyOf(const Scenario& scenario, const Result& result,
                                                           const UncertaintyBands& bands, bool calibrated);

// The words of a regime's precision, scale and pipeline depth, those it pools left out ("every
// run" when it pools all): English templates front ends translate (context "Uncertainty").
[[nodiscard]] std::vector<const char*> regimeWords(const BandRegime& regime);
// "bf16/fp16, one node, pp 2–8, uncalibrated" (English, for JSON and the text report).
[[nodiscard]] std::string describeRegime(const BandRegime& regime);
// How many runs of which regime set the band, and the scenario's own regime where it had too few.
[[nodiscard]] std::string describeBasis(const StepUncertainty& uncertainty);

} // namespace paraplan
