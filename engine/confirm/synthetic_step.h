// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/protocol/event_log.h"
#include "engine/runtime/watchdog.h"

#include "core/io/probe_records.h"
#include "core/spec/scenario.h"
#include "core/step/measured_trace.h"
#include "core/step/result.h"

// `paraplan-probe confirm`: a synthetic training step on the real placement. Every rank runs its
// pipeline stage's layers as real GEMMs, attention and TP / CP / EP collectives at its shard's
// shapes, in Megatron's 1F1B (or interleaved) order from the core's schedule; stages pass
// activations and gradients by send/receive; after the last backward the DP group reduces the
// stage's gradients bucket by bucket (and gathers the weights back under ZeRO). After the warm-up
// step, the memory the model predicts for the stage, less what the run already holds, is allocated
// to prove it fits. Reported: the step time and, per stage, the time busy, waiting on neighbours
// (the measured bubble), sending, and in the tail; the memory the run held after its warm-up.
namespace paraplan::engine {

struct ConfirmOptions {
    int steps = 3; // timed, after one warm-up step
    // Where to put this rank's timed steps kernel by kernel, as a profiler would record them
    // (kernel_recorder.h; `--trace-out`); null: not recorded. Rank, world size and device are filled.
    MeasuredRank* trace = nullptr;
    // A deliberately slow norm: on this pipeline stage (-1: none), the norms move `slowNormFactor`
    // times their bytes, so that an imported trace has a stage to reveal (`--slow-norms S:F`).
    int64_t slowNormStage = -1;
    double slowNormFactor = 1;
};

// The measured step: the median of the timed steps (each the slowest rank's), its fastest and
// slowest, and per stage the slowest rank of the stage in the step closest to the median: time
// busy in layers (GEMMs, attention, TP/CP/EP collectives), idle waiting for a neighbour's
// activation or gradient, waiting for a send to be taken, and in the tail (DP gradient reduction,
// weight gathering, the optimizer); with the predicted stage memory held during the step. One rank
// per GPU of the scenario; throws EngineError otherwise, or when the predicted memory does not fit.
[[nodiscard]] io::ProbeStep runSyntheticSteps(const Scenario& scenario, const Result& predicted, Backend& backend,
                                              const World& world, EventLog& log, Watchdog& watchdog,
                                              const ConfirmOptions& options);

} // namespace paraplan::engine
