// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/uncertainty_bands.h"

#include <cstdint>

// A prediction's 80 % band: where the real step falls, judged by how far the model was off on
// comparable published runs (core/explore/uncertainty attaches it; evaluate() never does).
namespace paraplan {

struct StepUncertainty {
    // Seconds per step; p10 <= p50 <= p90. p50 need not be the prediction: it carries the
    // regime's median bias.
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    int64_t runs = 0;      // cross-validated runs behind the band
    BandRegime regime;     // whose runs set it: the scenario's own, or a coarser one
    BandRegime own;        // the scenario's own regime
    int64_t ownRuns = 0;   // its runs, fewer than needed where `regime` is coarser
};

// Each step's median lies inside the other's 80 % band: the model cannot tell the two apart.
[[nodiscard]] bool withinEachOthersBand(const StepUncertainty& a, const StepUncertainty& b);

// Where a band lies against its own prediction. A regime's runs can all have been slower (or
// faster) than the model said; the band then leaves the prediction out, and users must be told
// why the number they see lies outside its own band.
enum class BandSide { AroundPrediction, AbovePrediction, BelowPrediction };
[[nodiscard]] BandSide bandSide(const StepUncertainty& band, double predictedStepS);

} // namespace paraplan
