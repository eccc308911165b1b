// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/deepspeed_config.h"

#include "core/frameworks/command_line.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/spec/rank_layout.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string_view>
#include <utility>

// What the export writes and the import reads (docs/frameworks/deepspeed.md has the tables):
//
// - ds_config.json: DeepSpeed's own keys (deepspeed/runtime/constants.py, runtime/zero/config.py,
//   runtime/activation_checkpointing/config.py and get_pipeline_config in runtime/config.py, all of
//   microsoft/DeepSpeed @ 38327e07). DeepSpeed checks train_batch_size = micro-batch ×
//   gradient_accumulation_steps × data-parallel size (_batch_assertion in runtime/config.py), its
//   pipeline engine runs one schedule, 1F1B, without interleaving, and it refuses ZeRO-2 and -3 with
//   a pipeline (runtime/pipe/engine.py).
// - pretrain_megatron_deepspeed.sh: Megatron-DeepSpeed's pretrain_gpt.py flags (megatron/arguments.py
//   of microsoft/Megatron-DeepSpeed @ f4157bea) with the same ds_config.json written inline by a
//   heredoc, as the repository's examples_deepspeed scripts do, so that the script alone holds the
//   whole configuration and the import reads it back from one file.
namespace paraplan::frameworks {

namespace {

using ordered_json = nlohmann::ordered_json;

constexpr const char* kConfigFileName = "ds_config.json";
constexpr const char* kScriptFileName = "pretrain_megatron_deepspeed.sh";
// DeepSpeed's defaults for the bucket sizes (runtime/zero/config.py: 5e8 elements), written out so
// the file shows what the launch uses.
constexpr int64_t kZeroBucketElements = 500'000'000;
// Megatron's default padding multiple (--make-vocab-size-divisible-by 128, megatron/arguments.py).
constexpr int64_t kMegatronVocabMultiple = 128;
// torchrun's default rendezvous port (torch/distributed/run.py, --master-port 29500).
constexpr int kTorchrunPort = 29500;

std::string text(int64_t value)
{
    return std::to_string(value);
}

bool frameworkIsDeepSpeeds(Framework framework)
{
    return framework == Framework::DeepSpeed || framework == Framework::MegatronDeepSpeed;
}

// ---- ds_config.json -------------------------------------------------------------------------------

ordered_json zeroOptimization(const ParallelSpec& p)
{
    return { { "stage", p.zeroStage }, { "overlap_comm", p.overlapGradReduce }, { "contiguous_gradients", true },
        { "reduce_bucket_size", kZeroBucketElements }, { "allgather_bucket_size", kZeroBucketElements } };
}

// Megatron-DeepSpeed's full recomputation checkpoints every layer through DeepSpeed's checkpointing
// module (--deepspeed-activation-checkpointing), which this section configures: checkpoints kept
// whole on the GPU, as ParaPlan prices them.
ordered_json activationCheckpointing()
{
    return { { "partition_activations", false }, { "contiguous_memory_optimization", false },
        { "cpu_checkpointing", false }, { "synchronize_checkpoint_boundary", false }, { "profile", false } };
}

ordered_json deepSpeedConfig(const LaunchContext& c)
{
    const Scenario& s = c.scenario;
    const ParallelSpec& p = c.prediction.parallel;
    ordered_json config;
    config["train_batch_size"] = s.training.globalBatch;
    config["train_micro_batch_size_per_gpu"] = s.training.microBatch;
    config["gradient_accumulation_steps"] = c.prediction.microBatches;
    config["steps_per_print"] = 10;
    config["gradient_clipping"] = 1.0;
    config["zero_optimization"] = zeroOptimization(p);
    if (s.training.precision == Precision::Fp16)
        config["fp16"] = { { "enabled", true }, { "loss_scale", 0 }, { "initial_scale_power", 16 } };
    else
        config["bf16"] = { { "enabled", true } };
    config["data_types"]
        = { { "grad_accum_dtype", toString(s.training.gradPrecision) } };
    if (p.recompute == Recompute::Full)
        config["activation_checkpointing"] = activationCheckpointing();
    // The pipeline engine sends activations split over the TP ranks (pipe_partitioned, its default),
    // which is Megatron's scatter/gather the cost model assumes.
    config["pipeline"] = { { "pipe_partitioned", true }, { "grad_partitioned", true } };
    config["wall_clock_breakdown"] = false;
    return config;
}

// ---- What Megatron-DeepSpeed cannot express ---------------------------------------------------------

void noteModelLimits(const ModelSpec& m, std::vector<std::string>& notes)
{
    if (m.mla.enabled())
        notes.emplace_back("model.mla: Megatron-DeepSpeed has no multi-head latent attention; the script trains "
                           "standard attention of the same heads");
    if (m.localAttention.window > 0)
        notes.emplace_back("model.local_attention: Megatron-DeepSpeed has no sliding or chunked attention; every "
                           "layer attends to the whole sequence");
    if (m.mtpLayers > 0)
        notes.emplace_back("model.mtp_layers: Megatron-DeepSpeed has no multi-token prediction modules");
    if (!m.isMoe())
        return;
    if (m.moe.expertFfnHidden != m.ffnHidden)
        notes.emplace_back("model.moe.expert_ffn_hidden: Megatron-DeepSpeed's experts are as wide as the dense MLP "
                           "(--ffn-hidden-size "
            + text(m.ffnHidden) + "), not " + text(m.moe.expertFfnHidden));
    if (m.moe.sharedExperts > 0)
        notes.emplace_back("model.moe.shared_experts: Megatron-DeepSpeed has no shared experts (its residual MoE, "
                           "--mlp-type residual, is one dense MLP beside the experts)");
    if (m.moe.firstDenseLayers > 0)
        notes.emplace_back("model.moe.first_dense_layers: Megatron-DeepSpeed places experts every "
                           "--expert-interval layers from the first; leading dense layers cannot be expressed");
    if (m.moe.groupLimited())
        notes.emplace_back("model.moe.groups: DeepSpeed's gating has no group-limited routing");
    if (m.moe.loadBalancing == LoadBalancing::AuxFree)
        notes.emplace_back("model.moe.load_balancing: DeepSpeed's gating balances with an auxiliary loss "
                           "(--moe-loss-coeff), not an expert bias");
    if (m.moe.capacityFactor > 0 && !m.moe.padToCapacity)
        notes.emplace_back("model.moe.pad_to_capacity: DeepSpeed's gating always pads each expert to its "
                           "capacity; the script pads");
}

void noteTrainingLimits(const TrainingSpec& t, std::vector<std::string>& notes)
{
    if (t.precision == Precision::Fp4)
        notes.emplace_back("training.precision fp4: Megatron-DeepSpeed has no FP4 training; the script trains in bf16");
    if (t.precision == Precision::Fp8) {
        if (t.fp8Recipe != Fp8Recipe::Delayed)
            notes.emplace_back(std::string("training.fp8_recipe ") + toString(t.fp8Recipe)
                + ": Megatron-DeepSpeed's Transformer Engine layers scale FP8 with an amax history "
                  "(delayed scaling, --fp8-amax-history-len); the script uses it");
        if (t.fp8Attention)
            notes.emplace_back("training.fp8_attention: Megatron-DeepSpeed has no FP8 attention");
        if (t.fp8ParamGather)
            notes.emplace_back("training.fp8_param_gather: Megatron-DeepSpeed gathers 16-bit parameters");
    }
    if (t.precisionAwareOptimizer)
        notes.emplace_back("training.precision_aware_optimizer: DeepSpeed's optimizers keep fp32 master weights and "
                           "moments");
    if (!tokenBudget(t))
        notes.emplace_back("training.train_tokens: the scenario gives no training length; set --train-iters or "
                           "--train-samples before launching");
}

void noteParallelLimits(const LaunchContext& c, std::vector<std::string>& notes)
{
    const ParallelSpec& p = c.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    if (d.vpp > 1)
        notes.emplace_back("parallel.vpp " + text(d.vpp)
            + ": DeepSpeed's pipeline engine has no interleaved schedule; "
              "the script runs 1F1B over "
            + text(d.pp)
            + " stages of one chunk each, not the predicted "
              "interleaving");
    if (c.prediction.schedule != PipelineSchedule::OneFOneB
        && c.prediction.schedule != PipelineSchedule::Interleaved1F1B
        && c.prediction.schedule != PipelineSchedule::ZbH1)
        notes.emplace_back(std::string("parallel.schedule ") + toString(c.prediction.schedule)
            + ": DeepSpeed's pipeline engine runs 1F1B (and Megatron-DeepSpeed ZB-H1, "
              "--enable-zbh1-pipeline); the script runs 1F1B");
    if (!p.layersPerStage.empty() || p.firstStageLayers || p.lastStageLayers || p.embeddingAsLayer || p.lossAsLayer)
        notes.emplace_back("parallel.layers_per_stage: Megatron-DeepSpeed partitions the layers itself "
                           "(partition_method 'type:transformer', megatron/model/gpt_model.py); the uneven split "
                           "cannot be given");
    if (d.pp > 1 && p.zeroStage >= 2)
        notes.emplace_back("parallel.zero_stage " + text(p.zeroStage)
            + ": DeepSpeed's pipeline engine refuses ZeRO-2 "
              "and ZeRO-3 (runtime/pipe/engine.py); use zero_stage 0 or 1 with pp > 1");
    if (p.overlapParamGather && p.zeroStage < 3)
        notes.emplace_back("parallel.overlap_param_gather: DeepSpeed's ZeRO-" + text(p.zeroStage)
            + " gathers the updated parameters at the end of the optimizer step, not under the next "
              "forward; the launch runs without that overlap");
    if (p.tpCommOverlap)
        notes.emplace_back("parallel.tp_comm_overlap: Megatron-DeepSpeed does not overlap TP communication with GEMMs");
    if (d.cp > 1)
        notes.emplace_back("parallel.cp " + text(d.cp)
            + ": written as DeepSpeed-Ulysses sequence parallelism "
              "(--ds-sequence-parallel-size), which splits the sequence over the same ranks but "
              "exchanges heads by all-to-all where ParaPlan priced Megatron's ring");
    if (c.scenario.model.isMoe()) {
        if (p.moeDispatcher != MoeDispatcher::AllToAll)
            notes.emplace_back(std::string("parallel.moe_dispatcher ") + toString(p.moeDispatcher)
                + ": DeepSpeed's MoE layer moves tokens by all-to-all");
        if (p.moeSharedExpertOverlap || p.moeA2aOverlap)
            notes.emplace_back("parallel.moe_a2a_overlap, moe_shared_expert_overlap: DeepSpeed's MoE layer does not "
                               "overlap its all-to-all with compute");
        if (d.etp > 0 && d.etp != d.tp && d.etp != 1)
            notes.emplace_back("parallel.etp " + text(d.etp)
                + ": Megatron-DeepSpeed splits experts over all tp ranks "
                  "(--enable-expert-tensor-parallelism) or none; the script uses none");
    }
    if (p.recompute == Recompute::Selective && !p.recomputeModules.isDefault())
        notes.emplace_back("parallel.recompute_modules " + moduleList(p.recomputeModules)
            + ": Megatron-DeepSpeed's selective recomputation replays the attention core only");
}

// ---- Rank placement -----------------------------------------------------------------------------------

// CUDA_VISIBLE_DEVICES per node for a rank table that keeps each node's ranks on that node: with
// torchrun, global rank node·G + l is local rank l and runs on the node's l-th visible device.
// Empty when the table moves a rank to another node (then no per-node order can express it).
std::vector<std::vector<int64_t>> visibleDevicesPerNode(const ClusterSpec& cluster, const RankTable& table)
{
    const int64_t perNode = cluster.gpusPerNode;
    std::vector<std::vector<int64_t>> nodes(size_t(cluster.nodes));
    for (size_t rank = 0; rank < table.gpuOfRank.size(); ++rank) {
        const int64_t node = int64_t(rank) / perNode, gpu = table.gpuOfRank[rank];
        if (gpu / perNode != node || node >= cluster.nodes)
            return {};
        nodes[size_t(node)].push_back(gpu % perNode);
    }
    return nodes;
}

// ---- The script -----------------------------------------------------------------------------------------

// One bash array of flags: NAME=( lines ).
struct FlagGroup {
    std::string name;
    std::string comment;
    std::vector<std::string> lines;
};

// The largest power of two up to Megatron's 128 whose multiple of tp divides the vocabulary, so
// that Megatron-DeepSpeed pads nothing (_vocab_size_with_padding pads to a multiple of
// make_vocab_size_divisible_by × tp); 0 when tp does not divide it.
int64_t unpaddedVocabMultiple(int64_t vocab, int64_t tp)
{
    for (int64_t multiple = kMegatronVocabMultiple; multiple >= 1; multiple /= 2)
        if (vocab % (multiple * tp) == 0)
            return multiple;
    return 0;
}

FlagGroup modelFlags(const ModelSpec& m, int64_t seqLen, int64_t tp, std::vector<std::string>& notes)
{
    FlagGroup g { "MODEL_ARGS", "The model's shape.", {} };
    g.lines = { "--num-layers " + text(m.layers), "--hidden-size " + text(m.hidden),
        "--num-attention-heads " + text(m.heads), "--num-key-value-heads " + text(m.kvHeads),
        "--ffn-hidden-size " + text(m.ffnHidden), "--max-position-embeddings " + text(seqLen) };
    if (m.headDimension > 0)
        g.lines.push_back("--kv-channels " + text(m.headDimension));
    if (m.gatedMlp)
        g.lines.emplace_back("--swiglu");
    if (!m.tiedEmbeddings)
        g.lines.emplace_back("--untie-embeddings-and-output-weights");
    if (!m.dropout)
        g.lines.insert(g.lines.end(), { "--attention-dropout 0", "--hidden-dropout 0" });
    // The null tokenizer adds its end-of-document token to the size it is given (_NullTokenizer in
    // megatron/tokenizer/tokenizer.py): the model's vocabulary is --vocab-size + 1.
    g.lines.insert(g.lines.end(), { "--tokenizer-type NullTokenizer", "--vocab-size " + text(m.vocab - 1) });
    if (const int64_t multiple = unpaddedVocabMultiple(m.vocab, tp); multiple > 0)
        g.lines.push_back("--make-vocab-size-divisible-by " + text(multiple));
    else
        notes.push_back("model.vocab " + text(m.vocab) + ": tp " + text(tp)
            + " does not divide it, so "
              "Megatron-DeepSpeed pads the embedding to a multiple of "
            + text(tp));
    if (m.isMoe()) {
        g.lines.insert(g.lines.end(),
            { "--num-experts " + text(m.moe.experts), "--topk " + text(m.moe.topK),
                "--expert-interval " + text(m.moe.layerFrequency) });
        if (m.moe.capacityFactor > 0) {
            char factor[32];
            std::snprintf(factor, sizeof factor, "%.17g", m.moe.capacityFactor);
            g.lines.push_back(std::string("--moe-train-capacity-factor ") + factor);
        } else {
            g.lines.emplace_back("--disable-moe-token-dropping");
        }
    }
    return g;
}

// Conventions of the Llama family, which a gated MLP without dropout stands for in ParaPlan's
// catalog: RMSNorm, rotary positions (no learned position table) and no biases. ParaPlan prices
// none of them; they make the script train the model the scenario counts.
FlagGroup llamaConventionFlags()
{
    return { "LLAMA_ARGS", "Llama conventions (not priced by ParaPlan): RMSNorm, rotary positions, no biases.",
        { "--normalization rmsnorm", "--use-rotary-position-embeddings", "--no-position-embedding",
            "--disable-bias-linear" } };
}

FlagGroup trainingFlags(const LaunchContext& c)
{
    const TrainingSpec& t = c.scenario.training;
    const ParallelSpec& p = c.prediction.parallel;
    FlagGroup g { "TRAINING_ARGS", "Batch, length, precision and recomputation.", {} };
    g.lines = { "--micro-batch-size " + text(t.microBatch), "--global-batch-size " + text(t.globalBatch),
        "--seq-length " + text(t.seqLen) };
    if (const std::optional<double> budget = tokenBudget(t)) {
        const auto tokens = int64_t(std::ceil(*budget));
        g.lines.push_back("--train-tokens " + text(tokens));
        g.lines.push_back("--train-samples " + text((tokens + t.seqLen - 1) / t.seqLen));
    }
    g.lines.emplace_back(t.precision == Precision::Fp16 ? "--fp16" : "--bf16");
    if (t.precision == Precision::Fp8)
        g.lines.insert(g.lines.end(),
            { "--transformer-impl transformer_engine", "--fp8-hybrid", "--fp8-amax-history-len 1024",
                "--fp8-amax-compute-algo max" });
    if (t.flashAttention)
        g.lines.emplace_back("--use-flash-attn-v2");
    if (p.recompute == Recompute::Full)
        g.lines.insert(g.lines.end(),
            { "--checkpoint-activations", "--checkpoint-num-layers 1", "--deepspeed-activation-checkpointing" });
    else if (p.recompute == Recompute::Selective)
        g.lines.emplace_back("--recompute-granularity selective");
    if (c.prediction.schedule == PipelineSchedule::ZbH1)
        g.lines.emplace_back("--enable-zbh1-pipeline");
    return g;
}

FlagGroup parallelFlags(const LaunchContext& c)
{
    const ParallelSpec& p = c.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    FlagGroup g { "PARALLEL_ARGS", "Tensor, pipeline and sequence parallelism; ZeRO through DeepSpeed.", {} };
    g.lines = { "--tensor-model-parallel-size " + text(d.tp), "--pipeline-model-parallel-size " + text(d.pp) };
    // Without a pipeline Megatron-DeepSpeed builds the plain model rather than DeepSpeed's
    // PipelineModule (pretrain_gpt.py: args.deepspeed and not args.no_pipeline_parallel).
    if (d.pp == 1)
        g.lines.emplace_back("--no-pipeline-parallel");
    if (p.sequenceParallel && d.tp > 1)
        g.lines.emplace_back("--sequence-parallel");
    if (d.cp > 1)
        g.lines.push_back("--ds-sequence-parallel-size " + text(d.cp));
    if (c.scenario.model.isMoe()) {
        g.lines.push_back("--moe-expert-parallel-size " + text(d.ep));
        // ZeRO needs the experts in parameter groups of their own (the flag's help text).
        g.lines.emplace_back("--create-moe-param-group");
        if (d.tp > 1 && d.expertTp() == d.tp)
            g.lines.emplace_back("--enable-expert-tensor-parallelism");
    }
    g.lines.insert(g.lines.end(),
        { "--deepspeed", std::string("--deepspeed_config ") + kConfigFileName, "--zero-stage " + text(p.zeroStage) });
    return g;
}

// The learning rate is not ParaPlan's to choose and Megatron-DeepSpeed has no default for it: the
// script stops with a message until LR is set. The rest of the optimizer keeps Megatron's defaults.
FlagGroup optimizerFlags()
{
    return { "OPTIMIZER_ARGS", "Not ParaPlan's to choose: set LR before launching.",
        { "--lr \"${LR:?set LR, the learning rate; ParaPlan does not choose one}\"" } };
}

std::string arrayText(const FlagGroup& g)
{
    std::string out = "# " + g.comment + "\n" + g.name + "=(\n";
    for (const std::string& line : g.lines)
        out += "    " + line + "\n";
    return out + ")\n";
}

std::string csv(const std::vector<int64_t>& values)
{
    std::string out;
    for (const int64_t value : values) {
        if (!out.empty())
            out += ',';
        out += text(value);
    }
    return out;
}

// The launch line: DeepSpeed's launcher, or torchrun on each node where a rank table reorders the
// GPUs (DeepSpeed's launcher sorts the GPU ids it is given, parse_node_config_list in
// deepspeed/launcher/runner.py, and sets CUDA_VISIBLE_DEVICES itself).
void notePlacementLimits(const LaunchContext& c, std::vector<std::string>& notes)
{
    const RankPlacement& placement = c.scenario.parallel.placement;
    if (placement.order != kMegatronOrder)
        notes.push_back("parallel.placement.order " + toString(placement.order)
            + ": Megatron-DeepSpeed numbers "
              "ranks tp fastest, then dp, then pp (PipeModelDataParallelTopology); the script keeps that order");
    if (placement.table && visibleDevicesPerNode(c.scenario.cluster, *placement.table).empty())
        notes.emplace_back("parallel.placement.rank_to_gpu: the table moves ranks between nodes, which no per-node "
                           "CUDA_VISIBLE_DEVICES order expresses; the script launches ranks in node order");
}

// The launch line: DeepSpeed's launcher, or torchrun on each node where a rank table reorders the
// GPUs (DeepSpeed's launcher sorts the GPU ids it is given, parse_node_config_list in
// deepspeed/launcher/runner.py, and sets CUDA_VISIBLE_DEVICES itself).
std::string launchText(const LaunchContext& c, const std::vector<std::string>& arrays)
{
    const ClusterSpec& cluster = c.scenario.cluster;
    const RankPlacement& placement = c.scenario.parallel.placement;
    std::string args;
    for (const std::string& name : arrays)
        args += " \\\n    \"${" + name + "[@]}\"";
    const std::vector<std::vector<int64_t>> devices
        = placement.table ? visibleDevicesPerNode(cluster, *placement.table) : std::vector<std::vector<int64_t>> {};
    if (devices.empty()) {
        std::string line = "deepspeed --num_nodes " + text(cluster.nodes) + " --num_gpus " + text(cluster.gpusPerNode);
        std::string hostfile;
        if (cluster.nodes > 1) {
            hostfile = "# DeepSpeed's hostfile: one line per node, \"HOSTNAME slots=" + text(cluster.gpusPerNode)
                + "\".\n"
                  "HOSTFILE=${HOSTFILE:?set HOSTFILE to the hostfile of the "
                + text(cluster.nodes) + " nodes}\n\n";
            line += " --hostfile \"$HOSTFILE\"";
        }
        return hostfile + line + " pretrain_gpt.py" + args + "\n";
    }
    std::string out = "# The rank placement ParaPlan priced: each node's GPUs in the order its local ranks use them.\n"
                      "# DeepSpeed's launcher sorts GPU ids, so torchrun starts the ranks, once per node.\n"
                      "MASTER_ADDR=${MASTER_ADDR:?set MASTER_ADDR to the address of node 0}\n"
                      "case \"${NODE_RANK:?set NODE_RANK to the index of this node, 0 to "
        + text(cluster.nodes - 1) + "}\" in\n";
    for (size_t node = 0; node < devices.size(); ++node)
        out += "    " + text(int64_t(node)) + ") export CUDA_VISIBLE_DEVICES=" + csv(devices[node]) + " ;;\n";
    out += "esac\n\ntorchrun --nnodes " + text(cluster.nodes) + " --nproc-per-node " + text(cluster.gpusPerNode)
        + " --node-rank \"$NODE_RANK\" --master-addr \"$MASTER_ADDR\" --master-port " + std::to_string(kTorchrunPort)
        + " pretrain_gpt.py" + args + "\n";
    return out;
}

std::string scriptText(const LaunchContext& c, const std::string& configText, std::vector<FlagGroup> groups,
    const std::vector<std::string>& notes)
{
    std::string out = "#!/bin/bash\n" + commentBlock(c.header, "# ");
    out += "#\n# Megatron-DeepSpeed (microsoft/Megatron-DeepSpeed) pretrain_gpt.py on DeepSpeed; run it from the\n"
           "# repository's root. Written by ParaPlan's DeepSpeed export (docs/frameworks/deepspeed.md).\n";
    if (!notes.empty()) {
        out += "#\n# What this launch cannot do as ParaPlan planned it:\n";
        out += commentBlock(notes, "#   - ");
    }
    out += "set -euo pipefail\n\n";
    out += std::string("# DeepSpeed's configuration, also written beside this script as ") + kConfigFileName + ".\n";
    out += std::string("cat > ") + kConfigFileName + " <<'EOF'\n" + configText + "EOF\n\n";
    out += "DATA_PATH=${DATA_PATH:?set DATA_PATH to the dataset prefix}\n\n";
    std::vector<std::string> arrays;
    for (const FlagGroup& g : groups) {
        out += arrayText(g) + "\n";
        arrays.push_back(g.name);
    }
    return out + launchText(c, arrays);
}

// ==== Import ======================================================================================

// Counts a launch file may give: far beyond any real run, small enough that products of a few of
// them stay within int64_t.
constexpr int64_t kMaxCount = int64_t(1) << 40;
constexpr int64_t kMaxDegree = int64_t(1) << 20;

// The base scenario as the contract's JSON (what the import edits) and as values (its resolved
// degrees and GPU count, for what the file leaves out).
struct Start {
    nlohmann::json document;
    Scenario base;
    std::vector<std::string> notes;
};

Start startFrom(const nlohmann::json& base)
{
    if (!base.is_object())
        throw io::ReadError("base", "expected a scenario object");
    Start start { base, io::readScenario(base, io::builtinCatalog(), "base"), {} };
    for (const char* section : { "model", "training", "cluster", "parallel" })
        if (!start.document.contains(section))
            start.document[section] = nlohmann::json::object();
    return start;
}

std::string modelNameOf(const Scenario& s)
{
    return s.model.name.empty() ? s.model.preset : s.model.name;
}
std::string clusterNameOf(const Scenario& s)
{
    return text(s.cluster.nodes) + " x " + (s.cluster.preset.empty() ? s.cluster.name : s.cluster.preset);
}

// ---- ds_config.json -----------------------------------------------------------------------------

// What a DeepSpeed JSON says; absent where it is silent or says "auto" (values the Hugging Face
// Trainer fills in).
struct DeepSpeedJson {
    std::optional<int64_t> trainBatch, microBatch, accumulation;
    std::optional<int> zeroStage;
    std::optional<bool> overlapComm;
    std::optional<Precision> precision; // bf16 or fp16 enabled
    std::optional<GradPrecision> gradAccumulation;
    int64_t checkpointInterval = 0;
    std::vector<std::string> notes;
};

// Error paths: the key, after `prefix` ("" for a JSON of its own; "line 17, ds_config.json: "
// for a script's here-document).
[[noreturn]] void failKey(const std::string& prefix, const std::string& key, const std::string& message)
{
    throw io::ReadError(prefix + key, message);
}

std::optional<int64_t> countOrAuto(
    const nlohmann::json& object, const std::string& key, const std::string& prefix, std::vector<std::string>& notes)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return std::nullopt;
    if (it->is_string() && it->get<std::string>() == "auto") {
        notes.push_back(key + ": \"auto\" (a value the Hugging Face Trainer fills in)");
        return std::nullopt;
    }
    const int64_t value = io::asInteger(*it, prefix + key);
    if (value < 1 || value > kMaxCount)
        failKey(
            prefix, key, "expected a positive integer up to " + text(kMaxCount) + " or \"auto\", got " + it->dump());
    return value;
}

std::optional<bool> booleanAt(const nlohmann::json& object, const std::string& key, const std::string& path)
{
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (!it->is_boolean())
        throw io::ReadError(path, std::string("expected true or false, got ") + io::typeName(*it));
    return it->get<bool>();
}

const nlohmann::json* sectionAt(const nlohmann::json& root, const std::string& key, const std::string& prefix)
{
    const auto it = root.find(key);
    if (it == root.end())
        return nullptr;
    if (!it->is_object())
        failKey(prefix, key, std::string("expected an object, got ") + io::typeName(*it));
    return &*it;
}

void readZeroSection(const nlohmann::json& root, const std::string& prefix, DeepSpeedJson& ds)
{
    const auto it = root.find("zero_optimization");
    if (it == root.end())
        return;
    if (it->is_boolean()) { // the deprecated form (read_zero_config_deprecated): true is stage 1
        ds.zeroStage = it->get<bool>() ? 1 : 0;
        return;
    }
    const nlohmann::json* zero = sectionAt(root, "zero_optimization", prefix);
    if (const auto stage = zero->find("stage"); stage != zero->end()) {
        const int64_t value = io::asInteger(*stage, prefix + "zero_optimization.stage");
        if (value < 0 || value > 3)
            failKey(prefix, "zero_optimization.stage",
                "expected 0, 1, 2 or 3 (DeepSpeed's ZeroStageEnum), got " + stage->dump());
        ds.zeroStage = int(value);
    } else {
        ds.zeroStage = 0; // DeepSpeedZeroConfig's default
    }
    ds.overlapComm = booleanAt(*zero, "overlap_comm", prefix + "zero_optimization.overlap_comm");
    for (const char* offload : { "offload_optimizer", "offload_param" }) {
        const auto o = zero->find(offload);
        if (o == zero->end() || !o->is_object() || !o->contains("device"))
            continue;
        const nlohmann::json& device = o->at("device");
        if (!device.is_string())
            failKey(prefix, std::string("zero_optimization.") + offload + ".device",
                std::string("expected \"none\", \"cpu\" or \"nvme\", got ") + io::typeName(device));
        if (device.get<std::string>() != "none")
            ds.notes.push_back(std::string("zero_optimization.") + offload + ": ParaPlan does not price offloading to "
                + device.get<std::string>() + "; the states are priced on the GPU");
    }
}

void readPrecisionSections(const nlohmann::json& root, const std::string& prefix, DeepSpeedJson& ds)
{
    // "bfloat16" is the older spelling DeepSpeed still reads (BFLOAT16_OLD in runtime/constants.py).
    for (const char* key : { "bf16", "bfloat16", "fp16" }) {
        const nlohmann::json* section = sectionAt(root, key, prefix);
        if (!section)
            continue;
        const auto enabled = section->find("enabled");
        if (enabled != section->end() && enabled->is_string() && enabled->get<std::string>() == "auto") {
            ds.notes.push_back(std::string(key) + ".enabled: \"auto\" (a value the Hugging Face Trainer fills in)");
            continue;
        }
        if (!booleanAt(*section, "enabled", prefix + key + ".enabled").value_or(false))
            continue;
        const Precision precision = std::string(key) == "fp16" ? Precision::Fp16 : Precision::Bf16;
        if (ds.precision && *ds.precision != precision)
            failKey(prefix, key, "bf16 and fp16 are both enabled; DeepSpeed trains in one of them");
        ds.precision = precision;
    }
}

void readDataTypes(const nlohmann::json& root, const std::string& prefix, DeepSpeedJson& ds)
{
    const nlohmann::json* types = sectionAt(root, "data_types", prefix);
    if (!types || !types->contains("grad_accum_dtype") || types->at("grad_accum_dtype").is_null())
        return;
    const nlohmann::json& value = types->at("grad_accum_dtype");
    const std::string path = prefix + "data_types.grad_accum_dtype";
    if (!value.is_string())
        throw io::ReadError(path, std::string("expected \"fp32\", \"bf16\" or \"fp16\", got ") + io::typeName(value));
    // DeepSpeed's DtypeEnum (runtime/config_utils.py) takes these spellings.
    const std::string name = value.get<std::string>();
    if (name == "fp32" || name == "float32" || name == "float" || name == "torch.float32")
        ds.gradAccumulation = GradPrecision::Fp32;
    else if (name == "bf16" || name == "bfloat16" || name == "torch.bfloat16")
        ds.gradAccumulation = GradPrecision::Bf16;
    else if (name == "fp16" || name == "float16" || name == "half" || name == "torch.float16")
        ds.gradAccumulation = GradPrecision::Fp16;
    else
        throw io::ReadError(path,
            "\"" + name
                + "\" is not a dtype DeepSpeed accumulates gradients in; use \"fp32\", "
                  "\"bf16\" or \"fp16\"");
}

void readPipelineSection(const nlohmann::json& root, const std::string& prefix, DeepSpeedJson& ds)
{
    const nlohmann::json* pipeline = sectionAt(root, "pipeline", prefix);
    if (!pipeline || !pipeline->contains("activation_checkpoint_interval"))
        return;
    const std::string path = prefix + "pipeline.activation_checkpoint_interval";
    const int64_t interval = io::asInteger(pipeline->at("activation_checkpoint_interval"), path);
    if (interval < 0 || interval > kMaxCount)
        throw io::ReadError(path, "expected 0 (no checkpointing) or a positive number of layers");
    ds.checkpointInterval = interval;
}

// parseJson names "line L, column C" of the JSON text; inside a script, the script's line.
[[noreturn]] void rethrowAtScriptLine(const io::ReadError& e, int firstLine, const std::string& file)
{
    static const std::regex linePattern(R"(^line (\d+), column (\d+)$)");
    std::smatch match;
    if (firstLine > 0 && std::regex_match(e.path(), match, linePattern))
        throw io::ReadError("line " + text(firstLine + std::stoll(match[1]) - 1) + ", column " + match[2].str(),
            file + ": " + e.message());
    throw e;
}

// `firstLine` > 0: the JSON is a here-document of a script starting at that line.
DeepSpeedJson readDeepSpeedJson(const std::string& json, const std::string& file, int firstLine)
{
    const std::string prefix = firstLine > 0 ? "line " + text(firstLine) + ", " + file + ": " : "";
    nlohmann::json root;
    try {
        root = io::parseJson(json);
    } catch (const io::ReadError& e) {
        rethrowAtScriptLine(e, firstLine, file);
    }
    if (!root.is_object())
        throw io::ReadError(
            prefix + "(document)", std::string("a DeepSpeed config is a JSON object, not ") + io::typeName(root));
    DeepSpeedJson ds;
    ds.trainBatch = countOrAuto(root, "train_batch_size", prefix, ds.notes);
    ds.microBatch = countOrAuto(root, "train_micro_batch_size_per_gpu", prefix, ds.notes);
    ds.accumulation = countOrAuto(root, "gradient_accumulation_steps", prefix, ds.notes);
    readZeroSection(root, prefix, ds);
    readPrecisionSections(root, prefix, ds);
    readDataTypes(root, prefix, ds);
    readPipelineSection(root, prefix, ds);
    static const std::set<std::string> read = { "train_batch_size", "train_micro_batch_size_per_gpu",
        "gradient_accumulation_steps", "zero_optimization", "bf16", "bfloat16", "fp16", "data_types", "pipeline" };
    std::string ignored;
    for (const auto& [key, value] : root.items())
        if (!read.count(key))
            ignored += (ignored.empty() ? "" : ", ") + key;
    if (!ignored.empty())
        ds.notes.push_back(file + ": not priced by ParaPlan, ignored: " + ignored);
    return ds;
}

// ---- The script ------------------------------------------------------------------------------------

// The longest line the patterns below look at (see readHereDocuments).
constexpr size_t kMaxPatternLine = 4096;

struct HereDocument {
    std::string body;
    int firstLine = 0; // the body's first line in the script
};

// What the shell reader drops but the import needs: the here-documents, by the file each writes,
// and the per-node CUDA_VISIBLE_DEVICES of a `case "$NODE_RANK" in` (the export's placement).
struct ScriptExtras {
    std::map<std::string, HereDocument> hereDocuments;
    std::map<int64_t, std::vector<int64_t>> visibleDevices;
    int caseLine = 0;
};

std::vector<std::string> physicalLines(const std::string& text)
{
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = text.find('\n', start);
        std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(std::move(line));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return lines;
}

std::string variableValue(const ShellVariables& variables, const std::string& name)
{
    const auto it = variables.find(name);
    if (it == variables.end())
        return {};
    std::string value;
    for (const ShellWord& word : it->second)
        value += (value.empty() ? "" : " ") + word.text;
    return value;
}

// $NAME and ${NAME} replaced by the variables as the script leaves them: the expansion bash makes
// in an unquoted here-document (what Megatron-DeepSpeed's examples write their JSON with). A name
// the script does not set stays as written, for the JSON reader to point at.
std::string withVariables(const std::string& body, const ShellVariables& variables)
{
    const auto isNameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    std::string out;
    for (size_t i = 0; i < body.size();) {
        const bool braced = body.compare(i, 2, "${") == 0;
        if (body[i] != '$' || i + 1 == body.size()
            || !(braced || std::isalpha(static_cast<unsigned char>(body[i + 1])) || body[i + 1] == '_')) {
            out += body[i++];
            continue;
        }
        const size_t start = i + (braced ? 2 : 1);
        size_t end = start;
        while (end < body.size() && isNameChar(body[end]))
            ++end;
        const std::string name = body.substr(start, end - start);
        const bool closed = !braced || (end < body.size() && body[end] == '}');
        const size_t next = braced && closed ? end + 1 : end;
        if (!name.empty() && closed && variables.count(name))
            out += variableValue(variables, name);
        else
            out += body.substr(i, next - i);
        i = next;
    }
    return out;
}

std::string baseName(const std::string& path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void readHereDocuments(const std::vector<std::string>& lines, const ShellVariables& variables, ScriptExtras& extras)
{
    static const std::regex opener(R"re(<<(-?)[ \t]*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2)re");
    static const std::regex target(R"re((^|[^<0-9&])>[ \t]*("?)([^ \t"<>;|&]+)\2)re");
    for (size_t i = 0; i < lines.size(); ++i) {
        std::smatch open, into;
        const std::string& line = lines[i];
        // std::regex recurses per character: a hostile line of megabytes would exhaust the stack.
        // No launch line that opens a here-document is that long.
        if (line.size() > kMaxPatternLine || line.find("<<<") != std::string::npos
            || !std::regex_search(line, open, opener))
            continue;
        const bool stripTabs = open[1].length() > 0, quoted = open[2].length() > 0;
        const std::string delimiter = open[3];
        const int opened = int(i) + 1;
        std::string body;
        size_t j = i + 1;
        for (; j < lines.size(); ++j) {
            std::string content = lines[j];
            if (stripTabs)
                content.erase(0, content.find_first_not_of('\t'));
            if (content == delimiter)
                break;
            body += content + "\n";
        }
        if (j == lines.size())
            io::failAtLine(opened, "the here-document never ends: no line reads " + delimiter);
        if (std::regex_search(line, into, target)) {
            const std::string file = withVariables(into[3], variables);
            extras.hereDocuments[file] = { quoted ? body : withVariables(body, variables), opened + 1 };
        }
        i = j;
    }
}

std::vector<int64_t> integerList(const std::string& csvText, int line, const std::string& what)
{
    std::vector<int64_t> values;
    size_t start = 0;
    while (start <= csvText.size()) {
        const size_t comma = std::min(csvText.find(',', start), csvText.size());
        const std::string item = csvText.substr(start, comma - start);
        int64_t value = 0;
        const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (item.empty() || error != std::errc() || end != item.data() + item.size() || value < 0 || value > kMaxDegree)
            io::failAtLine(line, what + ": \"" + item + "\" is not a GPU index");
        values.push_back(value);
        start = comma + 1;
    }
    return values;
}

// The export's `case "${NODE_RANK...}" in N) export CUDA_VISIBLE_DEVICES=a,b,... ;; esac`.
void readVisibleDevices(const std::vector<std::string>& lines, ScriptExtras& extras)
{
    static const std::regex caseLine(R"re(^\s*case\s+"?\$\{?(NODE_RANK|SLURM_NODEID|GROUP_RANK)\b)re");
    static const std::regex branch(R"re(^\s*(\d+)\)\s*export\s+CUDA_VISIBLE_DEVICES=([0-9,]+)\s*;;\s*$)re");
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].size() > kMaxPatternLine || !std::regex_search(lines[i], caseLine))
            continue;
        extras.caseLine = int(i) + 1;
        for (size_t j = i + 1; j < lines.size() && lines[j].find("esac") == std::string::npos; ++j) {
            std::smatch match;
            if (lines[j].size() > kMaxPatternLine || !std::regex_match(lines[j], match, branch))
                continue;
            const int line = int(j) + 1;
            int64_t node = 0;
            std::from_chars(match[1].first.base(), match[1].second.base(), node);
            if (match[1].length() > 6 || extras.visibleDevices.count(node))
                io::failAtLine(
                    line, "CUDA_VISIBLE_DEVICES: node " + match[1].str() + " is given twice or is out of range");
            extras.visibleDevices[node] = integerList(match[2], line, "CUDA_VISIBLE_DEVICES");
        }
        return;
    }
}

// ---- Flags ---------------------------------------------------------------------------------------------

struct Flag {
    std::vector<ShellWord> values;
    int line = 0;
};
using Flags = std::map<std::string, Flag>;

bool isFlagWord(const std::string& word)
{
    return word.size() > 1 && word[0] == '-' && !(std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.');
}

// argparse's reading: --name value..., --name=value, or --name alone; the last occurrence wins.
Flags parseFlags(const std::vector<ShellWord>& words, size_t begin, size_t end)
{
    Flags flags;
    for (size_t i = begin; i < end;) {
        const ShellWord& word = words[i++];
        if (word.onlyUnresolved)
            continue;
        if (!isFlagWord(word.text))
            continue;
        Flag flag { {}, word.line };
        std::string name = word.text;
        if (const size_t equals = name.find('='); equals != std::string::npos && name.rfind("--", 0) == 0) {
            ShellWord value = word;
            value.text = name.substr(equals + 1);
            flag.values.push_back(value);
            name.resize(equals);
        } else {
            for (; i < end && !isFlagWord(words[i].text); ++i)
                if (!words[i].onlyUnresolved)
                    flag.values.push_back(words[i]);
        }
        flags[name] = std::move(flag);
    }
    return flags;
}

const Flag* findFlag(const Flags& flags, std::initializer_list<const char*> names)
{
    for (const char* name : names)
        if (const auto it = flags.find(name); it != flags.end())
            return &it->second;
    return nullptr;
}

const ShellWord& valueOf(const Flag& flag, const std::string& name)
{
    if (flag.values.empty())
        io::failAtLine(flag.line, name + ": expects a value");
    const ShellWord& word = flag.values.front();
    // An expansion that came out empty has no line of its own: the flag's is where it was written.
    if (!word.resolved())
        io::failAtLine(word.text.empty() ? flag.line : word.line,
            name + ": its value comes from " + word.unresolved
                + ", which the script does not set; set it in the script or write the value");
    return word;
}

int64_t integerOf(const Flag& flag, const std::string& name, int64_t lowest, int64_t highest)
{
    const ShellWord& word = valueOf(flag, name);
    int64_t value = 0;
    const auto [end, error] = std::from_chars(word.text.data(), word.text.data() + word.text.size(), value);
    if (word.text.empty() || error != std::errc() || end != word.text.data() + word.text.size() || value < lowest
        || value > highest)
        io::failAtLine(word.line,
            name + ": expected an integer from " + text(lowest) + " to " + text(highest) + ", got \"" + word.text
                + "\"");
    return value;
}

double numberOf(const Flag& flag, const std::string& name, double lowest, double highest)
{
    const ShellWord& word = valueOf(flag, name);
    double value = 0;
    const auto [end, error] = std::from_chars(word.text.data(), word.text.data() + word.text.size(), value);
    if (word.text.empty() || error != std::errc() || end != word.text.data() + word.text.size() || !std::isfinite(value)
        || value < lowest || value > highest)
        io::failAtLine(word.line,
            name + ": expected a number from " + std::to_string(lowest) + " to " + std::to_string(highest) + ", got \""
                + word.text + "\"");
    return value;
}

std::optional<int64_t> optionalInteger(const Flags& flags, const char* name, int64_t lowest, int64_t highest)
{
    const Flag* flag = findFlag(flags, { name });
    return flag ? std::optional<int64_t>(integerOf(*flag, name, lowest, highest)) : std::nullopt;
}

int64_t requiredInteger(const Flags& flags, const char* name, int64_t highest, int launchLine)
{
    if (const std::optional<int64_t> value = optionalInteger(flags, name, 1, highest))
        return *value;
    io::failAtLine(launchLine, std::string(name) + ": missing; Megatron-DeepSpeed needs it (megatron/arguments.py)");
}

bool hasFlag(const Flags& flags, std::initializer_list<const char*> names)
{
    return findFlag(flags, names) != nullptr;
}

// ---- The launch command ----------------------------------------------------------------------------

enum class Launcher { DeepSpeed, Torchrun, Other };

struct Launch {
    Launcher launcher = Launcher::Other;
    Flags launcherFlags;
    Flags program;
    int line = 0;
};

bool endsWith(const std::string& s, std::string_view tail)
{
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The launcher among the words before the training script (after `eval`, `srun ...` or `exec`):
// DeepSpeed's, torchrun (or python -m torch.distributed.run), or none ParaPlan knows.
std::pair<Launcher, size_t> launcherOf(const std::vector<ShellWord>& words, size_t script)
{
    for (size_t i = 0; i < script; ++i) {
        const std::string name = baseName(words[i].text);
        if (name == "deepspeed")
            return { Launcher::DeepSpeed, i };
        if (name == "torchrun")
            return { Launcher::Torchrun, i };
        if (words[i].text == "-m" && i + 1 < script
            && (words[i + 1].text == "torch.distributed.run" || words[i + 1].text == "torch.distributed.launch"))
            return { Launcher::Torchrun, i + 1 };
    }
    return { Launcher::Other, script };
}

// The command that runs the training script: the one passing --deepspeed, else the last that runs
// a .py file. `echo` and `printf` only print a command (scripts often echo the one they `eval`).
Launch findLaunch(const ShellScript& shell)
{
    const ShellCommand* chosen = nullptr;
    size_t chosenScript = 0;
    bool chosenDeepSpeed = false;
    for (const ShellCommand& command : shell.commands) {
        const std::string& first = command.words.front().text;
        if (first == "echo" || first == "printf")
            continue;
        const auto script = std::find_if(
            command.words.begin(), command.words.end(), [](const ShellWord& w) { return endsWith(w.text, ".py"); });
        if (script == command.words.end())
            continue;
        const bool deepSpeed = std::any_of(script, command.words.end(),
            [](const ShellWord& w) { return w.text == "--deepspeed" || w.text.rfind("--deepspeed_config", 0) == 0; });
        if (!chosenDeepSpeed || deepSpeed) {
            chosen = &command;
            chosenScript = size_t(script - command.words.begin());
            chosenDeepSpeed = deepSpeed;
        }
    }
    if (!chosen)
        throw io::ReadError("(script)",
            "no command runs a training script (pretrain_gpt.py): not a Megatron-DeepSpeed "
            "launch; give a DeepSpeed JSON, or the script that launches pretrain_gpt.py");
    Launch launch;
    const auto [launcher, at] = launcherOf(chosen->words, chosenScript);
    launch.launcher = launcher;
    launch.launcherFlags = parseFlags(chosen->words, at + 1, chosenScript);
    launch.program = parseFlags(chosen->words, chosenScript + 1, chosen->words.size());
    launch.line = chosen->line();
    return launch;
}

// ---- Reading the script into the scenario -----------------------------------------------------------

struct ClusterShape {
    std::optional<int64_t> nodes, gpusPerNode;
};

ClusterShape clusterOf(const Launch& launch)
{
    ClusterShape shape;
    if (launch.launcher == Launcher::DeepSpeed) {
        shape.nodes = optionalInteger(launch.launcherFlags, "--num_nodes", 1, kMaxDegree);
        const Flag* gpus = findFlag(launch.launcherFlags, { "--num_gpus", "--num_accelerators" });
        if (gpus)
            shape.gpusPerNode = integerOf(*gpus, "--num_gpus", 1, kMaxDegree);
    } else if (launch.launcher == Launcher::Torchrun) {
        if (const Flag* nodes = findFlag(launch.launcherFlags, { "--nnodes" }); nodes) {
            const ShellWord& word = valueOf(*nodes, "--nnodes");
            if (word.text.find(':') != std::string::npos)
                io::failAtLine(word.line,
                    "--nnodes " + word.text
                        + ": an elastic range; ParaPlan prices a fixed number "
                          "of nodes, give one");
            shape.nodes = integerOf(*nodes, "--nnodes", 1, kMaxDegree);
        }
        if (const Flag* gpus = findFlag(launch.launcherFlags, { "--nproc-per-node", "--nproc_per_node" }); gpus)
            shape.gpusPerNode = integerOf(*gpus, "--nproc-per-node", 1, kMaxDegree);
    }
    return shape;
}

// The vocabulary Megatron-DeepSpeed builds: the tokenizer's size padded to a multiple of
// --make-vocab-size-divisible-by × tp (_vocab_size_with_padding, megatron/tokenizer/tokenizer.py).
std::optional<int64_t> vocabularyOf(const Flags& f, int64_t tp, std::vector<std::string>& notes)
{
    const Flag* tokenizer = findFlag(f, { "--tokenizer-type" });
    const std::string type = tokenizer ? valueOf(*tokenizer, "--tokenizer-type").text : "";
    const std::optional<int64_t> size = optionalInteger(f, "--vocab-size", 1, kMaxCount);
    if (type != "NullTokenizer" || !size) {
        notes.push_back("model.vocab: the tokenizer" + (type.empty() ? std::string() : " (" + type + ")")
            + " sets it, not a flag; kept from the base");
        return std::nullopt;
    }
    const int64_t multiple
        = optionalInteger(f, "--make-vocab-size-divisible-by", 1, kMaxDegree).value_or(kMegatronVocabMultiple) * tp;
    const int64_t tokens = *size + 1; // the null tokenizer's end-of-document token
    const int64_t padded = (tokens + multiple - 1) / multiple * multiple;
    if (padded != tokens)
        notes.push_back("model.vocab: " + text(tokens) + " tokens padded to " + text(padded)
            + " (a multiple of --make-vocab-size-divisible-by × tp)");
    return padded;
}

nlohmann::json moeOf(const Flags& f, int64_t ffnHidden, std::vector<std::string>& notes)
{
    const Flag* experts = findFlag(f, { "--num-experts" });
    if (!experts)
        return { { "experts", 0 }, { "top_k", 0 }, { "expert_ffn_hidden", 0 } };
    if (experts->values.empty())
        io::failAtLine(experts->line, "--num-experts: expects a value");
    // One count per MoE layer, or one for all (get_num_experts_per_layer); ParaPlan prices one.
    const int64_t count = integerOf(*experts, "--num-experts", 1, kMaxDegree);
    for (size_t i = 1; i < experts->values.size(); ++i)
        if (integerOf(Flag { { experts->values[i] }, experts->line }, "--num-experts", 1, kMaxDegree) != count) {
            notes.push_back("--num-experts: layers with different expert counts; ParaPlan prices " + text(count)
                + " on every MoE layer");
            break;
        }
    if (count <= 1)
        return { { "experts", 0 }, { "top_k", 0 }, { "expert_ffn_hidden", 0 } };
    nlohmann::json moe = { { "experts", count }, { "top_k", optionalInteger(f, "--topk", 1, count).value_or(1) },
        { "expert_ffn_hidden", ffnHidden }, { "load_balancing", "aux_loss" } };
    // Megatron-DeepSpeed's default puts experts on every second layer (--expert-interval 2).
    if (const int64_t interval = optionalInteger(f, "--expert-interval", 1, kMaxCount).value_or(2); interval != 1)
        moe["layer_frequency"] = interval;
    // Token dropping is on unless disabled; DeepSpeed's gating then pads every expert to the
    // capacity (top1gating/top2gating in deepspeed/moe/sharded_moe.py).
    if (!hasFlag(f, { "--disable-moe-token-dropping" })) {
        const Flag* factor = findFlag(f, { "--moe-train-capacity-factor" });
        moe["capacity_factor"] = factor ? numberOf(*factor, "--moe-train-capacity-factor", 1e-6, 1e6) : 1.0;
        moe["pad_to_capacity"] = true;
    }
    return moe;
}

nlohmann::json modelOf(const Flags& f, int64_t tp, int launchLine, std::vector<std::string>& notes)
{
    const int64_t layers = requiredInteger(f, "--num-layers", kMaxCount, launchLine);
    const int64_t hidden = requiredInteger(f, "--hidden-size", kMaxCount, launchLine);
    const int64_t heads = requiredInteger(f, "--num-attention-heads", kMaxCount, launchLine);
    const bool gated = hasFlag(f, { "--swiglu" });
    // Megatron-DeepSpeed's defaults (validate_args in megatron/arguments.py).
    const int64_t ffn = optionalInteger(f, "--ffn-hidden-size", 1, kMaxCount)
                            .value_or(gated ? (4 * hidden * 2 / 3) / 64 * 64 : 4 * hidden);
    const std::optional<int64_t> headDim = optionalInteger(f, "--kv-channels", 1, kMaxCount);
    if (!headDim && hidden % heads != 0)
        io::failAtLine(findFlag(f, { "--num-attention-heads" })->line,
            "--num-attention-heads " + text(heads) + " does not divide --hidden-size " + text(hidden)
                + "; give --kv-channels");
    const auto dropout = [&](const char* name) {
        const Flag* flag = findFlag(f, { name });
        return flag ? numberOf(*flag, name, 0, 1) : 0.1; // Megatron's default probability
    };
    nlohmann::json model = { { "layers", layers }, { "hidden", hidden }, { "heads", heads },
        { "kv_heads", optionalInteger(f, "--num-key-value-heads", 1, heads).value_or(heads) }, { "ffn_hidden", ffn },
        { "gated_mlp", gated }, { "tied_embeddings", !hasFlag(f, { "--untie-embeddings-and-output-weights" }) },
        { "dropout", dropout("--attention-dropout") > 0 || dropout("--hidden-dropout") > 0 },
        { "moe", moeOf(f, ffn, notes) } };
    if (headDim && *headDim * heads != hidden)
        model["head_dim"] = *headDim;
    if (const std::optional<int64_t> vocab = vocabularyOf(f, tp, notes))
        model["vocab"] = *vocab;
    return model;
}

Recompute recomputeOf(const Flags& f, int64_t pipelineInterval, std::vector<std::string>& notes)
{
    const Flag* granularity = findFlag(f, { "--recompute-granularity" });
    const std::string mode = granularity ? valueOf(*granularity, "--recompute-granularity").text : "";
    if (granularity && mode != "full" && mode != "selective")
        io::failAtLine(granularity->line, "--recompute-granularity: \"" + mode + "\" is not full or selective");
    Recompute recompute = Recompute::None;
    if (hasFlag(f, { "--checkpoint-activations" }) || mode == "full" || pipelineInterval > 0)
        recompute = Recompute::Full;
    else if (mode == "selective" || hasFlag(f, { "--recompute-activations" }))
        recompute = Recompute::Selective;
    const int64_t every = std::max({ optionalInteger(f, "--checkpoint-num-layers", 1, kMaxCount).value_or(1),
        optionalInteger(f, "--recompute-num-layers", 1, kMaxCount).value_or(1), pipelineInterval });
    if (recompute == Recompute::Full && every > 1)
        notes.push_back("parallel.recompute: checkpoints every " + text(every)
            + " layers, which ParaPlan prices as "
              "full recomputation of every layer");
    return recompute;
}

Precision precisionOf(const Flags& f, const DeepSpeedJson* ds, const Scenario& base, std::vector<std::string>& notes)
{
    const Flag* bf16 = findFlag(f, { "--bf16" });
    const Flag* fp16 = findFlag(f, { "--fp16" });
    if (bf16 && fp16)
        io::failAtLine(fp16->line, "--fp16 and --bf16 are both given; Megatron-DeepSpeed trains in one of them");
    std::optional<Precision> precision;
    if (bf16 || fp16)
        precision = bf16 ? Precision::Bf16 : Precision::Fp16;
    if (ds && ds->precision && precision && *ds->precision != *precision)
        io::failAtLine((bf16 ? bf16 : fp16)->line,
            std::string(bf16 ? "--bf16" : "--fp16")
                + " disagrees with the "
                  "DeepSpeed config, which enables "
                + toString(*ds->precision));
    if (!precision && ds)
        precision = ds->precision;
    if (hasFlag(f, { "--fp8-hybrid", "--fp8-e4m3" }))
        return Precision::Fp8;
    if (!precision) {
        notes.push_back(
            std::string("training.precision: neither --bf16 nor --fp16, so Megatron-DeepSpeed trains in fp32, "
                        "which ParaPlan does not price; kept from the base: ")
            + toString(base.training.precision));
        return base.training.precision;
    }
    return *precision;
}

// data_types.grad_accum_dtype where a config gives it, else DeepSpeed's own rule (get_data_types in
// runtime/engine.py): fp32 for bf16 without ZeRO, the model's type otherwise.
GradPrecision gradientPrecisionOf(const DeepSpeedJson* ds, Precision precision, int zeroStage)
{
    if (ds && ds->gradAccumulation)
        return *ds->gradAccumulation;
    return precision == Precision::Bf16 && zeroStage > 0 ? GradPrecision::Bf16 : defaultGradients(precision);
}

struct Batch {
    int64_t global = 0, micro = 0, dp = 0;
};

// A product of batch counts, refused rather than wrapped past int64_t.
int64_t batchProduct(int64_t a, int64_t b)
{
    int64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        throw io::ReadError("train_batch_size", "the batch sizes multiply past 2^63; they cannot describe a run");
    return product;
}

// DeepSpeed's rule, train_batch_size = micro × gradient_accumulation_steps × dp (_batch_assertion
// and _set_batch_related_parameters in runtime/config.py), with the script's own flags beside it.
Batch batchOf(const Flags& f, const DeepSpeedJson* ds, int64_t dp, const std::string& dpWhy, int line)
{
    const std::optional<int64_t> flagMicro = optionalInteger(f, "--micro-batch-size", 1, kMaxCount);
    const std::optional<int64_t> flagGlobal = optionalInteger(f, "--global-batch-size", 1, kMaxCount);
    const auto agree = [&](const std::optional<int64_t>& json, const std::optional<int64_t>& flag, const char* key,
                           const char* name) {
        if (json && flag && *json != *flag)
            io::failAtLine(findFlag(f, { name })->line,
                std::string(name) + " " + text(*flag)
                    + " disagrees with the "
                      "DeepSpeed config's "
                    + key + " " + text(*json));
    };
    if (ds) {
        agree(ds->microBatch, flagMicro, "train_micro_batch_size_per_gpu", "--micro-batch-size");
        agree(ds->trainBatch, flagGlobal, "train_batch_size", "--global-batch-size");
    }
    std::optional<int64_t> micro = ds && ds->microBatch ? ds->microBatch : flagMicro;
    std::optional<int64_t> global = ds && ds->trainBatch ? ds->trainBatch : flagGlobal;
    const int64_t accumulation = ds && ds->accumulation ? *ds->accumulation : 0; // 0: not given
    const std::string relation = "train_batch_size = train_micro_batch_size_per_gpu × gradient_accumulation_steps × "
                                 "data-parallel size ("
        + dpWhy + ")";
    if (global && micro && accumulation > 0 && *global != batchProduct(batchProduct(*micro, accumulation), dp))
        throw io::ReadError("train_batch_size",
            "DeepSpeed requires " + relation + ": " + text(*global) + " ≠ " + text(*micro) + " × " + text(accumulation)
                + " × " + text(dp));
    if (global && !micro && accumulation > 0) {
        const int64_t replicas = batchProduct(accumulation, dp);
        if (*global % replicas != 0)
            throw io::ReadError("train_batch_size",
                text(*global) + " is not a multiple of gradient_accumulation_steps × dp = " + text(replicas) + " ("
                    + relation + ")");
        micro = *global / replicas;
    }
    if (!global && micro)
        global = batchProduct(batchProduct(*micro, std::max<int64_t>(accumulation, 1)), dp);
    if (!micro)
        io::failAtLine(line,
            "--micro-batch-size: missing, and the DeepSpeed config does not give "
            "train_micro_batch_size_per_gpu either");
    if (*global % batchProduct(*micro, dp) != 0)
        throw io::ReadError("train_batch_size",
            text(*global) + " is not a multiple of train_micro_batch_size_per_gpu × dp = " + text(*micro) + " × "
                + text(dp) + " (" + relation + ")");
    return { *global, *micro, dp };
}

// The rank table the per-node CUDA_VISIBLE_DEVICES orders make; null when every node keeps its
// GPUs in order.
std::optional<std::vector<int64_t>> rankTableOf(const ScriptExtras& extras, int64_t nodes, int64_t perNode)
{
    if (extras.visibleDevices.empty())
        return std::nullopt;
    std::vector<int64_t> table;
    for (int64_t node = 0; node < nodes; ++node) {
        const auto it = extras.visibleDevices.find(node);
        if (it == extras.visibleDevices.end())
            io::failAtLine(
                extras.caseLine, "CUDA_VISIBLE_DEVICES: no order for node " + text(node) + " of " + text(nodes));
        std::vector<int64_t> sorted = it->second;
        std::sort(sorted.begin(), sorted.end());
        for (int64_t i = 0; i < int64_t(sorted.size()); ++i)
            if (int64_t(sorted.size()) != perNode || sorted[size_t(i)] != i)
                io::failAtLine(extras.caseLine,
                    "CUDA_VISIBLE_DEVICES of node " + text(node) + ": expected each of the " + text(perNode)
                        + " GPUs 0 to " + text(perNode - 1) + " once");
        for (const int64_t gpu : it->second)
            table.push_back(node * perNode + gpu);
    }
    for (int64_t rank = 0; rank < int64_t(table.size()); ++rank)
        if (table[size_t(rank)] != rank)
            return table;
    return std::nullopt;
}

// The DeepSpeed JSON the script runs with: the here-document that writes the file
// --deepspeed_config names.
const HereDocument* configDocumentOf(const Flags& f, const ScriptExtras& extras, std::string& file)
{
    const Flag* config = findFlag(f, { "--deepspeed_config", "--deepscale_config" });
    if (!config)
        return nullptr;
    file = valueOf(*config, "--deepspeed_config").text;
    for (const auto& [written, document] : extras.hereDocuments)
        if (written == file || baseName(written) == baseName(file))
            return &document;
    return nullptr;
}

void noteIgnoredFlags(const Flags& f, std::vector<std::string>& notes)
{
    static const std::set<std::string> read = { "--num-layers", "--hidden-size", "--num-attention-heads",
        "--num-key-value-heads", "--ffn-hidden-size", "--kv-channels", "--swiglu",
        "--untie-embeddings-and-output-weights", "--attention-dropout", "--hidden-dropout", "--tokenizer-type",
        "--vocab-size", "--make-vocab-size-divisible-by", "--num-experts", "--topk", "--expert-interval",
        "--disable-moe-token-dropping", "--moe-train-capacity-factor", "--micro-batch-size", "--global-batch-size",
        "--seq-length", "--train-tokens", "--train-samples", "--train-iters", "--bf16", "--fp16", "--fp8-hybrid",
        "--fp8-e4m3", "--transformer-impl", "--use-flash-attn", "--use-flash-attn-v1", "--use-flash-attn-v2",
        "--use-flash-attn-triton", "--use-flash-attn-builder", "--checkpoint-activations", "--checkpoint-num-layers",
        "--recompute-granularity", "--recompute-activations", "--recompute-num-layers",
        "--deepspeed-activation-checkpointing", "--enable-zbh1-pipeline", "--tensor-model-parallel-size",
        "--pipeline-model-parallel-size", "--no-pipeline-parallel", "--sequence-parallel",
        "--ds-sequence-parallel-size", "--moe-expert-parallel-size", "--enable-expert-tensor-parallelism",
        "--deepspeed", "--deepspeed_config", "--zero-stage", "--max-position-embeddings" };
    std::string ignored;
    for (const auto& [name, flag] : f)
        if (!read.count(name))
            ignored += (ignored.empty() ? "" : " ") + name;
    if (!ignored.empty())
        notes.push_back("flags not priced by ParaPlan, ignored: " + ignored);
}

std::optional<double> trainTokensOf(const Flags& f, int64_t seqLen, int64_t globalBatch)
{
    if (const std::optional<int64_t> tokens
        = optionalInteger(f, "--train-tokens", 1, std::numeric_limits<int64_t>::max()))
        return double(*tokens);
    if (const std::optional<int64_t> samples = optionalInteger(f, "--train-samples", 1, kMaxCount))
        return double(*samples) * double(seqLen);
    if (const std::optional<int64_t> iterations = optionalInteger(f, "--train-iters", 1, kMaxCount))
        return double(*iterations) * double(globalBatch) * double(seqLen);
    return std::nullopt;
}

Imported finish(Start& start, const char* framework)
{
    start.document["framework"] = { { "name", framework } };
    // The result must be a scenario readScenario takes: a mistake here is the reader's, not the file's.
    (void)io::readScenario(start.document, io::builtinCatalog());
    return { std::move(start.document), false, std::move(start.notes) };
}

void setCluster(Start& start, const ClusterShape& shape)
{
    nlohmann::json& cluster = start.document["cluster"];
    if (!shape.nodes || !shape.gpusPerNode) {
        start.notes.push_back("cluster: the launcher does not give nodes and GPUs per node; kept from the base: "
            + clusterNameOf(start.base));
        if (shape.nodes)
            cluster["nodes"] = *shape.nodes;
        return;
    }
    cluster["nodes"] = *shape.nodes;
    if (*shape.gpusPerNode != start.base.cluster.gpusPerNode) {
        cluster["gpus_per_node"] = *shape.gpusPerNode;
        cluster.erase("topology"); // the base's node no longer describes these nodes
        start.notes.push_back("cluster: " + text(*shape.gpusPerNode) + " GPUs per node, not the base's "
            + text(start.base.cluster.gpusPerNode) + "; its topology is dropped");
    }
    start.notes.push_back("cluster: the GPU and the links are not in the file; kept from the base: "
        + (start.base.cluster.preset.empty() ? start.base.cluster.name : start.base.cluster.preset));
}

Imported importScript(const std::string& text, const nlohmann::json& base)
{
    Start start = startFrom(base);
    std::vector<std::string>& notes = start.notes;
    const ShellScript shell = readShellScript(text);
    notes.insert(notes.end(), shell.notes.begin(), shell.notes.end());
    const std::vector<std::string> lines = physicalLines(text);
    ScriptExtras extras;
    readHereDocuments(lines, shell.variables, extras);
    readVisibleDevices(lines, extras);
    const Launch launch = findLaunch(shell);
    const Flags& f = launch.program;

    std::string configFile;
    const HereDocument* configDocument = configDocumentOf(f, extras, configFile);
    std::optional<DeepSpeedJson> ds;
    if (configDocument) {
        ds = readDeepSpeedJson(configDocument->body, configFile, configDocument->firstLine);
        notes.insert(notes.end(), ds->notes.begin(), ds->notes.end());
    } else if (!configFile.empty()) {
        notes.push_back(configFile
            + ": not written by the script; its ZeRO, precision and batch keys are read from "
              "the flags (import the JSON itself to read them)");
    }

    const int64_t tp = optionalInteger(f, "--tensor-model-parallel-size", 1, kMaxDegree).value_or(1);
    const int64_t pp = optionalInteger(f, "--pipeline-model-parallel-size", 1, kMaxDegree).value_or(1);
    if (pp > 1 && hasFlag(f, { "--no-pipeline-parallel" }))
        io::failAtLine(findFlag(f, { "--no-pipeline-parallel" })->line,
            "--no-pipeline-parallel with --pipeline-model-parallel-size " + paraplan::frameworks::text(pp)
                + ": Megatron-DeepSpeed requires pp 1 without a pipeline");
    const int64_t cp = optionalInteger(f, "--ds-sequence-parallel-size", 1, kMaxDegree).value_or(1);
    if (cp > 1)
        notes.push_back("parallel.cp: DeepSpeed-Ulysses sequence parallelism (--ds-sequence-parallel-size), priced as "
                        "Megatron's context parallelism over the same ranks");

    const ClusterShape shape = clusterOf(launch);
    setCluster(start, shape);
    const int64_t gpus
        = shape.nodes && shape.gpusPerNode ? *shape.nodes * *shape.gpusPerNode : start.base.cluster.gpuCount();
    if (gpus % (tp * pp * cp) != 0)
        io::failAtLine(launch.line,
            "the " + paraplan::frameworks::text(gpus)
                + " GPUs do not divide into tp × pp × sequence "
                  "parallel = "
                + paraplan::frameworks::text(tp * pp * cp) + " (megatron/arguments.py asserts it)");
    const int64_t dp = gpus / (tp * pp * cp);

    nlohmann::json model = modelOf(f, tp, launch.line, notes);
    if (!model.contains("vocab"))
        model["vocab"] = start.base.model.vocab;
    const bool moe = model["moe"]["experts"].get<int64_t>() > 0;
    start.document["model"] = model;

    nlohmann::json& training = start.document["training"];
    const int64_t seqLen = requiredInteger(f, "--seq-length", kMaxCount, launch.line);
    const Batch batch = batchOf(f, ds ? &*ds : nullptr, dp,
        "dp " + paraplan::frameworks::text(dp) + " = " + paraplan::frameworks::text(gpus)
            + " GPUs over tp × pp × sequence parallel " + paraplan::frameworks::text(tp * pp * cp),
        launch.line);
    training["seq_len"] = seqLen;
    training["global_batch"] = batch.global;
    training["micro_batch"] = batch.micro;
    const Precision precision = precisionOf(f, ds ? &*ds : nullptr, start.base, notes);
    training["precision"] = toString(precision);
    for (const char* key :
        { "fp8_recipe", "fp8_attention", "fp8_param_gather", "fp4_recipe", "precision_aware_optimizer" })
        training.erase(key);
    if (precision == Precision::Fp8)
        training.update({ { "fp8_recipe", "delayed" }, { "fp8_attention", false }, { "fp8_param_gather", false } });
    training["flash_attention"] = hasFlag(f,
        { "--use-flash-attn", "--use-flash-attn-v1", "--use-flash-attn-v2", "--use-flash-attn-triton",
            "--use-flash-attn-builder" });
    if (const std::optional<double> tokens = trainTokensOf(f, seqLen, batch.global))
        training["train_tokens"] = *tokens;
    else if (start.base.training.trainTokens)
        notes.emplace_back(
            "training.train_tokens: no --train-tokens, --train-samples or --train-iters; kept from the base");

    int zeroStage = 0;
    const std::optional<int64_t> flagStage = optionalInteger(f, "--zero-stage", 0, 3);
    if (ds && ds->zeroStage && flagStage && *flagStage != *ds->zeroStage)
        io::failAtLine(findFlag(f, { "--zero-stage" })->line,
            "--zero-stage " + paraplan::frameworks::text(*flagStage)
                + " disagrees with the DeepSpeed config's zero_optimization.stage "
                + paraplan::frameworks::text(*ds->zeroStage));
    if (ds)
        zeroStage = ds->zeroStage.value_or(0);
    else if (flagStage)
        zeroStage = int(*flagStage);
    else {
        zeroStage = start.base.parallel.zeroStage;
        notes.push_back("parallel.zero_stage: neither the script nor a DeepSpeed config gives it; kept from the base");
    }
    training["grad_precision"]
        = toString(gradientPrecisionOf(ds ? &*ds : nullptr, precision, zeroStage));
    if (pp > 1 && zeroStage >= 2)
        notes.push_back("parallel.zero_stage " + paraplan::frameworks::text(zeroStage) + " with pp "
            + paraplan::frameworks::text(pp) + ": DeepSpeed's pipeline engine refuses it (runtime/pipe/engine.py)");

    nlohmann::json& parallel = start.document["parallel"];
    const bool overlapComm = ds && ds->overlapComm ? *ds->overlapComm : zeroStage == 3; // DeepSpeedZeroConfig's default
    const int64_t ep = moe ? optionalInteger(f, "--moe-expert-parallel-size", 1, kMaxDegree).value_or(1) : 1;
    const Recompute recompute = recomputeOf(f, ds ? ds->checkpointInterval : 0, notes);
    parallel.update({ { "tp", tp }, { "pp", pp }, { "cp", cp }, { "ep", ep }, { "vpp", 1 },
        { "sequence_parallel", hasFlag(f, { "--sequence-parallel" }) && tp > 1 }, { "recompute", toString(recompute) },
        { "zero_stage", zeroStage }, { "overlap_grad_reduce", overlapComm },
        // ZeRO-3 prefetches parameters under compute when overlap_comm is on; ZeRO-1 and -2
        // gather them at the end of the step.
        { "overlap_param_gather", zeroStage == 3 && overlapComm }, { "tp_comm_overlap", false },
        { "moe_dispatcher", "alltoall" }, { "moe_shared_expert_overlap", false }, { "moe_a2a_overlap", false } });
    for (const char* key : { "dp", "etp", "schedule", "layers_per_stage", "pipeline_layout", "recompute_modules",
             "decoder_first_pipeline_num_layers", "decoder_last_pipeline_num_layers",
             "account_for_embedding_in_pipeline_split", "account_for_loss_in_pipeline_split", "placement" })
        parallel.erase(key);
    if (recompute == Recompute::Selective)
        parallel["recompute_modules"] = { "core_attn" }; // Megatron's selective recomputation: the attention core
    if (moe && tp > 1 && !hasFlag(f, { "--enable-expert-tensor-parallelism" }))
        parallel["etp"] = 1;
    if (hasFlag(f, { "--enable-zbh1-pipeline" }))
        parallel["schedule"] = "zb-h1";
    const int64_t nodes = shape.nodes.value_or(start.base.cluster.nodes);
    const int64_t perNode = shape.gpusPerNode.value_or(start.base.cluster.gpusPerNode);
    if (const std::optional<std::vector<int64_t>> table = rankTableOf(extras, nodes, perNode))
        parallel["placement"] = { { "order", "tp-cp-ep-dp-pp" }, { "rank_to_gpu", *table } };
    noteIgnoredFlags(f, notes);
    return finish(start, "megatron-deepspeed");
}

// A DeepSpeed JSON alone: its batch, ZeRO, precision and pipeline keys; the model, the sequence,
// the cluster and tp/pp come from the base.
Imported importConfigAlone(const std::string& json, const nlohmann::json& base)
{
    Start start = startFrom(base);
    std::vector<std::string>& notes = start.notes;
    const DeepSpeedJson ds = readDeepSpeedJson(json, kConfigFileName, 0);
    notes.insert(notes.end(), ds.notes.begin(), ds.notes.end());
    const Scenario& b = start.base;
    notes.push_back("model: not in a DeepSpeed config; kept from the base: " + modelNameOf(b));
    notes.push_back("cluster: not in a DeepSpeed config; kept from the base: " + clusterNameOf(b));
    notes.emplace_back("parallel: tp, pp, cp, ep, vpp and sequence parallelism are Megatron-DeepSpeed's flags, not "
                       "in the DeepSpeed config; kept from the base");
    notes.emplace_back(
        "training: seq_len, flash_attention and train_tokens are not in a DeepSpeed config; kept from the base");

    const ParallelDegrees& d = b.parallel.degrees;
    const int64_t modelParallel = d.tp * d.pp * d.cp;
    int64_t dp = modelParallel > 0 ? b.cluster.gpuCount() / modelParallel : 0;
    if (dp < 1) {
        dp = 1;
        notes.push_back("parallel.dp: the base's tp × pp × cp = " + text(modelParallel) + " exceed its "
            + text(b.cluster.gpuCount()) + " GPUs; dp 1 assumed for the batch rule");
    }
    nlohmann::json& parallel = start.document["parallel"];
    if (ds.trainBatch && ds.microBatch && ds.accumulation) {
        const int64_t perReplica = *ds.microBatch * *ds.accumulation;
        if (*ds.trainBatch % perReplica != 0)
            throw io::ReadError("train_batch_size",
                "DeepSpeed requires train_batch_size = train_micro_batch_size_per_gpu "
                "× gradient_accumulation_steps × data-parallel size: "
                    + text(*ds.trainBatch) + " is not a multiple of " + text(*ds.microBatch) + " × "
                    + text(*ds.accumulation));
        if (*ds.trainBatch / perReplica != dp) {
            dp = *ds.trainBatch / perReplica;
            parallel["dp"] = dp;
            notes.push_back("parallel.dp " + text(dp)
                + ": train_batch_size / (micro × accumulation); the base's cluster "
                  "and tp × pp × cp make "
                + text(modelParallel > 0 ? b.cluster.gpuCount() / modelParallel : 0));
        }
    }
    const Flags none;
    const Batch batch = batchOf(none, &ds, dp, "dp " + text(dp) + " from the base", 0);
    nlohmann::json& training = start.document["training"];
    training["global_batch"] = batch.global;
    training["micro_batch"] = batch.micro;
    if (ds.precision) {
        training["precision"] = toString(*ds.precision);
        for (const char* key : { "fp8_recipe", "fp8_attention", "fp8_param_gather", "fp4_recipe" })
            training.erase(key);
    } else {
        notes.emplace_back("training.precision: neither bf16 nor fp16 is enabled (DeepSpeed would train in fp32, which "
                           "ParaPlan does not price); kept from the base");
    }
    const int zeroStage = ds.zeroStage.value_or(0);
    training["grad_precision"]
        = toString(gradientPrecisionOf(&ds, ds.precision.value_or(b.training.precision), zeroStage));
    training.erase("precision_aware_optimizer");
    const bool overlapComm = ds.overlapComm.value_or(zeroStage == 3);
    parallel.update({ { "zero_stage", zeroStage }, { "overlap_grad_reduce", overlapComm },
        { "overlap_param_gather", zeroStage == 3 && overlapComm } });
    if (ds.checkpointInterval > 0) {
        parallel["recompute"] = "full";
        parallel.erase("recompute_modules");
    } else {
        notes.emplace_back(
            "parallel.recompute: set by Megatron-DeepSpeed's flags, not the DeepSpeed config; kept from the base");
    }
    return finish(start, "deepspeed");
}

} // namespace

LaunchBundle exportDeepSpeed(const LaunchContext& context)
{
    LaunchBundle bundle;
    if (!frameworkIsDeepSpeeds(context.scenario.framework.name))
        bundle.notes.push_back(std::string("The prediction is for ") + toString(context.scenario.framework.name)
            + ", not DeepSpeed: DeepSpeed runs without the overlaps and schedules it lacks");
    noteModelLimits(context.scenario.model, bundle.notes);
    noteTrainingLimits(context.scenario.training, bundle.notes);
    noteParallelLimits(context, bundle.notes);
    notePlacementLimits(context, bundle.notes);
    const ModelSpec& m = context.scenario.model;
    std::vector<FlagGroup> groups
        = { modelFlags(m, context.scenario.training.seqLen, context.prediction.parallel.degrees.tp, bundle.notes) };
    if (m.gatedMlp && !m.dropout)
        groups.push_back(llamaConventionFlags());
    groups.push_back(trainingFlags(context));
    groups.push_back(parallelFlags(context));
    groups.push_back(optimizerFlags());
    groups.push_back(
        { "DATA_ARGS", "The dataset (Megatron's preprocessed .bin/.idx prefix).", { "--data-path \"$DATA_PATH\"" } });
    const std::string configText = deepSpeedConfig(context).dump(2) + "\n";
    const std::string script = scriptText(context, configText, groups, bundle.notes);
    bundle.files = { { kConfigFileName, configText }, { kScriptFileName, script } };
    return bundle;
}

Imported importDeepSpeed(const std::string& text, const nlohmann::json& base)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '{')
        return importConfigAlone(text, base);
    return importScript(text, base);
}

} // namespace paraplan::frameworks
