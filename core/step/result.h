// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/layer_costs.h"
#include "core/model/memory_model.h"
#include "core/network/group_report.h"
#include "core/spec/diagnostics.h"
#include "core/spec/scenario.h"
#include "core/step/pipeline_schedule.h"
#include "core/step/run_goodput.h"
#include "core/step/step_uncertainty.h"

#include <optional>
#include <string>
#include <vector>

// The evaluation of one scenario: the result contract of spec/scenario.md as values (SI units:
// bytes and seconds; io/ converts to GiB and the contract's names).
namespace paraplan {

// Exposed (critical-path) seconds of one step by cause; they add up to `step`.
struct TimeBreakdown {
    double step = 0;
    double compute = 0;
    double recompute = 0;
    double tpComm = 0;
    double cpComm = 0;
    double epComm = 0;
    double ppComm = 0;
    double dpComm = 0;
    double bubble = 0;
    double optimizer = 0;
    double other = 0;
    // Communication that ran under compute, off the critical path: a component's seconds above are
    // what it adds to the step (its exposed part and the slowdown its hidden part inflicts).
    HiddenComm hidden;

    [[nodiscard]] double exposedCommunication() const { return tpComm + cpComm + epComm + ppComm + dpComm; }
    [[nodiscard]] double sumOfParts() const
    {
        return compute + recompute + exposedCommunication() + bubble + optimizer + other;
    }
};

struct StageReport {
    int64_t layers = 0;
    MemoryBreakdown memory;
    double busy = 0;  // forward + backward operations
    double send = 0;  // blocked in pipeline sends
    double idle = 0;  // waiting on neighbours within the pipeline
    double tail = 0;  // exposed DP communication and optimizer after the last backward
    double end = 0;   // when the stage is done with the step
};

struct Result {
    bool valid = false;
    Diagnostics diagnostics; // errors and warnings
    ParallelSpec parallel;   // as evaluated: dp resolved, recompute as chosen
    int64_t gpus = 0;
    int64_t microBatches = 0;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB; // the schedule simulated
    // The split as Megatron's --pipeline-model-parallel-layout writes it (Megatron's schedules with a
    // pipeline; filled by detailed evaluations, as `groups`; empty otherwise).
    std::string pipelineLayout;

    MemoryBreakdown memory; // the worst stage
    double capacityBytes = 0;
    bool fits = false;
    int64_t worstStage = 0;
    std::vector<StageReport> stages;

    TimeBreakdown time;
    int64_t criticalStage = 0; // the stage whose end defines the step
    Recompute recomputeChosen = Recompute::None;
    double bubbleFraction = 0;
    double modelTflopsPerGpu = 0;
    double hardwareTflopsPerGpu = 0;
    double mfu = 0;
    double hfu = 0;
    double tokensPerS = 0;
    double samplesPerS = 0;
    std::optional<double> timeToTrainS;
    std::optional<double> costUsd;
    // The step's 80 % band from published runs; front ends attach it (core/explore/uncertainty),
    // evaluate() leaves it empty.
    std::optional<StepUncertainty> uncertainty;
    // The whole run through failures, checkpoints and restarts; front ends attach it
    // (core/run/goodput), evaluate() leaves it empty.
    std::optional<RunGoodput> goodput;

    std::vector<GroupReport> groups;  // filled by detailed evaluations
    std::vector<PipelineOp> timeline; // filled when asked for
};

} // namespace paraplan
