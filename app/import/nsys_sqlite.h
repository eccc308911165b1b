// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"

#include <cstdint>
#include <string>

// An Nsight Systems report exported as SQLite (`nsys export --type=sqlite report.nsys-rep`) as one
// rank's measured kernels (docs/trace.md, "Importing a measured trace"). Read: the kernels
// (CUPTI_ACTIVITY_KIND_KERNEL: start and end in nanoseconds, deviceId, streamId, demangledName or
// shortName as ids into StringIds), copies and memsets where the export has them
// (CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET), the GPU's name (TARGET_INFO_GPU), and
// the profiled steps where PyTorch's ProfilerStep#N ranges were recorded as NVTX ranges
// (NVTX_EVENTS). Everything else is ignored; kernels of devices other than the one that ran most
// of them are left out, with a note (one report per rank). The export says nothing of ranks or of
// PyTorch's "Collective name": NCCL kernels classify by their names alone (all-to-all runs in NCCL's
// SendRecv kernel, and counts as send/receive).
namespace paraplan::import {

// False in a build without SQLite (libsqlite3-dev), where readNsysSqlite refuses every file.
[[nodiscard]] bool readsNsysSqlite();

// `stepsHeld`: how many training steps a report without step ranges holds. Throws io::ReadError
// (core/io/json_reader.h) naming the table, row and column that is wrong, or "(file)" for a file
// that is no SQLite database or no Nsight Systems export.
[[nodiscard]] MeasuredRank readNsysSqlite(const std::string& path, int64_t stepsHeld = 1);

} // namespace paraplan::import
