// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

// Parameter counts and FLOPs of a decoder-only transformer, whole model (before any sharding).
// FLOPs follow the Megatron convention used for published MFU: a multiply-add is 2 FLOPs, the
// attention scores are counted in full (not halved for the causal mask), backward = 2 x forward.
// Derivations: docs/cost-model.md, "Parameters and FLOPs".
namespace paraplan {

struct LayerParameters {
    double attention = 0; // Q, K, V and output projections (GQA: K and V have kv_heads heads)
    double denseMlp = 0;  // up (and gate) and down projections of a dense layer
    double experts = 0;   // all experts of a MoE layer
    double router = 0;
    double norms = 0;     // two norms per layer, weight and bias

    [[nodiscard]] double total() const { return attention + denseMlp + experts + router + norms; }
};

[[nodiscard]] LayerParameters layerParameters(const ModelSpec& model);
[[nodiscard]] double embeddingParameters(const ModelSpec& model);
// Every weight of the model: layers, input embedding, output layer unless tied, final norm.
[[nodiscard]] double totalParameters(const ModelSpec& model);
// Weights one token passes through (MoE: router plus top-k experts instead of all of them).
[[nodiscard]] double activeParameters(const ModelSpec& model);

struct LayerForwardFlops {
    double qkv = 0;
    double attentionScores = 0; // Q K^T and scores x V, full (non-causal) count
    double projection = 0;
    double mlp = 0; // dense MLP, or router + top-k experts
    [[nodiscard]] double total() const { return qkv + attentionScores + projection + mlp; }
};

// Forward FLOPs of one layer for one sequence of seqLen tokens.
[[nodiscard]] LayerForwardFlops layerForwardFlops(const ModelSpec& model, int64_t seqLen);
[[nodiscard]] double logitsForwardFlops(const ModelSpec& model, int64_t seqLen);

// Model FLOPs of a training step for one sequence: 3 x forward of every layer and the logits.
[[nodiscard]] double modelFlopsPerSequence(const ModelSpec& model, int64_t seqLen);
// FLOPs executed again by activation recomputation for one sequence: the whole forward of every
// layer (full), or the attention-score part (selective: Megatron-core checkpoints the core
// attention, fused or not).
[[nodiscard]] double recomputeFlopsPerSequence(const ModelSpec& model, int64_t seqLen, Recompute recompute);

} // namespace paraplan
