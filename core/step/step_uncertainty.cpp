// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/step_uncertainty.h"

namespace paraplan {

bool withinEachOthersBand(const StepUncertainty& a, const StepUncertainty& b)
{
    auto inside = [](double step, const StepUncertainty& band) { return band.p10 <= step && step <= band.p90; };
    return inside(a.p50, b) && inside(b.p50, a);
}

BandSide bandSide(const StepUncertainty& band, double predictedStepS)
{
    if (band.p10 > predictedStepS)
        return BandSide::AbovePrediction;
    if (band.p90 < predictedStepS)
        return BandSide::BelowPrediction;
    return BandSide::AroundPrediction;
}

} // namespace paraplan
