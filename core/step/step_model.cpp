// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/step_model.h"

#include "core/model/fp8_costs.h"
#include "core/model/model_shape.h"
#include "core/network/placement.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/schedule_rules.h"
#include "core/spec/units.h"
#include "core/step/stragglers.h"

#include <algorithm>

namespace paraplan {

namespace {

// Seconds of a data-parallel collective over some weights: dense weights across the dp*cp ranks,
// expert weights across the tp*cp*dp/(etp*ep) ranks that hold the same experts.
struct DataParallelGroups {
    const GroupPlacement& dense;
    const GroupPlacement& expert;
    const EfficiencyParams& params;

    double seconds(Collective kind, const StageParameters& weights, double bytesPerParam) const
    {
        return seconds(kind, weights.dense * bytesPerParam, weights.expert * bytesPerParam);
    }
    double seconds(Collective kind, double denseBytes, double expertBytes) const
    {
        return collectiveSeconds(kind, denseBytes, dense.size(), dense.rate, params)
            + collectiveSeconds(kind, expertBytes, expert.size(), expert.rate, params);
    }
    // The weights gathered back after the update: 16-bit, FP8 where the parameters are FP8.
    double gatherSeconds(const StageParameters& weights, const TrainingSpec& training) const
    {
        const double fp8 = training.precision == Precision::Fp8 && training.fp8ParamGather ? 1.0 : 0.0;
        return seconds(Collective::AllGather, 2 * weights.dense - fp8 * weights.denseLinear, (2 - fp8) * weights.expert);
    }
};

// Delayed scaling all-reduces every FP8 GEMM's amax over the tp·dp·cp ranks at the end of each
// pass of each model chunk: a few bytes, latency-bound, on the critical path (Transformer Engine
// fp8.py, reduce_and_update_fp8_tensors; Megatron's amax reduction group).
double amaxReductionSeconds(const Scenario& s, const ParallelDegrees& d, int64_t layers, double bytesPerGemm,
                            const GroupPlacement& dataParallel, const EfficiencyParams& params)
{
    if (s.training.precision != Precision::Fp8 || s.training.fp8Recipe != Fp8Recipe::Delayed)
        return 0;
    constexpr double kFp8GemmsPerLayer = 4; // QKV, projection, FC1, FC2
    return collectiveSeconds(Collective::AllReduce, bytesPerGemm * kFp8GemmsPerLayer * double(layers),
                             d.tp * d.dataRanks(), dataParallel.rate, params);
}

// An FP8 run casts each linear weight to FP8 once a step (Transformer Engine caches the copy and
// its transpose across the micro-batches): one memory-bound kernel per linear layer.
double fp8WeightCastSeconds(const Scenario& s, const ParallelLayout& L, const StageParameters& weights, int64_t layers,
                            const DeviceRates& rates)
{
    if (!quantizedLinears(s.training.precision))
        return 0;
    constexpr double kLinearsPerLayer = 4;
    const double dataShards = L.zeroStage >= 1 ? double(L.degrees.dataRanks()) : 1.0;
    const double bytes = weights.fp8Linear() * fp8WeightCastBytes(s.training, dataShards);
    return streamingSeconds(rates, bytes) + (kLinearsPerLayer * double(layers) - 1) * rates.params.kernelOverheadS;
}

void waitForHost(PassCost& pass, double hostSeconds)
{
    const double busy = pass.total();
    if (busy < hostSeconds)
        pass.compute += hostSeconds - busy;
}

// One micro-batch through a virtual stage's own layers, with the embedding on the first and the
// output layer and MTP modules after the last: the passes before any DP traffic or host wait.
LayerCosts chunkWork(const ModelSpec& model, const LayerCostSet& costs, const LayerMix& mix, bool first, bool last)
{
    LayerMix layersRun = mix;
    if (last) // the MTP modules follow the last layer
        layersRun += model.mtpLayerMix();
    LayerCosts work = costs.of(layersRun);
    if (first) {
        work.forward += costs.embedding.forward;
        work.backward += costs.embedding.backward;
    }
    if (last) {
        work.forward += costs.output.forward;
        work.backward += costs.output.backward;
        work.forward += costs.mtpHead.forward.scaled(double(model.mtpLayers));
        work.backward += costs.mtpHead.backward.scaled(double(model.mtpLayers));
    }
    return work;
}

// The seconds of a pass no schedule can hide: all of it, but DualPipe's overlapped pairs may hide
// their all-to-all.
double certainSeconds(const ParallelLayout& L, const PassCost& pass)
{
    const bool pairsOverlap = L.schedule == PipelineSchedule::DualPipe || L.schedule == PipelineSchedule::DualPipeV;
    return pairsOverlap ? pass.total() - pass.epComm : pass.total();
}

// Every stage runs its micro-batches' work and then its tail; the slowest rank lags them by the
// expected maximum of the ranks' jitter (evaluator), and the step pays its fixed overhead.
// `chunkSeconds(vs)`: one micro-batch's forward and backward on virtual stage vs; `tail(stage)`.
template <typename ChunkSeconds, typename Tail>
double slowestStageBound(const ParallelLayout& L, const EfficiencyParams& params, ChunkSeconds&& chunkSeconds, Tail&& tail)
{
    double bound = 0;
    for (int64_t stage = 0; stage < L.degrees.pp; ++stage) {
        double work = 0;
        L.forEachChunkOn(stage, [&](int64_t vs, double share) { work += share * chunkSeconds(vs); });
        bound = std::max(bound, double(L.microBatches) * work + tail(stage));
    }
    return bound * (1 + stragglerLag(params.rankJitter, L.degrees.ranks())) + params.stepOverheadS;
}

} // namespace

StepPlan planStep(const Scenario& s)
{
    return { resolveLayout(s), gibToBytes(s.cluster.gpu.hbmGib) };
}

namespace {

// NCCL's NVLS buffers, the same on every stage, lie outside the framework's allocator like its others.
MemoryBreakdown withNvlsBuffers(MemoryBreakdown memory, double nvls)
{
    memory.other += nvls;
    memory.outsideAllocator += nvls;
    return memory;
}

double nvlsBytesOf(const Scenario& s, const StepPlan& plan)
{
    return nvlsBufferBytes(s.cluster, plan.layout.degrees, s.parallel.placement.order);
}

} // namespace

MemoryBreakdown stageMemoryOf(const Scenario& s, const StepPlan& plan, int64_t stage)
{
    return withNvlsBuffers(stageMemory(s.model, s.training, s.framework, plan.layout, stage), nvlsBytesOf(s, plan));
}

std::vector<MemoryBreakdown> memoryPerStage(const Scenario& s, const StepPlan& plan)
{
    const double nvls = nvlsBytesOf(s, plan);
    std::vector<MemoryBreakdown> memory;
    memory.reserve(plan.layout.stageLayers.size());
    for (int64_t stage = 0; stage < plan.layout.degrees.pp; ++stage)
        memory.push_back(withNvlsBuffers(stageMemory(s.model, s.training, s.framework, plan.layout, stage), nvls));
    return memory;
}

double peakMemoryOf(const Scenario& s, const StepPlan& plan)
{
    const ParallelLayout& L = plan.layout;
    const int64_t stages = L.degrees.pp;
    // Every stage holds the same NVLS buffers (stageMemoryOf): added once to the fullest.
    const double nvls = nvlsBytesOf(s, plan);
    double worst = 0;
    const auto price = [&](int64_t stage) {
        worst = std::max(worst, stageMemory(s.model, s.training, s.framework, L, stage).total());
    };
    if (!s.model.uniformLayerKind()) { // layers of several kinds (DeepSeek-V3's dense first ones): any stage
        for (int64_t stage = 0; stage < stages; ++stage)
            price(stage);
        return worst + nvls;
    }
    // The stages with the embedding or the output layer are priced. Of the others, with layers of one
    // kind, memory grows with the layers and with the micro-batches in flight and is otherwise alike:
    // only a stage no other beats on both can be the fullest.
    struct Middle {
        int64_t layers;
        double inFlight;
        int64_t stage;
    };
    std::vector<Middle> middles;
    for (int64_t stage = 0; stage < stages; ++stage) {
        if (L.holdsEmbedding(stage) || L.holdsOutput(stage))
            price(stage);
        else
            middles.push_back({ L.stageLayers[size_t(stage)], inFlightMicroBatches(L, stage), stage });
    }
    std::sort(middles.begin(), middles.end(), [](const Middle& a, const Middle& b) {
        return a.layers != b.layers ? a.layers > b.layers : a.inFlight > b.inFlight;
    });
    double mostInFlight = -1;
    for (const Middle& m : middles)
        if (m.inFlight > mostInFlight) { // not beaten by a stage with at least as many layers
            mostInFlight = m.inFlight;
            price(m.stage);
        }
    return worst + nvls;
}

Recompute resolveRecompute(const Scenario& s, StepPlan& plan)
{
    if (s.parallel.recompute != Recompute::Auto)
        return plan.layout.recompute = s.parallel.recompute;
    plan.layout.recomputeModules = autoRecomputeModules(s);
    for (Recompute candidate : { Recompute::None, Recompute::Selective }) {
        plan.layout.recompute = candidate;
        if (peakMemoryOf(s, plan) <= plan.capacityBytes)
            return candidate;
    }
    return plan.layout.recompute = Recompute::Full;
}

OptimizerTraffic optimizerTraffic(const ParallelLayout& L, const StageParameters& weights, const StateBytes& bytes)
{
    const double shards = L.zeroStage >= 1 ? double(L.degrees.dataRanks()) : 1.0;
    const double expertShards = L.zeroStage >= 1 ? double(L.degrees.expertDataRanks()) : 1.0;
    const double owned = weights.dense / shards + weights.expert / expertShards;
    return { owned * bytes.updateTraffic(), weights.total() * bytes.gradients };
}

LayerCostSet layerCostsFor(const Scenario& s, const ParallelLayout& L, const DeviceRates& rates,
                           const GroupPlacements& groups)
{
    LayerCostInput in;
    in.model = &s.model;
    in.seqLen = s.training.seqLen;
    in.microBatch = s.training.microBatch;
    in.degrees = L.degrees;
    in.sequenceParallel = L.sequenceParallel;
    in.tpCommOverlap = s.parallel.tpCommOverlap;
    in.flashAttention = s.training.flashAttention;
    in.recompute = L.recompute;
    in.recomputeModules = L.recomputeModules;
    const FrameworkDefaults framework = frameworkDefaults(s.framework.name);
    in.selective = framework.selectiveCheckpointing;
    in.tpBackwardBesideGemms = framework.tpBackwardBesideGemms;
    in.rates = sixteenBitRates(rates, s.cluster.gpu);
    in.linearRates = rates;
    in.quantized = quantizedFormat(s.training);
    if (in.quantized) {
        in.fp8Attention = s.training.fp8Attention;
    }
    in.tpLink = groups[CommGroup::Tp].rate;
    in.cpLink = groups[CommGroup::Cp].rate;
    in.epLink = groups[CommGroup::Ep].rate;
    in.epNodes = groups[CommGroup::Ep].nodesSpanned();
    in.etpLink = groups[CommGroup::ExpertTp].rate;
    in.moeDispatcher = s.parallel.moeDispatcher;
    in.moeSharedExpertOverlap = s.parallel.moeSharedExpertOverlap;
    in.moeA2aOverlap = s.parallel.moeA2aOverlap && moeA2aOverlapRuns(s.parallel, L.recompute);
    LayerCostSet costs;
    const LayerMix kinds = s.model.everyLayerMix();
    for (size_t k = 0; k < kLayerKinds; ++k)
        if (kinds.count[k] > 0) {
            in.kind = LayerKind::ofIndex(k);
            costs.layer[k] = transformerLayerCosts(in);
        }
    costs.embedding = embeddingCosts(in);
    costs.output = outputLayerCosts(in);
    if (s.model.mtpLayers > 0)
        costs.mtpHead = mtpHeadCosts(in);
    return costs;
}

LayerCosts LayerCostSet::of(const LayerMix& mix) const
{
    LayerCosts sum;
    for (size_t k = 0; k < kLayerKinds; ++k)
        if (mix.count[k] > 0) {
            sum.forward += layer[k].forward.scaled(double(mix.count[k]));
            sum.backward += layer[k].backward.scaled(double(mix.count[k]));
        }
    return sum;
}

StepTiming stepTiming(const Scenario& s, const StepPlan& plan, const DeviceRates& rates, const LayerCostSet& costs,
                      const GroupPlacements& groups, const EfficiencyParams& params)
{
    const ParallelLayout& L = plan.layout;
    const ParallelDegrees& d = L.degrees;
    const DataParallelGroups dp{ groups[CommGroup::DataParallel], groups[CommGroup::ExpertDataParallel], params };
    const StateBytes bytes = stateBytes(s.training);
    // From the rates, where a calibration's measured figure replaces the constant (deviceRates).
    const double slowdown = rates.params.overlapSlowdown;
    const bool overlapGrads = s.parallel.overlapGradReduce;
    const bool overlapParams = s.parallel.overlapParamGather;

    const bool separateFp32Gradients
        = s.training.precision != Precision::Fp16 && s.training.gradPrecision == GradPrecision::Fp32;
    const double accumulationBytes
        = gradientAccumulationBytesPerParameter(s.framework.name, separateFp32Gradients, L.zeroStage, L.microBatches);
    const bool wholeGradientReduce = deepSpeedBf16Optimizer(s.framework.name, separateFp32Gradients, L.zeroStage);

    StepTiming timing;
    timing.overlapSlowdown = slowdown;
    timing.lockstepExchanges = frameworkDefaults(s.framework.name).lockstepPipeline;
    const int64_t virtualStages = d.virtualStages();
    timing.forward.resize(size_t(virtualStages));
    timing.backward.resize(size_t(virtualStages));
    LayerMix previous;
    for (int64_t vs = 0; vs < virtualStages; ++vs) {
        const LayerMix mix = plan.layout.virtualMix(size_t(vs));
        const bool last = vs == virtualStages - 1;
        const bool end = vs == 0 || last;
        const bool sameAsNeighbour = !end && vs > 1 && mix == previous;
        previous = mix;
        if (sameAsNeighbour) {
            timing.forward[size_t(vs)] = timing.forward[size_t(vs - 1)];
            timing.backward[size_t(vs)] = timing.backward[size_t(vs - 1)];
            continue;
        }
        const int64_t layers = mix.total() + (last ? s.model.mtpLayers : 0);
        const LayerCosts work = chunkWork(s.model, costs, mix, vs == 0, last);
        PassCost forward = work.forward;
        PassCost backward = work.backward;
        // ZeRO-2 reduce-scatters gradients every micro-batch; ZeRO-3 also gathers the weights for
        // the forward and again for the backward. Each hides behind its pass when overlapped.
        if (L.zeroStage >= 2) {
            const StageParameters weights = shardParameters(s.model, L, mix, vs == 0, last);
            const double scatter = dp.seconds(Collective::ReduceScatter, weights, bytes.gradients);
            const double gather = L.zeroStage >= 3 ? dp.gatherSeconds(weights, s.training) : 0.0;
            if (L.zeroStage >= 3)
                forward.dpComm = overlapParams
                    ? overlapPrice(gather, forward.total(), slowdown, forward.hidden.dp)
                    : gather;
            const double backwardTraffic = scatter + gather;
            backward.dpComm = overlapGrads
                ? overlapPrice(backwardTraffic, backward.total(), slowdown, backward.hidden.dp)
                : backwardTraffic;
        }
        // Gradients accumulated outside the weight-gradient GEMMs: a pass over the chunk's own.
        if (accumulationBytes > 0)
            backward.compute += streamingSeconds(
                rates, accumulationBytes * shardParameters(s.model, L, mix, vs == 0, last).total());
        forward.dpComm += amaxReductionSeconds(s, d, layers, kAmaxBytesForward, dp.dense, params);
        backward.dpComm += amaxReductionSeconds(s, d, layers, kAmaxBytesBackward, dp.dense, params);
        // The framework issues a pass's kernels one by one; when the GPU runs them faster than the
        // host issues them (small layers, small micro-batches), the host's pace sets the time. The
        // backward issues about twice the forward's kernels, three times with full recomputation.
        // Replayed as CUDA graphs, a layer is one launch: only the micro-batch's own work is left.
        const double hostLayer = s.framework.cudaGraphs ? 0.0 : params.hostLayerOverheadS;
        const double hostForward = double(layers) * hostLayer + params.hostMicroBatchOverheadS;
        const double backwardKernels = L.recompute == Recompute::Full ? 3.0 : 2.0;
        waitForHost(forward, hostForward);
        waitForHost(backward, backwardKernels * double(layers) * hostLayer);
        timing.forward[size_t(vs)] = forward;
        timing.backward[size_t(vs)] = backward;
    }

    // Pipeline sends: each TP rank sends its 1/tp share of the activation and the other side gathers
    // it (Megatron's scatter-gather, SC21 section 4.1; DeepSpeed's PartitionedTensor; torchtitan's
    // sequence-parallel shard).
    if (d.pp > 1) {
        const GroupPlacement& hop = groups[CommGroup::PipelineHop];
        const double activation = double(s.training.microBatch) * double(s.training.seqLen / d.cp)
            * double(s.model.hidden) * rates.activationBytes / double(d.tp);
        timing.sendSeconds = collectiveSeconds(Collective::SendRecv, activation, 2, hop.rate, params);
    }

    timing.tailDp.resize(size_t(d.pp));
    timing.tailHiddenDp.resize(size_t(d.pp));
    timing.optimizer.resize(size_t(d.pp));
    timing.weightCast.resize(size_t(d.pp));
    const GroupPlacement& embeddingSync = groups[CommGroup::EmbeddingSync];
    for (int64_t stage = 0; stage < d.pp; ++stage) {
        const bool end = L.holdsEmbedding(stage) || L.holdsOutput(stage);
        const LayerMix mix = plan.layout.stageMix(size_t(stage));
        const int64_t layers = mix.total() + (L.holdsOutput(stage) ? s.model.mtpLayers : 0);
        if (!end && stage > 1 && mix == plan.layout.stageMix(size_t(stage - 1))) { // same as its neighbour
            timing.tailDp[size_t(stage)] = timing.tailDp[size_t(stage - 1)];
            timing.tailHiddenDp[size_t(stage)] = timing.tailHiddenDp[size_t(stage - 1)];
            timing.optimizer[size_t(stage)] = timing.optimizer[size_t(stage - 1)];
            timing.weightCast[size_t(stage)] = timing.weightCast[size_t(stage - 1)];
            continue;
        }
        const StageParameters weights = stageParameters(s.model, L, stage);
        double lastBackward = 0; // the window the final gradient reduction can hide in
        L.forEachChunkOn(stage, [&](int64_t vs, double) { lastBackward += timing.backward[size_t(vs)].total(); });
        const double lastBucket = std::min(1.0, kGradientBucketParams / std::max(weights.total(), 1.0));

        double grads = 0, gather = 0;
        if (L.zeroStage == 0)
            grads = dp.seconds(Collective::AllReduce, weights, bytes.gradients);
        else if (L.zeroStage == 1)
            grads = dp.seconds(wholeGradientReduce ? Collective::AllReduce : Collective::ReduceScatter, weights,
                               bytes.gradients);
        if (L.zeroStage == 1 || L.zeroStage == 2)
            gather = dp.gatherSeconds(weights, s.training);
        // Overlapped, the reduction hides under the last backward but for its last bucket, and the
        // gather under the next forward but for its first; what hides still slows the compute.
        const double gradsHidden = overlapGrads ? grads - std::max(grads - lastBackward, grads * lastBucket) : 0.0;
        const double gatherHidden = overlapParams ? gather * (1 - lastBucket) : 0.0;
        double tail = grads + gather - (1 - slowdown) * (gradsHidden + gatherHidden);
        timing.tailHiddenDp[size_t(stage)] = gradsHidden + gatherHidden;
        if (s.model.tiedEmbeddings && L.holdsEmbedding(stage) != L.holdsOutput(stage)) {
            const double embeddingGrads = embeddingParameters(s.model) / double(d.tp) * bytes.gradients;
            tail += collectiveSeconds(Collective::AllReduce, embeddingGrads, 2, embeddingSync.rate, params);
        }
        // DualPipe keeps every stage's weights twice, on stage i and on stage pp-1-i (DeepSeek-V3
        // §3.2.1); the two copies' gradients are summed across the pair before the update.
        if (scheduleTraits(L.schedule).bidirectional && d.pp > 1)
            tail += collectiveSeconds(Collective::AllReduce, weights.total() * bytes.gradients, 2, embeddingSync.rate, params);
        timing.tailDp[size_t(stage)] = tail;

        const OptimizerTraffic traffic = optimizerTraffic(L, weights, bytes);
        timing.optimizer[size_t(stage)] = streamingSeconds(rates, traffic.update)
            + streamingSeconds(rates, traffic.zeroGradients);
        timing.weightCast[size_t(stage)] = fp8WeightCastSeconds(s, L, weights, layers, rates);
    }
    return timing;
}

PipelineInput pipelineInput(const StepPlan& plan, const StepTiming& timing)
{
    PipelineInput pipe;
    pipe.schedule = plan.layout.schedule;
    pipe.stages = plan.layout.degrees.pp;
    pipe.chunks = plan.layout.degrees.vpp;
    pipe.microBatches = plan.layout.microBatches;
    pipe.forwardSeconds.resize(timing.forward.size());
    pipe.backwardSeconds.resize(timing.backward.size());
    for (size_t i = 0; i < timing.forward.size(); ++i) {
        pipe.forwardSeconds[i] = timing.forward[i].total();
        pipe.backwardSeconds[i] = timing.backward[i].total();
    }
    const ScheduleTraits traits = scheduleTraits(pipe.schedule);
    if (traits.splitsBackward)
        for (const PassCost& backward : timing.backward)
            pipe.weightSeconds.push_back(backward.weightGradient);
    // DualPipe's overlapped pair hides each pass's expert-parallel all-to-all under the other's
    // compute: a chunk is attention, dispatch, MLP and combine, run interleaved with the other
    // pass's (DeepSeek-V3 §3.2.1). TP and CP collectives sit inside attention and the MLP and stay
    // exposed as in the passes alone.
    if (traits.bidirectional || pipe.schedule == PipelineSchedule::DualPipeV) {
        for (size_t i = 0; i < timing.forward.size(); ++i) {
            pipe.forwardCommSeconds.push_back(timing.forward[i].epComm);
            pipe.backwardCommSeconds.push_back(timing.backward[i].epComm);
        }
        pipe.overlapSlowdown = timing.overlapSlowdown;
    }
    pipe.sendForwardSeconds = timing.sendSeconds;
    pipe.sendBackwardSeconds = timing.sendSeconds;
    pipe.lockstepExchanges = timing.lockstepExchanges;
    return pipe;
}

double stepLowerBound(const StepPlan& plan, const StepTiming& timing, const EfficiencyParams& params)
{
    const ParallelLayout& L = plan.layout;
    return slowestStageBound(
        L, params,
        [&](int64_t vs) {
            return certainSeconds(L, timing.forward[size_t(vs)]) + certainSeconds(L, timing.backward[size_t(vs)]);
        },
        [&](int64_t stage) {
            return timing.tailDp[size_t(stage)] + timing.optimizer[size_t(stage)] + timing.weightCast[size_t(stage)];
        });
}

double stepWorkFloor(const Scenario& s, const StepPlan& plan, const LayerCostSet& costs, const EfficiencyParams& params)
{
    // chunkWork's chunk in seconds, priced per kind of layer once: the search asks this of half a
    // million configurations, each of up to a few hundred virtual stages.
    const ParallelLayout& L = plan.layout;
    const auto seconds = [&](const LayerCosts& c) { return certainSeconds(L, c.forward) + certainSeconds(L, c.backward); };
    std::array<double, kLayerKinds> perLayer{};
    for (size_t k = 0; k < kLayerKinds; ++k)
        perLayer[k] = seconds(costs.layer[k]);
    const auto layersSeconds = [&](const LayerMix& mix) {
        double sum = 0;
        for (size_t k = 0; k < kLayerKinds; ++k)
            sum += double(mix.count[k]) * perLayer[k];
        return sum;
    };
    const double firstExtra = seconds(costs.embedding);
    const double lastExtra = layersSeconds(s.model.mtpLayerMix()) + seconds(costs.output)
        + double(s.model.mtpLayers) * seconds(costs.mtpHead);
    const int64_t lastChunk = L.degrees.virtualStages() - 1;
    const double floor = slowestStageBound(
        L, params,
        [&](int64_t vs) {
            return layersSeconds(L.virtualMix(size_t(vs))) + (vs == 0 ? firstExtra : 0.0)
                + (vs == lastChunk ? lastExtra : 0.0);
        },
        [](int64_t) { return 0.0; });
    // Summed in another order than stepTiming's, the floor may round a few ulps above the bound.
    constexpr double kRoundingMargin = 1e-12;
    return floor * (1 - kRoundingMargin);
}

} // namespace paraplan
