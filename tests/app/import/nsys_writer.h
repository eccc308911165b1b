// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"

#include <string>
#include <vector>

// The test side of the Nsight Systems reader (app/import/nsys_sqlite.h): a rank's kernels written
// as the subset of an `nsys export --type=sqlite` database the reader reads, with the tables'
// names, columns and types as Nsight Systems writes them (StringIds; CUPTI_ACTIVITY_KIND_KERNEL
// with start, end, deviceId, contextId, streamId, correlationId, globalPid, demangledName,
// shortName; CUPTI_ACTIVITY_KIND_MEMCPY; TARGET_INFO_GPU; NVTX_EVENTS with the ProfilerStep#N
// ranges), the columns of launch configuration and hardware counters left out. make_nsys_trace
// turns the probe's traces into tests/data/traces/*.sqlite with it; the reader's tests break its
// files on purpose.
namespace paraplan::test {

// `rank`: on its step axis (its origin added back, in nanoseconds). Replaces `path`. Throws
// std::runtime_error when SQLite fails.
void writeNsysSqlite(const MeasuredRank& rank, const std::string& path);

// Runs each statement on the database at `path` (to break a written export on purpose).
void runSql(const std::string& path, const std::vector<std::string>& statements);

} // namespace paraplan::test
