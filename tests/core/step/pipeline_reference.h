// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/pipeline_schedule.h"

#include <algorithm>
#include <vector>

// A deliberately plain reference for the production simulator: every stage's operations in
// Megatron's order (stageSchedule), each started as soon as its stage is free and its input has
// arrived, found by polling the stages until nothing is left. No ordering argument, no periodic
// shortcut: slow, and obviously right.
namespace paraplan::test {

// Megatron's 1F1B over p stages of v chunks, every stage alike: its work per micro-batch split
// evenly over its chunks.
inline PipelineInput uniformPipeline(int64_t p, int64_t v, int64_t m, double forward, double backward)
{
    PipelineInput in;
    in.stages = p;
    in.chunks = v;
    in.microBatches = m;
    in.forwardSeconds.assign(size_t(p * v), forward / double(v));
    in.backwardSeconds.assign(size_t(p * v), backward / double(v));
    return in;
}

inline PipelineResult referenceSimulation(const PipelineInput& in)
{
    const int64_t p = in.stages, v = in.chunks, m = in.microBatches;
    const int64_t last = p * v - 1;
    constexpr double kNotYet = -1;
    std::vector<double> forwardReady(size_t(p * v * m), kNotYet), backwardReady(size_t(p * v * m), kNotYet);
    std::vector<std::vector<ScheduledOp>> schedules;
    for (int64_t s = 0; s < p; ++s)
        schedules.push_back(stageSchedule(s, p, v, m));
    std::vector<size_t> next(size_t(p), 0);
    std::vector<double> clock(size_t(p), 0);
    PipelineResult r;
    r.stages.assign(size_t(p), {});
    for (bool progressed = true; progressed;) {
        progressed = false;
        for (int64_t s = 0; s < p; ++s) {
            while (next[size_t(s)] < schedules[size_t(s)].size()) {
                const ScheduledOp op = schedules[size_t(s)][next[size_t(s)]];
                const int64_t vs = op.chunk * p + s;
                const bool forward = op.kind == PipelineOpKind::Forward;
                double ready = 0;
                if (forward && vs > 0)
                    ready = forwardReady[size_t((vs - 1) * m + op.microBatch)];
                else if (!forward)
                    ready = vs == last ? forwardReady[size_t(vs * m + op.microBatch)]
                                       : backwardReady[size_t((vs + 1) * m + op.microBatch)];
                if (ready == kNotYet)
                    break;
                const double duration = forward ? in.forwardSeconds[size_t(vs)] : in.backwardSeconds[size_t(vs)];
                const bool sends = forward ? vs != last : vs != 0;
                const double send = sends ? (forward ? in.sendForwardSeconds : in.sendBackwardSeconds) : 0.0;
                const double end = std::max(clock[size_t(s)], ready) + duration;
                (forward ? forwardReady : backwardReady)[size_t(vs * m + op.microBatch)] = end + send;
                clock[size_t(s)] = end + send;
                r.stages[size_t(s)].busyCompute += duration;
                r.stages[size_t(s)].busySend += send;
                r.stages[size_t(s)].end = end + send;
                ++next[size_t(s)];
                progressed = true;
            }
        }
    }
    r.ok = true;
    for (int64_t s = 0; s < p; ++s) {
        r.ok = r.ok && next[size_t(s)] == schedules[size_t(s)].size();
        r.makespan = std::max(r.makespan, clock[size_t(s)]);
    }
    return r;
}

} // namespace paraplan::test
