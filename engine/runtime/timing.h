// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

// Repeated, timed runs of one operation as the device runs them: warm-up runs first (caches,
// clocks, lazy NCCL connections), then samples of several runs back to back between two marks on
// the device's queue. Timing one run alone, with a synchronisation after it, would count the host's
// launch and bookkeeping per call (NCCL's non-blocking hand-off) and the gap before the device
// starts again: small and medium operations would look slower than they run in training, where
// the host queues ahead.
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

// How long the device took for the work queued between begin() and end(): CUDA events on a GPU's
// stream; on CPU ranks, whose work is done once called, the host clock. seconds() waits for the end.
class DeviceInterval {
public:
    virtual ~DeviceInterval() = default;
    virtual void begin() = 0;
    virtual void end() = 0;
    [[nodiscard]] virtual double seconds() = 0;
};

// Runs per sample so that a sample lasts about kSampleSeconds given one run's seconds: 1 for runs
// that long already, at most kMaxRunsPerSample.
inline constexpr double kSampleSeconds = 2e-3;
inline constexpr int64_t kMaxRunsPerSample = 256;
[[nodiscard]] int64_t runsPerSample(double secondsPerRun);

struct TimedRuns {
    int warmup = 3;
    int samples = 10;
};

// Runs `operation` `warmup` times untimed, then once timed alone; `batchOf` turns that time into
// the runs per sample (several ranks must agree on it where the operation is collective: give it
// the slowest rank's). Then `samples` samples: `beforeSample` outside the marks (a barrier, so that
// every group starts together), the runs back to back between them. Each sample's seconds per run.
[[nodiscard]] TimingStats timeSamples(const TimedRuns& runs, const std::function<void()>& operation,
                                      DeviceInterval& interval, const std::function<int64_t(double)>& batchOf,
                                      const std::function<void()>& beforeSample = {});

} // namespace paraplan::engine
