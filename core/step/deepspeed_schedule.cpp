// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/deepspeed_schedule.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace paraplan {

namespace {

// The micro-batch stage `s` runs forward (or backward) at step `t`, as TrainSchedule's
// _step_to_micro_batch: forward k at step 2k + s, backward k at step 2k + 2p - s - 1.
std::optional<int64_t> forwardAt(int64_t t, int64_t s, int64_t m)
{
    const int64_t offset = t - s;
    if (offset < 0 || offset % 2 != 0 || offset / 2 >= m)
        return std::nullopt;
    return offset / 2;
}

std::optional<int64_t> backwardAt(int64_t t, int64_t s, int64_t p, int64_t m)
{
    const int64_t offset = t - (2 * p - s - 1);
    if (offset < 0 || offset % 2 != 0 || offset / 2 >= m)
        return std::nullopt;
    return offset / 2;
}

class DeepSpeedRun {
public:
    explicit DeepSpeedRun(const PipelineInput& in)
        : m_in(in)
        , p(in.stages)
        , m(in.microBatches)
        , m_clock(size_t(p), 0.0)
        , m_pendingOp(size_t(p), kNone)
    {
        m_result.stages.assign(size_t(p), {});
    }

    PipelineResult run()
    {
        for (int64_t t = 0; t < 2 * (m + p - 1); ++t) {
            // The exchanges first: between each stage taking a forward step and the stage before it.
            for (int64_t s = 1; s < p; ++s)
                if ((t - s) % 2 == 0)
                    exchange(t, s);
            for (int64_t s = 0; s < p; ++s) {
                if (const auto k = forwardAt(t, s, m))
                    compute(s, *k, PipelineOpKind::Forward, m_in.forwardSeconds[size_t(s)]);
                else if (const auto j = backwardAt(t, s, p, m))
                    compute(s, *j, PipelineOpKind::Backward, m_in.backwardSeconds[size_t(s)]);
            }
        }
        for (int64_t s = 0; s < p; ++s) {
            m_result.stages[size_t(s)].end = m_clock[size_t(s)];
            m_result.makespan = std::max(m_result.makespan, m_clock[size_t(s)]);
        }
        m_result.ok = true;
        return std::move(m_result);
    }

private:
    static constexpr size_t kNone = std::numeric_limits<size_t>::max();

    // Stage s (forward step t) receives the activation of the forward s - 1 ran at step t - 1, and
    // returns the gradient of the backward it ran itself at step t - 1: in that order, both blocking.
    void exchange(int64_t t, int64_t s)
    {
        const bool activation = forwardAt(t, s, m).has_value();
        const bool gradient = t > 0 && backwardAt(t - 1, s, p, m).has_value();
        if (!activation && !gradient)
            return;
        double at = std::max(m_clock[size_t(s - 1)], m_clock[size_t(s)]);
        if (activation) {
            at += m_in.sendForwardSeconds;
            sent(s - 1, at, m_in.sendForwardSeconds);
            m_result.stages[size_t(s)].busySend += m_in.sendForwardSeconds;
        }
        if (gradient) {
            at += m_in.sendBackwardSeconds;
            sent(s, at, m_in.sendBackwardSeconds);
            m_result.stages[size_t(s - 1)].busySend += m_in.sendBackwardSeconds;
        }
        m_clock[size_t(s - 1)] = m_clock[size_t(s)] = at;
    }

    // The sender's last operation: its output has left at `at`.
    void sent(int64_t sender, double at, double seconds)
    {
        m_result.stages[size_t(sender)].busySend += seconds;
        if (m_pendingOp[size_t(sender)] != kNone)
            m_result.timeline[m_pendingOp[size_t(sender)]].sendEnd = at;
        m_pendingOp[size_t(sender)] = kNone;
    }

    void compute(int64_t s, int64_t microBatch, PipelineOpKind kind, double seconds)
    {
        const double start = m_clock[size_t(s)];
        const double end = start + seconds;
        m_clock[size_t(s)] = end;
        ++m_result.operationsSimulated;
        PipelineStageStats& stats = m_result.stages[size_t(s)];
        if (kind == PipelineOpKind::Forward && microBatch == 0) // every stage's first pass (step s)
            stats.start = start;
        stats.busyCompute += seconds;
        if (m_in.recordTimeline) {
            m_pendingOp[size_t(s)] = m_result.timeline.size();
            m_result.timeline.push_back({ s, 0, microBatch, kind, start, end, end, 0, false, s });
        }
    }

    const PipelineInput& m_in;
    const int64_t p, m;
    std::vector<double> m_clock;
    std::vector<size_t> m_pendingOp; // each stage's last operation in the timeline, until its output leaves
    PipelineResult m_result;
};

} // namespace

PipelineResult simulateDeepSpeedSchedule(const PipelineInput& input)
{
    if (input.schedule != PipelineSchedule::OneFOneB || input.chunks != 1 || input.stages < 1 || input.microBatches < 1
        || int64_t(input.forwardSeconds.size()) != input.stages || int64_t(input.backwardSeconds.size()) != input.stages)
        return {};
    return DeepSpeedRun(input).run();
}

} // namespace paraplan
