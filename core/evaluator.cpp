// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "evaluator.h"

#include "layer_costs.h"
#include "model_shape.h"
#include "pipeline_split.h"
#include "placement.h"
#include "validation.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace paraplan {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
// Real runs start failing on fragmentation and transient buffers above this share of HBM
// (Fujii et al. 2024: no run estimated below 80 % ran out of memory).
constexpr double kSafeMemoryFraction = 0.80;
// Megatron's gradient bucket (--ddp-bucket-size default): the last bucket cannot overlap.
constexpr double kGradBucketParams = 40e6;
// Adam reads fp32 master weights and both moments and the gradient, writes the three fp32 states
// and the 16-bit weights: 26 bytes per parameter plus the gradient's own size.
constexpr double kOptimizerBytesPerParam = 26;

std::string gib(double bytes)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", bytes / kGiB);
    return buffer;
}

// Everything derived once per evaluation and shared by memory and timing.
struct Setup {
    const Scenario& scenario;
    const EvaluateOptions& options;
    ParallelLayout layout;
    std::vector<int64_t> virtualLayers;
    std::vector<int64_t> stageLayers;
    double capacityBytes = 0;

    Setup(const Scenario& s, const EvaluateOptions& o)
        : scenario(s)
        , options(o)
    {
        const ParallelSpec& p = s.parallel;
        layout.tp = p.tp;
        layout.pp = p.pp;
        layout.dp = resolvedDataParallel(s);
        layout.cp = p.cp;
        layout.ep = p.ep;
        layout.vpp = p.vpp;
        layout.microBatches = s.training.globalBatch / (s.training.microBatch * layout.dp);
        layout.sequenceParallel = p.sequenceParallel && p.tp > 1;
        layout.zeroStage = p.zeroStage;
        virtualLayers = virtualStageLayers(s.model.layers, p.pp, p.vpp, p.layersPerStage);
        stageLayers.resize(size_t(p.pp));
        for (int64_t stage = 0; stage < p.pp; ++stage)
            stageLayers[size_t(stage)] = stageLayerCount(virtualLayers, p.pp, stage);
        capacityBytes = s.cluster.gpu.hbmGib * kGiB;
    }

    std::vector<MemoryBreakdown> memoryPerStage() const
    {
        std::vector<MemoryBreakdown> memory;
        memory.reserve(stageLayers.size());
        for (int64_t stage = 0; stage < layout.pp; ++stage)
            memory.push_back(stageMemory(scenario.model, scenario.training, layout, stage, stageLayers[size_t(stage)]));
        return memory;
    }
};

double worstTotal(const std::vector<MemoryBreakdown>& memory)
{
    double worst = 0;
    for (const auto& m : memory)
        worst = std::max(worst, m.total());
    return worst;
}

// recompute: auto takes the least recomputation whose memory fits (full when nothing does).
Recompute chooseRecompute(Setup& setup)
{
    const Recompute asked = setup.scenario.parallel.recompute;
    if (asked != Recompute::Auto)
        return asked;
    for (Recompute candidate : { Recompute::None, Recompute::Selective }) {
        setup.layout.recompute = candidate;
        if (worstTotal(setup.memoryPerStage()) <= setup.capacityBytes)
            return candidate;
    }
    return Recompute::Full;
}

// Seconds of a data-parallel collective over a stage's weights: dense weights across dp*cp ranks,
// expert weights across the dp*cp/ep ranks that hold the same experts.
struct DataParallelGroups {
    GroupPlacement dense;
    GroupPlacement expert;
    EfficiencyParams params;

    double seconds(Collective kind, const StageParameters& weights, double bytesPerParam) const
    {
        return collectiveSeconds(kind, weights.dense * bytesPerParam, dense.size, dense.rate, params)
            + collectiveSeconds(kind, weights.expert * bytesPerParam, expert.size, expert.rate, params);
    }
};

struct Timing {
    std::vector<PassCost> forward;  // per virtual stage, one micro-batch
    std::vector<PassCost> backward; // per virtual stage, one micro-batch
    std::vector<double> tailDp;     // per stage: exposed DP communication after the last backward
    std::vector<double> optimizer;  // per stage
    double sendSeconds = 0;
};

Timing computeTiming(const Setup& setup, const DeviceRates& rates)
{
    const Scenario& s = setup.scenario;
    const ParallelLayout& L = setup.layout;
    const ClusterSpec& cluster = s.cluster;
    const EfficiencyParams& params = setup.options.params;

    LayerCostInput in;
    in.model = &s.model;
    in.seqLen = s.training.seqLen;
    in.microBatch = s.training.microBatch;
    in.tp = L.tp;
    in.cp = L.cp;
    in.ep = L.ep;
    in.sequenceParallel = L.sequenceParallel;
    in.tpCommOverlap = s.parallel.tpCommOverlap;
    in.flashAttention = s.training.flashAttention;
    in.recompute = L.recompute;
    in.rates = rates;
    in.tpLink = placeGroup(L.tp, 1, cluster, params).rate;
    in.cpLink = placeGroup(L.cp, L.tp, cluster, params).rate;
    in.epLink = placeGroup(L.ep, L.tp * L.cp, cluster, params).rate;

    const LayerCosts layer = transformerLayerCosts(in);
    const LayerCosts embedding = embeddingCosts(in);
    const LayerCosts output = outputLayerCosts(in);

    DataParallelGroups dp{ placeGroup(L.dp * L.cp, L.tp, cluster, params),
                           placeGroup(std::max<int64_t>(L.dp * L.cp / L.ep, 1), L.tp * L.ep, cluster, params), params };
    const StateBytes bytes = stateBytes(s.training);
    const bool overlapGrads = s.parallel.overlapGradReduce;
    const bool overlapParams = s.parallel.overlapParamGather;

    Timing timing;
    const int64_t virtualStages = L.pp * L.vpp;
    timing.forward.resize(size_t(virtualStages));
    timing.backward.resize(size_t(virtualStages));
    for (int64_t vs = 0; vs < virtualStages; ++vs) {
        const double layers = double(setup.virtualLayers[size_t(vs)]);
        PassCost forward = layer.forward.scaled(layers);
        PassCost backward = layer.backward.scaled(layers);
        if (vs == 0) {
            forward += embedding.forward;
            backward += embedding.backward;
        }
        if (vs == virtualStages - 1) {
            forward += output.forward;
            backward += output.backward;
        }
        // ZeRO-2 reduce-scatters gradients every micro-batch; ZeRO-3 also gathers the weights for
        // the forward and again for the backward. Each hides behind its pass when overlapped.
        if (L.zeroStage >= 2) {
            const StageParameters weights = shardParameters(s.model, L, setup.virtualLayers[size_t(vs)], vs == 0,
                                                            vs == virtualStages - 1);
            const double scatter = dp.seconds(Collective::ReduceScatter, weights, bytes.gradients);
            const double gather = L.zeroStage >= 3 ? dp.seconds(Collective::AllGather, weights, bytes.weights) : 0.0;
            if (L.zeroStage >= 3)
                forward.dpComm = overlapParams ? std::max(0.0, gather - forward.total()) : gather;
            const double backwardTraffic = scatter + gather;
            backward.dpComm = overlapGrads ? std::max(0.0, backwardTraffic - backward.total()) : backwardTraffic;
        }
        timing.forward[size_t(vs)] = forward;
        timing.backward[size_t(vs)] = backward;
    }

    // Pipeline sends: each TP rank sends its 1/tp share of the activation (Megatron's scatter-gather).
    if (L.pp > 1) {
        const GroupPlacement hop = placePipelineHop(L.tp * L.cp * L.dp, cluster, params);
        const double activation = double(s.training.microBatch) * double(s.training.seqLen / L.cp)
            * double(s.model.hidden) * rates.activationBytes / double(L.tp);
        timing.sendSeconds = collectiveSeconds(Collective::SendRecv, activation, 2, hop.rate, params);
    }

    timing.tailDp.resize(size_t(L.pp));
    timing.optimizer.resize(size_t(L.pp));
    const GroupPlacement embeddingSync = placeGroup(2, std::max<int64_t>((L.pp - 1) * L.tp * L.cp * L.dp, 1), cluster, params);
    for (int64_t stage = 0; stage < L.pp; ++stage) {
        const StageParameters weights = stageParameters(s.model, L, stage, setup.stageLayers[size_t(stage)]);
        double lastBackward = 0; // the window the final gradient reduction can hide in
        for (int64_t c = 0; c < L.vpp; ++c)
            lastBackward += timing.backward[size_t(c * L.pp + stage)].total();
        const double lastBucket = std::min(1.0, kGradBucketParams / std::max(weights.total(), 1.0));

        double grads = 0, gather = 0;
        if (L.zeroStage == 0)
            grads = dp.seconds(Collective::AllReduce, weights, bytes.gradients);
        else if (L.zeroStage == 1)
            grads = dp.seconds(Collective::ReduceScatter, weights, bytes.gradients);
        if (L.zeroStage == 1 || L.zeroStage == 2)
            gather = dp.seconds(Collective::AllGather, weights, bytes.weights);
        double tail = overlapGrads ? std::max(grads - lastBackward, grads * lastBucket) : grads;
        tail += overlapParams ? gather * lastBucket : gather;
        if (s.model.tiedEmbeddings && L.pp > 1 && (stage == 0 || stage == L.pp - 1)) {
            const double embeddingGrads = embeddingParameters(s.model) / double(L.tp) * bytes.gradients;
            tail += collectiveSeconds(Collective::AllReduce, embeddingGrads, 2, embeddingSync.rate, params);
        }
        timing.tailDp[size_t(stage)] = tail;

        const double shards = L.zeroStage >= 1 ? double(L.dp * L.cp) : 1.0;
        const double owned = weights.dense / shards + weights.expert / std::max(1.0, shards / double(L.ep));
        timing.optimizer[size_t(stage)] = streamingSeconds(rates, owned * (kOptimizerBytesPerParam + bytes.gradients))
            + streamingSeconds(rates, weights.total() * bytes.gradients); // zero the grads
    }
    return timing;
}

void addMemoryWarnings(Result& r)
{
    const double total = r.memory.total();
    const std::string stage = std::to_string(r.worstStage);
    if (total > r.capacityBytes) {
        r.diagnostics.push_back({ Severity::Warning, "out_of_memory", "parallel",
                                  "Stage " + stage + " needs " + gib(total) + " GiB per GPU but the GPU has "
                                      + gib(r.capacityBytes) + " GiB; raise tp or pp, use a higher zero_stage, "
                                      + "recompute activations, or lower micro_batch." });
    } else if (total > kSafeMemoryFraction * r.capacityBytes) {
        r.diagnostics.push_back({ Severity::Warning, "memory_above_safe_margin", "parallel",
                                  "Stage " + stage + " uses " + gib(total) + " of " + gib(r.capacityBytes)
                                      + " GiB (over 80 %): real runs this full often fail on fragmentation "
                                      + "and transient buffers; leave more headroom." });
    }
}

} // namespace

double peakMemoryBytes(const Scenario& scenario)
{
    const EvaluateOptions options;
    Setup setup(scenario, options);
    setup.layout.recompute = chooseRecompute(setup);
    return worstTotal(setup.memoryPerStage());
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

    Setup setup(scenario, options);
    r.parallel.dp = setup.layout.dp;
    r.microBatches = setup.layout.microBatches;
    r.recomputeChosen = chooseRecompute(setup);
    setup.layout.recompute = r.recomputeChosen;
    r.parallel.recompute = r.recomputeChosen;

    const std::vector<MemoryBreakdown> memory = setup.memoryPerStage();
    r.capacityBytes = setup.capacityBytes;
    r.stages.resize(memory.size());
    for (size_t stage = 0; stage < memory.size(); ++stage) {
        r.stages[stage].memory = memory[stage];
        r.stages[stage].layers = setup.stageLayers[stage];
        if (memory[stage].total() > memory[size_t(r.worstStage)].total())
            r.worstStage = int64_t(stage);
    }
    r.memory = memory[size_t(r.worstStage)];
    r.fits = r.memory.total() <= r.capacityBytes;
    if (options.diagnostics)
        addMemoryWarnings(r);

    const DeviceRates rates = deviceRates(scenario.cluster.gpu, scenario.training.precision, options.params);
    const Timing timing = computeTiming(setup, rates);
    const ParallelLayout& L = setup.layout;

    PipelineInput pipe;
    pipe.stages = L.pp;
    pipe.chunks = L.vpp;
    pipe.microBatches = L.microBatches;
    pipe.forwardSeconds.resize(timing.forward.size());
    pipe.backwardSeconds.resize(timing.backward.size());
    for (size_t i = 0; i < timing.forward.size(); ++i) {
        pipe.forwardSeconds[i] = timing.forward[i].total();
        pipe.backwardSeconds[i] = timing.backward[i].total();
    }
    pipe.sendForwardSeconds = timing.sendSeconds;
    pipe.sendBackwardSeconds = timing.sendSeconds;
    pipe.recordTimeline = options.recordTimeline;
    PipelineResult simulated = simulatePipeline(pipe);
    if (!simulated.ok) { // unreachable for validated input; never report a made-up step
        r.valid = false;
        r.diagnostics.push_back({ Severity::Error, "schedule_failed", "parallel",
                                  "The pipeline schedule could not be simulated for this configuration; "
                                  "check pp, vpp and the number of micro-batches." });
        return r;
    }

    double slowest = -1;
    for (int64_t stage = 0; stage < L.pp; ++stage) {
        StageReport& report = r.stages[size_t(stage)];
        const PipelineStageStats& stats = simulated.stages[size_t(stage)];
        report.busy = stats.busyCompute;
        report.send = stats.busySend;
        report.idle = std::max(0.0, stats.end - stats.busyCompute - stats.busySend);
        report.tail = timing.tailDp[size_t(stage)] + timing.optimizer[size_t(stage)];
        report.end = stats.end + report.tail;
        if (report.end > slowest) {
            slowest = report.end;
            r.criticalStage = stage;
        }
    }

    // The step as seen by the stage that finishes last: its own work by cause, its pipeline
    // sends, its idle time (the bubble), its DP tail and optimizer, and the per-step overhead.
    const int64_t critical = r.criticalStage;
    PassCost work;
    for (int64_t c = 0; c < L.vpp; ++c) {
        work += timing.forward[size_t(c * L.pp + critical)];
        work += timing.backward[size_t(c * L.pp + critical)];
    }
    work = work.scaled(double(L.microBatches));
    const StageReport& cs = r.stages[size_t(critical)];
    TimeBreakdown& t = r.time;
    t.compute = work.compute;
    t.recompute = work.recompute;
    t.tpComm = work.tpComm;
    t.cpComm = work.cpComm;
    t.epComm = work.epComm;
    t.dpComm = work.dpComm + timing.tailDp[size_t(critical)];
    t.ppComm = cs.send;
    t.optimizer = timing.optimizer[size_t(critical)];
    t.other = options.params.stepOverheadS;
    // Busy time summed per op and busy time summed by cause differ only by rounding.
    t.bubble = std::max(0.0, cs.end - cs.tail - cs.send - (work.total()));
    t.step = t.sumOfParts();
    r.bubbleFraction = t.step > 0 ? t.bubble / t.step : 0;

    const TrainingSpec& tr = scenario.training;
    const double sequences = double(tr.globalBatch);
    const double modelFlops = sequences * modelFlopsPerSequence(scenario.model, tr.seqLen);
    const double hardwareFlops = modelFlops
        + sequences * recomputeFlopsPerSequence(scenario.model, tr.seqLen, r.recomputeChosen);
    const double gpus = double(r.gpus);
    r.modelTflopsPerGpu = modelFlops / t.step / gpus / 1e12;
    r.hardwareTflopsPerGpu = hardwareFlops / t.step / gpus / 1e12;
    const double peakTflops = rates.peakFlops / 1e12;
    r.mfu = r.modelTflopsPerGpu / peakTflops;
    r.hfu = r.hardwareTflopsPerGpu / peakTflops;
    r.samplesPerS = sequences / t.step;
    r.tokensPerS = r.samplesPerS * double(tr.seqLen);
    if (tr.trainTokens) {
        r.timeToTrainS = *tr.trainTokens / r.tokensPerS;
        if (scenario.cluster.gpuHourCostUsd)
            r.costUsd = *r.timeToTrainS / 3600.0 * gpus * *scenario.cluster.gpuHourCostUsd;
    }
    if (options.recordTimeline)
        r.timeline = std::move(simulated.timeline);
    return r;
}

} // namespace paraplan
