// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/confirm/pipeline_messages.h"

namespace paraplan::engine {

int pipeMessageTag(PipeMessageKind kind, int64_t virtualStage)
{
    return int(2 * virtualStage + (kind == PipeMessageKind::Gradient ? 1 : 0));
}

std::vector<PipeStep> stageMessagePlan(int64_t stage, int64_t stages, int64_t chunks, int64_t microBatches)
{
    const int64_t last = stages * chunks - 1;
    // Virtual stage vs runs on stage vs % stages: the neighbours wrap around between chunks.
    const int previous = int((stage + stages - 1) % stages), next = int((stage + 1) % stages);
    auto message = [](PipeMessageKind kind, int64_t virtualStage, int peer) {
        return PipeMessage{ kind, virtualStage, peer, pipeMessageTag(kind, virtualStage) };
    };
    std::vector<PipeStep> plan;
    for (const ScheduledOp& op : stageSchedule(stage, stages, chunks, microBatches)) {
        PipeStep step{ op, op.chunk * stages + stage, std::nullopt, std::nullopt };
        const int64_t vs = step.virtualStage;
        if (op.kind == PipelineOpKind::Forward) {
            if (vs > 0)
                step.receive = message(PipeMessageKind::Activation, vs, previous);
            if (vs < last)
                step.send = message(PipeMessageKind::Activation, vs + 1, next);
        } else {
            if (vs < last)
                step.receive = message(PipeMessageKind::Gradient, vs, next);
            if (vs > 0)
                step.send = message(PipeMessageKind::Gradient, vs - 1, previous);
        }
        plan.push_back(step);
    }
    return plan;
}

} // namespace paraplan::engine
