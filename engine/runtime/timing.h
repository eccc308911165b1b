// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <vector>

// Repeated, timed runs of one operation: warm-up runs first (caches, clocks, lazy NCCL
// connections), then timed ones, each ended by a synchronisation so queued device work counts.
namespace paraplan::engine {

struct TimingStats {
    int count = 0;
    double median = 0;
    double min = 0;
    double max = 0;
    double p10 = 0;
    double p90 = 0;
    // (p90 - p10) / median: how much the runs disagree.
    [[nodiscard]] double spread() const { return median > 0 ? (p90 - p10) / median : 0; }
};

[[nodiscard]] TimingStats summarize(std::vector<double> seconds);

// Runs `operation` `warmup` times untimed, then `iterations` times, timing each up to the return
// of `synchronize`.
[[nodiscard]] TimingStats timeRepeated(int warmup, int iterations, const std::function<void()>& operation,
                                       const std::function<void()>& synchronize);

} // namespace paraplan::engine
