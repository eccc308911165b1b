// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/rules/parallel_layout.h"
#include "core/spec/rank_layout.h"
#include "core/spec/scenario.h"

#include <array>
#include <cstdint>

// Memory per GPU on one pipeline stage: model states per ZeRO stage (ZeRO paper, Rajbhandari et al.
// 2020), activations per Korthikanti et al. 2022 generalised to GQA, gated and MoE MLPs and fused
// attention, times the micro-batches in flight under 1F1B or interleaving, and the runtime's own
// buffers. Derivations: docs/cost-model.md, "Memory".
namespace paraplan {

// Real runs start failing on fragmentation and transient buffers above this share of HBM
// (Fujii et al. 2024: no run estimated below 80 % ran out of memory): the seed's "out of memory
// while nvidia-smi shows 65 %".
inline constexpr double kSafeMemoryFraction = 0.80;

struct MemoryBreakdown { // bytes
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;
    double other = 0;
    // Of `other`: what the framework's caching allocator never sees, the CUDA context and NCCL's
    // buffers. PyTorch's max_memory_reserved() reports total() less this.
    double outsideAllocator = 0;

    [[nodiscard]] double total() const { return weights + gradients + optimizer + activations + other; }
    [[nodiscard]] double allocatorReserved() const { return total() - outsideAllocator; }
};

// Bytes each parameter costs before sharding.
struct StateBytes {
    double weights = 2;
    double gradients = 4;
    double optimizer = 12; // fp32 master copy and two Adam moments
    // The master copy is the 16 bits the bf16 weight lacks: the update reads and writes both.
    bool paramRemainders = false;

    // What Adam's update streams per parameter: it reads the master copy, both moments and the
    // gradient, writes the three states and the 16-bit weight (26 bytes plus the gradient with
    // fp32 states), and reads the 16-bit weight too where it holds half the master copy.
    [[nodiscard]] double updateTraffic() const { return 2 * optimizer + weights * (paramRemainders ? 2 : 1) + gradients; }
};

[[nodiscard]] StateBytes stateBytes(const TrainingSpec& training);

// Weights, gradients and optimizer states of `parameters` under ZeRO stage 0-3 sharded `shards` ways.
[[nodiscard]] MemoryBreakdown modelStateBytes(double parameters, int zeroStage, double shards, const StateBytes& bytes);

// Stored activations of one transformer layer for one micro-batch on one GPU.
struct ActivationShape {
    int64_t seqLen = 0; // local sequence (already divided by CP)
    int64_t fullSeqLen = 0; // keys each query attends to
    int64_t microBatch = 1;
    int64_t tp = 1;
    int64_t ep = 1;
    int64_t etp = 0; // 0: as tp
    // Bytes a linear layer keeps per element of its input for the weight gradient: 2, or in an
    // FP8 / FP4 run the quantised copy Transformer Engine saves instead (fp8SavedInputBytes).
    double linearInputBytes = 2;
    RecomputeModules recomputeModules; // what Recompute::Selective replays under Megatron's modules
    SelectiveCheckpointing selective = SelectiveCheckpointing::Modules; // the framework's Recompute::Selective
    bool sequenceParallel = false;
    bool flashAttention = true;
    // A dense layer's attention and MLP inputs kept as gathered over the TP group rather than as
    // the rank's sequence shard (!FrameworkDefaults::tpBackwardBesideGemms: DTensor's saved input).
    bool keepsGatheredInputs = false;
};
[[nodiscard]] double layerActivationBytes(const ModelSpec& model, const ActivationShape& shape, Recompute recompute,
                                          LayerKind kind);
// The sum over a run of layers.
[[nodiscard]] double mixActivationBytes(const ModelSpec& model, const ActivationShape& shape, Recompute recompute,
                                        const LayerMix& mix);

struct StageParameters {
    double dense = 0;  // on this GPU after TP, sharded by ZeRO over dp*cp
    double expert = 0; // expert weights after EP and TP, sharded by ZeRO over dp*cp/ep
    double denseLinear = 0; // of `dense`: the transformer blocks' linear weights, FP8 in an FP8 run
    [[nodiscard]] double total() const { return dense + expert; }
    // The weights an FP8 run keeps and computes in FP8: the blocks' linear layers and the experts.
    [[nodiscard]] double fp8Linear() const { return denseLinear + expert; }
};

// Weights on one GPU holding `layers`, and the input embedding and/or the output layer (with the
// MTP modules, which follow it).
[[nodiscard]] StageParameters shardParameters(const ModelSpec& model, const ParallelLayout& layout, const LayerMix& layers,
                                              bool holdsEmbedding, bool holdsOutput);
// The same for a physical stage: its layers over all its chunks, the embedding on the first, the
// output layer on the last.
[[nodiscard]] StageParameters stageParameters(const ModelSpec& model, const ParallelLayout& layout, int64_t stage);

[[nodiscard]] MemoryBreakdown stageMemory(const ModelSpec& model, const TrainingSpec& training,
                                          const FrameworkSpec& framework, const ParallelLayout& layout, int64_t stage);

// The groups that hold a collective communicator of their own: TP, data-parallel and, where the
// experts re-split the GPUs, the experts' data-parallel and tensor-parallel ones. (No allocation:
// memory is priced for every configuration a search meets.)
struct CommunicatorSet {
    std::array<CommGroup, 4> groups{};
    size_t count = 0;
    void add(CommGroup group) { groups[count++] = group; }
    [[nodiscard]] const CommGroup* begin() const { return groups.data(); }
    [[nodiscard]] const CommGroup* end() const { return groups.data() + count; }
};
[[nodiscard]] CommunicatorSet collectiveCommunicators(const ParallelDegrees& degrees);
// NCCL's buffers on one GPU for the communicators of its groups (docs/cost-model.md, "Memory").
[[nodiscard]] double ncclBufferBytes(const ParallelDegrees& degrees);
// NCCL's NVLink SHARP buffers on one GPU: those of each collective communicator with two GPUs or
// more in a node whose switch reduces (hasNvlinkSharp), ranks on GPUs in `order`.
[[nodiscard]] double nvlsBufferBytes(const ClusterSpec& cluster, const ParallelDegrees& degrees, const RankOrder& order);

// Micro-batches whose activations a stage holds at its peak: p - stage under 1F1B; interleaved,
// (p - stage - 1) * 2 + (v - 1) * p + 1 chunks of 1/v of the stage's layers (Megatron's warm-up).
[[nodiscard]] double inFlightMicroBatches(const ParallelLayout& layout, int64_t stage);

} // namespace paraplan
