// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/model_shape.h"

namespace paraplan {

namespace {
double mlpMatrices(const ModelSpec& model) { return model.gatedMlp ? 3.0 : 2.0; }
}

LayerParameters layerParameters(const ModelSpec& model)
{
    const double h = double(model.hidden);
    const double headDim = double(model.headDim());
    LayerParameters p;
    p.attention = h * headDim * double(model.heads + 2 * model.kvHeads) + double(model.heads) * headDim * h;
    if (model.isMoe()) {
        p.experts = double(model.moe.experts) * mlpMatrices(model) * h * double(model.moe.expertFfnHidden);
        p.router = h * double(model.moe.experts);
    } else {
        p.denseMlp = mlpMatrices(model) * h * double(model.ffnHidden);
    }
    p.norms = 4 * h;
    return p;
}

double embeddingParameters(const ModelSpec& model) { return double(model.vocab) * double(model.hidden); }

double totalParameters(const ModelSpec& model)
{
    const double embeddings = embeddingParameters(model) * (model.tiedEmbeddings ? 1.0 : 2.0);
    return double(model.layers) * layerParameters(model).total() + embeddings + 2.0 * double(model.hidden);
}

double activeParameters(const ModelSpec& model)
{
    LayerParameters layer = layerParameters(model);
    if (model.isMoe())
        layer.experts *= double(model.moe.topK) / double(model.moe.experts);
    const double embeddings = embeddingParameters(model) * (model.tiedEmbeddings ? 1.0 : 2.0);
    return double(model.layers) * layer.total() + embeddings + 2.0 * double(model.hidden);
}

LayerForwardFlops layerForwardFlops(const ModelSpec& model, int64_t seqLen)
{
    const double s = double(seqLen);
    const double h = double(model.hidden);
    const double headDim = double(model.headDim());
    LayerForwardFlops f;
    f.qkv = 2 * s * h * headDim * double(model.heads + 2 * model.kvHeads);
    f.attentionScores = 4 * s * s * headDim * double(model.heads);
    f.projection = 2 * s * double(model.heads) * headDim * h;
    if (model.isMoe()) {
        f.mlp = 2 * s * h * double(model.moe.experts)
            + double(model.moe.topK) * 2 * s * h * double(model.moe.expertFfnHidden) * mlpMatrices(model);
    } else {
        f.mlp = 2 * s * h * double(model.ffnHidden) * mlpMatrices(model);
    }
    return f;
}

double logitsForwardFlops(const ModelSpec& model, int64_t seqLen)
{
    return 2 * double(seqLen) * double(model.hidden) * double(model.vocab);
}

double modelFlopsPerSequence(const ModelSpec& model, int64_t seqLen)
{
    return 3 * (double(model.layers) * layerForwardFlops(model, seqLen).total() + logitsForwardFlops(model, seqLen));
}

double recomputeFlopsPerSequence(const ModelSpec& model, int64_t seqLen, Recompute recompute)
{
    const LayerForwardFlops layer = layerForwardFlops(model, seqLen);
    switch (recompute) {
    case Recompute::Full:
        return double(model.layers) * layer.total();
    case Recompute::Selective:
        return double(model.layers) * layer.attentionScores;
    case Recompute::None:
    case Recompute::Auto:
        break;
    }
    return 0.0;
}

} // namespace paraplan
