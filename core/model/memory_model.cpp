// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/memory_model.h"

#include "core/model/fp8_costs.h"
#include "core/model/layer_shapes.h"
#include "core/model/model_shape.h"
#include "core/network/nccl_tuning.h"
#include "core/spec/units.h"

#include <algorithm>

namespace paraplan {

namespace {

// The CUDA context with the kernels' modules loaded, outside any framework allocator.
constexpr double kCudaContextBytes = gibToBytes(0.5);
// Library workspaces (cuBLAS, attention) and framework state, taken from the framework's allocator.
constexpr double kWorkspaceBytes = gibToBytes(0.25);
// NCCL's receive buffers of one connection, one per protocol (NCCL src/include/device.h and the
// NCCL_BUFFSIZE documentation): Simple 4 MiB, LL128 4.6875 MiB, LL 0.5 MiB.
constexpr double kNcclConnectionBytes = (4.0 + 4.6875 + 0.5) * 1024 * 1024;
// A collective communicator connects its ring and its tree on each of up to 32 channels (NVSwitch
// and InfiniBand H100 systems): about 0.57 GiB, inside the 0.5-0.7 GB per process group that
// NCCL's own memory reports show.
constexpr double kNcclCollectiveBytes = 32 * 2 * kNcclConnectionBytes;
// Point-to-point traffic (pipeline sends, CP rings, all-to-all) connects each peer it reaches on
// two channels (NCCL_NCHANNELS_PER_NET_PEER), a send and a receive connection on each.
constexpr double kNcclPeerBytes = 2 * 2 * kNcclConnectionBytes;
// NVLink SHARP's buffers (NCCL src/transport/nvls.cc, ncclNvlsBufferSetup @ 5067397c): each NVLS
// channel holds, for each head, a reduce and a broadcast buffer of NCCL_STEPS (8) chunks of
// NCCL_NVLS_CHUNKSIZE (128 KiB); the heads are the communicator's GPUs in the node (search.cc: the
// NVLS graph's channels, one per GPU).
constexpr double kNvlsBytesPerChannelHead = 2 * 8 * 128 * 1024.0;
// Allocator caching and fragmentation over the activations' churn (seed 000: "显存碎片化").
constexpr double kFragmentationReserve = 0.10;
// ZeRO-3 keeps the gathered weights of the running layer and the prefetched next one.
constexpr double kZero3GatheredLayers = 2;

double bytesOf(StatePrecision p)
{
    switch (p) {
    case StatePrecision::Fp32:
        return 4;
    case StatePrecision::Bf16:
    case StatePrecision::Fp16:
        return 2;
    case StatePrecision::Fp8:
        return 1;
    }
    return 4;
}

// Whether Transformer Engine's FusedAdam keeps an fp32 master weight as the 16 bits its bf16
// weight lacks: it manages the master weights in a bf16 run and in an FP8 run with delayed scaling
// (Megatron-Core manages them itself for the other FP8 recipes and for FP8 primary weights:
// megatron/core/optimizer/__init__.py, use_precision_aware_optimizer_no_fp8_or_ds_fp8).
bool keepsParamRemainders(const TrainingSpec& t, const PrecisionAwareOptimizer& o)
{
    const bool bf16Weights = t.precision == Precision::Bf16
        || (t.precision == Precision::Fp8 && t.fp8Recipe == Fp8Recipe::Delayed && !t.fp8ParamGather);
    return o.paramRemainders && o.mainParams == StatePrecision::Fp32 && bf16Weights;
}

// What torchtitan's per-operator selective checkpointing keeps of one layer (docs/cost-model.md,
// "Selective recomputation"): its policy saves the outputs of the attention kernel and of the
// odd-numbered matmuls of the block (wq, wk, wv, wo, w1, w3, w2 in a Llama block: wq, wv, w1 and
// w2), and the backward asks only for those it cannot rebuild from them: w2's output feeds only
// the residual sum, whose gradient needs no values. With sequence parallelism the projection's
// reduce-scatter, also on the save list, keeps its output (the residual stream the MLP's replay
// starts from). A MoE layer's experts and token movement are on no save list: its MLP is replayed
// whole from the layer's input.
double perOperatorKeptBytes(const ModelSpec& model, const ActivationShape& shape, LayerKind kind)
{
    const double s = double(shape.seqLen), b = double(shape.microBatch), h = double(model.hidden);
    const double t = double(shape.tp);
    const double replicated = shape.sequenceParallel ? 1.0 / t : 1.0;
    const double heads = double(model.heads) / t;
    const double kvHeads = model.kvHeads >= shape.tp ? double(model.kvHeads) / t : 1.0;
    const bool mla = model.mla.enabled();
    const double qkHeadDim = mla ? double(model.mla.qkHeadDim()) : double(model.headDim());
    const double vHeadDim = mla ? double(model.mla.vHeadDim) : double(model.headDim());
    double bytes = 2 * s * b * h * replicated; // the checkpointed block's input
    bytes += 2 * s * b * heads * qkHeadDim; // the query projection (first matmul)
    bytes += 2 * s * b * (mla ? heads : kvHeads) * vHeadDim; // the value projection (third)
    bytes += 2 * s * b * heads * vHeadDim + 4 * s * b * heads; // the attention's output and log-sum-exp
    if (shape.sequenceParallel && shape.tp > 1)
        bytes += 2 * s * b * h / t; // the projection's reduce-scattered output
    if (!kind.moe)
        bytes += 2 * s * b * double(model.ffnHidden) / t; // the MLP's first up projection (the gate)
    return bytes;
}

} // namespace

StateBytes stateBytes(const TrainingSpec& training)
{
    StateBytes bytes;
    bytes.gradients = training.gradPrecision == GradPrecision::Fp32 ? 4 : 2;
    if (const std::optional<PrecisionAwareOptimizer>& o = training.precisionAwareOptimizer) {
        bytes.paramRemainders = keepsParamRemainders(training, *o);
        const double master = bytes.paramRemainders ? 2.0 : bytesOf(o->mainParams);
        bytes.optimizer = master + bytesOf(o->expAvg) + bytesOf(o->expAvgSq);
    }
    return bytes;
}

MemoryBreakdown modelStateBytes(double parameters, int zeroStage, double shards, const StateBytes& bytes)
{
    MemoryBreakdown m;
    m.weights = parameters * bytes.weights / (zeroStage >= 3 ? shards : 1.0);
    m.gradients = parameters * bytes.gradients / (zeroStage >= 2 ? shards : 1.0);
    m.optimizer = parameters * bytes.optimizer / (zeroStage >= 1 ? shards : 1.0);
    return m;
}

double layerActivationBytes(const ModelSpec& model, const ActivationShape& shape, Recompute recompute, LayerKind kind)
{
    const double s = double(shape.seqLen), b = double(shape.microBatch), h = double(model.hidden);
    const double t = double(shape.tp);
    const double sbh = s * b * h;
    // Tensors outside the TP-sharded regions are sharded too with sequence parallelism.
    const double replicated = shape.sequenceParallel ? 1.0 / t : 1.0;
    const double maskBytes = model.dropout ? 1.0 : 0.0;

    if (recompute == Recompute::Full)
        return 2 * sbh * replicated; // only the layer's input survives until its backward
    if (recompute == Recompute::Selective && shape.selective == SelectiveCheckpointing::PerOperator)
        return perOperatorKeptBytes(model, shape, kind);
    // What selective recomputation replays is not kept (docs/cost-model.md, "Selective recomputation").
    const auto replayed = [&](RecomputeModule module) {
        return recompute == Recompute::Selective && shape.recomputeModules.has(module);
    };
    const bool mla = model.mla.enabled();

    // Norm inputs (2 x 2sbh) and the two dropout masks; the attention's and the MLP's inputs (the
    // norms' outputs) at linearInputBytes. A norm that is a module of its own (ModelSpec::
    // separateNorms: MLA's input norm, a MoE layer's pre-MLP norm) has its output discarded by
    // layernorm recomputation, a dense MLP's input by mlp.
    // Megatron keeps a sequence-parallel linear input as the rank's shard and gathers it again for
    // the weight gradient; DTensor keeps the gathered one.
    const double in = shape.linearInputBytes;
    const double linearInputShare = shape.keepsGatheredInputs && !kind.moe ? 1.0 : replicated;
    double bytes = (4 + 2 * maskBytes) * sbh * replicated;
    if (!(mla && replayed(RecomputeModule::Layernorm)))
        bytes += in * sbh * linearInputShare;
    const bool mlpInputReplayed = kind.moe ? replayed(RecomputeModule::Layernorm) : replayed(RecomputeModule::Mlp);
    if (!mlpInputReplayed)
        bytes += in * sbh * linearInputShare;
    // Q, K, V (2 bytes each) and the projection input, per head on this GPU.
    const double heads = double(model.heads) / t;
    if (!mla) {
        const double headDim = double(model.headDim());
        const double kvHeads = model.kvHeads >= shape.tp ? double(model.kvHeads) / t : 1.0;
        bytes += 2 * s * b * (heads + 2 * kvHeads) * headDim + in * s * b * heads * headDim;
    } else {
        // MLA: the latents before and after their norms (on the rank's tokens, whole), then each
        // head's query, key and value and the projection input. mla_up_proj keeps the latents
        // only, before their norms.
        const MlaSpec& a = model.mla;
        const double latents = double(std::max<int64_t>(a.qLoraRank, 0) + a.kvLoraRank + a.qkRopeHeadDim);
        const double qk = double(a.qkHeadDim()), v = double(a.vHeadDim);
        const bool upReplayed = replayed(RecomputeModule::MlaUpProj);
        bytes += (upReplayed ? 1 : 2) * 2 * s * b * latents * replicated + in * s * b * heads * v;
        if (!upReplayed)
            bytes += 2 * s * b * heads * (2 * qk + v);
    }
    if (!replayed(RecomputeModule::CoreAttn)) {
        if (!shape.flashAttention) { // softmax output, dropout mask and dropout output: 5as^2b/t (2+1+2 bytes)
            const double scores = heads * s * double(shape.fullSeqLen) * b;
            bytes += scores * (2 + (model.dropout ? 3 : 0));
        } else { // softmax statistics (fp32 log-sum-exp per query and head)
            bytes += 4 * s * b * heads;
        }
    }
    // MLP: the activation's input (gate and up for gated MLPs) and the down projection's input.
    const double upWidth = model.gatedMlp ? 2.0 : 1.0;
    if (kind.moe) {
        if (replayed(RecomputeModule::Moe))
            return bytes; // the layer's input is all it keeps
        // The router's fp32 scores over the dispatcher's tokens; each routed row's expert input,
        // the up GEMM's output and the down GEMM's input (moe_act discards it) on the busiest
        // rank; and after the ETP reduce-scatter the experts' outputs, which the combine weighs
        // by the routing probabilities and keeps for their gradient (Megatron-Core's unpermute).
        const double dispatchTokens = s * b * replicated;
        const ParallelDegrees split{ .tp = shape.tp, .ep = shape.ep, .etp = shape.etp };
        const double rows = dispatchTokens * expertRowsPerToken(model, split);
        const double ffn = double(model.moe.expertFfnHidden) / double(split.expertTp());
        const double downInput = replayed(RecomputeModule::MoeAct) ? 0.0 : in * ffn;
        bytes += 4 * dispatchTokens * double(model.moe.experts);
        bytes += rows * (in * h + 2 * ffn * upWidth + downInput) + rows / double(split.expertTp()) * 2 * h;
        if (!replayed(RecomputeModule::SharedExperts)) {
            const double shared = double(model.moe.sharedExperts) * double(model.moe.sharedExpertFfnHidden) / t;
            bytes += 2 * s * b * shared * upWidth + in * s * b * shared;
        }
    } else if (!replayed(RecomputeModule::Mlp)) {
        const double ffn = double(model.ffnHidden) / t;
        bytes += 2 * s * b * ffn * upWidth + in * s * b * ffn;
    }
    return bytes;
}

double mixActivationBytes(const ModelSpec& model, const ActivationShape& shape, Recompute recompute, const LayerMix& mix)
{
    double bytes = 0;
    for (size_t k = 0; k < kLayerKinds; ++k)
        if (mix.count[k] > 0)
            bytes += double(mix.count[k]) * layerActivationBytes(model, shape, recompute, LayerKind::ofIndex(k));
    return bytes;
}

double inFlightMicroBatches(const ParallelLayout& layout, int64_t stage)
{
    const int64_t p = layout.degrees.pp, v = layout.degrees.vpp, m = layout.microBatches;
    // Micro-batches a stage holds at its fullest, from the order each schedule runs its passes in
    // (core/step/schedule_orders.h; tests/core/step/schedule_orders_test.cpp walks those orders
    // and checks every figure here). A micro-batch is held from its forward until its weight
    // gradient is done; in the schedules with two chunks a stage, a chunk counts half.
    switch (layout.schedule) {
    case PipelineSchedule::GPipe:
        return double(m);
    case PipelineSchedule::OneFOneB:
        return double(std::min(p - stage, m));
    case PipelineSchedule::Interleaved1F1B: {
        const int64_t chunks = std::min((p - stage - 1) * 2 + (v - 1) * p + 1, m * v);
        return double(chunks) / double(v);
    }
    case PipelineSchedule::ZbH1: // each stage defers `stage` weight gradients: 1F1B's first stage everywhere
        return double(std::min(p, m));
    case PipelineSchedule::ZbH2: // 2p - 1 forwards in flight before the first backward reaches stage 0
        return double(std::min(2 * p - 1, m));
    case PipelineSchedule::ZbV: // held to 1F1B's memory, 2p chunks (the repository's "zb" memory setup)
        return double(std::min(2 * p, 2 * m)) / 2;
    case PipelineSchedule::DualPipe: { // pp chunks, one more on the two middle stages (PP + 1 in its README)
        const int64_t half = std::min(stage, p - 1 - stage);
        return double(p + (half == p / 2 - 1 ? 1 : 0)) / 2;
    }
    case PipelineSchedule::DualPipeV: // 2 pp chunks, one more on the last stage, where the V turns
        return double(2 * p + (stage == p - 1 ? 1 : 0)) / 2;
    }
    return double(std::min(p - stage, m));
}

StageParameters shardParameters(const ModelSpec& model, const ParallelLayout& layout, const LayerMix& layers,
                                bool holdsEmbedding, bool holdsOutput)
{
    LayerParameters layer = layerParameters(model, layers);
    if (holdsOutput && model.mtpLayers > 0) // the MTP modules follow the last layer
        layer += mtpParameters(model);
    const double t = double(layout.degrees.tp);
    StageParameters p;
    p.denseLinear = (layer.attention + layer.denseMlp) / t + layer.latent;
    p.dense = p.denseLinear + layer.router + layer.norms;
    p.expert = layer.experts / double(layout.degrees.expertTp() * layout.degrees.ep);
    const double embedding = embeddingParameters(model) / t;
    if (holdsEmbedding)
        p.dense += embedding;
    // The output layer: its own weights, or with tied embeddings a copy that Megatron keeps in sync
    // (none needed when the same GPU also holds the embedding).
    if (holdsOutput && (!model.tiedEmbeddings || !holdsEmbedding))
        p.dense += embedding;
    if (holdsOutput)
        p.dense += 2 * double(model.hidden); // final norm
    return p;
}

StageParameters stageParameters(const ModelSpec& model, const ParallelLayout& layout, int64_t stage)
{
    return shardParameters(model, layout, layout.stageMix(size_t(stage)), layout.holdsEmbedding(stage), layout.holdsOutput(stage));
}

MemoryBreakdown stageMemory(const ModelSpec& model, const TrainingSpec& training, const FrameworkSpec& framework,
                            const ParallelLayout& layout, int64_t stage)
{
    const StateBytes bytes = stateBytes(training);
    const ParallelDegrees& d = layout.degrees;
    const LayerMix stageLayers = layout.stageMix(size_t(stage));
    const bool last = layout.holdsOutput(stage);
    const StageParameters params = stageParameters(model, layout, stage);
    const double denseShards = double(d.dataRanks());
    const double expertShards = double(d.expertDataRanks());
    MemoryBreakdown memory = modelStateBytes(params.dense, layout.zeroStage, denseShards, bytes);
    const MemoryBreakdown experts = modelStateBytes(params.expert, layout.zeroStage, expertShards, bytes);
    memory.weights += experts.weights;
    memory.gradients += experts.gradients;
    memory.optimizer += experts.optimizer;
    if (quantizedLinears(training.precision)) { // the FP8 / FP4 copies and transposes of the linear weights
        const double cache = fp8WeightCacheBytes(training);
        const bool sharded = layout.zeroStage >= 3;
        memory.weights += cache * (params.denseLinear / (sharded ? denseShards : 1) + params.expert / (sharded ? expertShards : 1));
    }

    ActivationShape shape;
    shape.seqLen = training.seqLen / d.cp;
    shape.fullSeqLen = training.seqLen;
    shape.microBatch = training.microBatch;
    shape.tp = d.tp;
    shape.ep = d.ep;
    shape.etp = d.etp;
    shape.linearInputBytes = fp8SavedInputBytes(training);
    shape.recomputeModules = layout.recomputeModules;
    const FrameworkDefaults defaults = frameworkDefaults(framework.name);
    shape.selective = defaults.selectiveCheckpointing;
    shape.keepsGatheredInputs = !defaults.tpBackwardBesideGemms;
    shape.sequenceParallel = layout.sequenceParallel;
    shape.flashAttention = training.flashAttention;

    const double t = double(d.tp);
    const double sbh = double(shape.seqLen) * double(shape.microBatch) * double(model.hidden);
    const double replicated = layout.sequenceParallel ? 1.0 / t : 1.0;
    LayerMix layers = stageLayers;
    if (last)
        layers += model.mtpLayerMix();
    // The largest layer on the stage: what full recomputation, ZeRO-3 and CUDA graphs hold one of.
    double largestActivations = 0, largestParameters = 0;
    // Checkpointing that replays a layer (full, or torchtitan's per operator) rebuilds all of it
    // before its backward.
    const bool replaysLayers = layout.recompute == Recompute::Full
        || (layout.recompute == Recompute::Selective && shape.selective == SelectiveCheckpointing::PerOperator);
    const bool holdsOneWhole = replaysLayers || layout.zeroStage >= 3 || framework.cudaGraphs;
    for (size_t k = 0; k < kLayerKinds && holdsOneWhole; ++k)
        if (layers.count[k] > 0) {
            const LayerKind kind = LayerKind::ofIndex(k);
            largestActivations = std::max(largestActivations, layerActivationBytes(model, shape, Recompute::None, kind));
            largestParameters = std::max(largestParameters, layerParameters(model, kind).total());
        }
    const double inFlight = inFlightMicroBatches(layout, stage);
    double activations = inFlight * mixActivationBytes(model, shape, layout.recompute, layers);
    if (replaysLayers) // the layer being recomputed holds everything at once
        activations += largestActivations;
    if (layout.holdsEmbedding(stage) && model.dropout) // embedding dropout mask per micro-batch in flight
        activations += inFlight * sbh * replicated;
    if (last) { // final norm input and what the loss holds of the logits at its peak, again per MTP module
        const double logits = double(shape.seqLen) * double(shape.microBatch) * double(model.vocab) / t;
        activations += double(1 + model.mtpLayers) * (2 * sbh * replicated + lossBytesPerLogit(framework) * logits);
    }
    memory.activations = activations;

    const double nccl = ncclBufferBytes(d);
    double other = kCudaContextBytes + nccl + kWorkspaceBytes + kFragmentationReserve * activations;
    if (layout.zeroStage >= 3)
        other += kZero3GatheredLayers * largestParameters / t * bytes.weights;
    if (framework.cudaGraphs) {
        // Each captured graph keeps its static input and output, and the capture pool holds the
        // intermediates of the largest graph, one layer with everything stored (PyTorch's CUDA
        // graph memory management: a private pool per graph, shared between graphs captured in
        // order, as Megatron-Core and Transformer Engine capture layers).
        other += double(layers.total()) * inFlight * 2 * (2 * sbh * replicated) + largestActivations;
    }
    memory.other = other;
    memory.outsideAllocator = kCudaContextBytes + nccl;
    return memory;
}

CommunicatorSet collectiveCommunicators(const ParallelDegrees& d)
{
    CommunicatorSet groups;
    if (d.tp > 1)
        groups.add(CommGroup::Tp);
    if (d.dataRanks() > 1)
        groups.add(CommGroup::DataParallel);
    const bool expertsResplit = d.ep > 1 || d.expertTp() != d.tp;
    if (expertsResplit && d.expertDataRanks() > 1) // the experts' own data-parallel group
        groups.add(CommGroup::ExpertDataParallel);
    if (d.expertTp() > 1 && d.expertTp() != d.tp) // and their own tensor-parallel one
        groups.add(CommGroup::ExpertTp);
    return groups;
}

double ncclBufferBytes(const ParallelDegrees& d)
{
    double bytes = double(collectiveCommunicators(d).count) * kNcclCollectiveBytes;
    if (d.pp > 1)
        bytes += 2 * kNcclPeerBytes; // the previous and the next stage
    if (d.cp > 1)
        bytes += 2 * kNcclPeerBytes; // the ring's neighbours
    if (d.ep > 1)
        bytes += double(d.ep - 1) * kNcclPeerBytes; // all-to-all reaches every peer
    return bytes;
}

double nvlsBufferBytes(const ClusterSpec& cluster, const ParallelDegrees& d, const RankOrder& order)
{
    if (cluster.gpusPerNode < 2 || !hasNvlinkSharp(cluster))
        return 0;
    double bytes = 0;
    for (CommGroup group : collectiveCommunicators(d)) {
        const GroupShape shape = groupShape(group, d, order);
        const int64_t heads = membersOnFirstNode(shape, cluster.gpusPerNode);
        if (heads >= 2) // NCCL sets NVLS up only for two GPUs or more in a node (nvls.cc, ncclNvlsInit)
            bytes += double(nvlinkSharpChannels(cluster.gpu.architecture, heads < shape.members()) * heads)
                * kNvlsBytesPerChannelHead;
    }
    return bytes;
}

} // namespace paraplan
