// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

// Parameter counts and FLOPs of a decoder-only transformer, whole model (before any sharding),
// layer kind by layer kind (dense or MoE MLP, global or local attention; ModelSpec::layerKind).
// FLOPs follow the Megatron convention used for published MFU: a multiply-add is 2 FLOPs, the
// attention scores are counted in full (not halved for the causal mask), backward = 2 x forward.
// Derivations: docs/cost-model.md, "Parameters and FLOPs".
namespace paraplan {

struct LayerParameters {
    double attention = 0; // Q, K, V and output projections (GQA: K and V have kv_heads heads; MLA: its
                          // up-projections and output), TP-sharded
    double latent = 0;    // MLA's down-projections to the latents, whole on every TP rank (Megatron-Core
                          // builds them as "duplicated" TELinear: multi_latent_attention.py)
    double denseMlp = 0;  // a dense layer's MLP, or a MoE layer's shared experts (sharded like it)
    double experts = 0;   // the routed experts of a MoE layer
    double router = 0;
    double norms = 0;     // two norms per layer, weight and bias (and MLA's latent norms)

    [[nodiscard]] double total() const { return attention + latent + denseMlp + experts + router + norms; }
    LayerParameters& operator+=(const LayerParameters& other);
    [[nodiscard]] LayerParameters scaled(double factor) const;
};

[[nodiscard]] LayerParameters layerParameters(const ModelSpec& model, LayerKind kind);
// The sum over a run of layers.
[[nodiscard]] LayerParameters layerParameters(const ModelSpec& model, const LayerMix& mix);
[[nodiscard]] double embeddingParameters(const ModelSpec& model);
// The multi-token prediction modules' own weights: each one's layer, its 2h x h projection and two
// norms (the embedding and the output head are the main model's).
[[nodiscard]] LayerParameters mtpParameters(const ModelSpec& model);
// Every weight of the main model, as model cards count it: layers, input embedding, output layer
// unless tied, final norm; the MTP modules (mtpParameters) apart, as DeepSeek-V3's 671B leaves them.
[[nodiscard]] double totalParameters(const ModelSpec& model);
// The weights one token's forward multiplies: attention, dense MLPs, the router with the top-k and
// shared experts of each MoE layer, the output layer and the norms. The input embedding is a
// lookup of one row and not counted, as OpenAI (GPT-OSS) and DeepSeek count; Mistral's 12.9B for
// Mixtral 8x7B counts the whole table (docs/cost-model.md).
[[nodiscard]] double activeParameters(const ModelSpec& model);

struct LayerForwardFlops {
    double qkv = 0;             // Q, K and V projections (MLA: down, up, and the absorbed query's product)
    double attentionScores = 0; // Q K^T and scores x V, full (non-causal) count, over the keys in reach
    double projection = 0;      // the output projection (absorbed MLA: with the value up-projection)
    double mlp = 0;             // dense MLP, or router + top-k and shared experts
    double mlaUp = 0;           // of qkv: MLA's up projections from the latents (unabsorbed)
    double sharedExperts = 0;   // of mlp: a MoE layer's shared experts
    [[nodiscard]] double total() const { return qkv + attentionScores + projection + mlp; }
};

// Forward FLOPs of one layer of `kind` for one sequence of seqLen tokens.
[[nodiscard]] LayerForwardFlops layerForwardFlops(const ModelSpec& model, LayerKind kind, int64_t seqLen);
// The keys each query of a layer of `kind` attends to in the full (non-causal) count: the sequence,
// or the local window within it.
[[nodiscard]] double keysInReach(const ModelSpec& model, LayerKind kind, int64_t seqLen);
// The keys a causal attention kernel computes per query, on average over the sequence: half of it;
// within a sliding window w, w - w^2/2s; within chunks of w, w/2 (each chunk is causal).
[[nodiscard]] double attendedKeys(const ModelSpec& model, LayerKind kind, int64_t seqLen);
[[nodiscard]] double logitsForwardFlops(const ModelSpec& model, int64_t seqLen);
// Forward FLOPs of the MTP modules beyond their layers: each one's projection and logits.
[[nodiscard]] double mtpHeadForwardFlops(const ModelSpec& model, int64_t seqLen);

// Model FLOPs of a training step for one sequence: 3 x forward of every layer (MTP modules
// included) and the logits.
[[nodiscard]] double modelFlopsPerSequence(const ModelSpec& model, int64_t seqLen);
// What torchtitan's per-operator checkpointing replays of a layer's GEMMs (docs/cost-model.md,
// "Selective recomputation"): the key projection's columns of the fused QKV GEMM, the output
// projection whole, and of the dense MLP's up GEMM the w3 half of a gated one; a MoE layer replays
// its MLP whole. MLA's projections run in another order and are priced as kept.
struct PerOperatorReplay {
    double attentionKeyShare = 0; // of the fused QKV GEMM
    double mlpUpShare = 0;        // of the dense up GEMM
};
[[nodiscard]] PerOperatorReplay perOperatorReplay(const ModelSpec& model);

// FLOPs executed again by activation recomputation for one sequence: the whole forward of every
// layer (full), or with selective what the framework's policy replays: Megatron-Core's modules
// (the attention scores for core_attn, fused or not), or torchtitan's per-operator GEMMs.
[[nodiscard]] double recomputeFlopsPerSequence(const ModelSpec& model, int64_t seqLen, Recompute recompute,
                                               RecomputeModules modules = {},
                                               SelectiveCheckpointing policy = SelectiveCheckpointing::Modules);

} // namespace paraplan
