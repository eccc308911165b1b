// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/training_log.h"
#include "core/spec/scenario.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

// A training log held against the scenario it ran (docs/frameworks/logs.md): its steady-state step
// as a measurement, and as a calibration case `fit` and `validate` read.
namespace paraplan::frameworks {

// What one step of `scenario` processes: turns the rates DeepSpeed and torchtitan log into steps.
[[nodiscard]] StepWork stepWorkOf(const Scenario& scenario);

struct LogMeasurement {
    TrainingLog log;
    SteadyState steady;
    double stepS = 0; // the steady-state median step
};

// `log` (readTrainingLog) as a measurement of `scenario`'s run. Throws io::ReadError when it holds
// no step time (a rate log of a scenario without a batch), or too few steady steps to be one.
[[nodiscard]] LogMeasurement measureLog(TrainingLog log, const Scenario& scenario);

// The measurement as a case of a case file (shared/validation's shape, io::readValidationCases):
// `scenario` with the step it measured, the log's notes as the case's assumptions. The group is
// the id, so cross-validation leaves out one log at a time.
[[nodiscard]] nlohmann::json logCase(const std::string& id, const std::string& source, const Scenario& scenario,
                                     const LogMeasurement& measurement);

} // namespace paraplan::frameworks
