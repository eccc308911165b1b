// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

// What is trained: a decoder-only transformer as its config.json describes it, dense or
// mixture-of-experts, with standard (MHA/GQA/MQA) or multi-head latent attention, and layers that
// may differ from each other (dense layers before the MoE ones, local attention on some).
// Parameter counts and FLOPs: core/model/model_shape.h; the contract: docs/scenario.md.
namespace paraplan {

// How the router keeps the experts' loads even: an auxiliary loss (Switch, GShard; Megatron-Core's
// default aux_loss) or DeepSeek's loss-free bias on the routing scores (--moe-router-enable-expert-bias).
enum class LoadBalancing { AuxLoss, AuxFree };
[[nodiscard]] const char* toString(LoadBalancing b);

struct MoeSpec {
    int64_t experts = 0; // routed experts; 0 = dense
    int64_t topK = 0;    // routed experts per token
    int64_t expertFfnHidden = 0;
    int64_t sharedExperts = 0;         // experts every token passes through beside its top-k (DeepSeek, Llama 4)
    int64_t sharedExpertFfnHidden = 0; // the width of each
    int64_t firstDenseLayers = 0;      // dense layers (ModelSpec::ffnHidden wide) before the first MoE layer
    int64_t layerFrequency = 1;        // of the layers after those, every n-th is MoE (n-1, 2n-1, ...)
    LoadBalancing loadBalancing = LoadBalancing::AuxLoss;
    // The busiest expert's tokens over the mean; 0 = the published measurement for the balancing
    // (expertImbalance()).
    double imbalance = 0;
    // Tokens an expert takes at most, as a multiple of the mean (--moe-expert-capacity-factor);
    // 0 = dropless. With padToCapacity every expert computes (and receives) exactly that many.
    double capacityFactor = 0;
    bool padToCapacity = false;
    // Group-limited routing (DeepSeek-V3's node-limited routing, arXiv:2412.19437 §2.1.2; config.json
    // n_group and topk_group; Megatron-Core's --moe-router-num-groups and --moe-router-group-topk):
    // the experts fall into `groups` equal groups and each token picks its experts from the
    // `groupTopK` groups that score best. 0: no limit.
    int64_t groups = 0;
    int64_t groupTopK = 0;

    [[nodiscard]] bool groupLimited() const { return groups > 1 && groupTopK > 0 && groupTopK < groups; }

    // The busiest expert's load over the mean, as the routing leaves it: the measurement, capped
    // by the capacity (tokens beyond it are dropped), or the capacity itself when padded.
    [[nodiscard]] double expertImbalance() const;
    // The busiest of ranks holding `localExperts` experts each, over the mean rank: the busiest
    // expert beside localExperts - 1 experts of mean load.
    [[nodiscard]] double rankImbalance(double localExperts) const;

    bool operator==(const MoeSpec&) const = default;
};

// Multi-head latent attention (DeepSeek-V2, arXiv:2405.04434 §2.1): queries and keys/values pass
// through low-rank latents; each head's query and key have a position-free part (nope) and a
// rotary part (rope) whose key is shared by all heads.
struct MlaSpec {
    int64_t qLoraRank = 0;  // 0: queries projected from the hidden state directly (DeepSeek-V2-Lite)
    int64_t kvLoraRank = 0; // the compressed key-value latent; 0 = no MLA
    int64_t qkNopeHeadDim = 0;
    int64_t qkRopeHeadDim = 0;
    int64_t vHeadDim = 0;
    // The up-projections folded into the query and the output (§2.1.2's inference form): attention
    // runs in the latent space. Training frameworks run the unabsorbed form.
    bool absorbed = false;

    [[nodiscard]] bool enabled() const { return kvLoraRank > 0; }
    [[nodiscard]] int64_t qkHeadDim() const { return qkNopeHeadDim + qkRopeHeadDim; }
    bool operator==(const MlaSpec&) const = default;
};

// Attention over recent tokens only, on all layers but every n-th: a sliding window (Mistral,
// GPT-OSS) or fixed chunks (Llama 4's chunked attention).
struct LocalAttentionSpec {
    int64_t window = 0;      // tokens; 0 = every layer attends to the whole sequence
    bool chunked = false;    // each token attends within its chunk of `window` tokens, not to the last `window`
    int64_t globalEvery = 0; // layers n-1, 2n-1, ... attend to the whole sequence; 0 = none does

    bool operator==(const LocalAttentionSpec&) const = default;
};

// A layer's kind as the cost model prices it: its MLP (dense or MoE) and its attention's reach.
struct LayerKind {
    bool moe = false;
    bool local = false;

    [[nodiscard]] size_t index() const { return (moe ? 1 : 0) + (local ? 2 : 0); }
    [[nodiscard]] static LayerKind ofIndex(size_t i) { return { (i & 1) != 0, (i & 2) != 0 }; }
    bool operator==(const LayerKind&) const = default;
};
inline constexpr size_t kLayerKinds = 4;

// How many layers of each kind a run of layers holds.
struct LayerMix {
    std::array<int64_t, kLayerKinds> count{};

    [[nodiscard]] int64_t of(LayerKind kind) const { return count[kind.index()]; }
    [[nodiscard]] int64_t total() const { return count[0] + count[1] + count[2] + count[3]; }
    [[nodiscard]] int64_t moe() const { return of({ true, false }) + of({ true, true }); }
    LayerMix& operator+=(const LayerMix& other)
    {
        for (size_t k = 0; k < kLayerKinds; ++k)
            count[k] += other.count[k];
        return *this;
    }
    bool operator==(const LayerMix&) const = default;
};

struct ModelSpec {
    std::string preset;
    std::string name;
    int64_t layers = 0;
    int64_t hidden = 0;
    int64_t heads = 0;
    int64_t kvHeads = 0;
    int64_t headDimension = 0; // 0: hidden / heads (Qwen3 and GPT-OSS give their own)
    int64_t ffnHidden = 0;     // the dense layers' MLP width
    bool gatedMlp = false;
    int64_t vocab = 0;
    bool tiedEmbeddings = false;
    bool dropout = true; // dropout masks are stored for backward (GPT, BLOOM); Llama-style models train without
    MoeSpec moe;
    MlaSpec mla;
    LocalAttentionSpec localAttention;
    // DeepSeek-V3's multi-token prediction (arXiv:2412.19437 §2.2): each module predicts one token
    // further with a projection, one more layer and the shared output head, after the last layer.
    int64_t mtpLayers = 0;

    [[nodiscard]] bool isMoe() const { return moe.experts > 0; }
    [[nodiscard]] int64_t headDim() const;
    // Layer `i` (0-based; i >= layers are the MTP modules' layers, which follow the same pattern).
    [[nodiscard]] LayerKind layerKind(int64_t i) const;
    // The kinds of layers first .. first + count - 1, without visiting each (a model may have 10^5).
    [[nodiscard]] LayerMix layerMix(int64_t first, int64_t count) const;
    // The kind of every layer when they are all alike (a dense or an every-layer MoE model with one
    // kind of attention): the search resolves layouts by the million and takes this shortcut.
    [[nodiscard]] std::optional<LayerKind> uniformLayerKind() const;
    // The norms of a layer of `kind` that are modules of their own, whose output `layernorm`
    // recomputation discards. Transformer Engine fuses a norm into the linear layer after it
    // unless two consumers read it (Megatron-Core's gpt_layer_specs.py @ d98e8a64): MLA's input
    // norm feeds both down projections, a MoE layer's pre-MLP norm the router and the dispatcher.
    [[nodiscard]] int separateNorms(LayerKind kind) const { return (mla.enabled() ? 1 : 0) + (kind.moe ? 1 : 0); }
    [[nodiscard]] LayerMix mtpLayerMix() const { return layerMix(layers, mtpLayers); }
    // Every layer that is trained, the MTP modules' included.
    [[nodiscard]] LayerMix everyLayerMix() const { return layerMix(0, layers + mtpLayers); }
    [[nodiscard]] int64_t moeLayers() const { return layerMix(0, layers).moe(); }

    bool operator==(const ModelSpec&) const = default;
};

} // namespace paraplan
