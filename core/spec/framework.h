// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

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
    SelectiveCheckpointing selectiveCheckpointing;
    // The backward of a column-parallel linear layer runs its TP collectives beside its GEMMs:
    // Megatron's LinearWithGradAccumulationAndAsyncCommunication re-gathers the sequence-parallel
    // input under the data gradient and reduces the input gradient under the weight gradient.
    // PyTorch's DTensor (torchtitan's TP) reduces the input gradient once the matmul's backward is
    // done and waits for it at the next operator, and keeps the gathered input from the forward.
    bool tpBackwardBesideGemms;
    // The pipeline exchanges activations and gradients as blocking send/recv pairs in lockstep
    // steps, so a stage's output waits for its neighbour to reach the matching step (DeepSpeed's
    // PipelineEngine, core/step/deepspeed_schedule.h), rather than leaving as soon as it is ready.
    bool lockstepPipeline;
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

// Whether DeepSpeed runs its BF16_Optimizer: its engine picks it for bf16 weights whose gradients
// accumulate in fp32 (`separateFp32Gradients`, data_types.grad_accum_dtype) under ZeRO 0 or 1
// (engine.py _do_optimizer_sanity_check @ 0050fdad). It keeps the fp32 gradients apart from the
// weights' own, and all-reduces them whole before updating its ZeRO-1 shard (pipe/engine.py
// _bf16_reduce_grads), where Megatron's distributed optimizer reduce-scatters.
[[nodiscard]] bool deepSpeedBf16Optimizer(Framework framework, bool separateFp32Gradients, int zeroStage);

// HBM bytes per local parameter that one micro-batch's backward spends accumulating its gradients
// outside the weight-gradient GEMMs (docs/cost-model.md, "Framework settings"): none where the
// GEMM accumulates into the fp32 gradient itself (Megatron's gradient_accumulation_fusion) or
// where ZeRO-2/3 reduce-scatter every micro-batch's gradients (priced as their traffic);
// DeepSpeed's optimizers without ZeRO or with ZeRO-1 pass over the gradients in separate kernels:
// the BF16_Optimizer's adds into its fp32 copy, otherwise autograd's into the weights' 16 bits.
// Averaged over a step's `microBatches`.
[[nodiscard]] double gradientAccumulationBytesPerParameter(Framework framework, bool separateFp32Gradients,
                                                           int zeroStage, int64_t microBatches);

[[nodiscard]] const char* toString(Framework framework);

} // namespace paraplan
