// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"
#include "core/step/trace_comparison.h"

#include <nlohmann/json.hpp>

#include <vector>

// A measured trace held against the prediction (core/step/trace_comparison.h) as JSON, what
// `paraplan-cli import-trace --json` writes (docs/trace.md): the step measured and predicted, per
// stage its ranks and per kernel class the seconds per step measured, predicted and their ratio,
// the findings with their sentences, the notes. Seconds, SI.
namespace paraplan::io {

// `ranks`: the traces `comparison` was made from.
[[nodiscard]] nlohmann::json traceComparisonJson(const TraceComparison& comparison,
                                                 const std::vector<MeasuredRank>& ranks);

} // namespace paraplan::io
