// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/bench/bench_figures.h"

#include <algorithm>
#include <cmath>

namespace paraplan::engine {

bool near(double value, double expected) { return std::fabs(value - expected) <= 0.02 * std::max(1.0, std::fabs(expected)); }

TimingStats slowest(const World& world, TimingStats stats)
{
    stats.median = world.maxOf(stats.median);
    stats.min = world.maxOf(stats.min);
    stats.max = world.maxOf(stats.max);
    stats.p10 = world.maxOf(stats.p10);
    stats.p90 = world.maxOf(stats.p90);
    return stats;
}

bool everywhere(const World& world, bool ok) { return world.maxOf(ok ? 0.0 : 1.0) == 0.0; }

int64_t agreedRunsPerSample(const World& world, double secondsPerRun)
{
    return runsPerSample(world.maxOf(secondsPerRun));
}

io::ProbeTiming timingOf(const TimingStats& s) { return { s.median, s.min, s.max, s.p10, s.p90, s.spread(), s.count }; }

} // namespace paraplan::engine
