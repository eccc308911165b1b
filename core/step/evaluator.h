// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"
#include "core/step/step_model.h"

#include <memory>

// The cost model's entry point: one scenario in, one Result out. Pure: no I/O, no globals.
namespace paraplan {

class Calibration;

struct EvaluateOptions {
    EfficiencyParams params;
    // Measured GEMM rates and bus bandwidths that replace the model's where they apply
    // (docs/calibration.md); null: the model alone.
    std::shared_ptr<const Calibration> calibration;
    bool recordTimeline = false;
    // Check every rule and report warnings. A search that enumerates only rule-abiding
    // configurations turns this off to save the messages it would throw away.
    bool diagnostics = true;
};

[[nodiscard]] Result evaluate(const Scenario& scenario, const EvaluateOptions& options = {});

// What evaluate() prices before it simulates: the plan with recomputation settled, the groups'
// placements and every pass's time. The step's trace (core/step/step_trace.h) lays out the same
// passes. The scenario must be rule-abiding.
struct PricedStep {
    StepPlan plan;
    GroupPlacements groups;
    StepTiming timing;
};
[[nodiscard]] PricedStep priceStep(const Scenario& scenario, const EvaluateOptions& options);

// Memory per GPU of the fullest stage in bytes, with recompute resolved as evaluate() would; no
// timing, so a search can discard what does not fit cheaply. The scenario must be rule-abiding.
[[nodiscard]] double peakMemoryBytes(const Scenario& scenario);

} // namespace paraplan
