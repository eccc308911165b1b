// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <memory>
#include <string>
#include <vector>

// Published training runs as test cases (shared/validation/*.json): a scenario and the one figure
// the source measured. Predicting that figure and scoring the error is how the model is judged.
namespace paraplan {

class Calibration;

enum class PublishedMetric { StepSeconds, ModelTflopsPerGpu, HardwareTflopsPerGpu, Mfu };

struct ValidationCase {
    std::string id;
    std::string source;
    Scenario scenario;
    PublishedMetric metric = PublishedMetric::StepSeconds;
    double published = 0;
};

struct CaseOutcome {
    const ValidationCase* validationCase = nullptr;
    bool evaluated = false; // false when the scenario broke a rule: no prediction
    double predicted = 0;
    double error = 0; // absolute percentage error, as a fraction
    Result result;
};

[[nodiscard]] const char* toString(PublishedMetric metric);
[[nodiscard]] double metricOf(const Result& result, PublishedMetric metric);
[[nodiscard]] std::vector<CaseOutcome> predictCases(const std::vector<ValidationCase>& cases,
                                                    const EfficiencyParams& params,
                                                    std::shared_ptr<const Calibration> calibration = nullptr);
// Mean absolute percentage error over the evaluated outcomes, as a fraction.
[[nodiscard]] double meanAbsolutePercentageError(const std::vector<CaseOutcome>& outcomes);

} // namespace paraplan
