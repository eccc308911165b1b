// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/evaluator.h"

#include "core/model/model_shape.h"
#include "core/network/placement_warnings.h"
#include "core/rules/pipeline_layout_string.h"
#include "core/rules/schedule_rules.h"
#include "core/rules/validation.h"
#include "core/spec/translatable.h"
#include "core/spec/units.h"
#include "core/step/pipeline_simulation.h"
#include "core/step/step_model.h"
#include "core/step/stragglers.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace paraplan {

namespace {

std::string gib(double bytes)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", bytesToGib(bytes));
    return buffer;
}

void addMemoryWarnings(Result& r)
{
    const double total = r.memory.total();
    const DiagnosticArg stage{ std::to_string(r.worstStage) };
    if (total > r.capacityBytes)
        r.diagnostics.push_back(makeDiagnostic(
            Severity::Warning, "out_of_memory", "parallel",
            QT_TRANSLATE_NOOP("Diagnostics", "Stage %1 needs %2 GiB per GPU but the GPU has %3 GiB; raise tp or pp, "
                                             "use a higher zero_stage, recompute activations, or lower micro_batch."),
            { stage, { gib(total) }, { gib(r.capacityBytes) } }));
    else if (total > kSafeMemoryFraction * r.capacityBytes)
        r.diagnostics.push_back(makeDiagnostic(
            Severity::Warning, "memory_above_safe_margin", "parallel",
            QT_TRANSLATE_NOOP("Diagnostics", "Stage %1 uses %2 of %3 GiB (over 80 %): real runs this full often fail "
                                             "on fragmentation and transient buffers; leave more headroom."),
            { stage, { gib(total) }, { gib(r.capacityBytes) } }));
}

} // namespace

PricedStep priceStep(const Scenario& scenario, const EvaluateOptions& options)
{
    PricedStep priced{ planStep(scenario), {}, {} };
    (void)resolveRecompute(scenario, priced.plan);
    const Calibration* calibration = options.calibration.get();
    const DeviceRates rates = deviceRates(scenario.cluster.gpu, scenario.training.precision, options.params, calibration);
    const ParallelLayout& L = priced.plan.layout;
    priced.groups = placeGroups(scenario, L.degrees, options.params, calibration);
    priced.timing = stepTiming(scenario, priced.plan, rates, layerCostsFor(scenario, L, rates, priced.groups),
                               priced.groups, options.params);
    return priced;
}

double peakMemoryBytes(const Scenario& scenario)
{
    StepPlan plan = planStep(scenario);
    (void)resolveRecompute(scenario, plan);
    return peakMemoryOf(scenario, plan);
}

Result evaluate(const Scenario& scenario, const EvaluateOptions& options)
{
    Result r;
    r.parallel = scenario.parallel;
    r.gpus = scenario.cluster.gpuCount();
    if (options.diagnostics) {
        r.diagnostics = validateScenario(scenario);
        if (hasErrors(r.diagnostics))
            return r;
    }
    r.valid = true;

    const PricedStep priced = priceStep(scenario, options);
    const StepPlan& plan = priced.plan;
    const StepTiming& timing = priced.timing;
    r.parallel.degrees.dp = plan.layout.degrees.dp;
    if (scenario.model.isMoe()) // as evaluated: the expert tensor split that follows tp, named
        r.parallel.degrees.etp = plan.layout.degrees.expertTp();
    r.microBatches = plan.layout.microBatches;
    r.schedule = plan.layout.schedule;
    r.parallel.schedule = plan.layout.schedule;
    const bool megatronOrder = r.schedule == PipelineSchedule::OneFOneB || r.schedule == PipelineSchedule::Interleaved1F1B;
    if (options.diagnostics && plan.layout.degrees.pp > 1 && megatronOrder) // for reports, not the search's ranking
        r.pipelineLayout = formatPipelineLayout(plan.layout.virtualLayers, scenario.model.mtpLayers);
    r.recomputeChosen = plan.layout.recompute;
    r.parallel.recompute = r.recomputeChosen;
    r.parallel.recomputeModules = plan.layout.recomputeModules;

    const std::vector<MemoryBreakdown> memory = memoryPerStage(scenario, plan);
    r.capacityBytes = plan.capacityBytes;
    r.stages.resize(memory.size());
    for (size_t stage = 0; stage < memory.size(); ++stage) {
        r.stages[stage].memory = memory[stage];
        r.stages[stage].layers = plan.layout.stageLayers[stage];
        if (memory[stage].total() > memory[size_t(r.worstStage)].total())
            r.worstStage = int64_t(stage);
    }
    r.memory = memory[size_t(r.worstStage)];
    r.fits = r.memory.total() <= r.capacityBytes;
    if (options.diagnostics) {
        addMemoryWarnings(r);
        addPlacementWarnings(r.diagnostics, priced.groups, options.params);
        r.groups = groupReports(priced.groups, options.params);
    }
    const ParallelLayout& L = plan.layout;
    PipelineInput pipe = pipelineInput(plan, timing);
    pipe.recordTimeline = options.recordTimeline;
    PipelineResult simulated = simulatePipeline(pipe);
    if (!simulated.ok) { // unreachable for validated input; never report a made-up step
        r.valid = false;
        r.diagnostics.push_back(makeDiagnostic(Severity::Error, "schedule_failed", "parallel",
                                               QT_TRANSLATE_NOOP("Diagnostics",
                                                                 "The pipeline schedule could not be simulated for "
                                                                 "this configuration; check pp, vpp and the number "
                                                                 "of micro-batches.")));
        return r;
    }

    // With post-validation each stage steps as soon as its own passes are done, so a step lasts as
    // long as the longest stage's span, not from the first stage's start to the last one's end.
    const bool spans = scheduleTraits(L.schedule).postValidation;
    double slowest = -1;
    for (int64_t stage = 0; stage < L.degrees.pp; ++stage) {
        StageReport& report = r.stages[size_t(stage)];
        const PipelineStageStats& stats = simulated.stages[size_t(stage)];
        const double finished = spans ? stats.end - stats.start : stats.end;
        report.busy = stats.busyCompute;
        report.send = stats.busySend;
        report.idle = std::max(0.0, finished - stats.busyCompute - stats.busySend);
        report.tail = timing.tailDp[size_t(stage)] + timing.optimizer[size_t(stage)] + timing.weightCast[size_t(stage)];
        report.end = finished + report.tail;
        if (report.end > slowest) {
            slowest = report.end;
            r.criticalStage = stage;
        }
    }

    // The step as seen by the stage that finishes last: its own work by cause, its pipeline
    // sends, its idle time (the bubble), its DP tail and optimizer, and the per-step overhead.
    const int64_t critical = r.criticalStage;
    PassCost work;
    L.forEachChunkOn(critical, [&](int64_t vs, double share) {
        work += timing.forward[size_t(vs)].scaled(share);
        work += timing.backward[size_t(vs)].scaled(share);
    });
    work = work.scaled(double(L.microBatches));
    const StageReport& cs = r.stages[size_t(critical)];
    // DualPipe's overlapped pairs hid all-to-all time that the passes alone expose: move it to hidden.
    const double pairedHiding = std::min(std::max(0.0, work.total() - cs.busy), work.epComm);
    work.hidden.ep += pairedHiding;
    work.epComm -= pairedHiding;
    TimeBreakdown& t = r.time;
    t.compute = work.compute + timing.weightCast[size_t(critical)];
    t.recompute = work.recompute;
    t.tpComm = work.tpComm;
    t.cpComm = work.cpComm;
    t.epComm = work.epComm;
    t.dpComm = work.dpComm + timing.tailDp[size_t(critical)];
    t.hidden = work.hidden;
    t.hidden.dp += timing.tailHiddenDp[size_t(critical)];
    t.ppComm = cs.send;
    t.optimizer = timing.optimizer[size_t(critical)];
    // The slowest rank sets the pace of a synchronous step: waiting for it is step overhead too.
    t.other = options.params.stepOverheadS + stragglerLag(options.params.rankJitter, r.gpus) * cs.end;
    // Busy time summed per op and busy time summed by cause differ only by rounding.
    t.bubble = std::max(0.0, cs.end - cs.tail - cs.send - (work.total()));
    t.step = t.sumOfParts();
    r.bubbleFraction = t.step > 0 ? t.bubble / t.step : 0;

    const TrainingSpec& tr = scenario.training;
    const double sequences = double(tr.globalBatch);
    const double modelFlops = sequences * modelFlopsPerSequence(scenario.model, tr.seqLen);
    const double hardwareFlops = modelFlops
        + sequences
            * recomputeFlopsPerSequence(scenario.model, tr.seqLen, r.recomputeChosen, r.parallel.recomputeModules,
                                        frameworkDefaults(scenario.framework.name).selectiveCheckpointing);
    const double gpus = double(r.gpus);
    r.modelTflopsPerGpu = flopsPerSToTflops(modelFlops / t.step / gpus);
    r.hardwareTflopsPerGpu = flopsPerSToTflops(hardwareFlops / t.step / gpus);
    // Against the datasheet's peak, as MFU is quoted: a power cap lowers what the GPU reaches, not
    // what it is rated for.
    const GpuSpec& gpu = scenario.cluster.gpu;
    const double peakTflops = peakTflopsOf(gpu, tr.precision);
    r.mfu = r.modelTflopsPerGpu / peakTflops;
    r.hfu = r.hardwareTflopsPerGpu / peakTflops;
    r.samplesPerS = sequences / t.step;
    r.tokensPerS = r.samplesPerS * double(tr.seqLen);
    if (const std::optional<double> tokens = tokenBudget(tr)) {
        r.timeToTrainS = *tokens / r.tokensPerS;
        if (scenario.cluster.gpuHourCostUsd)
            r.costUsd = *r.timeToTrainS / kSecondsPerHour * gpus * *scenario.cluster.gpuHourCostUsd;
    }
    if (options.recordTimeline)
        r.timeline = std::move(simulated.timeline);
    return r;
}

} // namespace paraplan
