// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/trace_comparison_json.h"

#include <cmath>

namespace paraplan::io {

namespace {

nlohmann::json comparisonNumber(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json();
}

// measured / predicted, or null where nothing was predicted.
nlohmann::json ratioOf(double measured, double predicted)
{
    return predicted > 0 ? comparisonNumber(measured / predicted) : nlohmann::json();
}

const char* findingKindName(TraceFindingKind kind)
{
    switch (kind) {
    case TraceFindingKind::Pace:
        return "pace";
    case TraceFindingKind::StageOutlier:
        return "stage_outlier";
    case TraceFindingKind::Systematic:
        return "systematic";
    case TraceFindingKind::Unmodelled:
        return "unmodelled";
    }
    return "pace";
}

} // namespace

nlohmann::json traceComparisonJson(const TraceComparison& c, const std::vector<MeasuredRank>& ranks)
{
    nlohmann::json stages = nlohmann::json::array();
    for (const StageComparison& s : c.stages) {
        nlohmann::json traces = nlohmann::json::array();
        for (const size_t index : s.ranks) {
            const MeasuredRank& r = ranks[index];
            nlohmann::json trace
                = { { "source", r.source }, { "steps", r.steps.size() }, { "kernels", r.kernels.size() } };
            trace["rank"] = r.rank ? nlohmann::json(*r.rank) : nlohmann::json();
            if (!r.deviceName.empty())
                trace["device"] = r.deviceName;
            traces.push_back(std::move(trace));
        }
        nlohmann::json components = nlohmann::json::array();
        for (const KernelClass kind : kAllKernelClasses) {
            const double measured = s.measured.of(kind), predicted = s.predicted.of(kind);
            if (measured <= 0 && predicted <= 0)
                continue;
            components.push_back({ { "component", toString(kind) },
                                   { "measured_s", s.hasTrace() ? comparisonNumber(measured) : nlohmann::json() },
                                   { "predicted_s", comparisonNumber(predicted) },
                                   { "ratio", s.hasTrace() ? ratioOf(measured, predicted) : nlohmann::json() } });
        }
        components.push_back({ { "component", "idle" },
                               { "measured_s", s.hasTrace() ? comparisonNumber(s.measured.idle) : nlohmann::json() },
                               { "predicted_s", comparisonNumber(s.predicted.idle) },
                               { "ratio",
                                 s.hasTrace() ? ratioOf(s.measured.idle, s.predicted.idle) : nlohmann::json() } });
        stages.push_back({ { "stage", s.stage },
                           { "traces", std::move(traces) },
                           { "measured_step_s", s.hasTrace() ? comparisonNumber(s.measured.window) : nlohmann::json() },
                           { "components", std::move(components) } });
    }
    nlohmann::json findings = nlohmann::json::array();
    for (const TraceFinding& f : c.findings) {
        nlohmann::json one = { { "kind", findingKindName(f.kind) }, { "message", f.message } };
        if (f.kind != TraceFindingKind::Pace)
            one["component"] = toString(f.component);
        if (f.stage >= 0)
            one["stage"] = f.stage;
        if (f.kind == TraceFindingKind::StageOutlier)
            one["versus_other_stages"] = comparisonNumber(f.versusOtherStages);
        if (f.kind != TraceFindingKind::Unmodelled)
            one["versus_prediction"] = comparisonNumber(f.versusPrediction);
        one["measured_s"] = comparisonNumber(f.measuredSeconds);
        if (f.kind != TraceFindingKind::Unmodelled)
            one["expected_s"] = comparisonNumber(f.expectedSeconds);
        findings.push_back(std::move(one));
    }
    return { { "measured_step_s", comparisonNumber(c.measuredStep) },
             { "predicted_step_s", comparisonNumber(c.predictedStep) },
             { "pace", comparisonNumber(c.pace) },
             { "stages", std::move(stages) },
             { "findings", std::move(findings) },
             { "notes", c.notes } };
}

} // namespace paraplan::io
