// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/bench/bench_plan.h"
#include "engine/protocol/event_log.h"
#include "engine/runtime/timing.h"
#include "engine/runtime/watchdog.h"

#include <nlohmann/json.hpp>

// Runs a bench plan on every rank at once (as training would load the machine): warm-up, timed
// repetitions, median and spread, bus bandwidth by nccl-tests' factors, and a check that each
// result is right. Every measurement becomes an event on rank 0 and lands in the report.
namespace paraplan::engine {

struct BenchOptions {
    int warmup = 3;
    int iterations = 10;
};

struct MeasuredGemm {
    GemmBench bench;
    DataType type = DataType::Bf16; // as run
    TimingStats stats;              // the slowest rank's
    bool correct = false;
};

struct MeasuredAttention {
    AttentionBench bench;
    TimingStats stats;
    bool correct = false;
};

struct MeasuredMemory {
    MemoryBench bench;
    double bytes = 0; // copied per run
    TimingStats stats;
    double GBps = 0; // reads plus writes per second
    bool correct = false;
};

struct MeasuredCollective {
    CollectiveBench bench;
    TimingStats stats; // per operation, the slowest rank's
    double busGBps = 0;
    bool asScenario = true; // on the scenario's own groups
    bool correct = false;
};

struct BenchReport {
    std::vector<MeasuredGemm> gemms;
    MeasuredAttention attention;
    MeasuredMemory memory;
    std::vector<MeasuredCollective> collectives;
};

[[nodiscard]] BenchReport runBench(const BenchPlan& plan, Backend& backend, const World& world, EventLog& log,
                                   Watchdog& watchdog, const BenchOptions& options);

// The report as the JSON of the bench's result event.
[[nodiscard]] nlohmann::json toJson(const BenchReport& report);

} // namespace paraplan::engine
