// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"

#include <cstdint>
#include <optional>
#include <string>

// A measured trace from a file, whatever its format, told apart by its first bytes: an Nsight
// Systems SQLite export (app/import/nsys_sqlite.h) or a PyTorch profiler Chrome trace
// (core/io/kineto_trace.h). What `paraplan-cli import-trace` and the workbench read.
namespace paraplan::import {

// The rank a file's name gives ("trace_rank3.json", "rank-12.sqlite", "worker_rank_0.pt.trace.json"):
// the number after the last "rank", or nullopt.
[[nodiscard]] std::optional<int64_t> rankInFileName(const std::string& path);

// The trace at `path`, its `source` the path, its rank from the trace or else from the file's
// name (rankInFileName). `stepsHeld`: the training steps a trace without step annotations holds.
// Throws io::ReadError (core/io/json_reader.h) saying what is wrong where ("(file)" for the file as
// a whole: unreadable, compressed, empty).
[[nodiscard]] MeasuredRank readMeasuredTrace(const std::string& path, int64_t stepsHeld = 1);

} // namespace paraplan::import
