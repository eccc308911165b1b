// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/validation_cases.h"

#include "core/explore/statistics.h"
#include "core/spec/units.h"
#include "core/step/evaluator.h"

#include <algorithm>
#include <map>

namespace paraplan {

const char* toString(PublishedMetric metric)
{
    switch (metric) {
    case PublishedMetric::StepSeconds:
        return "step_s";
    case PublishedMetric::ModelTflopsPerGpu:
        return "model_tflops_per_gpu";
    case PublishedMetric::HardwareTflopsPerGpu:
        return "hardware_tflops_per_gpu";
    case PublishedMetric::Mfu:
        return "mfu";
    case PublishedMetric::PeakMemoryGib:
        return "peak_memory_gib";
    }
    return "step_s";
}

bool dependsOnEfficiency(PublishedMetric metric) { return metric != PublishedMetric::PeakMemoryGib; }

double metricOf(const Result& r, PublishedMetric metric)
{
    switch (metric) {
    case PublishedMetric::StepSeconds:
        return r.time.step;
    case PublishedMetric::ModelTflopsPerGpu:
        return r.modelTflopsPerGpu;
    case PublishedMetric::HardwareTflopsPerGpu:
        return r.hardwareTflopsPerGpu;
    case PublishedMetric::Mfu:
        return r.mfu;
    case PublishedMetric::PeakMemoryGib:
        return bytesToGib(r.memory.allocatorReserved());
    }
    return 0;
}

std::vector<CaseOutcome> predictCases(const std::vector<ValidationCase>& cases, const EfficiencyParams& params,
                                      std::shared_ptr<const Calibration> calibration)
{
    EvaluateOptions options;
    options.params = params;
    options.calibration = std::move(calibration);
    std::vector<CaseOutcome> outcomes;
    outcomes.reserve(cases.size());
    for (const ValidationCase& c : cases) {
        CaseOutcome o;
        o.validationCase = &c;
        o.result = evaluate(c.scenario, options);
        o.evaluated = o.result.valid;
        if (o.evaluated) {
            o.predicted = metricOf(o.result, c.metric);
            o.error = absolutePercentageError(o.predicted, c.published);
        }
        outcomes.push_back(std::move(o));
    }
    return outcomes;
}

double meanAbsolutePercentageError(const std::vector<CaseOutcome>& outcomes) { return summarizeErrors(outcomes).mape; }

std::string defaultCaseGroup(const std::string& id) { return id.substr(0, id.find('-')); }

ErrorSummary summarizeErrors(const std::vector<CaseOutcome>& outcomes)
{
    ErrorSummary s;
    std::vector<double> errors;
    for (const CaseOutcome& o : outcomes) {
        if (o.evaluated)
            errors.push_back(o.error);
        else
            ++s.invalid;
    }
    s.count = int64_t(errors.size());
    s.mape = mean(errors);
    s.medianApe = median(errors);
    s.p90Ape = quantile(errors, 0.9);
    s.maxApe = errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end());
    return s;
}

std::vector<GroupErrors> summarizeByGroup(const std::vector<CaseOutcome>& outcomes)
{
    std::vector<std::string> order;
    std::map<std::string, std::vector<CaseOutcome>> byGroup;
    for (const CaseOutcome& o : outcomes) {
        const std::string& group = o.validationCase->group;
        if (!byGroup.count(group))
            order.push_back(group);
        byGroup[group].push_back(o);
    }
    std::vector<GroupErrors> summaries;
    for (const std::string& group : order)
        summaries.push_back({ group, summarizeErrors(byGroup[group]) });
    return summaries;
}

} // namespace paraplan
