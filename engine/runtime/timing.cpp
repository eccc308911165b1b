// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/runtime/timing.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace paraplan::engine {

namespace {

// Linear interpolation between the closest ranks of sorted values.
double percentile(const std::vector<double>& sorted, double fraction)
{
    const double position = fraction * double(sorted.size() - 1);
    const size_t below = size_t(std::floor(position));
    const size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (position - double(below));
}

} // namespace

TimingStats summarize(std::vector<double> seconds)
{
    TimingStats stats;
    if (seconds.empty())
        return stats;
    std::sort(seconds.begin(), seconds.end());
    stats.count = int(seconds.size());
    stats.median = percentile(seconds, 0.5);
    stats.min = seconds.front();
    stats.max = seconds.back();
    stats.p10 = percentile(seconds, 0.1);
    stats.p90 = percentile(seconds, 0.9);
    return stats;
}

TimingStats timeRepeated(int warmup, int iterations, const std::function<void()>& operation,
                         const std::function<void()>& synchronize)
{
    for (int i = 0; i < warmup; ++i)
        operation();
    synchronize();
    std::vector<double> seconds;
    seconds.reserve(size_t(std::max(iterations, 0)));
    for (int i = 0; i < iterations; ++i) {
        const auto start = std::chrono::steady_clock::now();
        operation();
        synchronize();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return summarize(std::move(seconds));
}

} // namespace paraplan::engine
