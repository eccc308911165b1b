// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

// paraplan-probe run as users run it, under mpirun with N ranks, its JSON lines collected.
namespace paraplan::engine::test {

struct ProbeOutcome {
    int exitCode = -1;
    double seconds = 0;
    std::vector<nlohmann::json> events; // every line of stdout that is an event
    std::string otherOutput;            // the rest (launcher messages)

    // The events of one kind ("error", "measurement", ...).
    [[nodiscard]] std::vector<nlohmann::json> of(const std::string& event) const;
};

// A path compiled in for the build tree, unless the environment variable `name` gives another: the
// GPU check's bundle runs these tests far from the build (packaging/gpu-check.sh sets
// PARAPLAN_PROBE, PARAPLAN_MPIEXEC and PARAPLAN_TEST_DATA_DIR).
[[nodiscard]] std::string fromEnvironment(const char* name, const char* built);

// Runs `mpirun -np ranks paraplan-probe args` (bounded by a timeout: a hang fails the test).
[[nodiscard]] ProbeOutcome runProbe(int ranks, const std::string& args, int timeoutSeconds = 90);

} // namespace paraplan::engine::test
