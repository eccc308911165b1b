// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/layer_shapes.h"

#include <algorithm>
#include <utility>

namespace paraplan {

LayerShard::LayerShard(const ModelSpec& m, int64_t seqLen, int64_t micro, const ParallelDegrees& degrees,
                       bool withSequenceParallel, double activationBytes)
{
    tp = double(degrees.tp);
    microBatch = double(micro);
    fullSeq = double(seqLen);
    localSeq = fullSeq / double(degrees.cp);
    tokens = microBatch * localSeq;
    sequenceParallel = withSequenceParallel && degrees.tp > 1;
    normTokens = sequenceParallel ? tokens / tp : tokens;
    hidden = double(m.hidden);
    headDim = double(m.headDim());
    qkHeadDim = vHeadDim = headDim;
    if (m.mla.enabled()) {
        qkHeadDim = double(m.mla.absorbed ? m.mla.kvLoraRank + m.mla.qkRopeHeadDim : m.mla.qkHeadDim());
        vHeadDim = double(m.mla.absorbed ? m.mla.kvLoraRank : m.mla.vHeadDim);
    }
    heads = double(m.heads) / tp;
    // With more TP ranks than KV heads each rank holds one replicated KV head. MLA's keys and
    // values are per head, up-projected from the shared latent.
    const int64_t kv = m.mla.enabled() ? m.heads : m.kvHeads;
    kvHeads = kv >= degrees.tp ? double(kv) / tp : 1.0;
    bytes = activationBytes;
    if (!m.isMoe())
        return;
    ep = double(degrees.ep);
    expertTp = double(degrees.expertTp());
    localExperts = double(m.moe.experts) / ep;
    dispatchTokens = normTokens;
    rankImbalance = m.moe.rankImbalance(localExperts);
    expertRows = dispatchTokens * expertRowsPerToken(m, degrees);
}

double expertRowsPerToken(const ModelSpec& m, const ParallelDegrees& degrees)
{
    const double localExperts = double(m.moe.experts) / double(degrees.ep);
    return double(m.moe.topK) * double(degrees.expertTp()) * m.moe.rankImbalance(localExperts);
}

namespace {

// C(total - away, draws) / C(total, draws): the chance that `draws` picks without replacement
// from `total` items all miss the `away` of them.
double allMiss(double total, double away, int64_t draws)
{
    double chance = 1;
    for (int64_t i = 0; i < draws && chance > 1e-12; ++i) // past that the rest cannot matter
        chance *= std::max(total - away - double(i), 0.0) / (total - double(i));
    return chance;
}

} // namespace

double remoteNodesPerToken(const MoeSpec& moe, int64_t nodes)
{
    if (nodes < 2 || moe.experts <= 0)
        return 0;
    const double n = double(nodes);
    const bool wholeGroupsPerNode = moe.groupLimited() && moe.groups % nodes == 0;
    const double reached = wholeGroupsPerNode
        ? 1 - allMiss(double(moe.groups), double(moe.groups) / n, moe.groupTopK)
        : 1 - allMiss(double(moe.experts), double(moe.experts) / n, moe.topK);
    return (n - 1) * reached;
}

double flexNetworkShare(const MoeSpec& moe, int64_t nodes)
{
    if (nodes < 2 || moe.topK <= 0)
        return 1;
    const double n = double(nodes);
    const double copies = double(moe.topK) * (n - 1) / n;
    return std::min(1.0, remoteNodesPerToken(moe, nodes) / copies);
}

std::vector<GemmShape> LayerGemms::all() const
{
    std::vector<GemmShape> gemms = attentionIn;
    gemms.push_back(attentionOut);
    for (const std::vector<GemmShape>* part : { &router, &mlpUp, &sharedUp, &sharedDown, &mlpDown })
        gemms.insert(gemms.end(), part->begin(), part->end());
    return gemms;
}

namespace {

void addAttentionGemms(LayerGemms& g, const ModelSpec& m, const LayerShard& x)
{
    if (!m.mla.enabled()) {
        g.attentionIn.push_back({ "qkv", x.tokens, (x.heads + 2 * x.kvHeads) * x.headDim, x.hidden, 1, true });
        g.attentionOut = { "attention projection", x.tokens, x.hidden, x.heads * x.headDim, 1 };
        return;
    }
    // MLA: the down-projections run whole on every TP rank over its own tokens (its sequence shard
    // under SP); the up-projections are column-parallel over the heads.
    const MlaSpec& a = m.mla;
    const double latent = double(a.kvLoraRank), rope = double(a.qkRopeHeadDim), qk = double(a.qkHeadDim());
    if (a.qLoraRank > 0) {
        const double queryLatent = double(a.qLoraRank);
        g.attentionIn.push_back({ "q down", x.normTokens, queryLatent, x.hidden, 1, true });
        g.attentionIn.push_back({ "q up", x.tokens, x.heads * qk, queryLatent, 1 });
    } else {
        g.attentionIn.push_back({ "q", x.tokens, x.heads * qk, x.hidden, 1, true });
    }
    g.attentionIn.push_back({ "kv down", x.normTokens, latent + rope, x.hidden, 1, true });
    const double nope = double(a.qkNopeHeadDim), v = double(a.vHeadDim);
    if (!a.absorbed) {
        g.attentionIn.push_back({ "kv up", x.tokens, x.heads * (nope + v), latent, 1 });
        g.attentionOut = { "attention projection", x.tokens, x.hidden, x.heads * v, 1 };
        return;
    }
    // Absorbed: W_UK folds into each head's query, W_UV lifts each head's output from the latent.
    g.attentionIn.push_back({ "q absorb", x.tokens, latent, nope, x.heads });
    g.attentionIn.push_back({ "v up", x.tokens, v, latent, x.heads });
    g.attentionOut = { "attention projection", x.tokens, x.hidden, x.heads * v, 1 };
}

LayerGemms withRoles(LayerGemms g)
{
    for (auto [part, role] : { std::pair{ &g.attentionIn, GemmRole::AttentionIn }, std::pair{ &g.router, GemmRole::Router },
                               std::pair{ &g.mlpUp, GemmRole::MlpUp }, std::pair{ &g.sharedUp, GemmRole::MlpUp },
                               std::pair{ &g.sharedDown, GemmRole::MlpDown }, std::pair{ &g.mlpDown, GemmRole::MlpDown } })
        for (GemmShape& shape : *part)
            shape.role = role;
    g.attentionOut.role = GemmRole::AttentionOut;
    return g;
}

} // namespace

LayerGemms transformerLayerGemms(const ModelSpec& m, const LayerShard& x, LayerKind kind)
{
    LayerGemms g;
    addAttentionGemms(g, m, x);
    const double upMatrices = m.gatedMlp ? 2.0 : 1.0;
    if (!kind.moe) {
        const double ffn = double(m.ffnHidden) / x.tp;
        g.mlpUp.push_back({ "mlp up", x.tokens, ffn * upMatrices, x.hidden, 1, true });
        g.mlpDown.push_back({ "mlp down", x.tokens, x.hidden, ffn, 1 });
        return withRoles(std::move(g));
    }
    const double tokensPerExpert = x.expertRows / x.localExperts;
    const double ffn = double(m.moe.expertFfnHidden) / x.expertTp;
    g.router.push_back({ "router", x.dispatchTokens, double(m.moe.experts), x.hidden, 1, true });
    g.mlpUp.push_back({ "expert up", tokensPerExpert, ffn * upMatrices, x.hidden, x.localExperts });
    if (m.moe.sharedExperts > 0) {
        const double shared = double(m.moe.sharedExperts) * double(m.moe.sharedExpertFfnHidden) / x.tp;
        g.sharedUp.push_back({ "shared expert up", x.tokens, shared * upMatrices, x.hidden, 1, true });
        g.sharedDown.push_back({ "shared expert down", x.tokens, x.hidden, shared, 1 });
    }
    g.mlpDown.push_back({ "expert down", tokensPerExpert, x.hidden, ffn, x.localExperts });
    return withRoles(std::move(g));
}

GemmShape logitsGemm(const ModelSpec& m, const LayerShard& x)
{
    return { "logits", x.tokens, double(m.vocab) / x.tp, x.hidden, 1 };
}

namespace {
constexpr std::string_view kDataGradient = " (data gradient)";
constexpr std::string_view kWeightGradient = " (weight gradient)";
}

GemmShape dataGradientOf(const GemmShape& g)
{
    return { g.name + std::string(kDataGradient), g.m, g.k, g.n, g.batch, false, g.role };
}

GemmShape weightGradientOf(const GemmShape& g)
{
    return { g.name + std::string(kWeightGradient), g.k, g.n, g.m, g.batch, false, g.role };
}

std::string_view productNameOf(std::string_view name)
{
    for (const std::string_view suffix : { kDataGradient, kWeightGradient })
        if (name.ends_with(suffix))
            return name.substr(0, name.size() - suffix.size());
    return name;
}

std::vector<GemmShape> unfusedAttentionGemms(const LayerShard& x)
{
    const double batch = x.microBatch * x.heads;
    return { { "attention scores", x.localSeq, x.fullSeq, x.qkHeadDim, batch },
             { "attention values", x.localSeq, x.vHeadDim, x.fullSeq, batch } };
}

LayerMessages layerMessages(const ModelSpec& m, const LayerShard& x)
{
    LayerMessages messages;
    messages.tpActivation = x.tokens * x.hidden * x.bytes;
    messages.attentionInput = messages.tpActivation;
    if (m.mla.enabled()) { // the column-parallel up-projections take the latents, not the hidden state
        const double query = m.mla.qLoraRank > 0 ? double(m.mla.qLoraRank) : x.hidden;
        messages.attentionInput = x.tokens * (query + double(m.mla.kvLoraRank + m.mla.qkRopeHeadDim)) * x.bytes;
    }
    messages.cpKeyValues = x.microBatch * x.localSeq * x.kvHeads * (x.qkHeadDim + x.vHeadDim) * x.bytes;
    // The busiest rank receives rankImbalance times the mean, and the all-to-all waits for it.
    const double row = x.hidden * x.bytes;
    messages.epDispatch = x.dispatchTokens * double(m.moe.topK) * x.rankImbalance * row;
    messages.etpGathered = x.expertRows * row;
    messages.expertTpGathered = x.dispatchTokens * x.expertTp * row;
    messages.epGathered = messages.expertTpGathered * x.ep;
    return messages;
}

LayerTraffic layerTraffic(const ModelSpec& m, const LayerShard& x, LayerKind kind)
{
    LayerTraffic t;
    t.norm = x.normTokens * x.hidden * 2 * x.bytes;
    t.residual = x.normTokens * x.hidden * (3 * x.bytes + (m.dropout ? 1 : 0));
    const double activationBytes = x.bytes * (m.gatedMlp ? 3.0 : 2.0);
    if (kind.moe) {
        const double shared = double(m.moe.sharedExperts) * double(m.moe.sharedExpertFfnHidden);
        t.expertActivation = x.expertRows * double(m.moe.expertFfnHidden) / x.expertTp * activationBytes;
        t.mlpActivation = (x.expertRows * double(m.moe.expertFfnHidden) / x.expertTp + x.tokens * shared / x.tp)
            * activationBytes;
        // Each permute reads the dispatcher's tokens and writes their top-k copies.
        t.moePermute = x.dispatchTokens * (1 + double(m.moe.topK)) * x.hidden * x.bytes;
        t.routerScores = x.dispatchTokens * double(m.moe.experts) * (x.bytes + 4 + 4);
    } else {
        t.mlpActivation = x.tokens * double(m.ffnHidden) / x.tp * activationBytes;
    }
    if (m.mla.enabled()) // the latents' norms
        t.latentNorms = x.normTokens * double(std::max<int64_t>(m.mla.qLoraRank, 0) + m.mla.kvLoraRank) * 2 * x.bytes;
    // Unfused attention computes and streams the whole score matrix, window or not.
    const double scores = x.microBatch * x.heads * x.localSeq * x.fullSeq;
    const double dropoutBytes = m.dropout ? 1 + x.bytes : 0;
    t.softmaxForward = scores * (2 * x.bytes + dropoutBytes);
    t.softmaxBackward = scores * (3 * x.bytes + dropoutBytes);
    return t;
}

OutputTraffic outputTraffic(const ModelSpec& m, const LayerShard& x)
{
    const double vocab = double(m.vocab) / x.tp;
    return { x.normTokens * x.hidden * 2 * x.bytes, x.tokens * vocab * (x.bytes + 4 + 4),
             x.tokens * vocab * (4 + x.bytes) };
}

} // namespace paraplan
