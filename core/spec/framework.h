// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// The training framework a scenario runs on. Some settings the model would otherwise take as
// constants depend on the framework and its era (docs/cost-model.md, "Framework settings"): the
// attention kernel, whether gradient reduction overlaps the backward, whether the pipeline can
// interleave, and whether layers replay as CUDA graphs.
namespace paraplan {

enum class Framework { MegatronCore, MegatronLm, MegatronDeepSpeed, DeepSpeed, Nemo, Torchtitan };

struct FrameworkSpec {
    Framework name = Framework::MegatronCore;
    // Layers captured and replayed as CUDA graphs (Megatron-Core's --enable-cuda-graph,
    // Transformer Engine's make_graphed_callables, torch.compile's reduce-overhead): the host
    // launches a layer with one call instead of kernel by kernel.
    bool cudaGraphs = false;
    // The loss compiled with torch.compile (torchtitan's training.compile since 2025-02-20, its
    // compile.components "loss" since 2025-08-20): the compiler keeps the bf16 logits instead of an
    // fp32 copy and fuses the backward into one kernel (lossBytesPerLogit). Megatron's loss is a
    // fused kernel of its own, which this leaves as it is.
    bool compiledLoss = false;

    bool operator==(const FrameworkSpec&) const = default;
};

// What `recompute: "selective"` checkpoints (docs/cost-model.md, "Selective recomputation").
enum class SelectiveCheckpointing {
    // Megatron-Core's --recompute-modules: the scenario's recompute_modules, each a submodule
    // replayed whole or one output discarded.
    Modules,
    // torchtitan's per-operator policy (activation_checkpoint.selective_ac_option "op"): the block
    // is checkpointed whole, and only the outputs of the attention kernel and of every second
    // matmul are kept; everything else is replayed.
    PerOperator,
};

// What a framework does unless the scenario says otherwise; each entry's source is in
// docs/cost-model.md.
struct FrameworkDefaults {
    bool flashAttention;     // a fused attention kernel (FlashAttention, cuDNN) by default
    bool overlapGradReduce;  // gradient reduction overlaps the backward
    bool overlapParamGather; // the distributed optimizer's gathers overlap the forward
    bool interleavedSchedule; // an interleaved (virtual-stage) pipeline schedule exists
    // Pipeline sends split over the TP ranks, each sending 1/tp of the activation (Megatron's
    // scatter/gather optimisation, SC21 section 4.1), rather than every TP rank sending all of it.
    bool scatterGatherSends;
    SelectiveCheckpointing selectiveCheckpointing;
    // The backward of a column-parallel linear layer runs its TP collectives beside its GEMMs:
    // Megatron's LinearWithGradAccumulationAndAsyncCommunication re-gathers the sequence-parallel
    // input under the data gradient and reduces the input gradient under the weight gradient.
    // PyTorch's DTensor (torchtitan's TP) reduces the input gradient once the matmul's backward is
    // done and waits for it at the next operator, and keeps the gathered input from the forward.
    bool tpBackwardBesideGemms;
    // Bytes the loss holds per logit of the last stage at its peak ("Memory", "The loss"): 4 for
    // Megatron's fused vocab-parallel cross-entropy (the fp32 logits, its gradient written in
    // place), 12 for PyTorch's cross_entropy on an fp32 upcast (the log-softmax output, the
    // gradient coming into it and the one it returns, all fp32 while its backward runs).
    double lossBytesPerLogit;
};

[[nodiscard]] FrameworkDefaults frameworkDefaults(Framework framework);

// Whether `framework`'s selective checkpointing keeps and replays by operator (torchtitan's) rather
// than by Megatron's modules.
[[nodiscard]] inline bool checkpointsPerOperator(Framework framework)
{
    return frameworkDefaults(framework).selectiveCheckpointing == SelectiveCheckpointing::PerOperator;
}

// Bytes the loss holds per logit of the last stage at its peak under `framework`: its default, or
// a compiled PyTorch loss's.
[[nodiscard]] double lossBytesPerLogit(const FrameworkSpec& framework);

[[nodiscard]] const char* toString(Framework framework);

} // namespace paraplan
