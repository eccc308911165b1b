// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/schedule_comparison.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <memory>
#include <vector>

namespace paraplan {
class Calibration;
}

// Everything the views draw for one configuration, computed once per change and shared
// read-only between them.
namespace paraplan::widgets {

struct Evaluation {
    Scenario scenario;
    Result result; // valid, with the pipeline timeline and the step's band
    // Bubble fraction of this configuration for each number of micro-batches (negative where the
    // schedule cannot run that many).
    std::vector<int64_t> bubbleMicroBatches;
    std::vector<double> bubbleFractions;
    // Every pipeline schedule at this configuration (empty without a pipeline).
    std::vector<ScheduleOption> schedules;
};

using EvaluationPtr = std::shared_ptr<const Evaluation>;

// The pipeline timeline is recorded for drawing only up to this many operations (2 · stages ·
// chunks · micro-batches): more blocks than a screen has pixels show nothing more, and a million
// of them (a global batch of 10^6 sequences) would take seconds to record and draw on every change.
inline constexpr int64_t kMostDrawnTimelineOperations = 100000;
[[nodiscard]] int64_t timelineOperations(const Result& result);

// Evaluates a scenario for the views, with the measured figures of `calibration` where it has them
// (null: the model alone) and the built-in band of its regime; the result may be invalid (its
// diagnostics say why).
[[nodiscard]] EvaluationPtr evaluateForViews(const Scenario& scenario,
                                             const std::shared_ptr<const Calibration>& calibration = nullptr);

} // namespace paraplan::widgets
