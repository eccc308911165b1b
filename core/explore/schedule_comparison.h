// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/evaluator.h"

#include <string>
#include <vector>

// Every pipeline schedule at one configuration: what each would make of its step, its bubble and
// its memory (the schedule's memory is part of its choice: ZB-H2 and DualPipe trade memory for
// bubble), or why it cannot run there.
namespace paraplan {

struct ScheduleOption {
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    int64_t vpp = 1;             // the chunks it was priced with
    bool runs = false;           // the rules allow it here; else `whyNot`
    std::string whyNot;          // the first error's message
    bool shipped = false;        // the framework's release has it (frameworkShipsSchedule)
    bool current = false;        // the scenario's own schedule
    double stepS = 0;
    double bubbleFraction = 0;
    double peakMemoryBytes = 0;  // the fullest stage, per GPU
    bool fits = false;
};

// In PipelineSchedule's order. Each schedule runs with its chunks (one, or the V's two); interleaved
// 1F1B with the scenario's vpp where it interleaves, else the fewest chunks the rules allow.
[[nodiscard]] std::vector<ScheduleOption> compareSchedules(const Scenario& scenario, const EvaluateOptions& options);

} // namespace paraplan
