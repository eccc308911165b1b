// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/protocol/event_log.h"
#include "engine/runtime/timing.h"
#include "engine/runtime/watchdog.h"

#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <nlohmann/json.hpp>

#include <vector>

// `paraplan-probe confirm`: a synthetic training step on the real placement. Every rank runs its
// pipeline stage's layers as real GEMMs, attention and TP / CP / EP collectives at its shard's
// shapes, in Megatron's 1F1B (or interleaved) order from the core's schedule; stages pass
// activations and gradients by send/receive; after the last backward the DP group reduces the
// stage's gradients bucket by bucket (and gathers the weights back under ZeRO). The memory the
// model predicts for the stage is allocated first, to prove it fits. Reported: the step time and,
// per stage, the time busy, waiting on neighbours (the measured bubble), sending, and in the tail.
namespace paraplan::engine {

struct ConfirmOptions {
    int steps = 3; // timed, after one warm-up step
};

struct StageMeasurement {
    int64_t stage = 0;
    double busy = 0;    // layers: GEMMs, attention, TP/CP/EP collectives
    double idle = 0;    // waiting for a neighbour's activation or gradient
    double sending = 0; // waiting for a send to be taken
    double tail = 0;    // DP gradient reduction and weight gathering after the last backward
};

struct ConfirmReport {
    TimingStats step;                      // the slowest rank's, per step
    std::vector<StageMeasurement> stages;  // each the slowest rank of its stage, in the median step
    double reservedBytes = 0;              // the predicted stage memory held during the step
};

// One rank per GPU of the scenario; throws EngineError otherwise, or when the predicted memory
// does not fit.
[[nodiscard]] ConfirmReport runSyntheticSteps(const Scenario& scenario, const Result& predicted, Backend& backend,
                                              const World& world, EventLog& log, Watchdog& watchdog,
                                              const ConfirmOptions& options);

[[nodiscard]] nlohmann::json toJson(const ConfirmReport& report);

} // namespace paraplan::engine
