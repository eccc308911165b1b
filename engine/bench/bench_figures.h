// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/runtime/timing.h"
#include "engine/runtime/world.h"

#include "core/io/probe_records.h"

// How every bench measurement turns each rank's figures into the one it reports: the slowest
// rank's timing (a training step waits for it), a check that held on every rank, and the
// tolerance a check allows.
namespace paraplan::engine {

// Within 2 % (at least 0.02 absolute): what bf16 keeps of a sum.
[[nodiscard]] bool near(double value, double expected);

// Collective over the world: each figure the largest any rank measured.
[[nodiscard]] TimingStats slowest(const World& world, TimingStats stats);

// Collective over the world: whether `ok` holds on every rank.
[[nodiscard]] bool everywhere(const World& world, bool ok);

// Runs per timed sample (timing.h) from one run's seconds, the slowest rank's, so that every rank
// runs as many: collective over the world.
[[nodiscard]] int64_t agreedRunsPerSample(const World& world, double secondsPerRun);

[[nodiscard]] io::ProbeTiming timingOf(const TimingStats& stats);

} // namespace paraplan::engine
