// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/component_prediction.h"

#include "core/model/kernel_costs.h"
#include "core/model/layer_shapes.h"
#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/step/step_model.h"

#include <algorithm>

namespace paraplan {

namespace {

// FlashAttention-2's backward: 2.5 forwards of products at 85 % of the forward's rate, as
// core/model/layer_costs.cpp prices it.
constexpr double kFlashBackwardWork = 2.5 / 0.85;

// Of one pass of one micro-batch, the compute the shapes put in GEMMs, attention and norms; the
// rest of the pass's compute is memory-bound elementwise work.
struct ComputeSplit {
    double gemm = 0;
    double attention = 0;
    double norm = 0;
};

struct PassSplits {
    ComputeSplit forward, backward;
};

struct SplitRates {
    DeviceRates linear;  // the linear layers'
    DeviceRates sixteen; // attention, logits, router and memory-bound kernels
};

void addGemm(PassSplits& split, const DeviceRates& r, const GemmShape& g, double times)
{
    split.forward.gemm += times * gemmSeconds(r, g.m, g.n, g.k, g.batch);
    split.backward.gemm += times * (gemmSeconds(r, g.m, g.k, g.n, g.batch) + gemmSeconds(r, g.k, g.n, g.m, g.batch));
}

void addLayer(PassSplits& split, const Scenario& s, const LayerShard& x, LayerKind kind, double layers,
              const SplitRates& rates)
{
    const ModelSpec& model = s.model;
    for (const GemmShape& g : transformerLayerGemms(model, x, kind).all())
        addGemm(split, g.role == GemmRole::Router ? rates.sixteen : rates.linear, g, layers);
    if (s.training.flashAttention) {
        const double pairs = x.microBatch * x.localSeq * x.heads * attendedKeys(model, kind, s.training.seqLen);
        const double flops = 2 * pairs * (x.qkHeadDim + x.vHeadDim);
        split.forward.attention += layers * fusedAttentionSeconds(rates.sixteen, flops);
        split.backward.attention += layers * fusedAttentionSeconds(rates.sixteen, kFlashBackwardWork * flops);
    } else {
        PassSplits unfused;
        for (const GemmShape& g : unfusedAttentionGemms(x))
            addGemm(unfused, rates.sixteen, g, 1);
        const LayerTraffic traffic = layerTraffic(model, x, kind);
        split.forward.attention
            += layers * (unfused.forward.gemm + streamingSeconds(rates.sixteen, traffic.softmaxForward));
        split.backward.attention
            += layers * (unfused.backward.gemm + streamingSeconds(rates.sixteen, traffic.softmaxBackward));
    }
    const LayerTraffic traffic = layerTraffic(model, x, kind);
    const double norms
        = 2 * streamingSeconds(rates.sixteen, traffic.norm) + streamingSeconds(rates.sixteen, traffic.latentNorms);
    split.forward.norm += layers * norms;
    split.backward.norm += layers * 2 * norms;
}

PassSplits splitsOf(const Scenario& s, const ParallelLayout& L, const LayerShard& x, const SplitRates& rates,
                    int64_t vs)
{
    PassSplits split;
    const bool last = vs == L.degrees.virtualStages() - 1;
    LayerMix mix = L.virtualMix(size_t(vs));
    if (last)
        mix += s.model.mtpLayerMix();
    for (size_t k = 0; k < kLayerKinds; ++k)
        if (mix.count[k] > 0)
            addLayer(split, s, x, LayerKind::ofIndex(k), double(mix.count[k]), rates);
    if (last) { // the output layer, again in each MTP module with its projection and two more norms
        const double heads = 1.0 + double(s.model.mtpLayers);
        addGemm(split, rates.sixteen, logitsGemm(s.model, x), heads);
        const OutputTraffic traffic = outputTraffic(s.model, x);
        const double mtpNorms = 2 * streamingSeconds(rates.sixteen, x.normTokens * x.hidden * 2 * x.bytes);
        split.forward.norm
            += heads * streamingSeconds(rates.sixteen, traffic.norm) + double(s.model.mtpLayers) * mtpNorms;
        split.backward.norm
            += heads * 2 * streamingSeconds(rates.sixteen, traffic.norm) + double(s.model.mtpLayers) * 2 * mtpNorms;
        const GemmShape projection{ "mtp projection", x.tokens, x.hidden / x.tp, 2 * x.hidden, 1, true, GemmRole::Other };
        addGemm(split, rates.linear, projection, double(s.model.mtpLayers));
    }
    return split;
}

// The unpadded compute of a pass (the layer model's, before the host's pace) spread over the
// classes: GEMMs, attention and norms as the shapes say, scaled down together should they exceed
// it, and the rest elementwise.
void spreadCompute(PredictedStage& stage, const ComputeSplit& split, double compute, double times)
{
    if (compute <= 0)
        return;
    const double shaped = split.gemm + split.attention + split.norm;
    const double scale = shaped > compute ? compute / shaped : 1.0;
    stage.byClass[size_t(KernelClass::Gemm)] += times * scale * split.gemm;
    stage.byClass[size_t(KernelClass::Attention)] += times * scale * split.attention;
    stage.byClass[size_t(KernelClass::Norm)] += times * scale * split.norm;
    stage.byClass[size_t(KernelClass::Elementwise)] += times * (compute - scale * shaped);
}

// A replay splits as the forward it repeats.
ComputeSplit scaledTo(const ComputeSplit& forward, double forwardCompute, double replay)
{
    if (forwardCompute <= 0)
        return {};
    const double f = replay / forwardCompute;
    return { forward.gemm * f, forward.attention * f, forward.norm * f };
}

void addEvenly(PredictedStage& stage, KernelClass a, KernelClass b, double seconds)
{
    stage.byClass[size_t(a)] += seconds / 2;
    stage.byClass[size_t(b)] += seconds / 2;
}

// Communication kernels of one pass, `times` over: exposed plus hidden (which ran in full, its
// price on the critical path aside).
void addCommunication(PredictedStage& stage, const Scenario& s, const ParallelLayout& L, const PassCost& pass,
                      bool backward, double slowdown, double times)
{
    const double keep = 1 - slowdown; // what of a hidden collective's exposed price is its own run
    const double tp = times * (pass.tpComm + keep * pass.hidden.tp);
    const double cp = times * (pass.cpComm + keep * pass.hidden.cp);
    const double ep = times * (pass.epComm + keep * pass.hidden.ep);
    const double dp = times * (pass.dpComm + keep * pass.hidden.dp);
    if (L.sequenceParallel)
        addEvenly(stage, KernelClass::AllGather, KernelClass::ReduceScatter, tp);
    else
        stage.byClass[size_t(KernelClass::AllReduce)] += tp;
    stage.byClass[size_t(KernelClass::SendRecv)] += cp;
    if (s.parallel.moeDispatcher == MoeDispatcher::AllGather)
        addEvenly(stage, KernelClass::AllGather, KernelClass::ReduceScatter, ep);
    else
        stage.byClass[size_t(KernelClass::AllToAll)] += ep;
    // ZeRO-3 gathers the weights for the forward; the backward reduce-scatters the gradients
    // (ZeRO-2), and gathers the weights again (ZeRO-3).
    if (!backward)
        stage.byClass[size_t(KernelClass::AllGather)] += dp;
    else if (L.zeroStage >= 3)
        addEvenly(stage, KernelClass::AllGather, KernelClass::ReduceScatter, dp);
    else
        stage.byClass[size_t(KernelClass::ReduceScatter)] += dp;
}

} // namespace

std::vector<PredictedStage> predictKernelClasses(const Scenario& scenario, const Result& result,
                                                 const EvaluateOptions& options)
{
    const PricedStep priced = priceStep(scenario, options);
    const ParallelLayout& L = priced.plan.layout;
    const StepTiming& timing = priced.timing;
    const GpuSpec& gpu = scenario.cluster.gpu;
    SplitRates rates;
    rates.linear = deviceRates(gpu, scenario.training.precision, options.params, options.calibration.get());
    rates.sixteen = sixteenBitRates(rates.linear, gpu);
    const LayerCostSet costs = layerCostsFor(scenario, L, rates.linear, priced.groups);
    const LayerShard shard(scenario.model, scenario.training.seqLen, scenario.training.microBatch, L.degrees,
                           L.sequenceParallel, rates.sixteen.activationBytes);
    const int64_t virtualStages = L.degrees.virtualStages();
    const double slowdown = timing.overlapSlowdown;

    std::vector<PredictedStage> stages(size_t(L.degrees.pp));
    for (int64_t stage = 0; stage < L.degrees.pp; ++stage) {
        PredictedStage& p = stages[size_t(stage)];
        double hostPace = 0; // what waiting for the host adds to the passes beyond their kernels
        L.forEachChunkOn(stage, [&](int64_t vs, double share) {
            const double times = share * double(L.microBatches);
            const bool last = vs == virtualStages - 1;
            LayerMix mix = L.virtualMix(size_t(vs));
            if (last)
                mix += scenario.model.mtpLayerMix();
            LayerCosts work = costs.of(mix);
            if (vs == 0) {
                work.forward += costs.embedding.forward;
                work.backward += costs.embedding.backward;
            }
            if (last) {
                work.forward += costs.output.forward;
                work.backward += costs.output.backward;
                work.forward += costs.mtpHead.forward.scaled(double(scenario.model.mtpLayers));
                work.backward += costs.mtpHead.backward.scaled(double(scenario.model.mtpLayers));
            }
            const PassSplits split = splitsOf(scenario, L, shard, rates, vs);
            spreadCompute(p, split.forward, work.forward.compute, times);
            spreadCompute(p, split.backward, work.backward.compute, times);
            spreadCompute(p, scaledTo(split.forward, work.forward.compute, work.backward.recompute),
                          work.backward.recompute, times);
            const PassCost& forward = timing.forward[size_t(vs)];
            const PassCost& backward = timing.backward[size_t(vs)];
            hostPace += times * std::max(0.0, forward.compute - work.forward.compute);
            hostPace += times * std::max(0.0, backward.compute - work.backward.compute);
            addCommunication(p, scenario, L, forward, false, slowdown, times);
            addCommunication(p, scenario, L, backward, true, slowdown, times);
        });
        // The DP tail: all-reduced gradients (ZeRO 0), or reduce-scattered and the weights gathered
        // back (ZeRO 1 and 2); ZeRO-3 leaves only the tied embedding's all-reduce.
        const double tail = timing.tailDp[size_t(stage)] + (1 - slowdown) * timing.tailHiddenDp[size_t(stage)];
        if (L.zeroStage == 1 || L.zeroStage == 2)
            addEvenly(p, KernelClass::ReduceScatter, KernelClass::AllGather, tail);
        else
            p.byClass[size_t(KernelClass::AllReduce)] += tail;
        const OptimizerTraffic traffic
            = optimizerTraffic(L, stageParameters(scenario.model, L, stage), stateBytes(scenario.training));
        const double zeroing
            = std::min(timing.optimizer[size_t(stage)], streamingSeconds(rates.linear, traffic.zeroGradients));
        p.byClass[size_t(KernelClass::Optimizer)] += timing.optimizer[size_t(stage)] - zeroing;
        p.byClass[size_t(KernelClass::Elementwise)] += zeroing + timing.weightCast[size_t(stage)];
        const StageReport& report = result.stages[size_t(stage)];
        p.byClass[size_t(KernelClass::SendRecv)] += report.send + report.idle;
        p.idle = std::max(0.0, result.time.step - report.end) + hostPace;
    }
    return stages;
}

} // namespace paraplan
