// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/layer_shapes.h"

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
    heads = double(m.heads) / tp;
    // With more TP ranks than KV heads each rank holds one replicated KV head.
    kvHeads = m.kvHeads >= degrees.tp ? double(m.kvHeads) / tp : 1.0;
    bytes = activationBytes;
}

std::vector<GemmShape> transformerLayerGemms(const ModelSpec& m, const LayerShard& x, int64_t ep)
{
    const double upMatrices = m.gatedMlp ? 2.0 : 1.0;
    std::vector<GemmShape> gemms = {
        { "qkv", x.tokens, (x.heads + 2 * x.kvHeads) * x.headDim, x.hidden, 1 },
        { "attention projection", x.tokens, x.hidden, x.heads * x.headDim, 1 },
    };
    if (!m.isMoe()) {
        const double ffn = double(m.ffnHidden) / x.tp;
        gemms.push_back({ "mlp up", x.tokens, ffn * upMatrices, x.hidden, 1 });
        gemms.push_back({ "mlp down", x.tokens, x.hidden, ffn, 1 });
        return gemms;
    }
    const double experts = double(m.moe.experts);
    const double localExperts = experts / double(ep);
    const double tokensPerExpert = x.tokens * double(m.moe.topK) / localExperts; // balanced routing
    const double ffn = double(m.moe.expertFfnHidden) / x.tp;
    gemms.push_back({ "router", x.tokens, experts, x.hidden, 1 });
    gemms.push_back({ "expert up", tokensPerExpert, ffn * upMatrices, x.hidden, localExperts });
    gemms.push_back({ "expert down", tokensPerExpert, x.hidden, ffn, localExperts });
    return gemms;
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
    return { g.name + std::string(kDataGradient), g.m, g.k, g.n, g.batch };
}

GemmShape weightGradientOf(const GemmShape& g)
{
    return { g.name + std::string(kWeightGradient), g.k, g.n, g.m, g.batch };
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
    return { { "attention scores", x.localSeq, x.fullSeq, x.headDim, batch },
             { "attention values", x.localSeq, x.headDim, x.fullSeq, batch } };
}

LayerMessages layerMessages(const ModelSpec& m, const LayerShard& x)
{
    LayerMessages messages;
    messages.tpActivation = x.tokens * x.hidden * x.bytes;
    messages.cpKeyValues = 2 * x.microBatch * x.localSeq * x.kvHeads * x.headDim * x.bytes;
    messages.epDispatch = x.tokens * double(m.moe.topK) * x.hidden * x.bytes;
    return messages;
}

LayerTraffic layerTraffic(const ModelSpec& m, const LayerShard& x)
{
    LayerTraffic t;
    t.norm = x.normTokens * x.hidden * 2 * x.bytes;
    t.residual = x.normTokens * x.hidden * (3 * x.bytes + (m.dropout ? 1 : 0));
    const double activationBytes = x.bytes * (m.gatedMlp ? 3.0 : 2.0);
    if (m.isMoe()) {
        const double routedTokens = x.tokens * double(m.moe.topK); // per GPU, balanced routing
        t.mlpActivation = routedTokens * double(m.moe.expertFfnHidden) / x.tp * activationBytes;
        t.moePermute = routedTokens * x.hidden * x.bytes * 2;
    } else {
        t.mlpActivation = x.tokens * double(m.ffnHidden) / x.tp * activationBytes;
    }
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
