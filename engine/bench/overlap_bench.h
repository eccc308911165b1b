// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/bench/bench_plan.h"
#include "engine/protocol/event_log.h"

#include "core/io/probe_records.h"

// How much slower compute runs while communication overlaps it, the model's overlap slowdown: a
// GEMM shaped like a large model's MLP up-projection timed alone, then beside all-reduces over
// every rank that run on the communicator's background stream (Communicator::allReduceInBackground),
// queued to outlast it. Same conventions as the other measurements (micro_bench.h): every rank at
// once, warm-up, timed repetitions, the slowest rank's medians.
namespace paraplan::engine {

// Collective over the world, which must have at least 2 ranks. Warns (bench_note) when the
// all-reduces did not cover the GEMM: the slowdown is then a lower bound.
[[nodiscard]] io::ProbeOverlap measureOverlap(const OverlapBench& bench, DataType requested, Backend& backend,
                                              const World& world, EventLog& log, int warmup, int iterations);

} // namespace paraplan::engine
