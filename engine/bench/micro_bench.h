// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/bench/bench_plan.h"
#include "engine/protocol/event_log.h"
#include "engine/runtime/watchdog.h"

#include "core/io/probe_records.h"

#include <optional>
#include <vector>

// Runs a bench plan on every rank at once (as training would load the machine): warm-up, timed
// repetitions, median and spread, bus bandwidth by nccl-tests' factors, and a check that each
// result is right. Every measurement becomes an event on rank 0 and lands in the report; the
// overlap measurement needs 2 ranks or more, and a run of one says so in a bench_note warning.
namespace paraplan::engine {

struct BenchOptions {
    int warmup = 3;
    int iterations = 10;
};

// The measurements as the probe reports them: timings are the slowest rank's, rates come from
// the medians, bus bandwidths by nccl-tests' factors.
struct BenchReport {
    std::vector<io::ProbeGemm> gemms;
    io::ProbeAttention attention;
    io::ProbeMemory memory;
    std::vector<io::ProbeCollective> collectives;
    std::optional<io::ProbeOverlap> overlap; // with 2 ranks or more
};

[[nodiscard]] BenchReport runBench(const BenchPlan& plan, Backend& backend, const World& world, EventLog& log,
                                   Watchdog& watchdog, const BenchOptions& options);

} // namespace paraplan::engine
