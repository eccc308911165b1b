// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/log_measurement.h"

#include "core/io/json_reader.h"
#include "core/io/scenario_writer.h"

#include <cstdio>

namespace paraplan::frameworks {

namespace {

// Fewer steady steps than this and the median is one step's noise, not the run's pace.
constexpr int kFewestSteadySteps = 3;

} // namespace

StepWork stepWorkOf(const Scenario& scenario)
{
    return { scenario.training.globalBatch, scenario.training.seqLen, scenario.cluster.gpuCount() };
}

LogMeasurement measureLog(TrainingLog log, const Scenario& scenario)
{
    LogMeasurement m;
    m.log = std::move(log);
    m.steady = steadyStateOf(m.log, stepWorkOf(scenario));
    if (!m.steady.stepS)
        throw io::ReadError("(file)", std::string("the ") + toString(m.log.format)
                                          + " log gives no step time: "
                                          + (m.steady.notes.empty() ? std::string("none of its lines has one")
                                                                    : m.steady.notes.front()));
    if (m.steady.used < kFewestSteadySteps)
        throw io::ReadError("(file)", "the log has " + std::to_string(m.steady.used)
                                          + " steady step(s) after its warm-up; a measurement needs at least "
                                          + std::to_string(kFewestSteadySteps) + " (log more iterations)");
    m.stepS = *m.steady.stepS;
    return m;
}

nlohmann::json logCase(const std::string& id, const std::string& source, const Scenario& scenario,
                       const LogMeasurement& measurement)
{
    char summary[256];
    std::snprintf(summary, sizeof summary,
                  "%s log: median of %d steady steps (%d warm-up skipped, %zu outliers left out), spread %.1f %%",
                  toString(measurement.log.format), measurement.steady.used, measurement.steady.warmupSkipped,
                  measurement.steady.outliers.size(), 100 * measurement.steady.spread);
    nlohmann::json assumptions = nlohmann::json::array({ summary });
    for (const std::string& note : measurement.log.notes)
        assumptions.push_back(note);
    for (const std::string& note : measurement.steady.notes)
        assumptions.push_back(note);
    return { { "id", id },
             { "group", id },
             { "source", source },
             { "scenario", io::toJson(scenario) },
             { "published", { { "metric", "step_s" }, { "value", measurement.stepS } } },
             { "assumptions", assumptions } };
}

} // namespace paraplan::frameworks
