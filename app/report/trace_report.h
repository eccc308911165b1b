// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"
#include "core/step/trace_comparison.h"

#include <string>
#include <vector>

// A measured trace held against the prediction (core/step/trace_comparison.h) in plain text, as
// `paraplan-cli import-trace` prints it: per stage its traces and a table of the kernel classes,
// seconds per step measured and predicted and their ratio, then the findings and the notes.
namespace paraplan::report {

// `ranks`: the traces `comparison` was made from.
[[nodiscard]] std::string renderTraceComparison(const TraceComparison& comparison,
                                                const std::vector<MeasuredRank>& ranks);

} // namespace paraplan::report
