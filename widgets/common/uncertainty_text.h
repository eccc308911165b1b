// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/step_uncertainty.h"

#include <QString>

// A prediction's 80 % band in words, in the interface's language: where it comes from (how many
// published runs of which regime) and what the calibrated regime assumes.
namespace paraplan::widgets {

// "From 54 published runs the model was not fitted on (bf16/fp16, 2 nodes to 512 GPUs, pp 2–8,
// uncalibrated): 80 % of them fell inside such a band.", and why the band leaves out
// `predictedStepS` where it does.
[[nodiscard]] QString bandBasisText(const StepUncertainty& uncertainty, double predictedStepS);

} // namespace paraplan::widgets
