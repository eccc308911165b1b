// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "pipeline_schedule.h"

#include <algorithm>

namespace paraplan {

namespace {

// Megatron's op order on one stage (megatron/core/pipeline_parallel/schedules.py): warm-up
// forwards, then alternating forward/backward, then cool-down backwards. Interleaved, the k-th
// forward of a stage runs chunk (k / p) % v of micro-batch (k / (p v)) p + k % p, and backwards
// visit the chunks in reverse.
struct StageOrder {
    int64_t stages, chunks, microBatches, total, warmup;

    StageOrder(int64_t stage, int64_t p, int64_t v, int64_t m)
        : stages(p)
        , chunks(v)
        , microBatches(m)
        , total(m * v)
    {
        const int64_t wanted = v == 1 ? p - stage - 1 : (p - stage - 1) * 2 + (v - 1) * p;
        warmup = std::min(wanted, total);
    }

    [[nodiscard]] int64_t opCount() const { return 2 * total; }

    [[nodiscard]] ScheduledOp op(int64_t i) const
    {
        const int64_t steady = total - warmup;
        if (i < warmup)
            return forward(i);
        if (i < warmup + 2 * steady) {
            const int64_t j = i - warmup;
            return j % 2 == 0 ? forward(warmup + j / 2) : backward(j / 2);
        }
        return backward(steady + (i - warmup - 2 * steady));
    }

    [[nodiscard]] ScheduledOp forward(int64_t k) const
    {
        if (chunks == 1)
            return { PipelineOpKind::Forward, 0, k };
        return { PipelineOpKind::Forward, (k / stages) % chunks, microBatchOf(k) };
    }

    [[nodiscard]] ScheduledOp backward(int64_t k) const
    {
        if (chunks == 1)
            return { PipelineOpKind::Backward, 0, k };
        return { PipelineOpKind::Backward, chunks - 1 - (k / stages) % chunks, microBatchOf(k) };
    }

    [[nodiscard]] int64_t microBatchOf(int64_t k) const { return (k / (stages * chunks)) * stages + k % stages; }
};

constexpr double kNotYet = -1.0;

} // namespace

std::vector<ScheduledOp> stageSchedule(int64_t stage, int64_t stages, int64_t chunks, int64_t microBatches)
{
    const StageOrder order(stage, stages, chunks, microBatches);
    std::vector<ScheduledOp> ops;
    ops.reserve(size_t(order.opCount()));
    for (int64_t i = 0; i < order.opCount(); ++i)
        ops.push_back(order.op(i));
    return ops;
}

PipelineResult simulatePipeline(const PipelineInput& in)
{
    PipelineResult result;
    const int64_t p = in.stages, v = in.chunks, m = in.microBatches;
    if (p < 1 || v < 1 || m < 1 || (v > 1 && m % p != 0) || int64_t(in.forwardSeconds.size()) != p * v
        || int64_t(in.backwardSeconds.size()) != p * v)
        return result;

    // When each (virtual stage, micro-batch) result is available to its consumer, and when the
    // forward itself ended (the backward of the last virtual stage follows its own forward).
    const size_t slots = size_t(p * v * m);
    std::vector<double> forwardReady(slots, kNotYet), forwardEnd(slots, kNotYet), backwardReady(slots, kNotYet);
    auto slot = [&](int64_t stage, int64_t chunk, int64_t mb) { return size_t((chunk * p + stage) * m + mb); };

    std::vector<StageOrder> orders;
    orders.reserve(size_t(p));
    for (int64_t s = 0; s < p; ++s)
        orders.emplace_back(s, p, v, m);
    std::vector<int64_t> next(size_t(p), 0);
    std::vector<double> clock(size_t(p), 0.0);
    result.stages.assign(size_t(p), {});
    if (in.recordTimeline)
        result.timeline.reserve(slots * 2);

    int64_t remaining = 2 * int64_t(slots);
    while (remaining > 0) {
        bool progressed = false;
        for (int64_t s = 0; s < p; ++s) {
            const StageOrder& order = orders[size_t(s)];
            while (next[size_t(s)] < order.opCount()) {
                const ScheduledOp op = order.op(next[size_t(s)]);
                const int64_t c = op.chunk, j = op.microBatch;
                double inputReady = 0;
                bool sends = false;
                if (op.kind == PipelineOpKind::Forward) {
                    if (s > 0)
                        inputReady = forwardReady[slot(s - 1, c, j)];
                    else if (c > 0)
                        inputReady = forwardReady[slot(p - 1, c - 1, j)];
                    sends = !(s == p - 1 && c == v - 1);
                } else {
                    if (s < p - 1)
                        inputReady = backwardReady[slot(s + 1, c, j)];
                    else if (c < v - 1)
                        inputReady = backwardReady[slot(0, c + 1, j)];
                    else
                        inputReady = forwardEnd[slot(s, c, j)];
                    sends = !(s == 0 && c == 0);
                }
                if (inputReady == kNotYet)
                    break;
                const size_t virtualStage = size_t(c * p + s);
                const bool isForward = op.kind == PipelineOpKind::Forward;
                const double duration = isForward ? in.forwardSeconds[virtualStage] : in.backwardSeconds[virtualStage];
                const double send = sends ? (isForward ? in.sendForwardSeconds : in.sendBackwardSeconds) : 0.0;
                const double start = std::max(clock[size_t(s)], inputReady);
                const double end = start + duration;
                const double sendEnd = end + send;
                if (isForward) {
                    forwardEnd[slot(s, c, j)] = end;
                    forwardReady[slot(s, c, j)] = sendEnd;
                } else {
                    backwardReady[slot(s, c, j)] = sendEnd;
                }
                clock[size_t(s)] = sendEnd;
                PipelineStageStats& stats = result.stages[size_t(s)];
                stats.busyCompute += duration;
                stats.busySend += send;
                stats.end = sendEnd;
                if (in.recordTimeline)
                    result.timeline.push_back({ s, c, j, op.kind, start, end, sendEnd });
                ++next[size_t(s)];
                --remaining;
                progressed = true;
            }
        }
        if (!progressed)
            return result; // deadlock: cannot happen for the schedules above, reported rather than looped
    }
    for (const auto& stats : result.stages)
        result.makespan = std::max(result.makespan, stats.end);
    result.ok = true;
    return result;
}

} // namespace paraplan
