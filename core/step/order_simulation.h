// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/pipeline_schedule.h"
#include "core/step/schedule_orders.h"

// Runs stages' orders against the pass times of a PipelineInput: each pass starts when its stage
// is free and its input has arrived (a forward after the previous virtual stage's forward of the
// micro-batch, a backward after the next one's backward, or after its own forward at the loss; a
// weight gradient after its own input gradient, which the order already put before it). Every
// schedule that is not Megatron's goes through here; Megatron's have a faster path that skips
// steady-state periods (simulateMegatronSchedule).
namespace paraplan {

[[nodiscard]] PipelineResult simulateOrders(const PipelineInput& input, const StageOrders& orders);

} // namespace paraplan
