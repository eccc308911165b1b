// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <vector>

// Event-level simulation of one training step's pipeline under 1F1B or interleaved 1F1B (Megatron's
// schedules). Every stage runs its operations in the schedule's fixed order; an operation starts
// when its stage is free and its input has arrived from the neighbouring stage. Stages need not be
// uniform: each (stage, chunk) has its own forward and backward time. The textbook bubble
// (p-1)/(m+p-1), and (p-1)/(v*m+p-1) interleaved, is the uniform special case.
namespace paraplan {

struct PipelineInput {
    int64_t stages = 1;       // p
    int64_t chunks = 1;       // v, model chunks per stage (virtual pipeline)
    int64_t microBatches = 1; // m
    // Indexed [chunk * stages + stage], i.e. by virtual stage: seconds of one micro-batch.
    std::vector<double> forwardSeconds;
    std::vector<double> backwardSeconds;
    // Seconds a stage spends sending one micro-batch's activation (forward) or gradient (backward)
    // to its neighbour; the sender is blocked meanwhile, as with Megatron's blocking send/recv.
    double sendForwardSeconds = 0;
    double sendBackwardSeconds = 0;
    bool recordTimeline = false;
};

enum class PipelineOpKind { Forward, Backward };

struct PipelineOp {
    int64_t stage;
    int64_t chunk;
    int64_t microBatch;
    PipelineOpKind kind;
    double start;
    double end;     // end of computation
    double sendEnd; // end of the send that follows it (== end when nothing is sent)
};

struct PipelineStageStats {
    double busyCompute = 0; // forward + backward operations
    double busySend = 0;    // blocked in sends
    double end = 0;         // when the stage finished its last operation
};

struct PipelineResult {
    bool ok = false; // false only if the schedule deadlocks, which a valid input never does
    double makespan = 0;
    // Operations computed one by one; the rest of the 2*p*v*m fell in skipped steady-state periods.
    int64_t operationsSimulated = 0;
    std::vector<PipelineStageStats> stages;
    std::vector<PipelineOp> timeline; // filled when recordTimeline
};

[[nodiscard]] PipelineResult simulatePipeline(const PipelineInput& input);

// The textbook bubble, the idle share of every stage when stages are uniform and sends free:
// (p-1)/(v*m+p-1) (Narayanan et al., SC21, eq. 1 and its interleaved form). The simulator gives
// exactly this on such input; real stages are not uniform, so it is a reference, not the model.
[[nodiscard]] double textbookBubbleFraction(int64_t stages, int64_t chunks, int64_t microBatches);

// The order in which Megatron runs one stage's operations; exposed for tests and for drawing.
struct ScheduledOp {
    PipelineOpKind kind;
    int64_t chunk;
    int64_t microBatch;
};
[[nodiscard]] std::vector<ScheduledOp> stageSchedule(int64_t stage, int64_t stages, int64_t chunks,
                                                     int64_t microBatches);

} // namespace paraplan
