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

    bool operator==(const FrameworkSpec&) const = default;
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
};

[[nodiscard]] FrameworkDefaults frameworkDefaults(Framework framework);

[[nodiscard]] const char* toString(Framework framework);

} // namespace paraplan
