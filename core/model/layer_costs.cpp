// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/layer_costs.h"

#include "core/model/fp8_costs.h"
#include "core/model/layer_shapes.h"
#include "core/model/model_shape.h"

#include <algorithm>

namespace paraplan {

HiddenComm& HiddenComm::operator+=(const HiddenComm& other)
{
    tp += other.tp;
    cp += other.cp;
    ep += other.ep;
    dp += other.dp;
    return *this;
}

HiddenComm HiddenComm::scaled(double factor) const { return { tp * factor, cp * factor, ep * factor, dp * factor }; }

PassCost& PassCost::operator+=(const PassCost& other)
{
    compute += other.compute;
    recompute += other.recompute;
    tpComm += other.tpComm;
    cpComm += other.cpComm;
    epComm += other.epComm;
    dpComm += other.dpComm;
    hidden += other.hidden;
    weightGradient += other.weightGradient;
    return *this;
}

PassCost PassCost::scaled(double factor) const
{
    return { compute * factor, recompute * factor, tpComm * factor, cpComm * factor, epComm * factor,
             dpComm * factor,  hidden.scaled(factor), weightGradient * factor };
}

double overlapPrice(double commSeconds, double computeSeconds, double slowdown, double& hidden)
{
    const double overlapped = std::min(commSeconds, computeSeconds);
    hidden += overlapped;
    return (commSeconds - overlapped) + slowdown * overlapped;
}

namespace {

LayerShard shardOf(const LayerCostInput& in)
{
    return { *in.model, in.seqLen, in.microBatch, in.degrees, in.sequenceParallel, in.rates.activationBytes };
}

// Seconds of one GEMM as issued by the framework: the forward product, and in the backward the
// data-gradient (dY W^T) and weight-gradient (X^T dY) products.
struct GemmPair {
    double forward = 0;
    double dataGrad = 0;
    double weightGrad = 0;
    [[nodiscard]] double backward() const { return dataGrad + weightGrad; }
};

// The shapes of dataGradientOf and weightGradientOf, without naming them (evaluations run this
// thousands of times a search).
GemmPair gemmPair(const DeviceRates& r, const GemmShape& g)
{
    return { gemmSeconds(r, g.m, g.n, g.k, g.batch), gemmSeconds(r, g.m, g.k, g.n, g.batch),
             gemmSeconds(r, g.k, g.n, g.m, g.batch) };
}

double elementwise(const DeviceRates& r, double bytes) { return streamingSeconds(r, bytes); }

double collective(const LayerCostInput& in, Collective kind, double bytes, int64_t ranks, const LinkRate& link)
{
    return collectiveSeconds(kind, bytes, ranks, link, in.rates.params);
}

// Communication under `computeSeconds` of work: its price on the critical path (overlapPrice),
// the seconds it ran hidden added to `hidden`.
double behind(const LayerCostInput& in, double commSeconds, double computeSeconds, double& hidden)
{
    return overlapPrice(commSeconds, computeSeconds, in.rates.params.overlapSlowdown, hidden);
}

// A TP collective that sits on the critical path unless TP communication overlap (which pipelines
// it with the neighbouring GEMM) is on.
double exposedTp(const LayerCostInput& in, double commSeconds, double adjacentGemmSeconds, double& hidden)
{
    const bool canOverlap = in.tpCommOverlap && in.sequenceParallel;
    return canOverlap ? behind(in, commSeconds, adjacentGemmSeconds, hidden) : commSeconds;
}

// FlashAttention-2's backward runs at about 85 % of its forward's FLOP rate (Dao 2023: up to 73 %
// of A100 peak forward, 63 % backward).
constexpr double kFlashBackwardRate = 0.85;

struct AttentionCore {
    double forward = 0;
    double backward = 0;
};

AttentionCore attentionCore(const LayerCostInput& in, const LayerShard& x)
{
    const DeviceRates& r = in.rates;
    AttentionCore core;
    if (in.flashAttention) {
        // Causal: the kernel skips the masked blocks (half the scores; outside a local window, all
        // but the window's). The backward recomputes the
        // scores, so it runs 5 products of that size against the forward's 2. It runs in FP8 only
        // where asked for (cuDNN's FP8 attention); Transformer Engine keeps it 16-bit otherwise.
        const DeviceRates& fused = in.quantized && in.fp8Attention ? in.linearRates : r;
        const double pairs = x.microBatch * x.localSeq * x.heads * attendedKeys(*in.model, in.kind, in.seqLen);
        const double forwardFlops = 2 * pairs * (x.qkHeadDim + x.vHeadDim);
        core.forward = fusedAttentionSeconds(fused, forwardFlops);
        core.backward = fusedAttentionSeconds(fused, 2.5 * forwardFlops / kFlashBackwardRate);
        return core;
    }
    // Unfused: two batched GEMMs around a softmax (and dropout) that streams the full score matrix.
    const LayerTraffic traffic = layerTraffic(*in.model, x, in.kind);
    const std::vector<GemmShape> gemms = unfusedAttentionGemms(x);
    const GemmPair qk = gemmPair(r, gemms[0]);
    const GemmPair pv = gemmPair(r, gemms[1]);
    core.forward = qk.forward + pv.forward + elementwise(r, traffic.softmaxForward);
    core.backward = qk.backward() + pv.backward() + elementwise(r, traffic.softmaxBackward);
    return core;
}

// The MLP block: dense, or router + dispatch + grouped expert GEMMs + combine (+ shared experts).
struct MlpCosts {
    double forwardCompute = 0, backwardCompute = 0;
    double sharedForward = 0; // of forwardCompute: the shared experts' GEMMs
    GemmPair up, down; // the GEMMs TP communication can overlap with: dense, or the shared experts'
    double epForward = 0, epBackward = 0;
    double epHiddenForward = 0, epHiddenBackward = 0; // behind the shared experts
    double weightGradient = 0; // of backwardCompute: every weight-gradient GEMM
};

// The forward and backward seconds of GEMMs that run one after the other.
GemmPair gemmPairs(const DeviceRates& r, const std::vector<GemmShape>& gemms)
{
    GemmPair sum;
    for (const GemmShape& g : gemms) {
        const GemmPair one = gemmPair(r, g);
        sum.forward += one.forward;
        sum.dataGrad += one.dataGrad;
        sum.weightGrad += one.weightGrad;
    }
    return sum;
}

// Seconds of one pass of a MoE layer's token movement (Megatron-Core's token_dispatcher.py), each
// collective priced on its own group's links; the backward runs the transposes (all-to-all again,
// all-gather and reduce-scatter swapped) at the same price.
// - alltoall: all-to-all over EP to the experts' ranks, all-gather over ETP of what arrived;
//   after the experts reduce-scatter over ETP and all-to-all back.
// - allgather: every token of the ETP x EP group gathered (as ETP then EP: the same bytes on
//   each group's links), the outputs reduce-scattered back.
// - flex (DeepEP, HybridEP): as alltoall, but a token crosses the network once per remote node
//   that holds its experts and is forwarded inside the node over NVLink (DeepSeek-V3 §3.2.2):
//   the all-to-all's bytes shrink by flexNetworkShare where the group spans nodes. The network
//   is what bounds it there (the NVLink forwarding, k copies at about ten times the rate, runs
//   beside it).
double moeTokenMovement(const LayerCostInput& in, const LayerMessages& messages)
{
    const int64_t ep = in.degrees.ep, etp = in.degrees.expertTp();
    auto gatherAndScatter = [&](double bytes, int64_t ranks, const LinkRate& link) {
        return collective(in, Collective::AllGather, bytes, ranks, link)
            + collective(in, Collective::ReduceScatter, bytes, ranks, link);
    };
    if (in.moeDispatcher == MoeDispatcher::AllGather)
        return gatherAndScatter(messages.expertTpGathered, etp, in.etpLink)
            + gatherAndScatter(messages.epGathered, ep, in.epLink);
    const double share = in.moeDispatcher == MoeDispatcher::Flex ? flexNetworkShare(in.model->moe, in.epNodes) : 1.0;
    return 2 * collective(in, Collective::AllToAll, messages.epDispatch * share, ep, in.epLink)
        + gatherAndScatter(messages.etpGathered, etp, in.etpLink);
}

MlpCosts mlpCosts(const LayerCostInput& in, const LayerShard& x, const LayerGemms& gemms)
{
    const ModelSpec& m = *in.model;
    const DeviceRates& r = in.rates;
    const LayerTraffic traffic = layerTraffic(m, x, in.kind);
    const double act = elementwise(r, traffic.mlpActivation);
    MlpCosts c;
    const GemmPair up = gemmPairs(in.linearRates, gemms.mlpUp), down = gemmPairs(in.linearRates, gemms.mlpDown);
    c.forwardCompute = up.forward + down.forward + act;
    c.backwardCompute = up.backward() + down.backward() + 2 * act;
    c.weightGradient = up.weightGrad + down.weightGrad;
    if (!in.kind.moe) {
        c.up = up;
        c.down = down;
        return c;
    }
    c.up = gemmPairs(in.linearRates, gemms.sharedUp);
    c.down = gemmPairs(in.linearRates, gemms.sharedDown);
    const double sharedForward = c.sharedForward = c.up.forward + c.down.forward;
    const double sharedBackward = c.up.backward() + c.down.backward();
    c.forwardCompute += sharedForward;
    c.backwardCompute += sharedBackward;
    c.weightGradient += c.up.weightGrad + c.down.weightGrad;
    // The router stays 16-bit (or fp32) in FP8 runs; the routed tokens are permuted to their
    // experts and back.
    const GemmPair router = gemmPairs(r, gemms.router);
    const double permute = elementwise(r, traffic.moePermute);
    const double scores = elementwise(r, traffic.routerScores);
    c.forwardCompute += router.forward + 2 * permute + scores;
    c.backwardCompute += router.backward() + 2 * permute + 2 * scores;
    c.weightGradient += router.weightGrad;
    const double movement = moeTokenMovement(in, layerMessages(m, x));
    // --moe-shared-expert-overlap runs the shared experts on their own stream while the
    // all-to-all dispatcher moves the routed tokens.
    const bool overlapped = in.moeSharedExpertOverlap && in.moeDispatcher == MoeDispatcher::AllToAll && !gemms.sharedUp.empty();
    c.epForward = overlapped ? behind(in, movement, sharedForward, c.epHiddenForward) : movement;
    c.epBackward = overlapped ? behind(in, movement, sharedBackward, c.epHiddenBackward) : movement;
    return c;
}

// Transformer Engine's quantisation of the FP8 linear layers for one micro-batch: each GEMM's input
// in the forward (QKV's and a dense FC1's come straight out of a norm) and its output gradient in
// the backward, as memory-bound kernels (docs/cost-model.md, "FP8"). `gemms`: the layer's, the
// router's excepted.
struct Quantization {
    double forward = 0;
    double backward = 0;
};

Quantization fp8QuantizationSeconds(const LayerCostInput& in, const LayerGemms& gemms)
{
    Quantization q;
    if (!in.quantized)
        return q;
    const Fp8Quantization bytes = fp8Quantization(*in.quantized);
    for (const std::vector<GemmShape>* part : { &gemms.attentionIn, &gemms.mlpUp, &gemms.mlpDown, &gemms.sharedUp, &gemms.sharedDown })
        for (const GemmShape& g : *part) {
            const double inputs = g.m * g.k * g.batch, gradients = g.m * g.n * g.batch;
            for (int k = 0; k < bytes.kernels; ++k) { // each launch streams its share of the bytes
                q.forward += elementwise(in.rates, inputs * (g.readsNorm ? bytes.normFedInput : bytes.input) / bytes.kernels);
                q.backward += elementwise(in.rates, gradients * bytes.gradient / bytes.kernels);
            }
        }
    const GemmShape& out = gemms.attentionOut;
    for (int k = 0; k < bytes.kernels; ++k) {
        q.forward += elementwise(in.rates, out.m * out.k * out.batch * bytes.input / bytes.kernels);
        q.backward += elementwise(in.rates, out.m * out.n * out.batch * bytes.gradient / bytes.kernels);
    }
    return q;
}


} // namespace

LayerCosts transformerLayerCosts(const LayerCostInput& in)
{
    const ModelSpec& m = *in.model;
    const DeviceRates& r = in.rates;
    const LayerShard x = shardOf(in);
    const LayerMessages messages = layerMessages(m, x);

    const LayerGemms gemms = transformerLayerGemms(m, x, in.kind);
    const GemmPair qkv = gemmPairs(in.linearRates, gemms.attentionIn);
    const GemmPair proj = gemmPair(in.linearRates, gemms.attentionOut);
    const AttentionCore core = attentionCore(in, x);
    const MlpCosts mlp = mlpCosts(in, x, gemms);
    const Quantization quantization = fp8QuantizationSeconds(in, gemms);

    const LayerTraffic traffic = layerTraffic(m, x, in.kind);
    const double norm = elementwise(r, traffic.norm);
    const double residual = elementwise(r, traffic.residual);
    const double elementwiseForward = 2 * norm + 2 * residual + elementwise(r, traffic.latentNorms);

    // TP (Megatron's f and g operators). Forward: an all-reduce after each row-parallel GEMM
    // (projection, MLP down), or with sequence parallelism an all-gather before each column-parallel
    // GEMM and a reduce-scatter after each row-parallel one. Backward: the column-parallel layers'
    // input gradients are all-reduced (reduce-scattered with SP) while their weight gradients are
    // computed, and with SP their inputs re-gathered while the data gradients are; only SP's
    // all-gathers of the row-parallel output gradients wait on the critical path.
    const double activation = messages.tpActivation;
    // A MoE layer's routed experts take the sequence shard as it is (the dispatcher moves the
    // tokens); only its shared experts gather it and scatter their output, as a dense MLP does.
    const double mlpTp = !in.kind.moe || !gemms.sharedUp.empty() ? 1.0 : 0.0;
    LayerCosts costs;
    double tpForward = 0, tpBackward = 0;
    double mlpTpForward = 0; // of tpForward: the dense MLP's or the shared experts' collectives
    // Of the forward's TP collectives, those whose outputs per-operator checkpointing does not keep:
    // SP's all-gathers into the attention and the MLP, or the all-reduce after the projection.
    double attentionTpUnkept = 0, mlpTpUnkept = 0;
    HiddenComm& hiddenForward = costs.forward.hidden;
    HiddenComm& hiddenBackward = costs.backward.hidden;
    if (in.degrees.tp > 1) {
        if (in.sequenceParallel) {
            // In FP8 the gathered inputs and output gradients travel quantised; reduce-scatters of
            // 16-bit partial sums do not.
            const double fp8Gathered = in.quantized ? fp8GatherBytes(*in.quantized) / in.rates.activationBytes : 1.0;
            const auto gatherOf = [&](double bytes) {
                return collective(in, Collective::AllGather, bytes * fp8Gathered, in.degrees.tp, in.tpLink);
            };
            const auto scatterOf = [&](double bytes) {
                return collective(in, Collective::ReduceScatter, bytes, in.degrees.tp, in.tpLink);
            };
            const double gather = gatherOf(activation), scatter = scatterOf(activation);
            const double attentionGather = gatherOf(messages.attentionInput);
            const double attentionScatter = scatterOf(messages.attentionInput);
            attentionTpUnkept = attentionGather;
            mlpTpUnkept = mlpTp * gather;
            double& hidden = hiddenForward.tp;
            mlpTpForward = exposedTp(in, mlpTp * gather, mlp.up.forward, hidden)
                + exposedTp(in, mlpTp * scatter, mlp.down.forward, hidden);
            tpForward = exposedTp(in, attentionGather, qkv.forward, hidden) + exposedTp(in, scatter, proj.forward, hidden)
                + mlpTpForward;
            tpBackward = exposedTp(in, gather, proj.dataGrad, hiddenBackward.tp)
                + exposedTp(in, mlpTp * gather, mlp.down.dataGrad, hiddenBackward.tp);
            if (in.tpBackwardBesideGemms) {
                tpBackward += behind(in, attentionGather, qkv.dataGrad, hiddenBackward.tp)
                    + behind(in, attentionScatter, qkv.weightGrad, hiddenBackward.tp);
                tpBackward += behind(in, mlpTp * gather, mlp.up.dataGrad, hiddenBackward.tp)
                    + behind(in, mlpTp * scatter, mlp.up.weightGrad, hiddenBackward.tp);
            } else {
                // The gathered inputs kept (or replayed by the checkpointing), the reductions waited
                // on; asynchronous TP (torchtitan's micro-pipelined matmul + reduce-scatter, which
                // its compiler also finds in the backward graph) pipelines each with its data gradient.
                tpBackward += exposedTp(in, attentionScatter, qkv.dataGrad, hiddenBackward.tp)
                    + exposedTp(in, mlpTp * scatter, mlp.up.dataGrad, hiddenBackward.tp);
            }
            if (in.quantized && agreesOnAmaxPerGather(*in.quantized)) {
                // Current scaling agrees on one scale across the TP group before quantising a
                // gathered tensor: a blocking 4-byte all-reduce each, two per pass.
                const double amax = collective(in, Collective::AllReduce, 4, in.degrees.tp, in.tpLink);
                tpForward += 2 * amax;
                tpBackward += 2 * amax;
            }
        } else {
            const double allReduce = collective(in, Collective::AllReduce, activation, in.degrees.tp, in.tpLink);
            const double attentionAllReduce
                = collective(in, Collective::AllReduce, messages.attentionInput, in.degrees.tp, in.tpLink);
            mlpTpForward = mlpTp * allReduce;
            tpForward = allReduce + mlpTpForward;
            attentionTpUnkept = allReduce;
            tpBackward = in.tpBackwardBesideGemms
                ? behind(in, attentionAllReduce, qkv.weightGrad, hiddenBackward.tp)
                    + behind(in, mlpTp * allReduce, mlp.up.weightGrad, hiddenBackward.tp)
                : attentionAllReduce + mlpTp * allReduce;
        }
    }

    // CP: ring attention passes K and V chunks around the group, hidden behind the attention
    // kernel as far as it lasts; the backward also returns their gradients.
    double cpForward = 0, cpBackward = 0;
    if (in.degrees.cp > 1) {
        const double kvChunk = messages.cpKeyValues;
        const double steps = double(in.degrees.cp - 1);
        const double hop = collective(in, Collective::SendRecv, kvChunk, 2, in.cpLink);
        const double hopBackward = collective(in, Collective::SendRecv, 2 * kvChunk, 2, in.cpLink);
        cpForward = behind(in, steps * hop, core.forward, hiddenForward.cp);
        cpBackward = behind(in, steps * hopBackward, core.backward, hiddenBackward.cp);
    }

    costs.forward.compute
        = qkv.forward + core.forward + proj.forward + mlp.forwardCompute + elementwiseForward + quantization.forward;
    costs.forward.tpComm = tpForward;
    costs.forward.cpComm = cpForward;
    costs.forward.epComm = mlp.epForward;
    costs.forward.hidden.ep += mlp.epHiddenForward;

    costs.backward.compute = qkv.backward() + core.backward + proj.backward() + mlp.backwardCompute
        + 2 * elementwiseForward + quantization.backward;
    costs.backward.weightGradient = qkv.weightGrad + proj.weightGrad + mlp.weightGradient;
    costs.backward.tpComm = tpBackward;
    costs.backward.cpComm = cpBackward;
    costs.backward.epComm = mlp.epBackward;
    costs.backward.hidden.ep += mlp.epHiddenBackward;
    if (in.moeA2aOverlap && in.kind.moe) {
        // Each pass's token movement runs under the other micro-batch's pass through the same
        // layer (a forward beside a backward in the steady state): the forward's under a backward,
        // the backward's under a forward.
        costs.forward.epComm = behind(in, mlp.epForward, costs.backward.compute, costs.forward.hidden.ep);
        costs.backward.epComm = behind(in, mlp.epBackward, costs.forward.compute, costs.backward.hidden.ep);
    }
    if (in.recompute == Recompute::Full) {
        costs.backward.recompute = costs.forward.compute;
        costs.backward.tpComm += tpForward;
        costs.backward.cpComm += cpForward;
        costs.backward.epComm += mlp.epForward;
        costs.backward.hidden += costs.forward.hidden;
    } else if (in.recompute == Recompute::Selective && in.selective == SelectiveCheckpointing::PerOperator) {
        // torchtitan's per-operator policy replays the norms, residual sums and activation and the
        // matmuls whose outputs it does not keep (perOperatorReplay); the attention kernel's output
        // is kept. In an FP8 run the replayed GEMMs' input casts are left unpriced (a few percent).
        const PerOperatorReplay share = perOperatorReplay(m);
        double replay = qkv.forward * share.attentionKeyShare + proj.forward + elementwiseForward;
        costs.backward.tpComm += attentionTpUnkept;
        if (in.kind.moe) {
            replay += mlp.forwardCompute;
            costs.backward.tpComm += mlpTpForward;
            costs.backward.epComm += mlp.epForward;
        } else {
            replay += mlp.up.forward * share.mlpUpShare + elementwise(r, traffic.mlpActivation);
            costs.backward.tpComm += mlpTpUnkept;
        }
        costs.backward.recompute = replay;
    } else if (in.recompute == Recompute::Selective) {
        // The modules Megatron-Core checkpoints replay their forward before the backward needs it
        // (docs/cost-model.md, "Selective recomputation").
        const RecomputeModules& modules = in.recomputeModules;
        double replay = modules.has(RecomputeModule::CoreAttn) ? core.forward : 0.0;
        if (modules.has(RecomputeModule::Layernorm))
            replay += m.separateNorms(in.kind) * norm;
        if (modules.has(RecomputeModule::MlaUpProj) && m.mla.enabled()) {
            for (const GemmShape& g : gemms.attentionIn)
                if (!g.readsNorm) // the up projections, from the latents
                    replay += gemmPair(in.linearRates, g).forward;
            replay += elementwise(r, traffic.latentNorms);
        }
        const bool wholeMlp = modules.has(in.kind.moe ? RecomputeModule::Moe : RecomputeModule::Mlp);
        if (wholeMlp) {
            replay += mlp.forwardCompute;
            costs.backward.tpComm += mlpTpForward;
            costs.backward.epComm += mlp.epForward;
        } else if (in.kind.moe) {
            if (modules.has(RecomputeModule::MoeAct))
                replay += elementwise(r, traffic.expertActivation);
            if (modules.has(RecomputeModule::SharedExperts)) {
                replay += mlp.sharedForward;
                costs.backward.tpComm += mlpTpForward;
            }
        }
        costs.backward.recompute = replay;
    }
    return costs;
}

LayerCosts embeddingCosts(const LayerCostInput& in)
{
    const LayerShard x = shardOf(in);
    const double activation = x.tokens * x.hidden * x.bytes;
    LayerCosts costs;
    costs.forward.compute = elementwise(in.rates, activation);
    costs.backward.compute = elementwise(in.rates, 2 * activation);
    if (in.degrees.tp > 1) { // the vocab-parallel lookup sums partial embeddings across the TP group
        const Collective kind = in.sequenceParallel ? Collective::ReduceScatter : Collective::AllReduce;
        costs.forward.tpComm = collective(in, kind, activation, in.degrees.tp, in.tpLink);
    }
    return costs;
}

LayerCosts outputLayerCosts(const LayerCostInput& in)
{
    const DeviceRates& r = in.rates;
    const LayerShard x = shardOf(in);
    const double activation = x.tokens * x.hidden * x.bytes;
    const OutputTraffic traffic = outputTraffic(*in.model, x);
    const double norm = elementwise(r, traffic.norm);
    const GemmPair logits = gemmPair(r, logitsGemm(*in.model, x));
    const double lossForward = elementwise(r, traffic.lossForward);
    const double lossBackward = elementwise(r, traffic.lossBackward);

    LayerCosts costs;
    costs.forward.compute = norm + logits.forward + lossForward;
    costs.backward.compute = 2 * norm + logits.backward() + lossBackward;
    costs.backward.weightGradient = logits.weightGrad;
    if (in.degrees.tp > 1) {
        // Max, sum and target logit are reduced across the vocab shards: tiny, latency-bound.
        const double lossReductions = 3 * collective(in, Collective::AllReduce, x.tokens * 4, in.degrees.tp, in.tpLink);
        const Collective inputKind = in.sequenceParallel ? Collective::AllGather : Collective::AllReduce;
        const double input = collective(in, inputKind, activation, in.degrees.tp, in.tpLink);
        costs.forward.tpComm = lossReductions + (in.sequenceParallel ? input : 0.0);
        costs.backward.tpComm = input;
    }
    return costs;
}

LayerCosts mtpHeadCosts(const LayerCostInput& in)
{
    const DeviceRates& r = in.rates;
    const LayerShard x = shardOf(in);
    const double activation = x.tokens * x.hidden * x.bytes;
    const GemmPair projection
        = gemmPair(in.linearRates, { "mtp projection", x.tokens, x.hidden / x.tp, 2 * x.hidden, 1, true });
    const double norms = 2 * elementwise(r, x.normTokens * x.hidden * 2 * x.bytes);
    LayerCosts costs = outputLayerCosts(in);
    costs.forward.compute += norms + projection.forward;
    costs.backward.compute += 2 * norms + projection.backward();
    costs.backward.weightGradient += projection.weightGrad;
    if (in.degrees.tp > 1) { // the projection's shards gathered back to the hidden state
        const Collective kind = in.sequenceParallel ? Collective::ReduceScatter : Collective::AllGather;
        costs.forward.tpComm += collective(in, kind, activation, in.degrees.tp, in.tpLink);
        costs.backward.tpComm += collective(in, Collective::AllGather, activation, in.degrees.tp, in.tpLink);
    }
    return costs;
}

} // namespace paraplan
