// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/bench/bench_plan.h"

#include "core/model/kernel_costs.h"
#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/network/placement.h"
#include "core/spec/units.h"
#include "core/step/step_model.h"

#include <algorithm>

namespace paraplan::engine {

namespace {

void addCollective(BenchPlan& plan, const GroupPlacements& groups, const EfficiencyParams& params, CommGroup group,
                   Collective collective, double bytes, std::string purpose)
{
    const GroupPlacement& placement = groups[group];
    if (placement.pricing->groupCount == 0 || bytes <= 0)
        return;
    CollectiveBench bench;
    bench.group = group;
    bench.collective = collective;
    bench.purpose = std::move(purpose);
    bench.ranks = collective == Collective::SendRecv ? 2 : placement.size();
    bench.bytes = bytes;
    bench.crossesNodes = placement.crossesNodes();
    bench.predictedSeconds = collectiveSeconds(collective, bytes, bench.ranks, placement.rate, params);
    bench.predictedBusGBps = bytesPerSToGBps(placement.rate.busBytesPerS);
    plan.collectives.push_back(std::move(bench));
}

} // namespace

DataType dataTypeOf(Precision precision) { return precision == Precision::Fp16 ? DataType::Fp16 : DataType::Bf16; }

LayerShard scenarioShard(const Scenario& s, const ParallelSpec& p)
{
    return { s.model, s.training.seqLen, s.training.microBatch, p.degrees, p.sequenceParallel,
             double(elementBytes(dataTypeOf(s.training.precision))) };
}

BenchPlan planBench(const Scenario& s, const Result& evaluation, const EfficiencyParams& params)
{
    const ParallelSpec& p = evaluation.parallel;
    BenchPlan plan;
    plan.degrees = p.degrees;
    plan.placement = s.parallel.placement;
    plan.type = dataTypeOf(s.training.precision);
    if (quantizedLinears(s.training.precision))
        plan.notes.push_back(std::string(toString(s.training.precision))
                             + " GEMMs are measured at bf16: the probe has no fp8 or fp4 scaling recipe yet");

    const DeviceRates rates = deviceRates(s.cluster.gpu, s.training.precision, params);
    const LayerShard shard = scenarioShard(s, p);
    auto priced = [&](const GemmShape& shape) {
        return GemmBench{ shape, gemmSeconds(rates, shape.m, shape.n, shape.k, shape.batch) };
    };
    // Every product the model prices for a layer, in its three shapes (forward, data gradient,
    // weight gradient): a calibration then measures each rather than interpolating to it.
    // Each GEMM once, though layers of several kinds run it (a MoE model's attention).
    std::vector<GemmShape> forward;
    const LayerMix kinds = s.model.everyLayerMix();
    for (size_t k = 0; k < kLayerKinds; ++k)
        if (kinds.count[k] > 0)
            for (const GemmShape& shape : transformerLayerGemms(s.model, shard, LayerKind::ofIndex(k)).all())
                if (std::none_of(forward.begin(), forward.end(), [&](const GemmShape& g) { return g.name == shape.name; }))
                    forward.push_back(shape);
    forward.push_back(logitsGemm(s.model, shard));
    for (const GemmShape& shape : unfusedAttentionGemms(shard))
        forward.push_back(shape);
    for (const GemmShape& shape : forward)
        for (const GemmShape& product : { shape, dataGradientOf(shape), weightGradientOf(shape) })
            plan.gemms.push_back(priced(product));

    AttentionBench& a = plan.attention;
    a.batchHeads = int64_t(shard.microBatch * shard.heads);
    a.seq = int64_t(shard.localSeq);
    // One head dimension for Q, K and V: MLA's query-key and value dimensions differ, and their
    // mean gives the attention the model prices its FLOPs.
    a.headDim = int64_t((shard.qkHeadDim + shard.vHeadDim) / 2);
    a.flops = 4.0 * double(a.batchHeads) * double(a.seq) * double(a.seq) * double(a.headDim);
    a.predictedSeconds = fusedAttentionSeconds(rates, a.flops);
    plan.memory.predictedGBps = bytesPerSToGBps(rates.hbmBytesPerS);
    plan.overlap.predictedSlowdown = params.overlapSlowdown;

    const GroupPlacements groups = placeGroups(s, plan.degrees, params, nullptr);
    const LayerMessages messages = layerMessages(s.model, shard);
    if (shard.sequenceParallel) {
        addCollective(plan, groups, params, CommGroup::Tp, Collective::AllGather, messages.tpActivation,
                      "TP all-gather before each column-parallel GEMM (sequence parallelism)");
        addCollective(plan, groups, params, CommGroup::Tp, Collective::ReduceScatter, messages.tpActivation,
                      "TP reduce-scatter after each row-parallel GEMM (sequence parallelism)");
    } else {
        addCollective(plan, groups, params, CommGroup::Tp, Collective::AllReduce, messages.tpActivation,
                      "TP all-reduce after the attention projection and the MLP");
    }
    addCollective(plan, groups, params, CommGroup::Cp, Collective::SendRecv, messages.cpKeyValues,
                  "CP ring step: keys and values to the next rank");
    if (s.model.isMoe() && p.moeDispatcher == MoeDispatcher::AllGather) {
        addCollective(plan, groups, params, CommGroup::ExpertTp, Collective::AllGather, messages.expertTpGathered,
                      "ETP all-gather of every token (allgather dispatcher; reduce-scatter to combine)");
        addCollective(plan, groups, params, CommGroup::Ep, Collective::AllGather, messages.epGathered,
                      "EP all-gather of the ETP group's tokens (allgather dispatcher; reduce-scatter to combine)");
    } else if (s.model.isMoe()) {
        // NCCL stands in for the flex dispatcher's DeepEP / HybridEP: an all-to-all of the bytes
        // the model prices for them.
        const bool flex = p.moeDispatcher == MoeDispatcher::Flex;
        const double share = flex ? flexNetworkShare(s.model.moe, groups[CommGroup::Ep].nodesSpanned()) : 1.0;
        addCollective(plan, groups, params, CommGroup::Ep, Collective::AllToAll, messages.epDispatch * share,
                      flex ? "EP all-to-all of what the flex dispatcher sends (a token once per remote node)"
                           : "EP all-to-all dispatch (and combine) of the routed tokens");
        if (p.degrees.expertTp() > 1)
            addCollective(plan, groups, params, CommGroup::ExpertTp, Collective::AllGather, messages.etpGathered,
                          "ETP all-gather of the dispatched rows (reduce-scatter after the experts)");
    }
    addCollective(plan, groups, params, CommGroup::PipelineHop, Collective::SendRecv,
                  messages.tpActivation / shard.tp, "PP send of a micro-batch's activation (1/tp of it per rank)");
    // Gradients leave in Megatron's buckets: one bucket is the message the DP group reduces.
    const StateBytes bytes = stateBytes(s.training);
    const double bucket = std::min(kGradientBucketParams, totalParameters(s.model) / double(p.degrees.tp * p.degrees.pp)) * bytes.gradients;
    if (p.zeroStage == 0) {
        addCollective(plan, groups, params, CommGroup::DataParallel, Collective::AllReduce, bucket,
                      "DP all-reduce of a gradient bucket");
    } else {
        addCollective(plan, groups, params, CommGroup::DataParallel, Collective::ReduceScatter, bucket,
                      "DP reduce-scatter of a gradient bucket (ZeRO / distributed optimizer)");
        addCollective(plan, groups, params, CommGroup::DataParallel, Collective::AllGather,
                      bucket / bytes.gradients * bytes.weights, "DP all-gather of updated weights");
    }
    return plan;
}

} // namespace paraplan::engine
