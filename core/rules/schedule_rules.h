// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/framework.h"
#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"

#include <cstdint>
#include <optional>
#include <vector>

// What each pipeline schedule is made of and what it needs (docs/cost-model.md, "Pipeline
// schedules"): the one place that knows which schedules split the backward, run two directions,
// fold the model into a V, or need the optimizer's post-validation to reach their bubble.
namespace paraplan {

struct ScheduleTraits {
    // Model chunks on each stage: 1, 2 (the V schedules), or 0 for "vpp, at least 2" (interleaved).
    int64_t chunksPerStage = 1;
    // The backward runs as an input-gradient pass B and a weight-gradient pass W that may wait.
    bool splitsBackward = false;
    // Micro-batches enter from both ends (DualPipe): every stage also holds the mirror stage's
    // layers, twice the parameters.
    bool bidirectional = false;
    // Virtual stage pp + i sits on stage pp - 1 - i: the model goes down the stages and back up,
    // so the first stage also holds the last chunk (ZB-V, DualPipeV).
    bool vShape = false;
    // The step is a parallelogram: each stage steps its optimizer as soon as its own passes are
    // done, the global checks (gradient norm, inf/NaN) validated afterwards and rolled back in the
    // rare step that fails them (the zero-bubble repository's --enable-optimizer-post-validation,
    // which its ZB-H2 and ZB-V need; without it they lose their advantage).
    bool postValidation = false;
};

[[nodiscard]] ScheduleTraits scheduleTraits(PipelineSchedule schedule);

// The stage a virtual stage of a direction runs on: chunk·pp + stage on `stage`; in a V, virtual
// stage pp + i on stage pp - 1 - i; with DualPipe, the second direction's stage j on stage pp - 1 - j.
[[nodiscard]] inline int64_t stageOfVirtual(const ScheduleTraits& traits, int64_t pp, int64_t virtualStage, int direction = 0)
{
    if (traits.bidirectional)
        return direction == 0 ? virtualStage : pp - 1 - virtualStage;
    if (traits.vShape && virtualStage >= pp)
        return 2 * pp - 1 - virtualStage;
    return virtualStage % pp;
}
[[nodiscard]] inline int64_t stageOfVirtual(PipelineSchedule schedule, int64_t pp, int64_t virtualStage, int direction = 0)
{
    return stageOfVirtual(scheduleTraits(schedule), pp, virtualStage, direction);
}
// The chunks a stage runs under the schedule: its own count, or for interleaving `vpp` where it
// interleaves and else the fewest, 2.
[[nodiscard]] int64_t chunksFor(PipelineSchedule schedule, int64_t vpp);

// What vpp implies where no schedule is given: interleaved 1F1B with vpp > 1, else 1F1B.
[[nodiscard]] PipelineSchedule impliedSchedule(int64_t vpp);
// The scenario's schedule, or what its vpp implies.
[[nodiscard]] PipelineSchedule effectiveSchedule(const ParallelSpec& parallel);

// The schedule's chunks per stage agree with vpp.
[[nodiscard]] bool scheduleMatchesChunks(PipelineSchedule schedule, int64_t vpp);
// DualPipe pairs stage i with stage pp - 1 - i: it needs an even number of stages.
[[nodiscard]] bool scheduleFitsStages(PipelineSchedule schedule, int64_t pp);
// DualPipe splits the micro-batches between its two directions, each at least pp of them; DualPipeV
// needs 2·pp to fill its V (dualpipe.py and dualpipev.py's step() asserts, DualPipe @ 3da1bbe).
[[nodiscard]] int64_t minimumMicroBatches(PipelineSchedule schedule, int64_t pp);
[[nodiscard]] bool scheduleFitsMicroBatches(PipelineSchedule schedule, int64_t pp, int64_t microBatches);
// DeepSpeed's pipeline engine runs its own 1F1B (TrainSchedule), and under Megatron-DeepSpeed
// ZB-H1 too, nothing else (its missing interleaving has its own rule, frameworkInterleaves).
[[nodiscard]] bool frameworkRunsSchedule(const FrameworkSpec& framework, PipelineSchedule schedule);
// Whether the framework's own release has the schedule: Megatron-Core (and Megatron-LM, NeMo) ship
// 1F1B and interleaved 1F1B (megatron/core/pipeline_parallel/schedules.py @ d98e8a64);
// torchtitan also GPipe, ZB-V and DualPipeV (torch.distributed.pipelining's ScheduleGPipe,
// ScheduleZBVZeroBubble, ScheduleDualPipeV). The others run in forks and libraries: where to get
// one is `scheduleSource`.
[[nodiscard]] bool frameworkShipsSchedule(const FrameworkSpec& framework, PipelineSchedule schedule);
[[nodiscard]] const char* scheduleSource(PipelineSchedule schedule);

// What a search explores for a pipeline of pp stages and vpp chunks: what vpp implies (none), and
// the schedules with vpp's chunks that can beat it, where the framework runs them: ZB-H1, ZB-H2
// and DualPipe for one chunk, ZB-V and DualPipeV for two. GPipe is left out: it idles as long as
// 1F1B and holds every micro-batch. Nothing but the implied one without a pipeline (pp 1).
[[nodiscard]] std::vector<std::optional<PipelineSchedule>> schedulesToExplore(const FrameworkSpec& framework, int64_t pp,
                                                                              int64_t vpp);

} // namespace paraplan
