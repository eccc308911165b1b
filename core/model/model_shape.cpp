// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/model_shape.h"

#include <algorithm>

namespace paraplan {

namespace {

double mlpMatrices(const ModelSpec& model) { return model.gatedMlp ? 3.0 : 2.0; }

// The attention's weights: `attention` (TP-sharded), MLA's `latent` down-projections and the
// latents' norms (in `norms`).
void addAttentionParameters(const ModelSpec& model, LayerParameters& p)
{
    const double h = double(model.hidden), heads = double(model.heads);
    if (!model.mla.enabled()) {
        const double d = double(model.headDim());
        p.attention = h * d * (heads + 2 * double(model.kvHeads)) + heads * d * h;
        return;
    }
    const MlaSpec& a = model.mla;
    const double qLora = double(a.qLoraRank), kvLora = double(a.kvLoraRank), qk = double(a.qkHeadDim());
    // The query through its latent (or straight from the hidden state), the key-value latent with
    // the shared rotary key, the up-projection to each head's position-free key and value, and the
    // output projection.
    const double query = a.qLoraRank > 0 ? qLora * heads * qk : h * heads * qk;
    p.attention = query + kvLora * heads * double(a.qkNopeHeadDim + a.vHeadDim) + heads * double(a.vHeadDim) * h;
    p.latent = h * qLora + h * (kvLora + double(a.qkRopeHeadDim));
    p.norms += qLora + kvLora;
}

LayerForwardFlops attentionFlops(const ModelSpec& model, double s, double keys)
{
    const double h = double(model.hidden), heads = double(model.heads);
    LayerForwardFlops f;
    if (!model.mla.enabled()) {
        const double d = double(model.headDim());
        f.qkv = 2 * s * h * d * (heads + 2 * double(model.kvHeads));
        f.attentionScores = 4 * s * keys * d * heads;
        f.projection = 2 * s * heads * d * h;
        return f;
    }
    const MlaSpec& a = model.mla;
    const double qLora = double(a.qLoraRank), kvLora = double(a.kvLoraRank), rope = double(a.qkRopeHeadDim);
    const double nope = double(a.qkNopeHeadDim), v = double(a.vHeadDim);
    const double query = a.qLoraRank > 0 ? 2 * s * h * qLora + 2 * s * qLora * heads * (nope + rope)
                                         : 2 * s * h * heads * (nope + rope);
    const double latent = 2 * s * h * (kvLora + rope);
    if (!a.absorbed) { // keys and values up-projected per head; attention over nope + rope dimensions
        f.mlaUp = (a.qLoraRank > 0 ? 2 * s * qLora * heads * (nope + rope) : 0.0) + 2 * s * kvLora * heads * (nope + v);
        f.qkv = query + latent + 2 * s * kvLora * heads * (nope + v);
        f.attentionScores = 2 * s * keys * heads * (nope + rope) + 2 * s * keys * heads * v;
        f.projection = 2 * s * heads * v * h;
        return f;
    }
    // Absorbed: each head's query meets the latent through W_UK, attention runs over the latent and
    // the rotary key, and W_UV lifts each head's output from the latent.
    f.qkv = query + latent + 2 * s * heads * nope * kvLora;
    f.attentionScores = 2 * s * keys * heads * (kvLora + rope) + 2 * s * keys * heads * kvLora;
    f.projection = 2 * s * heads * kvLora * v + 2 * s * heads * v * h;
    return f;
}

double embeddingsAndHead(const ModelSpec& model)
{
    return embeddingParameters(model) * (model.tiedEmbeddings ? 1.0 : 2.0) + 2.0 * double(model.hidden);
}

} // namespace

LayerParameters& LayerParameters::operator+=(const LayerParameters& other)
{
    attention += other.attention;
    latent += other.latent;
    denseMlp += other.denseMlp;
    experts += other.experts;
    router += other.router;
    norms += other.norms;
    return *this;
}

LayerParameters LayerParameters::scaled(double factor) const
{
    return { .attention = attention * factor,
             .latent = latent * factor,
             .denseMlp = denseMlp * factor,
             .experts = experts * factor,
             .router = router * factor,
             .norms = norms * factor };
}

LayerParameters layerParameters(const ModelSpec& model, LayerKind kind)
{
    const double h = double(model.hidden);
    LayerParameters p;
    addAttentionParameters(model, p);
    if (kind.moe) {
        p.experts = double(model.moe.experts) * mlpMatrices(model) * h * double(model.moe.expertFfnHidden);
        p.denseMlp = double(model.moe.sharedExperts) * mlpMatrices(model) * h * double(model.moe.sharedExpertFfnHidden);
        p.router = h * double(model.moe.experts);
    } else {
        p.denseMlp = mlpMatrices(model) * h * double(model.ffnHidden);
    }
    p.norms += 4 * h;
    return p;
}

LayerParameters layerParameters(const ModelSpec& model, const LayerMix& mix)
{
    LayerParameters sum;
    for (size_t k = 0; k < kLayerKinds; ++k)
        if (mix.count[k] > 0)
            sum += layerParameters(model, LayerKind::ofIndex(k)).scaled(double(mix.count[k]));
    return sum;
}

double embeddingParameters(const ModelSpec& model) { return double(model.vocab) * double(model.hidden); }

LayerParameters mtpParameters(const ModelSpec& model)
{
    LayerParameters p = layerParameters(model, model.mtpLayerMix());
    const double h = double(model.hidden);
    p.denseMlp += double(model.mtpLayers) * 2 * h * h; // the projection of [hidden; embedding] to h
    p.norms += double(model.mtpLayers) * 2 * 2 * h;   // the norms of the hidden state and the embedding
    return p;
}

double totalParameters(const ModelSpec& model)
{
    return layerParameters(model, model.layerMix(0, model.layers)).total() + embeddingsAndHead(model);
}

double activeParameters(const ModelSpec& model)
{
    LayerParameters layers = layerParameters(model, model.layerMix(0, model.layers));
    if (model.isMoe())
        layers.experts *= double(model.moe.topK) / double(model.moe.experts);
    return layers.total() + embeddingsAndHead(model) - embeddingParameters(model);
}

double keysInReach(const ModelSpec& model, LayerKind kind, int64_t seqLen)
{
    const double s = double(seqLen);
    return kind.local ? std::min(s, double(model.localAttention.window)) : s;
}

double attendedKeys(const ModelSpec& model, LayerKind kind, int64_t seqLen)
{
    const double s = double(seqLen), w = double(model.localAttention.window);
    if (!kind.local || w >= s)
        return s / 2;
    return model.localAttention.chunked ? w / 2 : w - w * w / (2 * s);
}

LayerForwardFlops layerForwardFlops(const ModelSpec& model, LayerKind kind, int64_t seqLen)
{
    const double s = double(seqLen);
    const double h = double(model.hidden);
    LayerForwardFlops f = attentionFlops(model, s, keysInReach(model, kind, seqLen));
    if (kind.moe) {
        const double experts = double(model.moe.topK) * double(model.moe.expertFfnHidden)
            + double(model.moe.sharedExperts) * double(model.moe.sharedExpertFfnHidden);
        f.mlp = 2 * s * h * double(model.moe.experts) + 2 * s * h * experts * mlpMatrices(model);
        f.sharedExperts = 2 * s * h * double(model.moe.sharedExperts) * double(model.moe.sharedExpertFfnHidden)
            * mlpMatrices(model);
    } else {
        f.mlp = 2 * s * h * double(model.ffnHidden) * mlpMatrices(model);
    }
    return f;
}

double logitsForwardFlops(const ModelSpec& model, int64_t seqLen)
{
    return 2 * double(seqLen) * double(model.hidden) * double(model.vocab);
}

double mtpHeadForwardFlops(const ModelSpec& model, int64_t seqLen)
{
    const double h = double(model.hidden);
    return double(model.mtpLayers) * (2 * double(seqLen) * 2 * h * h + logitsForwardFlops(model, seqLen));
}

namespace {

// Σ over every layer, the MTP modules' included, of `part` of its forward FLOPs: part(kind, flops
// of one layer of that kind).
template <typename Part>
double overEveryLayer(const ModelSpec& model, int64_t seqLen, Part part)
{
    const LayerMix mix = model.everyLayerMix();
    double flops = 0;
    for (size_t k = 0; k < kLayerKinds; ++k) {
        if (mix.count[k] == 0)
            continue;
        const LayerKind kind = LayerKind::ofIndex(k);
        flops += double(mix.count[k]) * part(kind, layerForwardFlops(model, kind, seqLen));
    }
    return flops;
}

// Forward FLOPs of every layer: of all of each, or of what selective recomputation replays
// (`selective`: its modules; the elementwise ones replay no GEMM).
double layersForwardFlops(const ModelSpec& model, int64_t seqLen, std::optional<RecomputeModules> selective)
{
    return overEveryLayer(model, seqLen, [&](LayerKind kind, const LayerForwardFlops& layer) {
        if (!selective)
            return layer.total();
        double replayed = selective->has(RecomputeModule::CoreAttn) ? layer.attentionScores : 0.0;
        if (selective->has(RecomputeModule::MlaUpProj))
            replayed += layer.mlaUp;
        if (selective->has(kind.moe ? RecomputeModule::Moe : RecomputeModule::Mlp))
            replayed += layer.mlp;
        else if (kind.moe && selective->has(RecomputeModule::SharedExperts))
            replayed += layer.sharedExperts;
        return replayed;
    });
}

// torchtitan's per-operator replay (perOperatorReplay) in FLOPs: the up GEMM is two thirds of a
// gated MLP's (gate and up beside down), half of a plain one's.
double perOperatorReplayFlops(const ModelSpec& model, int64_t seqLen)
{
    const PerOperatorReplay share = perOperatorReplay(model);
    const double upShareOfMlp = model.gatedMlp ? 2.0 / 3.0 : 0.5;
    return overEveryLayer(model, seqLen, [&](LayerKind kind, const LayerForwardFlops& layer) {
        const double mlp = kind.moe ? layer.mlp : layer.mlp * upShareOfMlp * share.mlpUpShare;
        return layer.qkv * share.attentionKeyShare + layer.projection + mlp;
    });
}

} // namespace

double modelFlopsPerSequence(const ModelSpec& model, int64_t seqLen)
{
    return 3
        * (layersForwardFlops(model, seqLen, std::nullopt) + logitsForwardFlops(model, seqLen)
           + mtpHeadForwardFlops(model, seqLen));
}

PerOperatorReplay perOperatorReplay(const ModelSpec& model)
{
    PerOperatorReplay replay;
    if (!model.mla.enabled()) {
        const double q = double(model.heads), kv = double(model.kvHeads);
        replay.attentionKeyShare = kv / (q + 2 * kv);
    }
    replay.mlpUpShare = model.gatedMlp ? 0.5 : 0.0;
    return replay;
}

double recomputeFlopsPerSequence(const ModelSpec& model, int64_t seqLen, Recompute recompute, RecomputeModules modules,
                                 SelectiveCheckpointing policy)
{
    switch (recompute) {
    case Recompute::Full:
        return layersForwardFlops(model, seqLen, std::nullopt);
    case Recompute::Selective:
        return policy == SelectiveCheckpointing::PerOperator ? perOperatorReplayFlops(model, seqLen)
                                                             : layersForwardFlops(model, seqLen, modules);
    case Recompute::None:
    case Recompute::Auto:
        break;
    }
    return 0.0;
}

} // namespace paraplan
