// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/comparison.h"
#include "core/step/time_components.h"
#include "widgets/state/evaluation.h"

#include <QString>

// The words behind the numbers: what each part of the step is made of (tooltips), and the one
// sentence that says why configuration B is slower than A.
namespace paraplan::widgets {

// How the model arrives at a component of the current evaluation, with the link it uses.
[[nodiscard]] QString componentExplanation(TimeComponent component, const Evaluation& evaluation);

// "B's TP group spans two nodes: its all-reduces run at 190 GB/s instead of 255 GB/s.", led by "No
// real difference" when A and B lie within each other's 80 % band.
[[nodiscard]] QString explainComparison(const Comparison& comparison);

// A configuration in one line: "tp 8 · pp 4 · dp 2 · vpp 5 · mb 1 · ZeRO-1 · SP".
[[nodiscard]] QString describeConfiguration(const Scenario& scenario, const Result& result);

} // namespace paraplan::widgets
