// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/pipeline_simulation.h"

#include "core/rules/schedule_rules.h"
#include "core/step/deepspeed_schedule.h"
#include "core/step/order_simulation.h"
#include "core/step/schedule_orders.h"

namespace paraplan {

namespace {

// What ZB-V's greedy order is built from: the mean pass times over the virtual stages.
UniformPassTimes meanPassTimes(const PipelineInput& in)
{
    UniformPassTimes times;
    const double n = double(in.forwardSeconds.size());
    times.forward = times.inputGradient = times.weightGradient = 0;
    for (size_t vs = 0; vs < in.forwardSeconds.size(); ++vs) {
        const double weight = in.weightSeconds.empty() ? 0.0 : in.weightSeconds[vs];
        times.forward += in.forwardSeconds[vs] / n;
        times.inputGradient += (in.backwardSeconds[vs] - weight) / n;
        times.weightGradient += weight / n;
    }
    times.send = in.sendForwardSeconds;
    return times;
}

} // namespace

PipelineResult simulatePipeline(const PipelineInput& in)
{
    const int64_t p = in.stages, v = in.chunks, m = in.microBatches;
    const int64_t virtualStages = virtualStagesOf(in.schedule, p, v);
    const auto sized = [&](const std::vector<double>& times, bool optional) {
        return (optional && times.empty()) || int64_t(times.size()) == virtualStages;
    };
    if (p < 1 || v < 1 || m < 1 || !sized(in.forwardSeconds, false) || !sized(in.backwardSeconds, false)
        || !sized(in.weightSeconds, true) || !sized(in.forwardCommSeconds, true) || !sized(in.backwardCommSeconds, true))
        return {};
    if (in.lockstepExchanges)
        return simulateDeepSpeedSchedule(in);
    if (in.schedule == PipelineSchedule::OneFOneB || in.schedule == PipelineSchedule::Interleaved1F1B)
        return simulateMegatronSchedule(in);
    if (!scheduleMatchesChunks(in.schedule, v) || !scheduleFitsStages(in.schedule, p)
        || !scheduleFitsMicroBatches(in.schedule, p, m))
        return {};
    return simulateOrders(in, scheduleOrders(in.schedule, p, v, m, meanPassTimes(in)));
}

} // namespace paraplan
