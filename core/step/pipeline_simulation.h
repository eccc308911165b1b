// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/pipeline_schedule.h"

// One step's pipeline under the input's schedule: Megatron's two by their fast path, every other
// by running its stages' orders (core/step/schedule_orders.h, order_simulation.h). Empty (ok false)
// when the input breaks the schedule's rules (core/rules/schedule_rules.h).
namespace paraplan {

[[nodiscard]] PipelineResult simulatePipeline(const PipelineInput& input);

} // namespace paraplan
