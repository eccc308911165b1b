// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/schedule_rules.h"

#include <algorithm>

namespace paraplan {

ScheduleTraits scheduleTraits(PipelineSchedule schedule)
{
    switch (schedule) {
    case PipelineSchedule::GPipe:
    case PipelineSchedule::OneFOneB:
        return {};
    case PipelineSchedule::Interleaved1F1B:
        return { .chunksPerStage = 0 };
    case PipelineSchedule::ZbH1:
        return { .splitsBackward = true };
    case PipelineSchedule::ZbH2:
        return { .splitsBackward = true, .postValidation = true };
    case PipelineSchedule::ZbV:
        return { .chunksPerStage = 2, .splitsBackward = true, .vShape = true, .postValidation = true };
    case PipelineSchedule::DualPipe:
        return { .splitsBackward = true, .bidirectional = true };
    case PipelineSchedule::DualPipeV:
        return { .chunksPerStage = 2, .splitsBackward = true, .vShape = true };
    }
    return {};
}

PipelineSchedule impliedSchedule(int64_t vpp)
{
    return vpp > 1 ? PipelineSchedule::Interleaved1F1B : PipelineSchedule::OneFOneB;
}

PipelineSchedule effectiveSchedule(const ParallelSpec& parallel)
{
    return parallel.schedule ? *parallel.schedule : impliedSchedule(parallel.degrees.vpp);
}

bool scheduleMatchesChunks(PipelineSchedule schedule, int64_t vpp)
{
    const int64_t chunks = scheduleTraits(schedule).chunksPerStage;
    return chunks == 0 ? vpp >= 2 : vpp == chunks;
}

int64_t chunksFor(PipelineSchedule schedule, int64_t vpp)
{
    const int64_t chunks = scheduleTraits(schedule).chunksPerStage;
    return chunks == 0 ? std::max<int64_t>(vpp, 2) : chunks;
}

bool scheduleFitsStages(PipelineSchedule schedule, int64_t pp)
{
    return !scheduleTraits(schedule).bidirectional || pp % 2 == 0;
}

int64_t minimumMicroBatches(PipelineSchedule schedule, int64_t pp)
{
    switch (schedule) {
    case PipelineSchedule::DualPipe:
    case PipelineSchedule::DualPipeV:
        return 2 * pp;
    default:
        return 1;
    }
}

bool scheduleFitsMicroBatches(PipelineSchedule schedule, int64_t pp, int64_t microBatches)
{
    if (microBatches < minimumMicroBatches(schedule, pp))
        return false;
    return schedule != PipelineSchedule::DualPipe || microBatches % 2 == 0;
}

bool frameworkRunsSchedule(const FrameworkSpec& framework, PipelineSchedule schedule)
{
    const bool deepSpeedEngine = framework.name == Framework::DeepSpeed || framework.name == Framework::MegatronDeepSpeed;
    // Megatron-DeepSpeed's --enable-zbh1-pipeline (megatron/arguments.py @ f4157bea) runs ZB-H1 on
    // DeepSpeed's engine.
    const bool zeroBubbleH1 = framework.name == Framework::MegatronDeepSpeed && schedule == PipelineSchedule::ZbH1;
    return !deepSpeedEngine || zeroBubbleH1 || schedule == PipelineSchedule::OneFOneB
        || schedule == PipelineSchedule::Interleaved1F1B;
}

bool frameworkShipsSchedule(const FrameworkSpec& framework, PipelineSchedule schedule)
{
    if (schedule == PipelineSchedule::OneFOneB)
        return true;
    switch (framework.name) {
    case Framework::MegatronCore:
    case Framework::MegatronLm:
    case Framework::Nemo:
        return schedule == PipelineSchedule::Interleaved1F1B;
    case Framework::Torchtitan:
        return schedule == PipelineSchedule::Interleaved1F1B || schedule == PipelineSchedule::GPipe
            || schedule == PipelineSchedule::ZbV || schedule == PipelineSchedule::DualPipeV;
    case Framework::MegatronDeepSpeed:
        return schedule == PipelineSchedule::ZbH1; // --enable-zbh1-pipeline
    case Framework::DeepSpeed:
        return false;
    }
    return false;
}

const char* scheduleSource(PipelineSchedule schedule)
{
    switch (schedule) {
    case PipelineSchedule::GPipe:
        return "torchtitan (pipeline_parallel_schedule GPipe)";
    case PipelineSchedule::OneFOneB:
    case PipelineSchedule::Interleaved1F1B:
        return "Megatron-Core";
    case PipelineSchedule::ZbH1:
    case PipelineSchedule::ZbH2:
        return schedule == PipelineSchedule::ZbH1
            ? "Megatron-DeepSpeed (--enable-zbh1-pipeline) or the zero-bubble repository's Megatron-LM fork "
              "(sail-sg/zero-bubble-pipeline-parallelism)"
            : "the zero-bubble repository's Megatron-LM fork (sail-sg/zero-bubble-pipeline-parallelism)";
    case PipelineSchedule::ZbV:
        return "torchtitan (ZBVZeroBubble) or the zero-bubble repository's Megatron-LM fork";
    case PipelineSchedule::DualPipe:
        return "DeepSeek's DualPipe library (deepseek-ai/DualPipe) in your own training loop";
    case PipelineSchedule::DualPipeV:
        return "torchtitan (DualPipeV) or DeepSeek's DualPipe library";
    }
    return "";
}

std::vector<std::optional<PipelineSchedule>> schedulesToExplore(const FrameworkSpec& framework, int64_t pp, int64_t vpp)
{
    std::vector<std::optional<PipelineSchedule>> schedules{ std::nullopt };
    if (pp < 2)
        return schedules;
    for (PipelineSchedule schedule : { PipelineSchedule::ZbH1, PipelineSchedule::ZbH2, PipelineSchedule::DualPipe,
                                       PipelineSchedule::ZbV, PipelineSchedule::DualPipeV })
        if (scheduleMatchesChunks(schedule, vpp) && frameworkRunsSchedule(framework, schedule))
            schedules.emplace_back(schedule);
    return schedules;
}

} // namespace paraplan
