// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

// paraplan-probe's command line.
namespace paraplan::probe {

struct ProbeOptions {
    std::string command; // discover, bench, confirm
    std::string backend; // cuda or host; empty: the build's default
    std::string scenario;
    std::string output;     // results file (JSON lines), rewritten atomically as events arrive
    std::string profileOut; // bench: the calibration profile built from the measurements
    std::string calibration; // confirm: the profile the prediction uses
    double watchdogSeconds = 300;
    int warmup = 3;
    int iterations = 10;
    int steps = 3; // confirm: timed training steps (after one warm-up step)
    // confirm: a PyTorch-profiler-style trace of the timed steps per rank in this folder (rank<R>.pt.trace.json)
    std::string traceOut;
    // confirm: the norms of this pipeline stage made `slowNormFactor` times slower (-1: none)
    int slowNormStage = -1;
    double slowNormFactor = 1;
    // Deliberate faults, to show that the run ends cleanly: this rank stops answering, or dies.
    std::optional<int> stallRank;
    std::optional<int> crashRank;
};

// Throws std::invalid_argument naming the bad argument.
[[nodiscard]] ProbeOptions parseProbeOptions(const std::vector<std::string>& args);

[[nodiscard]] std::string probeUsage();

} // namespace paraplan::probe
