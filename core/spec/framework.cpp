// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/framework.h"

namespace paraplan {

FrameworkDefaults frameworkDefaults(Framework framework)
{
    switch (framework) {
    case Framework::MegatronCore:
    case Framework::Nemo:
    case Framework::Torchtitan:
        return { .flashAttention = true, .overlapGradReduce = true, .overlapParamGather = true, .interleavedSchedule = true,
                 .scatterGatherSends = true };
    case Framework::MegatronLm:
        // Megatron-LM of 2020-22 (SC21, Korthikanti et al.): fused scale-mask-softmax, not
        // FlashAttention; its local DDP all-reduces the gradients after the backward.
        return { .flashAttention = false, .overlapGradReduce = false, .overlapParamGather = false, .interleavedSchedule = true,
                 .scatterGatherSends = true };
    case Framework::MegatronDeepSpeed:
    case Framework::DeepSpeed:
        // DeepSpeed's engine reduces gradients after the backward (its pipeline engine after the
        // flush: ReduceGrads in TrainSchedule), its pipeline schedule does not interleave, and its
        // pipeline sends each stage's whole output from every rank (deepspeed/runtime/pipe/p2p.py);
        // Megatron-DeepSpeed uses FlashAttention only with --use-flash-attn.
        return { .flashAttention = framework == Framework::DeepSpeed, .overlapGradReduce = false,
                 .overlapParamGather = false, .interleavedSchedule = false, .scatterGatherSends = false };
    }
    return {};
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
