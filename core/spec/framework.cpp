// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/framework.h"

#include <algorithm>

namespace paraplan {

namespace {

// Megatron's vocab_parallel_cross_entropy (megatron/core/tensor_parallel/cross_entropy.py
// @ d98e8a64) upcasts the logits, turns them into the softmax in place, keeps that for its
// backward and writes the gradient over it: one fp32 tensor.
constexpr double kFusedLossBytesPerLogit = 4;
// torch.nn.functional.cross_entropy(pred.float(), labels) as log_softmax then nll_loss: the
// backward of log_softmax runs with its saved fp32 output, nll_loss's dense fp32 gradient and
// the fp32 gradient it returns all alive (the bf16 logits are dropped before the backward,
// `del pred` in torchtitan's train step; the forward peaks lower, at 2 + 4 + 4).
constexpr double kUpcastLossBytesPerLogit = 3 * 4;
// The same loss under torch.compile: the partitioner saves the bf16 logits (the graph's input) and
// per-row statistics rather than an fp32 tensor, and Inductor writes the gradient in bf16 from one
// fused kernel (the nll gradient's scatter onto zeros becomes a pointwise select): 2 + 2 bytes.
constexpr double kCompiledLossBytesPerLogit = 2 + 2;

} // namespace

FrameworkDefaults frameworkDefaults(Framework framework)
{
    switch (framework) {
    case Framework::MegatronCore:
    case Framework::Nemo:
        return { .flashAttention = true, .overlapGradReduce = true, .overlapParamGather = true,
                 .interleavedSchedule = true, .scatterGatherSends = true,
                 .selectiveCheckpointing = SelectiveCheckpointing::Modules, .tpBackwardBesideGemms = true,
                 .lossBytesPerLogit = kFusedLossBytesPerLogit };
    case Framework::Torchtitan:
        // Per-operator selective checkpointing (torchtitan/parallelisms/parallelize_llama.py
        // @ 9dec370, torchtitan/models/llama3/parallelize_llama.py @ e7c0cae: _save_list and
        // _custom_policy); the loss is PyTorch's cross_entropy on pred.float() (train.py
        // @ 9dec370; torchtitan/components/loss.py @ e7c0cae). TP through DTensor's parallel styles
        // (torch/distributed/tensor/parallel/style.py: ColwiseParallel redistributes a Shard(1)
        // input to Replicate; the redistribution's backward reduce-scatters the gradient,
        // _redistribute.py), its collectives waited on at the next operator.
        return { .flashAttention = true, .overlapGradReduce = true, .overlapParamGather = true,
                 .interleavedSchedule = true, .scatterGatherSends = true,
                 .selectiveCheckpointing = SelectiveCheckpointing::PerOperator, .tpBackwardBesideGemms = false,
                 .lossBytesPerLogit = kUpcastLossBytesPerLogit };
    case Framework::MegatronLm:
        // Megatron-LM of 2020-22 (SC21, Korthikanti et al.): fused scale-mask-softmax, not
        // FlashAttention; its local DDP all-reduces the gradients after the backward.
        return { .flashAttention = false, .overlapGradReduce = false, .overlapParamGather = false, .interleavedSchedule = true,
                 .scatterGatherSends = true, .selectiveCheckpointing = SelectiveCheckpointing::Modules,
                 .tpBackwardBesideGemms = true, .lossBytesPerLogit = kFusedLossBytesPerLogit };
    case Framework::MegatronDeepSpeed:
    case Framework::DeepSpeed:
        // DeepSpeed's engine reduces gradients after the backward (its pipeline engine after the
        // flush: ReduceGrads in TrainSchedule), its pipeline schedule does not interleave, and its
        // pipeline sends each stage's whole output from every rank (deepspeed/runtime/pipe/p2p.py);
        // Megatron-DeepSpeed uses FlashAttention only with --use-flash-attn.
        return { .flashAttention = framework == Framework::DeepSpeed, .overlapGradReduce = false,
                 .overlapParamGather = false, .interleavedSchedule = false, .scatterGatherSends = false,
                 .selectiveCheckpointing = SelectiveCheckpointing::Modules, .tpBackwardBesideGemms = true,
                 .lossBytesPerLogit = kFusedLossBytesPerLogit };
    }
    return {};
}

double lossBytesPerLogit(const FrameworkSpec& framework)
{
    const double eager = frameworkDefaults(framework.name).lossBytesPerLogit;
    return framework.compiledLoss ? std::min(eager, kCompiledLossBytesPerLogit) : eager;
}

const char* toString(Framework framework)
{
    switch (framework) {
    case Framework::MegatronCore:
        return "megatron-core";
    case Framework::MegatronLm:
        return "megatron-lm";
    case Framework::MegatronDeepSpeed:
        return "megatron-deepspeed";
    case Framework::DeepSpeed:
        return "deepspeed";
    case Framework::Nemo:
        return "nemo";
    case Framework::Torchtitan:
        return "torchtitan";
    }
    return "?";
}

} // namespace paraplan
