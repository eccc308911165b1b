// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <span>

// How often large training jobs are interrupted, from the runs that published their counts. A
// synchronous job stops when any of its GPUs, hosts, links or processes fails, so the rate is per
// GPU-hour of the job (each GPU bringing its share of host, network and software): the job's mean
// time between interruptions is 1 / (rate · GPUs). docs/goodput.md.
namespace paraplan {

struct FleetFailureRecord {
    const char* run;    // the training run
    const char* gpu;    // its GPUs
    const char* source; // where the counts are published
    double gpus = 0;
    double days = 0;
    double interruptions = 0;
    bool lowerBound = false; // the publication counts some interruptions only ("at least")

    [[nodiscard]] double perGpuHour() const { return interruptions / (gpus * days * 24); }
};

// The published runs, newest first.
[[nodiscard]] std::span<const FleetFailureRecord> fleetFailureRecords();

// The default rate: Llama 3 405B's, the largest and most recent run (16,384 H100 over 54 days).
[[nodiscard]] double defaultFailuresPerGpuHour();

// The lowest and highest rate among the records: the default's spread.
struct FailureRateRange {
    double low = 0, high = 0;
};
[[nodiscard]] FailureRateRange publishedFailureRateRange();

} // namespace paraplan
