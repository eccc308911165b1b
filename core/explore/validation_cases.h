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

// What a case publishes. PeakMemoryGib is what PyTorch's max_memory_reserved() reports on the
// fullest GPU (the allocator's peak reservation, without the CUDA context and NCCL's buffers).
enum class PublishedMetric { StepSeconds, ModelTflopsPerGpu, HardwareTflopsPerGpu, Mfu, PeakMemoryGib };

// Whether the efficiency constants shape the metric: memory does not depend on them, so fits
// leave memory cases out.
[[nodiscard]] bool dependsOnEfficiency(PublishedMetric metric);

struct ValidationCase {
    std::string id;
    // Where the run was published: cross-validation leaves each group out in turn. A case file's
    // `group`, else the id up to its first '-' ("sc21", "vtrain", "dgxc2502").
    std::string group;
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

// The group of a case whose file names none: its id up to the first '-'.
[[nodiscard]] std::string defaultCaseGroup(const std::string& id);

[[nodiscard]] const char* toString(PublishedMetric metric);
[[nodiscard]] double metricOf(const Result& result, PublishedMetric metric);
[[nodiscard]] std::vector<CaseOutcome> predictCases(const std::vector<ValidationCase>& cases,
                                                    const EfficiencyParams& params,
                                                    std::shared_ptr<const Calibration> calibration = nullptr);
// Mean absolute percentage error over the evaluated outcomes, as a fraction.
[[nodiscard]] double meanAbsolutePercentageError(const std::vector<CaseOutcome>& outcomes);

// How far the predictions are off, as fractions of the published values (evaluated outcomes only).
struct ErrorSummary {
    int64_t count = 0;   // evaluated
    int64_t invalid = 0; // broke a rule: no prediction
    double mape = 0;
    double medianApe = 0;
    double p90Ape = 0;
    double maxApe = 0;
};
[[nodiscard]] ErrorSummary summarizeErrors(const std::vector<CaseOutcome>& outcomes);

struct GroupErrors {
    std::string group;
    ErrorSummary errors;
};
// One summary per group, in the order the groups first appear.
[[nodiscard]] std::vector<GroupErrors> summarizeByGroup(const std::vector<CaseOutcome>& outcomes);

} // namespace paraplan
