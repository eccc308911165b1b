// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/framework.h"
#include "core/spec/model_spec.h"
#include "core/spec/parallel_degrees.h"
#include "core/spec/rank_layout.h"
#include "core/spec/recompute_modules.h"
#include "core/spec/topology.h"

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// The scenario of spec/scenario.md as plain values: what is trained, on what, and how it is split.
// Readers (core/io) fill it, validation checks it, the evaluator prices it.
namespace paraplan {

// The linear layers' GEMM precision (and with it what the rest of the step keeps in 16 bits):
// bf16/fp16 everywhere, or the transformer blocks' linear layers in FP8 or FP4.
enum class Precision { Bf16, Fp16, Fp8, Fp4 };
[[nodiscard]] inline bool quantizedLinears(Precision p) { return p == Precision::Fp8 || p == Precision::Fp4; }
// The gradients' type as accumulated and reduced: fp32 main gradients, or 16 bits in the training's
// own type (bf16, or fp16 where the training is fp16: Megatron-LM without
// --accumulate-allreduce-grads-in-fp32, DeepSpeed's fp16 engine).
enum class GradPrecision { Fp32, Bf16, Fp16 };
// The 16-bit gradient type of a training precision: fp16 for fp16 training, bf16 otherwise.
[[nodiscard]] inline GradPrecision halfGradients(Precision p)
{
    return p == Precision::Fp16 ? GradPrecision::Fp16 : GradPrecision::Bf16;
}
// What Megatron-LM and DeepSpeed accumulate and reduce a precision's gradients in unless told
// otherwise (--accumulate-allreduce-grads-in-fp32, data_types.grad_accum_dtype): an fp16 run's in
// fp16, the others' in fp32 main gradients.
[[nodiscard]] inline GradPrecision defaultGradients(Precision p)
{
    return p == Precision::Fp16 ? GradPrecision::Fp16 : GradPrecision::Fp32;
}
// The gradients a change of training precision carries a scenario's to: the new precision's
// default where they were the old one's, its 16-bit type where they were 16-bit, fp32 otherwise.
[[nodiscard]] inline GradPrecision gradientsAfter(Precision from, Precision to, GradPrecision gradients)
{
    if (gradients == defaultGradients(from))
        return defaultGradients(to);
    return gradients == GradPrecision::Fp32 ? gradients : halfGradients(to);
}
enum class Recompute { None, Selective, Full, Auto };
// How Transformer Engine scales FP8 tensors (Megatron-Core's --fp8-recipe): delayed (amax history,
// Megatron-Core's default), tensorwise (current scaling), blockwise (1x128 / 128x128 blocks,
// Hopper), mxfp8 (32-element blocks, Blackwell).
enum class Fp8Recipe { Delayed, Tensorwise, Blockwise, Mxfp8 };
// FP4 training's format (Megatron-Core's --fp4-recipe): NVFP4 (E2M1, an E4M3 scale per 16
// elements and an fp32 one per tensor; Blackwell) or MXFP4 (an E8M0 scale per 32; Blackwell, CDNA 4).
enum class Fp4Recipe { Nvfp4, Mxfp4 };
// How a MoE layer moves its tokens to the experts and back (Megatron-Core's
// --moe-token-dispatcher-type): all-to-all over EP (then all-gather / reduce-scatter over ETP);
// every token all-gathered over ETP·EP and the outputs reduce-scattered back; or the flex
// dispatcher with a DeepEP or HybridEP backend, which sends a token across the network once per
// node that holds its experts and forwards it inside the node over NVLink.
enum class MoeDispatcher { AllToAll, AllGather, Flex };
// The order a pipeline runs its forward and backward passes in (docs/cost-model.md, "Pipeline
// schedules"): GPipe (every forward, then every backward), 1F1B and interleaved 1F1B
// (Megatron-Core), the zero-bubble schedules ZB-H1, ZB-H2 and ZB-V that split the backward into
// input-gradient and weight-gradient passes (Qi et al., ICLR 2024), and DeepSeek's bidirectional
// DualPipe and its V-shaped half DualPipeV. In the contract's order.
enum class PipelineSchedule { GPipe, OneFOneB, Interleaved1F1B, ZbH1, ZbH2, ZbV, DualPipe, DualPipeV };
inline constexpr std::array<const char*, 8> kPipelineScheduleNames
    = { "gpipe", "1f1b", "interleaved-1f1b", "zb-h1", "zb-h2", "zb-v", "dualpipe", "dualpipev" };
// The type an optimizer state is stored in (Megatron-Core's --main-params-dtype, --exp-avg-dtype,
// --exp-avg-sq-dtype; fp8 moments carry a scale per tensor).
enum class StatePrecision { Fp32, Bf16, Fp16, Fp8 };

// Megatron-Core's --use-precision-aware-optimizer (Transformer Engine's FusedAdam): the master
// weights and Adam's moments stored in fewer bits; the update itself still runs in fp32.
// DeepSeek-V3 (arXiv 2412.19437, §3.3.2) keeps both moments in BF16 and the master weights in fp32.
struct PrecisionAwareOptimizer {
    StatePrecision mainParams = StatePrecision::Fp32; // fp32 or fp16
    StatePrecision expAvg = StatePrecision::Fp32;
    StatePrecision expAvgSq = StatePrecision::Fp32;
    // --store-param-remainders (on by default; megatron/core/optimizer/optimizer_config.py): an
    // fp32 master weight beside its bf16 weight keeps only the 16 bits the bf16 copy lacks.
    bool paramRemainders = true;

    bool operator==(const PrecisionAwareOptimizer&) const = default;
};

// How the run saves its state (docs/goodput.md): Megatron's --save-interval and --async-save.
struct CheckpointSpec {
    // The training goes on while the checkpoint is written from host memory: only the copy off the
    // GPUs blocks it, and a failure during the write loses the checkpoint being written too.
    bool async = false;
    std::optional<double> intervalS; // none: the interval that loses the least time (Young/Daly)

    bool operator==(const CheckpointSpec&) const = default;
};

struct TrainingSpec {
    int64_t seqLen = 0;
    int64_t globalBatch = 0;
    int64_t microBatch = 1;
    Precision precision = Precision::Bf16;
    GradPrecision gradPrecision = GradPrecision::Fp32;
    bool flashAttention = true; // fused attention kernel: no s^2 activations, causal blocks skipped
    // With precision fp8 (docs/cost-model.md, "FP8"): the transformer blocks' linear layers run in
    // FP8; attention does only with fp8Attention; the embedding, the logits and the router never.
    Fp8Recipe fp8Recipe = Fp8Recipe::Delayed;
    bool fp8Attention = false;   // cuDNN's FP8 attention (fp8_dot_product_attention)
    bool fp8ParamGather = false; // --fp8-param-gather: primary weights in FP8, gathered as such
    Fp4Recipe fp4Recipe = Fp4Recipe::Nvfp4;
    std::optional<PrecisionAwareOptimizer> precisionAwareOptimizer; // none: fp32 master weights and moments
    // The run's length: train_tokens, or a data set's tokens times its epochs (core/run/token_budget.h).
    std::optional<double> trainTokens;
    std::optional<double> datasetTokens;
    std::optional<double> epochs; // of datasetTokens; none: one
    CheckpointSpec checkpoint;

    bool operator==(const TrainingSpec&) const = default;
};

// The tokens the run trains on: train_tokens, or dataset_tokens times epochs (one by default);
// none where neither is given.
[[nodiscard]] std::optional<double> tokenBudget(const TrainingSpec& training);

struct GpuSpec {
    std::string id; // catalog id, empty for a custom GPU
    std::string name;
    // The GPU generation ("ampere", "hopper", "blackwell", "cdna3"): what the switch and NCCL can
    // do with it (NVLink SHARP needs Hopper or later); empty for a custom GPU that does not say.
    std::string architecture;
    double peakBf16Tflops = 0; // dense tensor-core peak, also used for fp16
    double peakFp8Tflops = 0;  // 0 = no fp8 tensor cores
    double peakFp4Tflops = 0;  // dense FP4 (NVFP4 / MXFP4) tensor cores; 0 = none
    double hbmGib = 0;
    double hbmGBps = 0;
    int64_t sms = 0;
    // Board power at which the datasheet's peaks hold (TDP), and a cap the operator set below it
    // (nvidia-smi -pl); 0 = not given. A capped GPU sustains a lower clock: kernel_costs.h.
    double tdpW = 0;
    double powerLimitW = 0;

    bool operator==(const GpuSpec&) const = default;
};
// The dense tensor-core peak the precision's GEMMs run at (fp16 at the bf16 rate).
[[nodiscard]] double peakTflopsOf(const GpuSpec& gpu, Precision precision);

// What joins the GPUs: inside a node (NVSwitch, NVLink, PCIe) or between nodes (the network's
// technology). The kind names the link for people; its GB/s and latency are what the model prices.
enum class LinkKind { NvSwitch, NvLink, Pcie, InfiniBand, RoCE, Ethernet, OmniPath, Slingshot, Efa, Tcp, InfinityFabric };

struct LinkSpec {
    LinkKind kind = LinkKind::NvSwitch;
    double GBpsPerGpu = 0; // 1e9 bytes/s per direction per GPU
    double latencyUs = 0;
    // NCCL may reduce inside the NVSwitch (NVLink SHARP) where the switch can (core/network/
    // nccl_tuning.h); false is NCCL_NVLS_ENABLE=0. Read only for the intra-node link.
    bool nvls = true;
    // The network's switches reduce (InfiniBand SHARP on Quantum switches, NCCL's CollNet through
    // its SHARP plugin): an all-reduce across nodes sends each rank's share up once. Off unless
    // the scenario says so. Read only for the inter-node link.
    bool sharp = false;

    bool operator==(const LinkSpec&) const = default;
};

// How often a job of this cluster is interrupted and how long it takes to come back
// (docs/goodput.md); none: the published fleet figures' defaults (core/run/fleet_failures.h).
struct ReliabilitySpec {
    std::optional<double> failuresPerGpuHour; // unexpected interruptions per GPU-hour of the job
    // Detection, rescheduling, process start and NCCL initialisation; reading the checkpoint back
    // is priced from its size on top.
    std::optional<double> restartS;

    bool operator==(const ReliabilitySpec&) const = default;
};

struct ClusterSpec {
    std::string preset;
    std::string name;
    int64_t nodes = 1;
    GpuSpec gpu;
    int64_t gpusPerNode = 8;
    LinkSpec intraNode;
    LinkSpec interNode;
    // The full graph (docs/topology.md); null: the intra_node / inter_node summary describes the
    // cluster and expands to a topology of its own (core/network/cluster_topology.h). Compared by
    // identity: an edit makes a new one.
    std::shared_ptr<const TopologySpec> topology;
    std::optional<double> gpuHourCostUsd;
    // The checkpoint storage's aggregate write bandwidth (1e9 bytes/s); none: kStorageGBpsPerNode
    // per node (core/run/checkpoint.h).
    std::optional<double> storageWriteGBps;
    ReliabilitySpec reliability;

    // Saturates rather than overflow: a hostile file may hold any two counts, and the product is
    // taken before validation says which are wrong.
    [[nodiscard]] int64_t gpuCount() const
    {
        int64_t count = 0;
        return __builtin_mul_overflow(nodes, gpusPerNode, &count) ? std::numeric_limits<int64_t>::max() : count;
    }

    bool operator==(const ClusterSpec&) const = default;
};

// Which fields of `parallel` the scenario gave explicitly: a search holds those fixed.
struct ParallelPins {
    bool tp = false, pp = false, dp = false, cp = false, ep = false, vpp = false;
    bool sequenceParallel = false, recompute = false, zeroStage = false;
    bool etp = false, moeDispatcher = false, recomputeModules = false, schedule = false;

    bool operator==(const ParallelPins&) const = default;
};

struct ParallelSpec {
    ParallelDegrees degrees{ .dp = 0 }; // dp 0: derived, N / (tp·pp·cp)
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    RecomputeModules recomputeModules; // what selective recomputation replays
    int zeroStage = 1;
    bool overlapGradReduce = true;
    bool overlapParamGather = true;
    bool tpCommOverlap = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    // --moe-shared-expert-overlap: the shared experts compute while the routed tokens are
    // dispatched and combined (all-to-all dispatcher only, as in Megatron-Core).
    bool moeSharedExpertOverlap = false;
    // --overlap-moe-expert-parallel-comm: one micro-batch's dispatch and combine run under another
    // micro-batch's compute (Megatron-Core's merged forward-backward of two micro-batches, with
    // interleaving where pp > 1; DeepSeek-V3's computation-communication overlap).
    bool moeA2aOverlap = false;
    // Absent: what vpp implies (interleaved-1f1b when vpp > 1, else 1f1b); effectiveSchedule().
    std::optional<PipelineSchedule> schedule;
    std::vector<int64_t> layersPerStage; // empty = as even as possible; else pp*vpp entries (0 allowed)
    // Megatron's uneven splits, where layers_per_stage is not given (core/rules/pipeline_split.h):
    // --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers, the layers of the
    // first / last stage (all its chunks), the rest split evenly; --account-for-embedding-in-
    // pipeline-split / --account-for-loss-in-pipeline-split, the embedding / loss counted as a layer
    // of the even split, so the first / last virtual stage holds one transformer layer fewer.
    std::optional<int64_t> firstStageLayers, lastStageLayers;
    bool embeddingAsLayer = false, lossAsLayer = false;
    RankPlacement placement;             // which GPU each rank runs on

    bool operator==(const ParallelSpec&) const = default;
};

struct Scenario {
    ModelSpec model;
    TrainingSpec training;
    ClusterSpec cluster;
    ParallelSpec parallel;
    ParallelPins pins;
    FrameworkSpec framework;

    bool operator==(const Scenario&) const = default;
};

[[nodiscard]] const char* toString(Precision p);
[[nodiscard]] const char* toString(GradPrecision p);
[[nodiscard]] const char* toString(Recompute r);
[[nodiscard]] const char* toString(Fp8Recipe r);
[[nodiscard]] const char* toString(Fp4Recipe r);
[[nodiscard]] const char* toString(MoeDispatcher d);
[[nodiscard]] const char* toString(PipelineSchedule s);
[[nodiscard]] const char* toString(StatePrecision p);
[[nodiscard]] const char* toString(LinkKind k);

} // namespace paraplan
