// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/order_simulation.h"

#include "core/model/layer_costs.h"
#include "core/rules/schedule_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan {

namespace {

constexpr double kNotYet = std::numeric_limits<double>::quiet_NaN();

double at(const std::vector<double>& values, size_t index) { return values.empty() ? 0.0 : values[index]; }

class OrderRun {
public:
    OrderRun(const PipelineInput& in, const StageOrders& orders)
        : m_in(in)
        , m_orders(orders)
        , p(in.stages)
        , m_virtualStages(virtualStagesOf(in.schedule, in.stages, in.chunks))
        , m_perDirection(scheduleTraits(in.schedule).bidirectional ? in.microBatches / 2 : in.microBatches)
        , m_forwardReady(slots(), kNotYet)
        , m_backwardReady(slots(), kNotYet)
        , m_next(size_t(p), 0)
        , m_clock(size_t(p), 0.0)
    {
        m_result.stages.assign(size_t(p), {});
        for (PipelineStageStats& stats : m_result.stages)
            stats.start = std::numeric_limits<double>::infinity();
    }

    PipelineResult run()
    {
        if (int64_t(m_orders.size()) != p)
            return {};
        // Sweep the stages until none can move; each sweep runs every stage as far as its inputs
        // allow, so a sweep that runs nothing means a deadlock (an order that cannot run).
        for (bool moved = true; moved;) {
            moved = false;
            for (int64_t s = 0; s < p; ++s)
                while (m_next[size_t(s)] < m_orders[size_t(s)].size() && runNext(s))
                    moved = true;
        }
        for (int64_t s = 0; s < p; ++s)
            if (m_next[size_t(s)] != m_orders[size_t(s)].size())
                return {};
        for (PipelineStageStats& stats : m_result.stages) {
            if (!std::isfinite(stats.start))
                stats.start = 0;
            m_result.makespan = std::max(m_result.makespan, stats.end);
        }
        m_result.ok = true;
        return std::move(m_result);
    }

private:
    [[nodiscard]] size_t slots() const { return size_t(2 * m_virtualStages * m_perDirection); }
    [[nodiscard]] size_t slot(const OrderedOp& op) const
    {
        return size_t((int64_t(op.direction) * m_virtualStages + op.virtualStage) * m_perDirection + op.microBatch);
    }
    [[nodiscard]] int64_t stageOf(int64_t vs, int direction) const { return stageOfVirtual(m_in.schedule, p, vs, direction); }

    // When the op's input is there, or NaN while it is not.
    [[nodiscard]] double inputReady(const OrderedOp& op) const
    {
        const int64_t vs = op.virtualStage;
        switch (op.kind) {
        case PipelineOpKind::Forward:
            return vs == 0 ? 0.0 : m_forwardReady[slot(op) - size_t(m_perDirection)];
        case PipelineOpKind::Backward:
        case PipelineOpKind::InputGradient:
            if (vs == m_virtualStages - 1) // the loss, after this micro-batch's own forward
                return m_forwardReady[slot(op)];
            return m_backwardReady[slot(op) + size_t(m_perDirection)];
        case PipelineOpKind::WeightGradient:
            return 0.0; // its input gradient ran before it on this stage
        }
        return kNotYet;
    }

    [[nodiscard]] double duration(const OrderedOp& op) const
    {
        const size_t vs = size_t(op.virtualStage);
        switch (op.kind) {
        case PipelineOpKind::Forward:
            return m_in.forwardSeconds[vs];
        case PipelineOpKind::Backward:
            return m_in.backwardSeconds[vs];
        case PipelineOpKind::InputGradient:
            return m_in.backwardSeconds[vs] - at(m_in.weightSeconds, vs);
        case PipelineOpKind::WeightGradient:
            return at(m_in.weightSeconds, vs);
        }
        return 0;
    }

    // The seconds the stage is blocked sending the op's output on, when its consumer is elsewhere.
    [[nodiscard]] double sendAfter(const OrderedOp& op, int64_t stage) const
    {
        const int64_t vs = op.virtualStage;
        if (op.kind == PipelineOpKind::Forward)
            return vs + 1 < m_virtualStages && stageOf(vs + 1, op.direction) != stage ? m_in.sendForwardSeconds : 0.0;
        if (op.kind == PipelineOpKind::WeightGradient)
            return 0.0;
        return vs > 0 && stageOf(vs - 1, op.direction) != stage ? m_in.sendBackwardSeconds : 0.0;
    }

    // A forward and a backward run together: their compute back to back, each one's communication
    // under the other's compute, at the overlap's price (overlapPrice's rule).
    [[nodiscard]] double pairDuration(const OrderedOp& f, const OrderedOp& b) const
    {
        const double comm = at(m_in.forwardCommSeconds, size_t(f.virtualStage)) + at(m_in.backwardCommSeconds, size_t(b.virtualStage));
        const double compute = duration(f) + duration(b) - comm;
        double hidden = 0;
        return compute + overlapPrice(comm, compute, m_in.overlapSlowdown, hidden);
    }

    bool runNext(int64_t s)
    {
        const std::vector<OrderedOp>& order = m_orders[size_t(s)];
        const size_t at = m_next[size_t(s)];
        const OrderedOp& op = order[at];
        if (op.pairedWithNext) {
            if (at + 1 >= order.size())
                return false;
            const OrderedOp& partner = order[at + 1];
            const double ready = std::max(inputReady(op), inputReady(partner));
            if (std::isnan(ready))
                return false;
            const double start = std::max(m_clock[size_t(s)], ready);
            const double end = start + pairDuration(op, partner);
            const double sends = sendAfter(op, s) + sendAfter(partner, s);
            finish(s, op, start, end, end + sends, true);
            finish(s, partner, start, end, end + sends, true);
            m_result.stages[size_t(s)].busyCompute += end - start;
            m_result.stages[size_t(s)].busySend += sends;
            m_clock[size_t(s)] = end + sends;
            m_next[size_t(s)] += 2;
            return true;
        }
        const double ready = inputReady(op);
        if (std::isnan(ready))
            return false;
        const double start = std::max(m_clock[size_t(s)], ready);
        const double end = start + duration(op);
        const double send = sendAfter(op, s);
        finish(s, op, start, end, end + send, false);
        m_result.stages[size_t(s)].busyCompute += end - start;
        m_result.stages[size_t(s)].busySend += send;
        m_clock[size_t(s)] = end + send;
        ++m_next[size_t(s)];
        return true;
    }

    void finish(int64_t s, const OrderedOp& op, double start, double end, double sendEnd, bool overlapped)
    {
        ++m_result.operationsSimulated;
        if (op.kind == PipelineOpKind::Forward)
            m_forwardReady[slot(op)] = sendEnd;
        else if (op.kind != PipelineOpKind::WeightGradient)
            m_backwardReady[slot(op)] = sendEnd;
        PipelineStageStats& stats = m_result.stages[size_t(s)];
        stats.start = std::min(stats.start, start);
        stats.end = std::max(stats.end, sendEnd);
        if (m_in.recordTimeline) {
            const int64_t chunk = op.direction == 1 ? 1 : op.virtualStage / p; // a V's way up is chunk 1
            m_result.timeline.push_back({ s, chunk, op.microBatch, op.kind, start, end, sendEnd, op.direction, overlapped,
                                          op.virtualStage });
        }
    }

    const PipelineInput& m_in;
    const StageOrders& m_orders;
    const int64_t p, m_virtualStages, m_perDirection;
    std::vector<double> m_forwardReady, m_backwardReady; // when each (direction, virtual stage, micro-batch) output arrives
    std::vector<size_t> m_next;
    std::vector<double> m_clock;
    PipelineResult m_result;
};

} // namespace

PipelineResult simulateOrders(const PipelineInput& input, const StageOrders& orders)
{
    return OrderRun(input, orders).run();
}

} // namespace paraplan
