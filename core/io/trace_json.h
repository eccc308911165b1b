// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/result.h"
#include "core/step/step_trace.h"

#include <nlohmann/json.hpp>

// The simulated step as a Chrome trace, the JSON object form of the Trace Event Format that
// ui.perfetto.dev and chrome://tracing open (docs/trace.md): a process per pipeline stage, a thread
// per track of core/step/step_trace.h, complete ("X") events in microseconds, the scenario and
// its predicted step in "otherData".
namespace paraplan::io {

// `trace`: traceStep(scenario, result, ...).
[[nodiscard]] nlohmann::json stepTraceJson(const Scenario& scenario, const Result& result, const StepTrace& trace);

} // namespace paraplan::io
