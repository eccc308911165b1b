// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/schedule_orders.h"

#include "core/rules/schedule_rules.h"

#include <algorithm>
#include <deque>

namespace paraplan {

int64_t virtualStagesOf(PipelineSchedule schedule, int64_t stages, int64_t chunks)
{
    return scheduleTraits(schedule).bidirectional ? stages : stages * chunks;
}

namespace {

OrderedOp forward(int64_t vs, int64_t mb, int direction = 0) { return { PipelineOpKind::Forward, vs, mb, direction }; }

// 1F1B and interleaved 1F1B: Megatron's order (stageSchedule).
StageOrders megatronOrders(int64_t p, int64_t v, int64_t m)
{
    StageOrders orders = StageOrders(size_t(p));
    for (int64_t s = 0; s < p; ++s)
        for (const ScheduledOp& op : stageSchedule(s, p, v, m))
            orders[size_t(s)].push_back({ op.kind, op.chunk * p + s, op.microBatch });
    return orders;
}

// GPipe: every forward, then every backward in the same order (torch.distributed.pipelining's
// ScheduleGPipe; Huang et al. 2019).
StageOrders gpipeOrders(int64_t p, int64_t m)
{
    StageOrders orders = StageOrders(size_t(p));
    for (int64_t s = 0; s < p; ++s) {
        for (int64_t k = 0; k < m; ++k)
            orders[size_t(s)].push_back(forward(s, k));
        for (int64_t k = 0; k < m; ++k)
            orders[size_t(s)].push_back({ PipelineOpKind::Backward, s, k });
    }
    return orders;
}

// ZB-H1 and ZB-H2 (Qi et al., ICLR 2024, §3.1 and figures 3-4): 1F1B's order with the backward
// split, stage s running `warmup(s)` forwards before its first B and holding back its W passes
// `lag(s)` micro-batches behind its B passes, to fill the cool-down's waits with them.
// ZB-H1: 1F1B's warm-up and steady F-B pairs with a lag of s, so every stage holds pp
// micro-batches, 1F1B's first stage's memory, and the bubble shrinks to (pp-1)(F + B - W) (B: the
// input gradient). ZB-H2: a warm-up of 2(pp-1-s)+1, steady B-F pairs and a lag of 2s: 2pp-1
// micro-batches held, and no stage ever idles once it started, a parallelogram that
// post-validation turns into a step without bubble.
template<typename Warmup, typename Lag>
StageOrders laggedWeightOrders(int64_t p, int64_t m, bool forwardFirst, Warmup warmup, Lag lag)
{
    StageOrders orders = StageOrders(size_t(p));
    for (int64_t s = 0; s < p; ++s) {
        std::vector<OrderedOp>& order = orders[size_t(s)];
        const int64_t w = std::min(warmup(s), m);
        std::deque<int64_t> pending;
        const auto backward = [&](int64_t k) {
            order.push_back({ PipelineOpKind::InputGradient, s, k });
            pending.push_back(k);
            if (int64_t(pending.size()) > lag(s)) {
                order.push_back({ PipelineOpKind::WeightGradient, s, pending.front() });
                pending.pop_front();
            }
        };
        for (int64_t k = 0; k < w; ++k)
            order.push_back(forward(s, k));
        for (int64_t k = 0; k < m - w; ++k) {
            if (forwardFirst)
                order.push_back(forward(s, w + k));
            backward(k);
            if (!forwardFirst)
                order.push_back(forward(s, w + k));
        }
        for (int64_t k = m - w; k < m; ++k)
            backward(k);
        for (int64_t k : pending)
            order.push_back({ PipelineOpKind::WeightGradient, s, k });
    }
    return orders;
}

// DualPipe and DualPipeV: DeepSeek's DualPipe.step() (dualpipe.py and dualpipev.py @ 3da1bbe),
// its eight phases kept as written. A rank has two chunks: chunk 0 is fed from its own end,
// chunk 1 from the other. DualPipe: pp ranks, each direction half the micro-batches, rank r and
// rank pp-1-r running the same order (`half` ranks, r's distance from its end). DualPipeV: one
// direction folded into a V over pp ranks, chunk 1 being virtual stage 2pp-1-r.
class DualPipeOrder {
public:
    DualPipeOrder(bool vShape, int64_t p, int64_t m, int64_t rank)
    {
        if (vShape) {
            m_ranks = p;
            m_rank = rank;
            m_microBatches = m;
            m_chunk[0] = { 0, rank };
            m_chunk[1] = { 0, 2 * p - 1 - rank };
        } else {
            m_ranks = p / 2;
            m_rank = std::min(rank, p - 1 - rank);
            m_microBatches = m / 2;
            const bool firstHalf = rank < p / 2;
            const Chunk down{ 0, rank }, up{ 1, p - 1 - rank };
            m_chunk[0] = firstHalf ? down : up;
            m_chunk[1] = firstHalf ? up : down;
        }
    }

    std::vector<OrderedOp> build()
    {
        const int64_t R = m_ranks, r = m_rank, n = m_microBatches;
        const bool middle = r == R - 1;
        for (int64_t i = 0; i < (R - r - 1) * 2; ++i) // 1: nF0
            f(0);
        for (int64_t i = 0; i < r + 1; ++i) { // 2: nF0F1
            f(0);
            f(1);
        }
        for (int64_t i = 0; i < R - r - 1; ++i) { // 3: nB1W1F1, zero bubble
            b(1, true);
            w();
            f(1);
        }
        for (int64_t i = 0; i < n - 2 * R + r + 1; ++i) { // 4: nF0B1F1B0, the main phase
            if (i == 0 && middle) { // not overlapped, to shrink the bubble
                f(0);
                b(1, false);
            } else {
                fb(0, 1);
            }
            fb(1, 0);
        }
        for (int64_t i = 0; i < R - r - 1; ++i) { // 5: nB1F1B0
            b(1, false);
            fb(1, 0);
        }
        bool zb = false; // 6: nB1B0, the second half zero bubble
        const int64_t step6 = r + 1;
        for (int64_t i = 0; i < step6; ++i) {
            if (i == step6 / 2 && r % 2 == 1)
                zb = true;
            b(1, zb);
            if (i == step6 / 2 && r % 2 == 0)
                zb = true;
            b(0, zb);
        }
        for (int64_t i = 0; i < R - r - 1; ++i) { // 7: nWB0, zero bubble
            w();
            b(0, true);
        }
        for (int64_t i = 0; i < r + 1; ++i) // 8: nW
            w();
        return std::move(m_ops);
    }

private:
    struct Chunk {
        int direction;
        int64_t virtualStage;
    };

    void f(int c) { m_ops.push_back(forward(m_chunk[c].virtualStage, m_forwards[c]++, m_chunk[c].direction)); }
    void b(int c, bool zeroBubble)
    {
        const Chunk& chunk = m_chunk[c];
        const int64_t mb = m_backwards[c]++;
        m_ops.push_back({ zeroBubble ? PipelineOpKind::InputGradient : PipelineOpKind::Backward, chunk.virtualStage, mb,
                          chunk.direction });
        if (zeroBubble)
            m_weights.push_back(m_ops.back());
    }
    void w()
    {
        OrderedOp op = m_weights.front();
        m_weights.pop_front();
        op.kind = PipelineOpKind::WeightGradient;
        m_ops.push_back(op);
    }
    void fb(int forwardChunk, int backwardChunk)
    {
        f(forwardChunk);
        m_ops.back().pairedWithNext = true;
        b(backwardChunk, false);
    }

    int64_t m_ranks = 0, m_rank = 0, m_microBatches = 0;
    Chunk m_chunk[2]{};
    int64_t m_forwards[2]{}, m_backwards[2]{};
    std::deque<OrderedOp> m_weights;
    std::vector<OrderedOp> m_ops;
};

StageOrders dualPipeOrders(bool vShape, int64_t p, int64_t m)
{
    StageOrders orders;
    for (int64_t rank = 0; rank < p; ++rank)
        orders.push_back(DualPipeOrder(vShape, p, m, rank).build());
    return orders;
}

} // namespace

StageOrders scheduleOrders(PipelineSchedule schedule, int64_t p, int64_t v, int64_t m, const UniformPassTimes& times)
{
    switch (schedule) {
    case PipelineSchedule::OneFOneB:
    case PipelineSchedule::Interleaved1F1B:
        return megatronOrders(p, v, m);
    case PipelineSchedule::GPipe:
        return gpipeOrders(p, m);
    case PipelineSchedule::ZbH1:
        return laggedWeightOrders(p, m, true, [p](int64_t s) { return p - 1 - s; }, [](int64_t s) { return s; });
    case PipelineSchedule::ZbH2:
        return laggedWeightOrders(p, m, false, [p](int64_t s) { return 2 * (p - 1 - s) + 1; }, [](int64_t s) { return 2 * s; });
    case PipelineSchedule::ZbV:
        return zeroBubbleVOrders(p, m, times);
    case PipelineSchedule::DualPipe:
        return dualPipeOrders(false, p, m);
    case PipelineSchedule::DualPipeV:
        return dualPipeOrders(true, p, m);
    }
    return {};
}

int64_t peakHeldActivations(const std::vector<OrderedOp>& order)
{
    int64_t held = 0, peak = 0;
    // An overlapped pair's backward frees one chunk's activations as its forward builds another's
    // (DualPipe's README counts pp + 1, not pp + 2).
    bool inPair = false;
    for (const OrderedOp& op : order) {
        if (inPair) {
            inPair = false;
            continue;
        }
        if (op.pairedWithNext)
            inPair = true;
        else if (op.kind == PipelineOpKind::Forward)
            peak = std::max(peak, ++held);
        else if (op.kind == PipelineOpKind::Backward || op.kind == PipelineOpKind::WeightGradient)
            --held;
    }
    return peak;
}

} // namespace paraplan
