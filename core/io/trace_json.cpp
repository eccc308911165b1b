// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/trace_json.h"

#include "core/io/result_json.h"
#include "core/rules/schedule_rules.h"
#include "core/spec/rank_layout.h"
#include "core/spec/units.h"
#include "core/spec/version.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace paraplan::io {

namespace {

// A stage's GPUs are listed as ranges up to this many; a longer list ends with their count.
constexpr size_t kMostGpuRanges = 4;

// A non-finite number would be a bug upstream: written as null rather than as invalid JSON.
nlohmann::json traceNumber(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json();
}

// pid 0 and tid 0 stand for the kernel's idle task in Perfetto, which draws them apart: count from 1.
int64_t pidOf(int64_t stage)
{
    return stage + 1;
}
int64_t tidOf(TraceTrack track)
{
    return int64_t(track) + 1;
}

const char* trackName(TraceTrack track)
{
    switch (track) {
    case TraceTrack::Compute:
        return "Compute";
    case TraceTrack::PipelineSend:
        return "PP send";
    case TraceTrack::Tp:
        return "TP";
    case TraceTrack::Cp:
        return "CP";
    case TraceTrack::Ep:
        return "EP";
    case TraceTrack::Dp:
        return "DP";
    case TraceTrack::Tail:
        return "DP / optimizer tail";
    }
    return "";
}

const char* communicationName(TraceTrack track)
{
    switch (track) {
    case TraceTrack::Tp:
        return "TP collectives";
    case TraceTrack::Cp:
        return "CP exchange";
    case TraceTrack::Ep:
        return "EP dispatch and combine";
    case TraceTrack::Dp:
        return "DP (ZeRO) traffic";
    default:
        return "";
    }
}

// The papers' letters: B is the whole backward, or of a split one its input-gradient half.
const char* kindLetter(PipelineOpKind kind)
{
    switch (kind) {
    case PipelineOpKind::Forward:
        return "F";
    case PipelineOpKind::Backward:
    case PipelineOpKind::InputGradient:
        return "B";
    case PipelineOpKind::WeightGradient:
        return "W";
    }
    return "";
}

const char* passCategory(PipelineOpKind kind)
{
    switch (kind) {
    case PipelineOpKind::Forward:
        return "forward";
    case PipelineOpKind::Backward:
        return "backward";
    case PipelineOpKind::InputGradient:
        return "input_gradient";
    case PipelineOpKind::WeightGradient:
        return "weight_gradient";
    }
    return "";
}

// "F3": a forward of micro-batch 3; " c1" names the chunk where a stage runs several, " d1"
// DualPipe's second direction, whose micro-batches are numbered apart.
std::string passName(const TracePass& pass, PipelineSchedule schedule, int64_t chunks)
{
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on a const char* +
    // std::string temporary once a unity build inlines it.
    std::string name = kindLetter(pass.op.kind);
    name += std::to_string(pass.op.microBatch);
    const bool bidirectional = scheduleTraits(schedule).bidirectional;
    if (chunks > 1 && !bidirectional)
        name += " c" + std::to_string(pass.op.chunk);
    if (bidirectional)
        name += " d" + std::to_string(pass.op.direction);
    return name;
}

nlohmann::json passArgs(const TracePass& pass, double seconds)
{
    const PipelineOp& op = pass.op;
    const PassCost& cost = pass.cost;
    nlohmann::json args = { { "kind", kindLetter(op.kind) },
                            { "micro_batch", op.microBatch },
                            { "chunk", op.chunk },
                            { "virtual_stage", pass.virtualStage },
                            { "direction", op.direction },
                            { "flops", traceNumber(pass.flops) },
                            { "seconds", traceNumber(seconds) },
                            { "compute_s", traceNumber(cost.compute) } };
    if (op.overlapped)
        args["overlapped"] = true;
    const std::pair<const char*, double> parts[] = {
        { "recompute_s", cost.recompute },      { "tp_comm_s", cost.tpComm },
        { "cp_comm_s", cost.cpComm },           { "ep_comm_s", cost.epComm },
        { "dp_comm_s", cost.dpComm },           { "hidden_tp_comm_s", cost.hidden.tp },
        { "hidden_cp_comm_s", cost.hidden.cp }, { "hidden_ep_comm_s", cost.hidden.ep },
        { "hidden_dp_comm_s", cost.hidden.dp },
    };
    for (const auto& [key, value] : parts)
        if (value > 0)
            args[key] = traceNumber(value);
    return args;
}

std::string sliceName(const TraceSlice& slice, const std::string& pass)
{
    const std::string part = slice.hidden ? " (hidden)" : " (exposed)";
    switch (slice.kind) {
    case TraceSliceKind::Pass:
        return pass;
    case TraceSliceKind::Send:
        return "PP send";
    case TraceSliceKind::Communication:
        return communicationName(slice.track) + part;
    case TraceSliceKind::GradientSync:
        return "DP gradient sync" + part;
    case TraceSliceKind::Optimizer:
        return "Optimizer step";
    case TraceSliceKind::WeightCast:
        return "FP8 weight cast";
    case TraceSliceKind::StepOverhead:
        return "Step overhead and slowest rank";
    }
    return "";
}

std::string sliceCategory(const TraceSlice& slice, const TracePass* pass)
{
    switch (slice.kind) {
    case TraceSliceKind::Pass:
        return passCategory(pass->op.kind);
    case TraceSliceKind::Send:
        return "pipeline_send";
    case TraceSliceKind::Communication:
    case TraceSliceKind::GradientSync:
        return slice.hidden ? "hidden" : "exposed";
    case TraceSliceKind::Optimizer:
        return "optimizer";
    case TraceSliceKind::WeightCast:
        return "weight_cast";
    case TraceSliceKind::StepOverhead:
        return "overhead";
    }
    return "";
}

nlohmann::json completeEvent(const TraceSlice& slice, const StepTrace& trace, const Result& result)
{
    const TracePass* pass = slice.pass >= 0 ? &trace.passes[size_t(slice.pass)] : nullptr;
    const std::string passLabel = pass ? passName(*pass, result.schedule, result.parallel.degrees.vpp) : std::string();
    nlohmann::json args;
    if (slice.kind == TraceSliceKind::Pass) {
        args = passArgs(*pass, slice.seconds);
    } else {
        args = { { "seconds", traceNumber(slice.seconds) } };
        if (pass) {
            args["pass"] = passLabel;
            args["micro_batch"] = pass->op.microBatch;
        }
        if (slice.bytes > 0)
            args["bytes"] = traceNumber(slice.bytes);
    }
    return { { "name", sliceName(slice, passLabel) },
             { "cat", sliceCategory(slice, pass) },
             { "ph", "X" },
             { "ts", traceNumber(secondsToUs(slice.start)) },
             { "dur", traceNumber(secondsToUs(slice.seconds)) },
             { "pid", pidOf(slice.stage) },
             { "tid", tidOf(slice.track) },
             { "args", std::move(args) } };
}

// "GPUs 0-7, 64-71": the list as ranges, the first kMostGpuRanges of them, then the count.
std::string gpuRanges(std::vector<int64_t> gpus)
{
    std::sort(gpus.begin(), gpus.end());
    std::string text = gpus.size() == 1 ? "GPU " : "GPUs ";
    size_t ranges = 0;
    for (size_t first = 0; first < gpus.size(); ++ranges) {
        if (ranges == kMostGpuRanges)
            return text + ", ... (" + std::to_string(gpus.size()) + " GPUs)";
        size_t last = first;
        while (last + 1 < gpus.size() && gpus[last + 1] == gpus[last] + 1)
            ++last;
        if (ranges > 0)
            text += ", ";
        text += std::to_string(gpus[first]);
        if (last > first) {
            text += '-';
            text += std::to_string(gpus[last]);
        }
        first = last + 1;
    }
    return text;
}

// Each stage's GPUs, where the scenario's rank order and rank table put its ranks.
std::vector<std::string> stageGpuRanges(const Scenario& scenario, const ParallelDegrees& degrees)
{
    const RankPlacement& placement = scenario.parallel.placement;
    std::vector<std::vector<int64_t>> gpus(size_t(degrees.pp));
    for (int64_t rank = 0; rank < degrees.ranks(); ++rank)
        gpus[size_t(denseCoordinate(rank, ParallelDim::Pp, degrees, placement.order))].push_back(placement.gpuOf(rank));
    std::vector<std::string> labels;
    for (std::vector<int64_t>& list : gpus)
        labels.push_back(gpuRanges(std::move(list)));
    return labels;
}

void addMetadata(nlohmann::json& events, const char* name, int64_t stage, const TraceTrack* track, nlohmann::json args)
{
    nlohmann::json event = { { "name", name }, { "ph", "M" }, { "pid", pidOf(stage) }, { "args", std::move(args) } };
    if (track)
        event["tid"] = tidOf(*track);
    events.push_back(std::move(event));
}

nlohmann::json traceSummary(const Scenario& scenario, const Result& result)
{
    return { { "generator", std::string("ParaPlan ") + kVersion },
             { "model", scenario.model.name.empty() ? scenario.model.preset : scenario.model.name },
             { "gpu", scenario.cluster.gpu.name },
             { "gpus", result.gpus },
             { "parallel", toJson(result.parallel) },
             { "schedule", toString(result.schedule) },
             { "micro_batches", result.microBatches },
             { "step_s", traceNumber(result.time.step) },
             { "bubble_fraction", traceNumber(result.bubbleFraction) },
             { "critical_stage", result.criticalStage },
             { "mfu", traceNumber(result.mfu) },
             { "tokens_per_s", traceNumber(result.tokensPerS) },
             { "communication_placement",
               "the model times whole passes, not the kernels inside them: a pass's exposed communication "
               "is drawn at its end, its hidden communication from its start (docs/trace.md)" } };
}

} // namespace

nlohmann::json stepTraceJson(const Scenario& scenario, const Result& result, const StepTrace& trace)
{
    nlohmann::json events = nlohmann::json::array();
    const auto stages = int64_t(result.stages.size());
    std::vector<std::array<bool, kTraceTracks.size()>> used(size_t(stages), std::array<bool, kTraceTracks.size()>{});
    for (const TraceSlice& slice : trace.slices)
        used[size_t(slice.stage)][size_t(slice.track)] = true;
    if (!trace.slices.empty()) {
        const std::vector<std::string> gpus = stageGpuRanges(scenario, result.parallel.degrees);
        for (int64_t stage = 0; stage < stages; ++stage) {
            addMetadata(events, "process_name", stage, nullptr,
                        { { "name", "Stage " + std::to_string(stage) + " (" + gpus[size_t(stage)] + ")" } });
            addMetadata(events, "process_sort_index", stage, nullptr, { { "sort_index", stage } });
            for (TraceTrack track : kTraceTracks) {
                if (!used[size_t(stage)][size_t(track)])
                    continue;
                addMetadata(events, "thread_name", stage, &track, { { "name", trackName(track) } });
                addMetadata(events, "thread_sort_index", stage, &track, { { "sort_index", tidOf(track) } });
            }
        }
    }
    for (const TraceSlice& slice : trace.slices)
        events.push_back(completeEvent(slice, trace, result));
    return { { "traceEvents", std::move(events) },
             { "displayTimeUnit", "ms" },
             { "otherData", traceSummary(scenario, result) } };
}

} // namespace paraplan::io
