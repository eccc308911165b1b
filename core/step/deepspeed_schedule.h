// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/pipeline_schedule.h"

// DeepSpeed's pipeline engine (deepspeed/runtime/pipe/schedule.py TrainSchedule, engine.py
// @ 0050fdad): 1F1B in 2(m + p - 1) steps, each stage alternating a forward step and a backward
// step, the two kinds offset by the stage's parity. A forward step first receives its activation
// from the previous stage and returns the gradient of its last backward; a backward step first sends
// the activation of its last forward and receives its gradient from the next stage. Each exchange
// is a blocking NCCL send/recv pair (p2p.py), so both stages wait for the later of them and then
// for the transfer: a stage's output leaves only when its neighbour reaches the matching step,
// where Megatron's sender goes on as soon as its bytes are out.
namespace paraplan {

// One step's pipeline under DeepSpeed's TrainSchedule: input.schedule must be 1F1B with one chunk
// per stage (ok false otherwise). The activation's transfer takes sendForwardSeconds, the
// gradient's sendBackwardSeconds.
[[nodiscard]] PipelineResult simulateDeepSpeedSchedule(const PipelineInput& input);

} // namespace paraplan
