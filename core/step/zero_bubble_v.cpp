// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/schedule_orders.h"

#include <algorithm>
#include <array>
#include <deque>
#include <limits>

// The zero-bubble repository's greedy V schedule, PipelineGraph.try_v_schedule in
// megatron/core/pipeline_parallel/zerobubble/scheduler/zbv.py @ 39f2c186, rewritten step for step.
// Its own indexing is kept so the two can be read side by side: passes are F, B, W (cat 0, 1, 2)
// of chunk 0 or 1, where F's chunk 1 and B's chunk 0 are the V's way back up (virtual stage
// 2pp-1-s), B's chunk 1 and W's follow the B they complete.
namespace paraplan {

namespace {

// Activation memory per pass in the repository's units (runtime.py: 34h for a forward, W frees the
// 32h its GEMMs keep, B the rest); the limit is 2pp forwards' worth.
constexpr double kForwardMemory = 34, kInputGradientMemory = -2, kWeightGradientMemory = -32;

class GreedyV {
public:
    GreedyV(int64_t stages, int64_t microBatches, const UniformPassTimes& t)
        : S(stages)
        , M(microBatches)
        , m_cost{ t.forward, t.inputGradient, t.weightGradient }
        , m_comm(t.send)
        , m_maxMemory(kForwardMemory * double(stages) * 2)
    {
    }

    struct Attempt {
        std::vector<std::vector<std::array<int64_t, 3>>> schedule; // per stage: (cat, chunk, micro-batch)
        double maxBubble = std::numeric_limits<double>::infinity();
        bool ok = false;
    };

    Attempt run(bool fillForward, bool fillBackward, const std::vector<double>& approved)
    {
        reset();
        Attempt attempt;
        if (!schedule(fillForward, fillBackward, approved))
            return attempt;
        attempt.ok = true;
        attempt.maxBubble = maxStageBubble(-1, approved);
        attempt.schedule = m_schedule;
        const double maxApproved = approved.empty() ? -1 : *std::max_element(approved.begin(), approved.end());
        if (maxApproved < 0 || attempt.maxBubble < maxApproved) {
            const std::vector<double> bubbles = m_bubble;
            Attempt again = run(fillForward, fillBackward, bubbles);
            if (again.ok && again.maxBubble < attempt.maxBubble)
                return again;
        }
        return attempt;
    }

private:
    [[nodiscard]] size_t id(int cat, int chunk, int64_t stage, int64_t micro) const
    {
        return size_t(((int64_t(cat) * 2 + chunk) * S + stage) * M + micro);
    }
    [[nodiscard]] double endOf(int64_t node) const { return m_end[node >= 0 ? size_t(node) : m_end.size() - 1]; }

    void reset()
    {
        m_count.assign(size_t(S), {});
        m_end.assign(size_t(6 * S * M), -1.0);
        m_time.assign(size_t(S), 0.0);
        m_memory.assign(size_t(S), 0.0);
        m_bubble.assign(size_t(S), 0.0);
        m_pendingWeights.assign(size_t(S), {});
        m_schedule.assign(size_t(S), {});
        m_failed = false;
    }

    [[nodiscard]] double maxStageBubble(int64_t stage, const std::vector<double>& approved) const
    {
        double worst = *std::max_element(m_bubble.begin(), m_bubble.end());
        if (stage >= 0 && !approved.empty())
            worst = std::max(worst, *std::max_element(approved.begin(), approved.end()) - approved[size_t(stage)]);
        return worst;
    }

    int64_t& count(int64_t stage, int cat, int chunk) { return m_count[size_t(stage)][size_t(cat * 2 + chunk)]; }

    void put(int cat, int chunk, int64_t stage)
    {
        const int64_t micro = count(stage, cat, chunk);
        if (micro >= M) { // the repository asserts here; fail loudly rather than index past the end
            m_failed = true;
            return;
        }
        const double noBubble = m_time[size_t(stage)] + m_cost[size_t(cat)];
        double end = noBubble;
        if (cat < 2 && chunk == 1 && stage < S - 1)
            end = std::max(end, m_end[id(cat, chunk, stage + 1, micro)] + m_comm + m_cost[size_t(cat)]);
        if (cat < 2 && chunk == 0 && stage > 0)
            end = std::max(end, m_end[id(cat, chunk, stage - 1, micro)] + m_comm + m_cost[size_t(cat)]);
        if (count(stage, 0, 0) > 0)
            m_bubble[size_t(stage)] += end - noBubble;
        m_end[id(cat, chunk, stage, micro)] = end;
        m_time[size_t(stage)] = end;
        m_memory[size_t(stage)] += cat == 0 ? kForwardMemory : cat == 1 ? kInputGradientMemory : kWeightGradientMemory;
        m_schedule[size_t(stage)].push_back({ cat, chunk, micro });
        if (cat == 1)
            m_pendingWeights[size_t(stage)].push_back(chunk);
        ++count(stage, cat, chunk);
    }

    void putWeight(int64_t stage)
    {
        std::deque<int>& pending = m_pendingWeights[size_t(stage)];
        if (pending.empty()) {
            m_failed = true;
            return;
        }
        const int chunk = pending.front();
        pending.pop_front();
        put(2, chunk, stage);
    }

    // Fills a wait before `awaited` with W passes, as the repository does before each B and F.
    void fillWait(int64_t stage, int64_t awaited, bool fill, const std::vector<double>& approved)
    {
        std::deque<int>& pending = m_pendingWeights[size_t(stage)];
        while (!pending.empty() && awaited >= 0 && m_end[size_t(awaited)] + m_comm >= m_time[size_t(stage)] + m_cost[2])
            putWeight(stage);
        if (!pending.empty()
            && endOf(awaited) + m_comm - m_time[size_t(stage)] > maxStageBubble(stage, approved) - m_bubble[size_t(stage)]
            && fill)
            putWeight(stage);
    }

    bool schedule(bool fillForward, bool fillBackward, const std::vector<double>& approved)
    {
        const double f = m_cost[0];
        for (int64_t i = 0; i < S; ++i)
            put(0, 0, i);
        for (int64_t i = S - 1; i >= 0; --i) {
            if (i == S - 1) {
                put(0, 1, i);
                continue;
            }
            const double until = m_end[id(0, 1, i + 1, 0)] + m_comm;
            while (m_memory[size_t(i)] + kForwardMemory * double(2 + i * 2) <= m_maxMemory && m_time[size_t(i)] + f <= until
                   && count(i, 0, 0) < M && !m_failed)
                for (int64_t j = 0; j <= i; ++j)
                    put(0, 0, j);
            put(0, 1, i);
        }
        int chunk = 0;
        for (int64_t i = 1; i < S; ++i) {
            int64_t guard = 4 * M + 4;
            while ((count(i, 0, 0) + count(i, 0, 1) < count(i - 1, 0, 0) + count(i - 1, 0, 1)
                    || (count(i, 0, 1) <= count(i - 1, 0, 1) && count(i - 1, 0, 1) < M))
                   && guard-- > 0 && !m_failed) {
                for (int64_t j = S - 1; j >= i; --j)
                    if (count(j, 0, chunk) < M)
                        put(0, chunk, j);
                chunk = 1 - chunk;
            }
            if (guard < 0)
                return false;
        }
        for (int64_t round = 0; round < 2 * M && !m_failed; ++round) {
            for (int64_t i = 0; i < S; ++i)
                while (m_memory[size_t(i)] + kInputGradientMemory > m_maxMemory && !m_failed)
                    putWeight(i);
            std::vector<int64_t> down, up; // B of chunk 0 and chunk 1
            for (int64_t i = 0; i < S; ++i) {
                if (count(i, 1, 1) >= count(i, 1, 0))
                    down.push_back(i);
                else if (i == S - 1)
                    up.push_back(i);
                else if (m_end[id(1, 1, i + 1, count(i, 1, 1))] >= 0 || count(i, 1, 0) >= M)
                    up.push_back(i);
                else
                    down.push_back(i);
            }
            std::vector<std::pair<int64_t, int>> backwards;
            for (auto it = up.rbegin(); it != up.rend(); ++it)
                backwards.emplace_back(*it, 1);
            for (int64_t i : down)
                backwards.emplace_back(i, 0);
            for (const auto& [i, c] : backwards) {
                int64_t awaited = -1;
                if (c == 1 && i < S - 1)
                    awaited = int64_t(id(1, 1, i + 1, count(i, 1, 1)));
                if (c == 0 && i > 0)
                    awaited = int64_t(id(1, 0, i - 1, count(i, 1, 0)));
                fillWait(i, awaited, c == 1 || fillBackward, approved);
                put(1, c, i);
            }
            for (int64_t i = 0; i < S; ++i) {
                if (count(i, 0, 1) >= M)
                    continue;
                int next = -1;
                if (count(i, 0, 1) >= count(i, 0, 0))
                    next = 0;
                else if (i == S - 1)
                    next = 1;
                else if (m_end[id(0, 1, i + 1, count(i, 0, 1))] >= 0)
                    next = 1;
                else if (count(i, 0, 0) < M && (i == 0 || m_end[id(0, 0, i - 1, count(i, 0, 0))] >= 0))
                    next = 0;
                if (next < 0)
                    continue;
                while (m_memory[size_t(i)] + kForwardMemory > m_maxMemory && !m_failed)
                    putWeight(i);
                int64_t awaited = -1;
                if (next == 0 && i > 0)
                    awaited = int64_t(id(0, 0, i - 1, count(i, 0, 0)));
                if (next == 1 && i < S - 1)
                    awaited = int64_t(id(0, 1, i + 1, count(i, 0, 1)));
                fillWait(i, awaited, fillForward, approved);
                put(0, next, i);
            }
        }
        for (int64_t i = 0; i < S; ++i)
            while (!m_pendingWeights[size_t(i)].empty() && !m_failed)
                putWeight(i);
        return !m_failed;
    }

    const int64_t S, M;
    const std::array<double, 3> m_cost;
    const double m_comm, m_maxMemory;
    std::vector<std::array<int64_t, 6>> m_count;
    std::vector<double> m_end, m_time, m_memory, m_bubble;
    std::vector<std::deque<int>> m_pendingWeights;
    std::vector<std::vector<std::array<int64_t, 3>>> m_schedule;
    bool m_failed = false;
};

} // namespace

StageOrders zeroBubbleVOrders(int64_t stages, int64_t microBatches, const UniformPassTimes& times)
{
    GreedyV greedy(stages, microBatches, times);
    GreedyV::Attempt best;
    for (bool fillBackward : { true, false }) // create_schedule's four tries
        for (bool fillForward : { true, false }) {
            GreedyV::Attempt attempt = greedy.run(fillForward, fillBackward, {});
            if (attempt.ok && attempt.maxBubble < best.maxBubble)
                best = std::move(attempt);
        }
    if (!best.ok)
        return {};
    StageOrders orders = StageOrders(size_t(stages));
    for (int64_t s = 0; s < stages; ++s)
        for (const auto& [cat, chunk, micro] : best.schedule[size_t(s)]) {
            // create_schedule's mapping: F's chunk is the model chunk, B's and W's are reversed.
            const int64_t modelChunk = cat == 0 ? chunk : 1 - chunk;
            const int64_t vs = modelChunk == 0 ? s : 2 * stages - 1 - s;
            const PipelineOpKind kind = cat == 0 ? PipelineOpKind::Forward
                : cat == 1                       ? PipelineOpKind::InputGradient
                                                 : PipelineOpKind::WeightGradient;
            orders[size_t(s)].push_back({ kind, vs, micro });
        }
    return orders;
}

} // namespace paraplan
