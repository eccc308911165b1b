// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/fp8_costs.h"
#include "core/model/kernel_costs.h"
#include "core/network/collectives.h"
#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"

#include <optional>

// Time of one micro-batch through one transformer layer (and through the embedding and output
// layers) on one GPU, op by op: the layer's TP/CP shard of every GEMM, the attention kernel, the
// memory-bound elementwise work, and the TP, CP and EP collectives that sit between them.
// Derivations: docs/cost-model.md, "Compute" and "Communication".
namespace paraplan {

// Communication that ran while the GPU computed, by kind: off the critical path, but not free (its
// price is in the communication's exposed seconds, see overlapPrice()).
struct HiddenComm {
    double tp = 0;
    double cp = 0;
    double ep = 0;
    double dp = 0;

    [[nodiscard]] double total() const { return tp + cp + ep + dp; }
    HiddenComm& operator+=(const HiddenComm& other);
    [[nodiscard]] HiddenComm scaled(double factor) const;
};

// Critical-path seconds of one pass, by cause, and the communication hidden under it.
struct PassCost {
    double compute = 0;
    double recompute = 0; // forward work replayed before a backward
    double tpComm = 0;
    double cpComm = 0;
    double epComm = 0;
    double dpComm = 0; // ZeRO-2/3 traffic that could not hide behind the pass
    HiddenComm hidden; // not in total(): it ran under the compute
    // Of compute, the weight-gradient GEMMs (X^T dY) of a backward: what a zero-bubble schedule
    // runs later as its own W pass (Qi et al., ICLR 2024, §2).
    double weightGradient = 0;

    [[nodiscard]] double total() const { return compute + recompute + tpComm + cpComm + epComm + dpComm; }
    PassCost& operator+=(const PassCost& other);
    [[nodiscard]] PassCost scaled(double factor) const;
};

// What overlapping `commSeconds` of communication with `computeSeconds` of work costs on the
// critical path: the part the work cannot cover, plus the work's own slowdown while the two run
// together (NCCL's kernels take SMs and both share HBM: EfficiencyParams::overlapSlowdown of the
// time they overlap). `hidden` receives the seconds that ran under the work.
[[nodiscard]] double overlapPrice(double commSeconds, double computeSeconds, double slowdown, double& hidden);

struct LayerCosts {
    PassCost forward;
    PassCost backward; // includes the recomputation that precedes it
};

struct LayerCostInput {
    const ModelSpec* model = nullptr;
    LayerKind kind;          // of the layer transformerLayerCosts prices
    int64_t seqLen = 0;
    int64_t microBatch = 1;
    ParallelDegrees degrees; // tp, cp, ep and etp shape the layer; the others do not reach it
    bool sequenceParallel = false;
    bool tpCommOverlap = false;
    bool flashAttention = true;
    Recompute recompute = Recompute::None; // resolved: never Auto
    RecomputeModules recomputeModules;     // what Recompute::Selective replays under Megatron's modules
    SelectiveCheckpointing selective = SelectiveCheckpointing::Modules; // the framework's Recompute::Selective
    bool tpBackwardBesideGemms = true; // FrameworkDefaults::tpBackwardBesideGemms
    DeviceRates rates;       // 16-bit: attention, logits, router and every memory-bound kernel
    DeviceRates linearRates; // the transformer blocks' linear layers: FP8 or FP4 in such a run, else `rates`
    std::optional<QuantizedFormat> quantized; // the format when the linear layers run in FP8 or FP4
    bool fp8Attention = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    bool moeSharedExpertOverlap = false;
    bool moeA2aOverlap = false; // the token movement under another micro-batch's compute
    LinkRate tpLink;
    LinkRate cpLink;
    LinkRate epLink;
    int64_t epNodes = 1; // the nodes an EP group spans (the flex dispatcher crosses to each once)
    LinkRate etpLink; // the expert layers' tensor-parallel group
};

[[nodiscard]] LayerCosts transformerLayerCosts(const LayerCostInput& in);
// Token embedding lookup (first stage), including its TP all-reduce.
[[nodiscard]] LayerCosts embeddingCosts(const LayerCostInput& in);
// Final norm, logits GEMM and the vocab-parallel cross-entropy (last stage).
[[nodiscard]] LayerCosts outputLayerCosts(const LayerCostInput& in);
// One multi-token prediction module beyond its transformer layer: the norms of the hidden state and
// the next token's embedding, their 2h -> h projection (column-parallel, gathered), and the output
// layer again (DeepSeek-V3 §2.2; Megatron-Core's MultiTokenPredictionLayer).
[[nodiscard]] LayerCosts mtpHeadCosts(const LayerCostInput& in);

} // namespace paraplan
