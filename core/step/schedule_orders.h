// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/rules/schedule_rules.h"
#include "core/spec/scenario.h"
#include "core/step/pipeline_schedule.h"

#include <cstdint>
#include <vector>

// The order in which each pipeline stage runs its passes, schedule by schedule. Orders only: the
// times follow from simulating them (core/step/order_simulation.h).
namespace paraplan {

struct OrderedOp {
    PipelineOpKind kind;
    int64_t virtualStage;
    int64_t microBatch; // within its direction
    int direction = 0;  // DualPipe: 1 for the micro-batches that enter at the last stage
    // DualPipe's overlapped pair: this forward and the backward after it run together, each one's
    // communication under the other's compute.
    bool pairedWithNext = false;

    bool operator==(const OrderedOp&) const = default;
};
using StageOrders = std::vector<std::vector<OrderedOp>>; // [stage][position]

// Per-micro-batch pass times of one chunk, alike on every stage: what ZB-V's greedy order is built
// from (the zero-bubble repository takes the mean over the stages, as here).
struct UniformPassTimes {
    double forward = 1;
    double inputGradient = 1;
    double weightGradient = 1;
    double send = 0;
};

// Virtual stages in one direction: pp·vpp (the V schedules: 2·pp; DualPipe: pp, each direction).
[[nodiscard]] int64_t virtualStagesOf(PipelineSchedule schedule, int64_t stages, int64_t chunks);

// Every stage's order. `microBatches`: the step's, both directions together for DualPipe; the
// schedule's rules (core/rules/schedule_rules.h) hold. `times` shapes ZB-V's order only.
[[nodiscard]] StageOrders scheduleOrders(PipelineSchedule schedule, int64_t stages, int64_t chunks,
                                         int64_t microBatches, const UniformPassTimes& times = {});

// ZB-V: the zero-bubble repository's greedy V schedule (zbv.py, PipelineGraph.try_v_schedule @
// 39f2c186), in its default memory setting: at most 2·pp chunks' activations held on a stage.
[[nodiscard]] StageOrders zeroBubbleVOrders(int64_t stages, int64_t microBatches, const UniformPassTimes& times);

// The most (chunk, micro-batch) activations a stage holds while running its order, each held from
// its forward until its weight gradient is done.
[[nodiscard]] int64_t peakHeldActivations(const std::vector<OrderedOp>& order);

} // namespace paraplan
