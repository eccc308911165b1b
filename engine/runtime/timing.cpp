// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/runtime/timing.h"

#include <algorithm>
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

int64_t runsPerSample(double secondsPerRun)
{
    if (!(secondsPerRun > 0))
        return kMaxRunsPerSample;
    return std::clamp<int64_t>(int64_t(std::ceil(kSampleSeconds / secondsPerRun)), 1, kMaxRunsPerSample);
}

TimingStats timeSamples(const TimedRuns& runs, const std::function<void()>& operation, DeviceInterval& interval,
                        const std::function<int64_t(double)>& batchOf, const std::function<void()>& beforeSample)
{
    for (int i = 0; i < runs.warmup; ++i)
        operation();
    interval.begin();
    operation();
    interval.end();
    const int64_t batch = std::max<int64_t>(1, batchOf(interval.seconds()));
    std::vector<double> seconds;
    seconds.reserve(size_t(std::max(runs.samples, 0)));
    for (int i = 0; i < runs.samples; ++i) {
        if (beforeSample)
            beforeSample();
        interval.begin();
        for (int64_t r = 0; r < batch; ++r)
            operation();
        interval.end();
        seconds.push_back(interval.seconds() / double(batch));
    }
    return summarize(std::move(seconds));
}

} // namespace paraplan::engine
