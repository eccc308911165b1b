// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/calibration.h"

#include <optional>
#include <string>
#include <vector>

// Bus bandwidths from what nccl-tests' all_reduce_perf, all_gather_perf, reduce_scatter_perf,
// alltoall_perf and sendrecv_perf print (rules at the top of nccl_tests_import.cpp).
namespace paraplan::io {

// A size whose out-of-place result failed nccl-tests' own check: left out of the measurements.
struct SkippedRow {
    int line = 0;
    double bytes = 0;
    std::string wrong; // the #wrong field as printed
};

struct NcclTestsRun {
    Collective collective = Collective::AllReduce;
    int64_t ranks = 0;
    int64_t hosts = 0;
    std::string device; // rank 0's GPU as nccl-tests names it
    std::vector<CollectiveMeasurement> measurements; // one per row, in the file's order
    std::vector<SkippedRow> skipped;
};

// Ends the messages of files whose test the importer cannot tell, so a front end can say how to name it.
inline constexpr const char* kNameTheCollective = "name the collective";

// `unnamed` is the test of a file that does not say which it ran (older nccl-tests do not print it,
// and the table alone cannot tell all_gather from alltoall); a file that names its test, or whose
// table fits one collective only, keeps its own. Throws ReadError (json_reader.h) whose path is
// "line N" (1-based) or "(file)" and whose message says what is wrong.
[[nodiscard]] NcclTestsRun importNcclTests(const std::string& text, std::optional<Collective> unnamed = std::nullopt);

} // namespace paraplan::io
