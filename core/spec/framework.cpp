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

// DeepSpeed's BF16_Optimizer around each micro-batch's backward (deepspeed/runtime/pipe/engine.py
// _exec_backward_pass, deepspeed/runtime/bf16_optimizer.py clear_lp_grads and _update_hp_grad
// @ 0050fdad): the bf16 gradients zeroed (2 bytes written), autograd adding the GEMM's gradient into
// them (2 + 2 read, 2 written), then `hp_grad.add_(lp.grad.to(fp32))`: the cast (2 read, 4 written)
// and the add (4 + 4 read, 4 written).
constexpr double kBf16OptimizerAccumulationBytes = 2 + 6 + 6 + 12;
// Gradients accumulated in the weights' own 16 bits (fp16, or bf16 with data_types.grad_accum_dtype
// bf16): autograd adds each micro-batch's gradient but the first into .grad in place (2 + 2 read,
// 2 written); the fp32 copy is made once, at the step.
constexpr double kAutogradAccumulationBytes = 6;

bool deepSpeedEngine(Framework framework)
{
    return framework == Framework::MegatronDeepSpeed || framework == Framework::DeepSpeed;
}

} // namespace

FrameworkDefaults frameworkDefaults(Framework framework)
{
    switch (framework) {
    case Framework::MegatronCore:
    case Framework::Nemo:
        return { .flashAttention = true, .overlapGradReduce = true, .overlapParamGather = true,
                 .interleavedSchedule = true,
                 .selectiveCheckpointing = SelectiveCheckpointing::Modules, .tpBackwardBesideGemms = true,
                 .lockstepPipeline = false, .lossBytesPerLogit = kFusedLossBytesPerLogit };
    case Framework::Torchtitan:
        // Per-operator selective checkpointing (torchtitan/parallelisms/parallelize_llama.py
        // @ 9dec370, torchtitan/models/llama3/parallelize_llama.py @ e7c0cae: _save_list and
        // _custom_policy); the loss is PyTorch's cross_entropy on pred.float() (train.py
        // @ 9dec370; torchtitan/components/loss.py @ e7c0cae). TP through DTensor's parallel styles
        // (torch/distributed/tensor/parallel/style.py: ColwiseParallel redistributes a Shard(1)
        // input to Replicate; the redistribution's backward reduce-scatters the gradient,
        // _redistribute.py), its collectives waited on at the next operator.
        return { .flashAttention = true, .overlapGradReduce = true, .overlapParamGather = true,
                 .interleavedSchedule = true,
                 .selectiveCheckpointing = SelectiveCheckpointing::PerOperator, .tpBackwardBesideGemms = false,
                 .lockstepPipeline = false, .lossBytesPerLogit = kUpcastLossBytesPerLogit };
    case Framework::MegatronLm:
        // Megatron-LM of 2020-22 (SC21, Korthikanti et al.): fused scale-mask-softmax, not
        // FlashAttention; its local DDP all-reduces the gradients after the backward.
        return { .flashAttention = false, .overlapGradReduce = false, .overlapParamGather = false, .interleavedSchedule = true,
                 .selectiveCheckpointing = SelectiveCheckpointing::Modules,
                 .tpBackwardBesideGemms = true, .lockstepPipeline = false, .lossBytesPerLogit = kFusedLossBytesPerLogit };
    case Framework::MegatronDeepSpeed:
    case Framework::DeepSpeed:
        // DeepSpeed's engine reduces gradients after the backward (its pipeline engine after the
        // flush: ReduceGrads in TrainSchedule), its pipeline schedule does not interleave, and its
        // pipeline splits each send over the TP ranks and gathers it on the other side
        // (PartitionedTensor, pipeline.pipe_partitioned and grad_partitioned on by default:
        // deepspeed/runtime/pipe/engine.py @ 0050fdad) and exchanges them in lockstep steps
        // (schedule.py, p2p.py); Megatron-DeepSpeed uses FlashAttention only with --use-flash-attn.
        return { .flashAttention = framework == Framework::DeepSpeed, .overlapGradReduce = false,
                 .overlapParamGather = false, .interleavedSchedule = false,
                 .selectiveCheckpointing = SelectiveCheckpointing::Modules, .tpBackwardBesideGemms = true,
                 .lockstepPipeline = true, .lossBytesPerLogit = kFusedLossBytesPerLogit };
    }
    return {};
}

double lossBytesPerLogit(const FrameworkSpec& framework)
{
    const double eager = frameworkDefaults(framework.name).lossBytesPerLogit;
    return framework.compiledLoss ? std::min(eager, kCompiledLossBytesPerLogit) : eager;
}

bool deepSpeedBf16Optimizer(Framework framework, bool separateFp32Gradients, int zeroStage)
{
    return deepSpeedEngine(framework) && separateFp32Gradients && zeroStage <= 1;
}

double gradientAccumulationBytesPerParameter(Framework framework, bool separateFp32Gradients, int zeroStage,
                                             int64_t microBatches)
{
    if (!deepSpeedEngine(framework) || zeroStage >= 2 || microBatches < 1)
        return 0;
    if (deepSpeedBf16Optimizer(framework, separateFp32Gradients, zeroStage))
        return kBf16OptimizerAccumulationBytes;
    return kAutogradAccumulationBytes * double(microBatches - 1) / double(microBatches);
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
