// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/pipeline_schedule.h"

#include <cstdint>
#include <optional>
#include <vector>

// What one pipeline stage receives before and sends after each operation of its schedule (the
// core's stageSchedule, Megatron's 1F1B or interleaved order): the plan the synthetic step runs,
// and what tests check for matching, order and freedom from deadlock.
//
// Sends never wait for the previous one to be taken. Megatron posts each send together with the
// receive it needs next (batched isend/irecv); a stage that waited for its last send before the
// next one would, under the interleaved schedule, wait for a neighbour that waits for it in turn,
// since a message larger than the transport's eager buffer is taken only when its receive is posted.
namespace paraplan::engine {

enum class PipeMessageKind { Activation, Gradient };

struct PipeMessage {
    PipeMessageKind kind;
    int64_t virtualStage; // the receiving virtual stage (chunk * stages + stage)
    int peer;             // the other end's stage, which is its rank in the pipeline's group
    int tag;              // 2 * virtualStage, +1 for a gradient: unique per kind and virtual stage
};

struct PipeStep {
    ScheduledOp op;
    int64_t virtualStage;                // the operation's own
    std::optional<PipeMessage> receive;  // before it: its input from the neighbouring virtual stage
    std::optional<PipeMessage> send;     // after it: its output to the neighbouring virtual stage
};

[[nodiscard]] int pipeMessageTag(PipeMessageKind kind, int64_t virtualStage);

// The stage's operations in order, with their messages.
[[nodiscard]] std::vector<PipeStep> stageMessagePlan(int64_t stage, int64_t stages, int64_t chunks,
                                                     int64_t microBatches);

} // namespace paraplan::engine
