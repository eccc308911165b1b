// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"

#include <string>
#include <string_view>
#include <vector>

// The shapes one GPU works on for one micro-batch: its TP/CP shard of a transformer layer, the
// GEMMs of it, the attention core and the messages its collectives carry. The cost model prices
// these (core/model/layer_costs.cpp); the engine runs these same shapes on real devices to measure them.
namespace paraplan {

// The local (per-GPU) sizes of one micro-batch after TP and CP sharding.
struct LayerShard {
    double microBatch = 1, localSeq = 1, fullSeq = 1, tokens = 1, normTokens = 1;
    double hidden = 1, headDim = 1, heads = 1, kvHeads = 1;
    // What attention works on per head: the query-key and value dimensions (headDim both, but for
    // MLA: nope + rope and v, or in the absorbed form the latent with the rope and the latent).
    double qkHeadDim = 1, vHeadDim = 1;
    double tp = 1;
    double bytes = 2;              // per activation element
    bool sequenceParallel = false; // as it runs: on only with tp > 1 (norms then see tokens / tp)
    // A MoE layer's split (Megatron-Core's MoE layer): the router and the dispatcher take this
    // GPU's tokens (its sequence shard under SP); the all-to-all over EP brings each rank the
    // tokens routed to its experts, the all-gather over ETP those of its ETP peers; `expertRows`
    // is what the busiest rank's grouped GEMMs then run, `rankImbalance` times the mean.
    double ep = 1, expertTp = 1, localExperts = 0;
    double dispatchTokens = 1;
    double rankImbalance = 1;
    double expertRows = 0;

    // `degrees`: tp and cp shard the layer, ep and etp its experts (the others do not reach it).
    LayerShard(const ModelSpec& model, int64_t seqLen, int64_t microBatch, const ParallelDegrees& degrees,
               bool withSequenceParallel, double activationBytes);
};

// Rows the busiest rank's grouped expert GEMMs run per token its dispatcher takes in: the top-k
// copies, gathered over ETP, times the busiest rank's share over the mean.
[[nodiscard]] double expertRowsPerToken(const ModelSpec& model, const ParallelDegrees& degrees);

// The nodes other than its own that a token's top-k experts lie on, on average, when the EP group
// spans `nodes` nodes with the experts spread evenly over them: (nodes - 1) times the chance that a
// node holds at least one of them. With group-limited routing and whole groups on each node, the
// chance that one of the node's groups is among the token's chosen groups; otherwise that one of
// the k experts drawn without replacement lies there.
[[nodiscard]] double remoteNodesPerToken(const MoeSpec& moe, int64_t nodes);
// What the flex dispatcher sends across the network, as a share of what an all-to-all over the
// same group sends: a token crosses once per remote node holding its experts instead of once per
// remote expert (top_k · (nodes - 1) / nodes copies). 1 inside a node.
[[nodiscard]] double flexNetworkShare(const MoeSpec& moe, int64_t nodes);

// One forward GEMM, C[m x n] = A[m x k] B[k x n], `batch` of them; its backward runs the
// data-gradient (m x k x n) and weight-gradient (k x n x m) products.
// Where a GEMM sits in a layer (LayerGemms), which says what runs around it: TP collectives before
// the column-parallel parts and after the row-parallel ones, attention after the last AttentionIn,
// the EP dispatch before the MLP.
enum class GemmRole { Other, AttentionIn, AttentionOut, Router, MlpUp, MlpDown };

struct GemmShape {
    std::string name;
    double m = 0, n = 0, k = 0, batch = 1;
    bool readsNorm = false; // its input is a norm's output (Transformer Engine fuses the norm with its FP8 cast)
    GemmRole role = GemmRole::Other;
    [[nodiscard]] double flops() const { return 2 * m * n * k * batch; }
};
// dX = dY W^T, and dW = X^T dY, of a forward GEMM, named after it ("qkv (data gradient)").
[[nodiscard]] GemmShape dataGradientOf(const GemmShape& forward);
[[nodiscard]] GemmShape weightGradientOf(const GemmShape& forward);
// The forward GEMM a name of those three shapes belongs to ("qkv" for each of qkv's).
[[nodiscard]] std::string_view productNameOf(std::string_view gemmName);

// The forward GEMMs of one transformer layer on one GPU, by their place in it.
struct LayerGemms {
    // Column-parallel, into the attention: QKV; or MLA's projections to the latents (replicated
    // on the TP ranks, on their sequence shard under SP, as Megatron-Core's TELinear
    // "duplicated") and up from them.
    std::vector<GemmShape> attentionIn;
    GemmShape attentionOut; // the output projection, row-parallel
    std::vector<GemmShape> router; // a MoE layer's router (16-bit in FP8 runs), none in a dense one
    std::vector<GemmShape> mlpUp;   // dense up (and gate); or the local experts', grouped
    std::vector<GemmShape> mlpDown; // in the same order
    // A MoE layer's shared experts, one MLP as wide as all of them: TP-sharded like a dense MLP,
    // beside the routed ones (between their up and down GEMMs in all()).
    std::vector<GemmShape> sharedUp;
    std::vector<GemmShape> sharedDown;

    // In the order the layer runs them.
    [[nodiscard]] std::vector<GemmShape> all() const;
};

// The GEMMs of a layer of `kind` (MoE: each local expert gets an equal share of the busiest rank's
// rows).
[[nodiscard]] LayerGemms transformerLayerGemms(const ModelSpec& model, const LayerShard& shard, LayerKind kind);
// The output layer's logits GEMM over the vocabulary shard.
[[nodiscard]] GemmShape logitsGemm(const ModelSpec& model, const LayerShard& shard);
// Attention the unfused way: the scores Q K^T and the weighted values P V, batched over
// micro-batch x local heads, each query chunk against the full sequence.
[[nodiscard]] std::vector<GemmShape> unfusedAttentionGemms(const LayerShard& shard);

// What the TP, CP and EP collectives of one layer carry, per GPU, in nccl-tests' sense.
struct LayerMessages {
    double tpActivation = 0; // all-reduce buffer, or SP's gathered / scattered activation
    // What the attention's column-parallel GEMMs take in: the hidden state (tpActivation), or
    // MLA's latents, which SP gathers instead and whose input gradients the TP group reduces.
    double attentionInput = 0;
    double cpKeyValues = 0;  // one ring step of ring attention (K and V chunks)
    double epDispatch = 0;   // all-to-all of the routed tokens (dispatch, and again to combine)
    double etpGathered = 0;  // the ETP all-gather's output of the dispatched rows (and the reduce-scatter's input)
    double expertTpGathered = 0; // the allgather dispatcher's first stage: every token of the ETP group
    double epGathered = 0;       // and its second: every token of the ETP x EP group
};
[[nodiscard]] LayerMessages layerMessages(const ModelSpec& model, const LayerShard& shard);

// Bytes the memory-bound kernels of one layer's forward move, reads plus writes, per kernel; the
// backward moves twice as much in each (the unfused softmax: `softmaxBackward`).
struct LayerTraffic {
    double norm = 0;          // each of the two norms
    double residual = 0;      // each of the two residual adds (dropout's mask included)
    double mlpActivation = 0; // GeLU, or SwiGLU's gate, over the MLP's hidden activations
    double expertActivation = 0; // of mlpActivation: the routed experts' (MoE only)
    double moePermute = 0;    // each of the routed tokens' two permutes (MoE only)
    double routerScores = 0;  // the router's softmax or sigmoid and top-k over its logits, in fp32
    double latentNorms = 0;   // MLA: the norms of the query and key-value latents
    double softmaxForward = 0, softmaxBackward = 0; // the unfused attention's score matrix
};
[[nodiscard]] LayerTraffic layerTraffic(const ModelSpec& model, const LayerShard& shard, LayerKind kind);

// The output layer's memory-bound kernels: its norm (as a layer's) and the vocab-parallel
// cross-entropy in fp32 (forward: read the logits, write exp; backward: write the gradient).
struct OutputTraffic {
    double norm = 0;
    double lossForward = 0, lossBackward = 0;
};
[[nodiscard]] OutputTraffic outputTraffic(const ModelSpec& model, const LayerShard& shard);

} // namespace paraplan
