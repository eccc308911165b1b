// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/pipeline_schedule.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

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

    [[nodiscard]] bool isForward(int64_t i) const { return i < warmup || (i < 2 * total - warmup && (i - warmup) % 2 == 0); }

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

// Walks the k = 0, 1, 2, ... forwards (or backwards) of a stage without dividing: the chunk
// advances every p operations and the micro-batch group every p*v.
class ChunkCursor {
public:
    ChunkCursor(int64_t p, int64_t v, bool reversed)
        : m_p(p)
        , m_v(v)
        , m_reversed(reversed)
    {
    }
    [[nodiscard]] int64_t chunk() const { return m_reversed ? m_v - 1 - m_chunk : m_chunk; }
    [[nodiscard]] int64_t microBatch() const { return m_group * m_p + m_lane; }
    void seek(int64_t k)
    {
        m_lane = k % m_p;
        m_chunk = (k / m_p) % m_v;
        m_group = k / (m_p * m_v);
    }
    void advance()
    {
        if (++m_lane < m_p)
            return;
        m_lane = 0;
        if (++m_chunk < m_v)
            return;
        m_chunk = 0;
        ++m_group;
    }

private:
    int64_t m_p, m_v;
    bool m_reversed;
    int64_t m_lane = 0, m_chunk = 0, m_group = 0;
};

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

namespace {

// The simulation proper. Every operation's input comes from the previous virtual stage (forward)
// or the next one (backward), which Megatron's order runs at the same or an earlier position of
// its own list (docs/cost-model.md, "Pipeline"). Walking the positions in order, forwards by
// ascending stage and backwards by descending stage, therefore meets every input before its
// consumer: one pass, no event queue; the done-counters check that claim at every step.
//
// In the steady phase the schedule repeats every period (one forward-backward pair per stage, or
// p*v pairs interleaved, the micro-batches advancing by 1, or p). Once a period has shifted every
// clock and every input still to be read by the same time, all later periods do too (a period is a
// max-plus linear map of that state, and such maps commute with adding a constant), so the
// remaining periods are skipped in one jump and only the cool-down is simulated.
class Simulation {
public:
    explicit Simulation(const PipelineInput& in)
        : m_in(in)
        , p(in.stages)
        , v(in.chunks)
        , m(in.microBatches)
        , m_lastVirtual(p * v - 1)
        , m_forwardReady(std::make_unique_for_overwrite<double[]>(size_t(p * v * m)))
        , m_backwardReady(std::make_unique_for_overwrite<double[]>(size_t(p * v * m)))
        , m_forwardsDone(size_t(p), 0)
        , m_backwardsDone(size_t(p), 0)
        , m_forwardCursor(size_t(p), ChunkCursor(v == 1 ? m : p, v, false))
        , m_backwardCursor(size_t(p), ChunkCursor(v == 1 ? m : p, v, true))
        , m_clock(size_t(p), 0.0)
    {
        for (int64_t s = 0; s < p; ++s)
            m_orders.emplace_back(s, p, v, m);
        m_result.stages.assign(size_t(p), {});
        if (in.recordTimeline)
            m_result.timeline.reserve(size_t(2 * p * v * m));
    }

    PipelineResult run()
    {
        const int64_t positions = 2 * m * v;
        // All stages are in their steady phase from the first stage's warm-up on until the first
        // stage's cool-down; periods are counted from there.
        const int64_t steadyBegin = m_orders.front().warmup;
        const int64_t steadyEnd = positions - m_orders.front().warmup;
        const int64_t period = 2 * (v == 1 ? 1 : p * v);
        for (int64_t t = 0; t < positions; ++t) {
            if (!m_in.recordTimeline && t >= steadyBegin && (t - steadyBegin) % period == 0)
                t = atPeriodBoundary(t, period, steadyEnd);
            if (!runPosition(t))
                return std::move(m_result);
        }
        // Every operation runs exactly once, so the busy times follow from counting them.
        for (int64_t s = 0; s < p; ++s) {
            PipelineStageStats& stats = m_result.stages[size_t(s)];
            for (int64_t c = 0; c < v; ++c)
                stats.busyCompute += double(m) * (m_in.forwardSeconds[size_t(c * p + s)] + m_in.backwardSeconds[size_t(c * p + s)]);
            const int64_t forwardSends = m * v - (s == p - 1 ? m : 0);
            const int64_t backwardSends = m * v - (s == 0 ? m : 0);
            stats.busySend = double(forwardSends) * m_in.sendForwardSeconds + double(backwardSends) * m_in.sendBackwardSeconds;
            stats.end = m_clock[size_t(s)];
            // A stage starts with micro-batch 0's forward through its first chunk, as soon as
            // the stage before it has sent it (kept: the jumps move only later slots).
            stats.start = s == 0 ? 0.0 : m_forwardReady[size_t((s - 1) * m)];
            m_result.makespan = std::max(m_result.makespan, stats.end);
        }
        m_result.ok = true;
        return std::move(m_result);
    }

private:


    bool runPosition(int64_t t)
    {
        for (int64_t s = 0; s < p; ++s)
            if (m_orders[size_t(s)].isForward(t) && !runForward(s))
                return false;
        for (int64_t s = p - 1; s >= 0; --s)
            if (!m_orders[size_t(s)].isForward(t) && !runBackward(s))
                return false;
        return true;
    }

    bool runForward(int64_t s)
    {
        const int64_t k = m_forwardsDone[size_t(s)];
        ChunkCursor& cursor = m_forwardCursor[size_t(s)];
        const ScheduledOp op{ PipelineOpKind::Forward, cursor.chunk(), cursor.microBatch() };
        cursor.advance();
        const int64_t vs = op.chunk * p + s;
        double inputReady = 0;
        if (vs > 0) { // stage s-1's k-th forward, or for a new chunk stage p-1's (k-p)-th
            if (!(s > 0 ? m_forwardsDone[size_t(s - 1)] > k : m_forwardsDone[size_t(p - 1)] > k - p))
                return false;
            inputReady = m_forwardReady[size_t((vs - 1) * m + op.microBatch)];
        }
        execute(s, op, inputReady, vs != m_lastVirtual, m_in.forwardSeconds[size_t(vs)], m_in.sendForwardSeconds,
                m_forwardReady[size_t(vs * m + op.microBatch)]);
        ++m_forwardsDone[size_t(s)];
        return true;
    }

    bool runBackward(int64_t s)
    {
        const int64_t k = m_backwardsDone[size_t(s)];
        ChunkCursor& cursor = m_backwardCursor[size_t(s)];
        const ScheduledOp op{ PipelineOpKind::Backward, cursor.chunk(), cursor.microBatch() };
        cursor.advance();
        const int64_t vs = op.chunk * p + s;
        double inputReady;
        if (vs == m_lastVirtual) { // the loss: right after this micro-batch's own forward
            inputReady = m_forwardReady[size_t(vs * m + op.microBatch)];
        } else { // stage s+1's k-th backward, or for the previous chunk stage 0's (k-p)-th
            if (!(s < p - 1 ? m_backwardsDone[size_t(s + 1)] > k : m_backwardsDone[0] > k - p))
                return false;
            inputReady = m_backwardReady[size_t((vs + 1) * m + op.microBatch)];
        }
        execute(s, op, inputReady, vs != 0, m_in.backwardSeconds[size_t(vs)], m_in.sendBackwardSeconds,
                m_backwardReady[size_t(vs * m + op.microBatch)]);
        ++m_backwardsDone[size_t(s)];
        return true;
    }

    void execute(int64_t s, const ScheduledOp& op, double inputReady, bool sends, double duration, double send,
                 double& readySlot)
    {
        ++m_result.operationsSimulated;
        const double start = std::max(m_clock[size_t(s)], inputReady);
        const double end = start + duration;
        const double sendEnd = sends ? end + send : end;
        readySlot = sendEnd;
        m_clock[size_t(s)] = sendEnd;
        if (m_in.recordTimeline)
            m_result.timeline.push_back({ s, op.chunk, op.microBatch, op.kind, start, end, sendEnd, 0, false, op.chunk * p + s });
    }

    // Records the state at a period boundary; once the last two periods shifted everything by the
    // same time, jumps over as many whole periods as the steady phase still holds. Returns the
    // position to continue from.
    int64_t atPeriodBoundary(int64_t t, int64_t period, int64_t steadyEnd)
    {
        // The clocks now and one period ago.
        std::rotate(m_snapshots.rbegin(), m_snapshots.rbegin() + 1, m_snapshots.rend());
        m_snapshots[0] = m_clock;
        ++m_boundaries;
        const int64_t periods = (steadyEnd - t) / period - 1; // keep the last period simulated
        if (m_boundaries < 2 || periods < 1 || !shiftedUniformly(period / 2))
            return t;
        jump(periods, period / 2);
        return t + periods * period;
    }

    [[nodiscard]] static bool same(double a, double b, double scale) { return std::fabs(a - b) <= 1e-12 * scale; }

    bool shiftedUniformly(int64_t pairs)
    {
        const std::vector<double>&now = m_snapshots[0], &before = m_snapshots[1];
        const double lambda = now[0] - before[0];
        const double scale = std::max(now[0], 1e-300);
        if (!(lambda > 0))
            return false;
        for (size_t s = 0; s < size_t(p); ++s)
            if (!same(now[s] - before[s], lambda, scale))
                return false;
        // The inputs written in the last period must sit one shift after those of the period before.
        const int64_t shift = v == 1 ? 1 : p;
        bool uniform = true;
        forEachRecentSlot(pairs, [&](double* ready, int64_t slot, int64_t microBatch) {
            uniform = uniform && microBatch >= shift && same(ready[slot] - ready[slot - shift], lambda, scale);
        });
        return uniform;
    }

    // Calls f(ready array, slot, micro-batch) for the inputs each stage wrote in its last `count`
    // forwards and backwards.
    template<typename F>
    void forEachRecentSlot(int64_t count, F f)
    {
        for (int64_t s = 0; s < p; ++s) {
            ChunkCursor forward(v == 1 ? m : p, v, false), backward(v == 1 ? m : p, v, true);
            forward.seek(m_forwardsDone[size_t(s)] - count);
            backward.seek(m_backwardsDone[size_t(s)] - count);
            for (int64_t i = 0; i < count; ++i, forward.advance(), backward.advance()) {
                f(m_forwardReady.get(), (forward.chunk() * p + s) * m + forward.microBatch(), forward.microBatch());
                f(m_backwardReady.get(), (backward.chunk() * p + s) * m + backward.microBatch(), backward.microBatch());
            }
        }
    }

    void jump(int64_t periods, int64_t pairs)
    {
        const double shiftTime = double(periods) * (m_snapshots[0][0] - m_snapshots[1][0]);
        const int64_t shiftMicroBatches = periods * (v == 1 ? 1 : p);
        // Inputs still to be read after the jump: those of the last two periods, moved on.
        forEachRecentSlot(2 * pairs, [&](double* ready, int64_t slot, int64_t) {
            ready[slot + shiftMicroBatches] = ready[slot] + shiftTime;
        });
        for (int64_t s = 0; s < p; ++s) {
            const int64_t skipped = periods * pairs;
            m_forwardsDone[size_t(s)] += skipped;
            m_backwardsDone[size_t(s)] += skipped;
            m_forwardCursor[size_t(s)].seek(m_forwardsDone[size_t(s)]);
            m_backwardCursor[size_t(s)].seek(m_backwardsDone[size_t(s)]);
            m_clock[size_t(s)] += shiftTime;
        }
        m_boundaries = 0;
    }

    const PipelineInput& m_in;
    const int64_t p, v, m, m_lastVirtual;
    std::unique_ptr<double[]> m_forwardReady;  // when each (virtual stage, micro-batch) activation arrives
    std::unique_ptr<double[]> m_backwardReady; // when each gradient arrives
    std::vector<StageOrder> m_orders;
    std::vector<int64_t> m_forwardsDone, m_backwardsDone;
    std::vector<ChunkCursor> m_forwardCursor, m_backwardCursor;
    std::vector<double> m_clock;
    std::array<std::vector<double>, 2> m_snapshots; // stage clocks at the last two period boundaries
    int64_t m_boundaries = 0;
    PipelineResult m_result;
};

} // namespace

PipelineResult simulateMegatronSchedule(const PipelineInput& in)
{
    const int64_t p = in.stages, v = in.chunks, m = in.microBatches;
    const bool megatron = in.schedule == PipelineSchedule::OneFOneB || in.schedule == PipelineSchedule::Interleaved1F1B;
    if (!megatron || p < 1 || v < 1 || m < 1 || (v > 1 && m % p != 0) || int64_t(in.forwardSeconds.size()) != p * v
        || int64_t(in.backwardSeconds.size()) != p * v)
        return {};
    return Simulation(in).run();
}

double textbookBubbleFraction(int64_t stages, int64_t chunks, int64_t microBatches)
{
    const double idle = double(stages - 1);
    return idle / (double(chunks) * double(microBatches) + idle);
}

} // namespace paraplan
