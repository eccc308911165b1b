// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <cstdint>
#include <vector>

// Event-level simulation of one training step's pipeline under any of the schedules of
// PipelineSchedule. Every stage runs its operations in the schedule's fixed order; an operation
// starts when its stage is free and its input has arrived from the neighbouring stage. Stages need
// not be uniform: each virtual stage has its own forward and backward time. The textbook bubble
// (p-1)/(m+p-1), and (p-1)/(v*m+p-1) interleaved, is the uniform special case; the zero-bubble and
// DualPipe papers' bubbles are others (tests/core/step/pipeline_schedules_test.cpp).
namespace paraplan {

struct PipelineInput {
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    int64_t stages = 1;       // p
    int64_t chunks = 1;       // v, model chunks per stage (virtual pipeline; 2 for the V schedules)
    int64_t microBatches = 1; // m
    // Indexed by virtual stage (chunk * stages + stage): seconds of one micro-batch.
    std::vector<double> forwardSeconds;
    std::vector<double> backwardSeconds; // the whole backward: input and weight gradients
    // Of backwardSeconds, the weight-gradient GEMMs the zero-bubble schedules and DualPipe defer as
    // a W pass. Empty: none (only schedules that split the backward read it).
    std::vector<double> weightSeconds;
    // Of forwardSeconds and backwardSeconds, the communication a pass beside it could hide: DualPipe
    // runs a forward and a backward chunk together and each one's communication under the other's
    // compute, at the price overlapSlowdown (core/model/layer_costs.h, overlapPrice). Empty: none.
    std::vector<double> forwardCommSeconds;
    std::vector<double> backwardCommSeconds;
    double overlapSlowdown = 0;
    // Seconds a stage spends sending one micro-batch's activation (forward) or gradient (backward)
    // to its neighbour; the sender is blocked meanwhile, as with Megatron's blocking send/recv.
    double sendForwardSeconds = 0;
    double sendBackwardSeconds = 0;
    // DeepSpeed's pipeline engine: 1F1B's passes in lockstep steps whose exchanges block both
    // sides (core/step/deepspeed_schedule.h), instead of Megatron's order of sends.
    bool lockstepExchanges = false;
    bool recordTimeline = false;
};

// Backward: input and weight gradients together. InputGradient (B) and WeightGradient (W): the
// two halves of a split backward.
enum class PipelineOpKind { Forward, Backward, InputGradient, WeightGradient };

struct PipelineOp {
    int64_t stage;
    int64_t chunk;      // of the stage's chunks: 0, or 0..v-1 (in a V, 1 is the way back up)
    int64_t microBatch; // within its direction
    PipelineOpKind kind;
    double start;
    double end;     // end of computation
    double sendEnd; // end of the send that follows it (== end when nothing is sent)
    int direction = 0;       // DualPipe: 1 for the micro-batches that enter at the last stage
    bool overlapped = false; // DualPipe: ran together with the next (or previous) op, a forward beside a backward
    int64_t virtualStage = 0; // whose layers it ran (indexes the pass times)
};

struct PipelineStageStats {
    double busyCompute = 0; // forward + backward operations
    double busySend = 0;    // blocked in sends
    double start = 0;       // when the stage began its first operation
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

// Megatron's 1F1B and interleaved 1F1B, fast: steady-state periods are skipped in one jump.
// Empty (ok false) for any other schedule; simulatePipeline (core/step/pipeline_simulation.h)
// takes them all.
[[nodiscard]] PipelineResult simulateMegatronSchedule(const PipelineInput& input);

// The textbook bubble, the idle share of every stage when stages are uniform and sends free:
// (p-1)/(v*m+p-1) (Narayanan et al., SC21, eq. 1 and its interleaved form). The simulator gives
// exactly this on such input; real stages are not uniform, so it is a reference, not the model.
[[nodiscard]] double textbookBubbleFraction(int64_t stages, int64_t chunks, int64_t microBatches);

// The order in which Megatron runs one stage's operations under 1F1B and interleaved 1F1B; the
// other schedules' orders are in core/step/schedule_orders.h.
struct ScheduledOp {
    PipelineOpKind kind;
    int64_t chunk;
    int64_t microBatch;
};
[[nodiscard]] std::vector<ScheduledOp> stageSchedule(int64_t stage, int64_t stages, int64_t chunks,
                                                     int64_t microBatches);

} // namespace paraplan
