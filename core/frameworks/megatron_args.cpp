// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/megatron_args.h"

#include "core/frameworks/command_line.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/rules/pipeline_layout_string.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>

// Flag names, their defaults and their rules are Megatron-LM's at commit d98e8a64
// (megatron/training/arguments.py, megatron/core/transformer/transformer_config.py and
// megatron/core/model_parallel_config.py; the list: tests/data/frameworks/names/megatron_lm_args.txt).
// Every mapping, and why, is in docs/frameworks/megatron.md.
namespace paraplan::frameworks {

namespace {

constexpr const char* kMegatronSource = "NVIDIA/Megatron-LM megatron/training/arguments.py @ d98e8a64";

// ---------------------------------------------------------------------------------------------
// Export.

struct Argument {
    std::string flag;
    std::string value; // shell text, quoted where it needs to be; empty for a flag alone
};

struct ArgumentGroup {
    std::string variable; // the bash array the script keeps them in
    std::string comment;
    std::vector<Argument> arguments;

    void add(const std::string& flag) { arguments.push_back({ flag, {} }); }
    void add(const std::string& flag, int64_t value) { arguments.push_back({ flag, std::to_string(value) }); }
    void add(const std::string& flag, const std::string& value) { arguments.push_back({ flag, shellQuoted(value) }); }
    void addShell(const std::string& flag, const std::string& shellText) { arguments.push_back({ flag, shellText }); }
};

// The shortest decimal that reads back as `value` (Python's float() reads it the same).
std::string decimal(double value)
{
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

// Megatron's --moe-layer-freq list expression for ParaPlan's pattern: `firstDense` dense layers,
// then of the rest layers n-1, 2n-1, ... MoE (Megatron's integer form puts them at 0, n, 2n, ...,
// so the list form is written).
std::string moeLayerPattern(const MoeSpec& moe, int64_t layers)
{
    const int64_t n = std::max<int64_t>(moe.layerFrequency, 1);
    const int64_t first = std::clamp<int64_t>(moe.firstDenseLayers, 0, layers);
    const int64_t rest = layers - first;
    std::vector<std::string> terms;
    if (first > 0)
        terms.push_back("[0]*" + std::to_string(first));
    if (n == 1 && rest > 0)
        terms.push_back("[1]*" + std::to_string(rest));
    else if (rest / n > 0)
        terms.push_back("([0]*" + std::to_string(n - 1) + "+[1])*" + std::to_string(rest / n));
    if (n > 1 && rest % n > 0)
        terms.push_back("[0]*" + std::to_string(rest % n));
    std::string pattern;
    for (const std::string& term : terms)
        pattern += (pattern.empty() ? "" : "+") + term;
    return pattern;
}

// The largest power of two up to Megatron's default 128 that, times tp, divides the vocabulary:
// Megatron pads --vocab-size up to a multiple of --make-vocab-size-divisible-by x tp
// (vocab_size_with_padding), so this keeps the scenario's size and the padding GPU-friendly.
std::optional<int64_t> vocabDivisor(int64_t vocab, int64_t tp)
{
    for (int64_t d = 128; d >= 1; d /= 2)
        if (tp > 0 && vocab % (d * tp) == 0)
            return d;
    return std::nullopt;
}

ArgumentGroup modelArguments(const Scenario& s, std::vector<std::string>& notes)
{
    const ModelSpec& m = s.model;
    ArgumentGroup g{ "MODEL_ARGS", "The model's shape.", {} };
    g.add("--num-layers", m.layers);
    g.add("--hidden-size", m.hidden);
    g.add("--ffn-hidden-size", m.ffnHidden);
    g.add("--num-attention-heads", m.heads);
    if (m.kvHeads != m.heads && !m.mla.enabled()) {
        g.add("--group-query-attention");
        g.add("--num-query-groups", m.kvHeads);
    }
    if (m.headDimension > 0 && !m.mla.enabled())
        g.add("--kv-channels", m.headDimension);
    if (m.gatedMlp)
        g.add("--swiglu");
    // ParaPlan's model does not say how positions are encoded nor which norm is used (neither
    // changes the step time); the gated, MLA and MTP models it knows use RMSNorm and RoPE, the
    // others Megatron's defaults (LayerNorm, learned absolute positions: GPT-3's). MTP needs RoPE.
    if (m.gatedMlp || m.mla.enabled() || m.mtpLayers > 0) {
        g.add("--normalization", std::string("RMSNorm"));
        g.add("--position-embedding-type", std::string("rope"));
    }
    g.add("--max-position-embeddings", s.training.seqLen);
    if (!m.tiedEmbeddings)
        g.add("--untie-embeddings-and-output-weights");
    if (!m.dropout) { // Megatron's default is 0.1 for both
        g.add("--hidden-dropout", std::string("0.0"));
        g.add("--attention-dropout", std::string("0.0"));
    }
    if (m.localAttention.window > 0) {
        g.add("--window-size", "(" + std::to_string(m.localAttention.window) + ",0)");
        if (m.localAttention.globalEvery > 0) // is_layer_window_attention: 1-based layer % n == 0 attends fully
            g.add("--window-attn-skip-freq", m.localAttention.globalEvery);
        if (m.localAttention.chunked)
            notes.push_back("local_attention: Megatron-LM has no chunked attention; written as a sliding window of "
                            + std::to_string(m.localAttention.window) + " tokens");
    }
    if (m.mtpLayers > 0)
        g.add("--mtp-num-layers", m.mtpLayers);
    if (m.mla.absorbed)
        notes.push_back(
            "model.mla.absorbed: Megatron-LM trains the unabsorbed form; the prediction priced the absorbed one");
    return g;
}

ArgumentGroup moeArguments(const Scenario& s, const ParallelSpec& p, std::vector<std::string>& notes)
{
    const ModelSpec& m = s.model;
    const MoeSpec& moe = m.moe;
    ArgumentGroup g{ "MOE_ARGS", "Mixture of experts.", {} };
    g.add("--num-experts", moe.experts);
    g.add("--moe-router-topk", moe.topK);
    g.add("--moe-ffn-hidden-size", moe.expertFfnHidden);
    if (moe.sharedExperts > 0) {
        // Megatron-Core runs the shared experts as one MLP as wide as all of them together.
        g.add("--moe-shared-expert-intermediate-size", moe.sharedExperts * moe.sharedExpertFfnHidden);
        if (moe.sharedExperts > 1 && moe.sharedExpertFfnHidden != moe.expertFfnHidden)
            notes.push_back("model.moe.shared_experts: Megatron-Core runs the " + std::to_string(moe.sharedExperts)
                + " shared experts as one MLP " + std::to_string(moe.sharedExperts * moe.sharedExpertFfnHidden)
                + " wide; read back, that is one shared expert");
    }
    if (moe.firstDenseLayers > 0 || moe.layerFrequency > 1)
        g.add("--moe-layer-freq", moeLayerPattern(moe, m.layers));
    g.add("--moe-token-dispatcher-type", std::string(toString(p.moeDispatcher)));
    if (moe.capacityFactor > 0) {
        g.add("--moe-expert-capacity-factor", decimal(moe.capacityFactor));
        if (moe.padToCapacity)
            g.add("--moe-pad-expert-input-to-capacity");
    }
    if (moe.loadBalancing == LoadBalancing::AuxFree) {
        // Megatron-Core refuses the expert bias with the softmax score (transformer_config.py).
        g.add("--moe-router-enable-expert-bias");
        g.add("--moe-router-score-function", std::string("sigmoid"));
    }
    if (moe.groups > 0)
        g.add("--moe-router-num-groups", moe.groups);
    if (moe.groupTopK > 0)
        g.add("--moe-router-group-topk", moe.groupTopK);
    if (moe.imbalance > 0)
        notes.push_back("model.moe.imbalance: a measured property of the routing, not a Megatron-LM setting");
    return g;
}

ArgumentGroup mlaArguments(const MlaSpec& mla)
{
    ArgumentGroup g{ "MLA_ARGS", "Multi-head latent attention.", {} };
    g.add("--multi-latent-attention");
    if (mla.qLoraRank > 0) // Megatron's default, none, projects the queries directly
        g.add("--q-lora-rank", mla.qLoraRank);
    g.add("--kv-lora-rank", mla.kvLoraRank);
    g.add("--qk-head-dim", mla.qkNopeHeadDim);
    g.add("--qk-pos-emb-head-dim", mla.qkRopeHeadDim);
    g.add("--v-head-dim", mla.vHeadDim);
    return g;
}

ArgumentGroup parallelArguments(const LaunchContext& c, std::vector<std::string>& notes)
{
    const Scenario& s = c.scenario;
    const ParallelSpec& p = c.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    ArgumentGroup g { "PARALLEL_ARGS",
        "Parallelism and the pipeline's layout (dp follows: the GPUs over tp x pp x cp).", {} };
    g.add("--tensor-model-parallel-size", d.tp);
    g.add("--pipeline-model-parallel-size", d.pp);
    g.add("--context-parallel-size", d.cp);
    if (s.model.isMoe() || d.ep > 1)
        g.add("--expert-model-parallel-size", d.ep);
    if (s.parallel.degrees.etp > 0) // left out, Megatron's default is ParaPlan's: as tp
        g.add("--expert-tensor-parallel-size", s.parallel.degrees.etp);
    if (p.sequenceParallel) {
        g.add("--sequence-parallel");
        if (d.tp == 1)
            notes.push_back("parallel.sequence_parallel: Megatron-LM turns it off at tp 1");
    }
    const ParallelSpec& asGiven = s.parallel;
    if (!asGiven.layersPerStage.empty())
        g.add("--pipeline-model-parallel-layout", formatPipelineLayout(asGiven.layersPerStage, s.model.mtpLayers));
    else if (d.vpp > 1)
        g.add("--num-virtual-stages-per-pipeline-rank", d.vpp);
    if (asGiven.firstStageLayers)
        g.add("--decoder-first-pipeline-num-layers", *asGiven.firstStageLayers);
    if (asGiven.lastStageLayers)
        g.add("--decoder-last-pipeline-num-layers", *asGiven.lastStageLayers);
    if (asGiven.embeddingAsLayer)
        g.add("--account-for-embedding-in-pipeline-split");
    if (asGiven.lossAsLayer)
        g.add("--account-for-loss-in-pipeline-split");
    const RankOrder pipelineBeforeData { ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Pp,
        ParallelDim::Dp };
    if (p.placement.order == pipelineBeforeData) // initialize.py: order tp-cp-ep-pp-dp
        g.add("--use-tp-pp-dp-mapping");
    else if (p.placement.order != kMegatronOrder)
        notes.push_back("parallel.placement.order " + toString(p.placement.order)
                        + ": Megatron-LM orders ranks tp-cp-ep-dp-pp or (--use-tp-pp-dp-mapping) tp-cp-ep-pp-dp only");
    if (p.placement.table)
        notes.push_back("parallel.placement.rank_to_gpu: Megatron-LM has no flag for a rank table; launch with the "
                        "env or slurm export, whose per-node CUDA_VISIBLE_DEVICES order puts each rank on its GPU");
    if (c.prediction.schedule != PipelineSchedule::OneFOneB
        && c.prediction.schedule != PipelineSchedule::Interleaved1F1B)
        notes.push_back(std::string("parallel.schedule ") + toString(c.prediction.schedule)
                        + ": Megatron-LM runs 1F1B and interleaved 1F1B only; this launch runs "
                        + (d.vpp > 1 ? "interleaved 1F1B" : "1F1B") + ", not the schedule priced");
    if (p.degrees.dp > 0 && d.ranks() != s.cluster.gpuCount())
        notes.push_back("parallel.dp " + std::to_string(d.dp)
            + ": Megatron-LM takes dp from the GPUs it is launched on (" + std::to_string(s.cluster.gpuCount())
            + " here, not " + std::to_string(d.ranks()) + ")");
    return g;
}

ArgumentGroup batchArguments(const Scenario& s, std::vector<std::string>& notes)
{
    const TrainingSpec& t = s.training;
    ArgumentGroup g{ "BATCH_ARGS", "Batch, sequence and training length.", {} };
    g.add("--micro-batch-size", t.microBatch);
    g.add("--global-batch-size", t.globalBatch);
    g.add("--seq-length", t.seqLen);
    const double tokensPerStep = double(t.globalBatch) * double(t.seqLen);
    const std::optional<double> budget = tokenBudget(t);
    if (budget && *budget > 0 && tokensPerStep > 0) {
        const double steps = std::ceil(*budget / tokensPerStep);
        g.add("--train-iters", int64_t(steps));
        if (steps * tokensPerStep != *budget)
            notes.push_back("training.train_tokens " + decimal(*budget) + ": Megatron-LM counts whole steps of "
                            + decimal(tokensPerStep) + " tokens; --train-iters " + decimal(steps) + " trains "
                            + decimal(steps * tokensPerStep));
    } else
        notes.push_back(
            "training.train_tokens is not set: add --train-iters (or --train-samples), which Megatron-LM needs");
    return g;
}

ArgumentGroup precisionArguments(const TrainingSpec& t, std::vector<std::string>& notes)
{
    ArgumentGroup g{ "PRECISION_ARGS", "Precision.", {} };
    g.add(t.precision == Precision::Fp16 ? "--fp16" : "--bf16");
    if (t.precision == Precision::Fp8) {
        g.add("--fp8-format", std::string("hybrid")); // E4M3 forward, E5M2 gradients
        g.add("--fp8-recipe", std::string(toString(t.fp8Recipe)));
        if (t.fp8ParamGather)
            g.add("--fp8-param-gather");
        if (t.fp8Attention)
            notes.push_back(
                "training.fp8_attention: Megatron-LM has no flag for FP8 attention (fp8_dot_product_attention "
                "is not on its command line)");
    }
    if (t.precision == Precision::Fp4) {
        g.add("--fp4-format", std::string("e2m1"));
        if (t.fp4Recipe == Fp4Recipe::Nvfp4)
            g.add("--fp4-recipe", std::string("nvfp4"));
        else
            notes.push_back("training.fp4_recipe mxfp4: Megatron-LM's --fp4-recipe offers nvfp4 only");
    }
    // Megatron-LM reduces an fp16 run's gradients in fp16 and a bf16 run's in fp32 unless told
    // otherwise (megatron/training/arguments.py, "Parameters dtype").
    if (t.precision == Precision::Fp16) {
        if (t.gradPrecision == GradPrecision::Fp32)
            g.add("--accumulate-allreduce-grads-in-fp32");
        else if (t.gradPrecision == GradPrecision::Bf16)
            notes.push_back("training.grad_precision bf16: Megatron-LM reduces an fp16 run's 16-bit gradients in fp16");
    } else if (t.gradPrecision != GradPrecision::Fp32) {
        g.add("--grad-reduce-in-bf16");
        if (t.gradPrecision == GradPrecision::Fp16)
            notes.push_back("training.grad_precision fp16: Megatron-LM reduces a bf16 run's 16-bit gradients in bf16");
    }
    if (const std::optional<PrecisionAwareOptimizer>& o = t.precisionAwareOptimizer) {
        g.add("--use-precision-aware-optimizer");
        g.add("--main-params-dtype", std::string(toString(o->mainParams)));
        g.add("--exp-avg-dtype", std::string(toString(o->expAvg)));
        g.add("--exp-avg-sq-dtype", std::string(toString(o->expAvgSq)));
        if (!o->paramRemainders)
            notes.push_back("training.precision_aware_optimizer.param_remainders false: Megatron-Core stores the "
                            "remainders whenever Transformer Engine >= 2.1 allows; no flag turns that off");
    }
    return g;
}

ArgumentGroup recomputeArguments(const ParallelSpec& p)
{
    ArgumentGroup g{ "RECOMPUTE_ARGS", "Activation recomputation.", {} };
    if (p.recompute == Recompute::Selective) {
        g.add("--recompute-granularity", std::string("selective"));
        std::string modules;
        for (RecomputeModule module : kRecomputeModules)
            if (p.recomputeModules.has(module))
                modules += (modules.empty() ? "" : " ") + std::string(toString(module));
        g.addShell("--recompute-modules", modules);
    } else if (p.recompute == Recompute::Full) {
        // Every layer checkpointed on its own: ParaPlan's full recomputation.
        g.add("--recompute-granularity", std::string("full"));
        g.add("--recompute-method", std::string("uniform"));
        g.add("--recompute-num-layers", int64_t(1));
    }
    return g;
}

ArgumentGroup shardingArguments(const ParallelSpec& p)
{
    ArgumentGroup g { "SHARDING_ARGS", "Optimizer and gradient sharding (ZeRO " + std::to_string(p.zeroStage) + ").",
        {} };
    if (p.zeroStage == 1)
        g.add("--use-distributed-optimizer");
    else if (p.zeroStage >= 2) {
        // Megatron-FSDP: optim_grads shards optimizer states and gradients (ZeRO-2), optim_grads_params
        // the weights too (ZeRO-3); it checkpoints only in the fsdp_dtensor format.
        g.add("--use-megatron-fsdp");
        g.add(
            "--data-parallel-sharding-strategy", std::string(p.zeroStage == 2 ? "optim_grads" : "optim_grads_params"));
        g.add("--ckpt-format", std::string("fsdp_dtensor"));
    }
    return g;
}

ArgumentGroup overlapArguments(const ParallelSpec& p, std::vector<std::string>& notes)
{
    ArgumentGroup g{ "OVERLAP_ARGS", "Communication overlapped with compute.", {} };
    if (p.overlapGradReduce)
        g.add("--overlap-grad-reduce");
    if (p.overlapParamGather) {
        // validate_args: only with a sharded optimizer, and only beside --overlap-grad-reduce.
        if (p.zeroStage >= 1 && p.overlapGradReduce)
            g.add("--overlap-param-gather");
        else
            notes.push_back(
                "parallel.overlap_param_gather: Megatron-LM overlaps the parameter gather only with a sharded "
                "optimizer (zero_stage >= 1) and --overlap-grad-reduce; left out");
    }
    if (p.tpCommOverlap) {
        g.add("--tp-comm-overlap");
        if (!p.sequenceParallel)
            notes.push_back("parallel.tp_comm_overlap: Megatron-LM refuses it without sequence parallelism");
    }
    if (p.moeSharedExpertOverlap)
        g.add("--moe-shared-expert-overlap");
    if (p.moeA2aOverlap)
        g.add("--overlap-moe-expert-parallel-comm");
    return g;
}

ArgumentGroup kernelArguments(const Scenario& s)
{
    ArgumentGroup g{ "KERNEL_ARGS", "Attention kernel and CUDA graphs.", {} };
    // auto lets Transformer Engine pick its flash or cuDNN fused kernel; unfused stores the scores.
    g.add("--attention-backend", std::string(s.training.flashAttention ? "auto" : "unfused"));
    if (s.framework.cudaGraphs)
        g.add("--cuda-graph-impl", std::string("local"));
    return g;
}

ArgumentGroup dataArguments(const LaunchContext& c, std::vector<std::string>& notes)
{
    const int64_t vocab = c.scenario.model.vocab;
    const int64_t tp = c.prediction.parallel.degrees.tp;
    ArgumentGroup g{ "DATA_ARGS",
                     "Synthetic tokens, enough to time the step. To train, replace them with --data-path and your "
                     "tokenizer: the vocabulary is then the tokenizer's, padded to a multiple of "
                     "--make-vocab-size-divisible-by x tp.",
                     {} };
    g.add("--mock-data");
    g.add("--tokenizer-type", std::string("NullTokenizer"));
    g.add("--vocab-size", vocab);
    const std::optional<int64_t> divisor = vocabDivisor(vocab, tp);
    g.add("--make-vocab-size-divisible-by", divisor.value_or(1));
    if (!divisor)
        notes.push_back("model.vocab " + std::to_string(vocab) + " does not divide by tp " + std::to_string(tp)
                        + ": Megatron-LM pads it to " + std::to_string((vocab + tp - 1) / tp * tp));
    return g;
}

std::vector<ArgumentGroup> argumentGroups(const LaunchContext& c, std::vector<std::string>& notes)
{
    const Scenario& s = c.scenario;
    const ParallelSpec& p = c.prediction.parallel;
    if (s.framework.name != Framework::MegatronCore)
        notes.push_back(std::string("the prediction was for framework ") + toString(s.framework.name)
                        + "; this launch runs today's Megatron-LM (Megatron-Core), whose defaults differ");
    std::vector<ArgumentGroup> groups;
    groups.push_back(modelArguments(s, notes));
    if (s.model.isMoe())
        groups.push_back(moeArguments(s, p, notes));
    if (s.model.mla.enabled())
        groups.push_back(mlaArguments(s.model.mla));
    groups.push_back(parallelArguments(c, notes));
    groups.push_back(batchArguments(s, notes));
    groups.push_back(precisionArguments(s.training, notes));
    groups.push_back(recomputeArguments(p));
    groups.push_back(shardingArguments(p));
    groups.push_back(overlapArguments(p, notes));
    groups.push_back(kernelArguments(s));
    groups.push_back(dataArguments(c, notes));
    ArgumentGroup training{ "TRAINING_ARGS",
                            "Not ParaPlan's to decide (they do not change the step): the learning rate Megatron-LM "
                            "needs, and the throughput in its log lines.",
                            {} };
    training.addShell("--lr", "\"${LR:?set LR to the peak learning rate}\"");
    training.add("--log-throughput");
    groups.push_back(training);
    std::erase_if(groups, [](const ArgumentGroup& g) { return g.arguments.empty(); });
    return groups;
}

std::string argumentText(const Argument& a) { return a.value.empty() ? a.flag : a.flag + " " + a.value; }

// Megatron asserts CUDA_DEVICE_MAX_CONNECTIONS=1 with tp or cp > 1 before Blackwell (validate_args),
// except with FSDP, which refuses it, and the MoE overlap, which wants more.
std::string connectionsLine(const ParallelSpec& p)
{
    const bool splitsLayers = p.degrees.tp > 1 || p.degrees.cp > 1;
    if (p.zeroStage >= 2)
        return "unset CUDA_DEVICE_MAX_CONNECTIONS # Megatron-FSDP refuses CUDA_DEVICE_MAX_CONNECTIONS=1\n";
    if (splitsLayers && !p.moeA2aOverlap)
        return "export CUDA_DEVICE_MAX_CONNECTIONS=1 # Megatron-LM asserts it with tp or cp > 1 (before Blackwell)\n";
    return {};
}

std::string launchScript(
    const LaunchContext& c, const std::vector<ArgumentGroup>& groups, const std::vector<std::string>& notes)
{
    const ClusterSpec& cluster = c.scenario.cluster;
    std::string text = "#!/bin/bash\n" + commentBlock(c.header, "# ");
    text += "#\n# Megatron-LM's pretrain_gpt.py on NNODES x GPUS_PER_NODE GPUs: run this script on every node with\n"
            "# NODE_RANK set (0 on the node at MASTER_ADDR). Flags: "
            + std::string(kMegatronSource) + ".\n";
    if (!notes.empty()) {
        text += "# What these flags do not say as ParaPlan planned it:\n";
        for (const std::string& note : notes)
            text += "#   - " + note + "\n";
    }
    text += "set -euo pipefail\n\n" + connectionsLine(c.prediction.parallel);
    text += "GPUS_PER_NODE=" + std::to_string(cluster.gpusPerNode) + "\nNNODES=" + std::to_string(cluster.nodes)
            + "\nNODE_RANK=${NODE_RANK:-0}\nMASTER_ADDR=${MASTER_ADDR:-localhost}\nMASTER_PORT=${MASTER_PORT:-6000}\n";
    for (const ArgumentGroup& group : groups) {
        text += "\n# " + group.comment + "\n" + group.variable + "=(\n";
        for (const Argument& argument : group.arguments)
            text += "    " + argumentText(argument) + "\n";
        text += ")\n";
    }
    std::string arrays;
    for (const ArgumentGroup& group : groups)
        arrays += " \\\n    \"${" + group.variable + "[@]}\"";
    text += "\ntorchrun \\\n    --nproc_per_node \"$GPUS_PER_NODE\" \\\n    --nnodes \"$NNODES\" \\\n"
            "    --node_rank \"$NODE_RANK\" \\\n    --master_addr \"$MASTER_ADDR\" \\\n    --master_port "
            "\"$MASTER_PORT\" \\\n"
            "    pretrain_gpt.py"
        + arrays + "\n";
    std::string commentedArrays;
    for (const ArgumentGroup& group : groups)
        commentedArrays += " \\\n#     \"${" + group.variable + "[@]}\"";
    text += "\n# The same under Slurm, one task per GPU, from inside an allocation of NNODES nodes (Megatron-LM reads\n"
            "# RANK, LOCAL_RANK and WORLD_SIZE; srun sets SLURM_PROCID, SLURM_LOCALID and SLURM_NTASKS):\n"
            "# export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1) MASTER_PORT\n"
            "# srun --nodes=\"$NNODES\" --ntasks-per-node=\"$GPUS_PER_NODE\" --gpus-per-node=\"$GPUS_PER_NODE\" \\\n"
            "#     bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS exec python "
            "pretrain_gpt.py \"$@\"' \\\n"
            "#     _"
        + commentedArrays + "\n";
    return text;
}

// ---------------------------------------------------------------------------------------------
// Import: the flags of the invocation.

struct Flag {
    std::string name;
    int line = 0;
    std::vector<ShellWord> values;
};

// pretrain_gpt.py's words after the script, as argparse groups them: each flag with the words up to
// the next flag ("--flag=value" holds its value); the last of a repeated flag wins.
class MegatronFlags {
public:
    explicit MegatronFlags(const std::vector<ShellWord>& words)
    {
        for (const ShellWord& word : words) {
            if (isFlag(word.text)) {
                Flag flag{ word.text, word.line, {} };
                if (const size_t equals = word.text.find('='); equals != std::string::npos) {
                    flag.name = word.text.substr(0, equals);
                    ShellWord value = word;
                    value.text = word.text.substr(equals + 1);
                    flag.values.push_back(std::move(value));
                }
                m_last[flag.name] = m_flags.size();
                m_flags.push_back(std::move(flag));
            } else if (!m_flags.empty())
                m_flags.back().values.push_back(word);
        }
    }

    [[nodiscard]] bool present(const std::string& name)
    {
        const Flag* flag = find(name);
        if (!flag)
            return false;
        for (const ShellWord& value : flag->values)
            if (!value.onlyUnresolved)
                io::failAtLine(value.line, name + " takes no value, but \"" + value.text + "\" follows it");
        return true;
    }
    [[nodiscard]] std::optional<std::string> text(const std::string& name)
    {
        const Flag* flag = find(name);
        return flag ? std::optional<std::string>(single(*flag).text) : std::nullopt;
    }
    [[nodiscard]] std::optional<int64_t> integer(const std::string& name, int64_t minimum)
    {
        const Flag* flag = find(name);
        if (!flag)
            return std::nullopt;
        const ShellWord& value = single(*flag);
        int64_t v = 0;
        const char* begin = value.text.data() + (value.text.starts_with('+') ? 1 : 0);
        const auto [end, error] = std::from_chars(begin, value.text.data() + value.text.size(), v);
        if (error == std::errc::result_out_of_range)
            io::failAtLine(value.line, name + " " + value.text + " is too large");
        if (error != std::errc() || end != value.text.data() + value.text.size() || value.text.empty())
            io::failAtLine(value.line, name + " takes a whole number; got \"" + value.text + "\"");
        if (v < minimum)
            io::failAtLine(value.line, name + " must be at least " + std::to_string(minimum) + "; got " + value.text);
        return v;
    }
    [[nodiscard]] std::optional<double> number(const std::string& name, double minimum, double maximum)
    {
        const Flag* flag = find(name);
        if (!flag)
            return std::nullopt;
        const ShellWord& value = single(*flag);
        double v = 0;
        const auto [end, error] = std::from_chars(value.text.data(), value.text.data() + value.text.size(), v);
        if (error != std::errc() || end != value.text.data() + value.text.size() || !std::isfinite(v))
            io::failAtLine(value.line, name + " takes a number; got \"" + value.text + "\"");
        if (v < minimum || v > maximum)
            io::failAtLine(
                value.line, name + " " + value.text + " is outside " + decimal(minimum) + " to " + decimal(maximum));
        return v;
    }
    // One of `allowed`, as written.
    [[nodiscard]] std::optional<std::string> choice(const std::string& name, std::initializer_list<const char*> allowed)
    {
        const Flag* flag = find(name);
        if (!flag)
            return std::nullopt;
        const ShellWord& value = single(*flag);
        std::string list;
        for (const char* a : allowed) {
            if (value.text == a)
                return value.text;
            list += (list.empty() ? "" : ", ") + std::string(a);
        }
        io::failAtLine(value.line, name + " \"" + value.text + "\" is not one of Megatron-LM's choices: " + list);
    }
    // nargs='+': one or more words.
    [[nodiscard]] std::optional<std::vector<std::string>> list(const std::string& name)
    {
        const Flag* flag = find(name);
        if (!flag)
            return std::nullopt;
        std::vector<std::string> words;
        for (const ShellWord& value : flag->values) {
            if (value.onlyUnresolved)
                continue;
            requireResolved(name, value);
            words.push_back(value.text);
        }
        if (words.empty())
            io::failAtLine(flag->line, name + " needs at least one value");
        return words;
    }
    [[nodiscard]] int lineOf(const std::string& name) const
    {
        const auto found = m_last.find(name);
        return found == m_last.end() ? 0 : m_flags[found->second].line;
    }
    [[nodiscard]] bool given(const std::string& name) const { return m_last.contains(name); }
    // Every flag the reading never asked for, in the order given.
    [[nodiscard]] std::vector<std::string> unread() const
    {
        std::vector<std::string> names;
        for (const Flag& flag : m_flags)
            if (!m_read.contains(flag.name) && std::find(names.begin(), names.end(), flag.name) == names.end())
                names.push_back(flag.name);
        return names;
    }

private:
    static bool isFlag(const std::string& word)
    {
        return word.size() > 2 && word.starts_with("--");
    }
    const Flag* find(const std::string& name)
    {
        m_read.insert(name);
        const auto found = m_last.find(name);
        return found == m_last.end() ? nullptr : &m_flags[found->second];
    }
    static void requireResolved(const std::string& name, const ShellWord& value)
    {
        if (!value.resolved())
            io::failAtLine(value.line,
                name + "'s value uses " + value.unresolved
                    + ", which the script does not set; set it in the script or write the value");
    }
    static const ShellWord& single(const Flag& flag)
    {
        std::vector<const ShellWord*> values;
        for (const ShellWord& value : flag.values)
            values.push_back(&value);
        while (values.size() > 1 && values.back()->onlyUnresolved) // empty at run time: bash drops them
            values.pop_back();
        if (values.empty())
            io::failAtLine(flag.line, flag.name + " needs a value");
        if (values.size() > 1)
            io::failAtLine(values[1]->line, flag.name + " takes one value, but \"" + values[1]->text + "\" follows \""
                                                + values[0]->text + "\"");
        requireResolved(flag.name, *values[0]);
        return *values[0];
    }

    std::vector<Flag> m_flags;
    std::map<std::string, size_t> m_last;
    std::set<std::string> m_read;
};

// ---------------------------------------------------------------------------------------------
// Import: finding the invocation and its launcher.

struct Invocation {
    std::vector<ShellWord> launcher; // the words before the script
    std::vector<ShellWord> arguments;
    int line = 0;
};

bool isPretrainScript(const std::string& word)
{
    const std::string name = word.substr(word.find_last_of('/') == std::string::npos ? 0 : word.find_last_of('/') + 1);
    return name.starts_with("pretrain_") && name.ends_with(".py") && name.size() > 12
        && std::all_of(name.begin(), name.end() - 3,
            [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool mentionsPretrainScript(const std::string& text)
{
    const size_t at = text.find("pretrain_");
    return at != std::string::npos && text.find(".py", at) != std::string::npos;
}

// A command that runs pretrain_*.py; else one inside a word (bash -c "...") or a string variable that
// the script runs later (TRAINING_CMD="... python pretrain_gpt.py ..."); else the command passing
// the most of Megatron's model flags, for a bare command line.
std::optional<Invocation> invocationIn(const ShellScript& script, std::vector<std::string>& notes, int depth)
{
    std::vector<Invocation> found;
    for (const ShellCommand& command : script.commands)
        for (size_t i = 0; i < command.words.size(); ++i)
            if (isPretrainScript(command.words[i].text)) {
                found.push_back({ { command.words.begin(), command.words.begin() + ptrdiff_t(i) },
                                  { command.words.begin() + ptrdiff_t(i) + 1, command.words.end() }, command.line() });
                break;
            }
    if (!found.empty()) {
        if (found.size() > 1)
            notes.push_back("the script runs pretrain_*.py " + std::to_string(found.size())
                + " times; read the first, at line " + std::to_string(found.front().line));
        return found.front();
    }
    if (depth >= 2)
        return std::nullopt;
    for (const ShellCommand& command : script.commands)
        for (const ShellWord& word : command.words)
            if (mentionsPretrainScript(word.text) && word.text.find(' ') != std::string::npos)
                if (auto inner
                    = invocationIn(readShellScript(word.text, script.variables, word.line), notes, depth + 1))
                    return inner;
    for (auto name = script.assignmentOrder.rbegin(); name != script.assignmentOrder.rend(); ++name) {
        const auto value = script.variables.find(*name);
        if (value == script.variables.end() || value->second.size() != 1
            || !mentionsPretrainScript(value->second[0].text))
            continue;
        if (auto inner = invocationIn(
                readShellScript(value->second[0].text, script.variables, value->second[0].line), notes, depth + 1)) {
            notes.push_back("the command that runs pretrain_*.py is the value of " + *name + " (line "
                            + std::to_string(value->second[0].line) + ")");
            return inner;
        }
    }
    const ShellCommand* best = nullptr;
    size_t bestCount = 0;
    for (const ShellCommand& command : script.commands) {
        const size_t count = size_t(std::count_if(command.words.begin(), command.words.end(), [](const ShellWord& w) {
            return w.text == "--num-layers" || w.text == "--hidden-size" || w.text == "--tensor-model-parallel-size"
                   || w.text.starts_with("--num-layers=") || w.text.starts_with("--hidden-size=");
        }));
        if (count > bestCount) {
            best = &command;
            bestCount = count;
        }
    }
    if (!best)
        return std::nullopt;
    const auto firstFlag = std::find_if(best->words.begin(), best->words.end(),
                                        [](const ShellWord& w) { return w.text.starts_with("--"); });
    return Invocation{ { best->words.begin(), firstFlag }, { firstFlag, best->words.end() }, best->line() };
}

// What the launcher says of the cluster: nodes and processes (= GPUs) per node.
struct LaunchShape {
    std::optional<int64_t> nodes;
    std::optional<int64_t> gpusPerNode;
};

std::optional<int64_t> positiveCount(const ShellWord& word, const std::string& flag, std::vector<std::string>& notes)
{
    if (!word.resolved()) {
        notes.push_back("cluster: " + flag + " is " + word.unresolved + ", set when the job starts");
        return std::nullopt;
    }
    int64_t v = 0;
    const auto [end, error] = std::from_chars(word.text.data(), word.text.data() + word.text.size(), v);
    if (error == std::errc() && end == word.text.data() + word.text.size() && v >= 1)
        return v;
    notes.push_back("cluster: " + flag + " \"" + word.text + "\" is not a count of the launch's own");
    return std::nullopt;
}

LaunchShape launchShape(const std::vector<ShellWord>& launcher, std::vector<std::string>& notes)
{
    LaunchShape shape;
    // Each launcher's flag and the value after it or after '='.
    auto valueOf = [&](size_t& i, const std::string& name) -> std::optional<ShellWord> {
        const std::string& word = launcher[i].text;
        if (word.starts_with(name + "=")) {
            ShellWord value = launcher[i];
            value.text = word.substr(name.size() + 1);
            return value;
        }
        if (word == name && i + 1 < launcher.size())
            return launcher[++i];
        return std::nullopt;
    };
    // torchrun (and torch.distributed.launch), DeepSpeed's launcher, srun.
    const std::vector<std::string> perNode
        = { "--nproc_per_node", "--nproc-per-node", "--num_gpus", "--ntasks-per-node" };
    const std::vector<std::string> nodes = { "--nnodes", "--num_nodes", "--nodes", "-N" };
    for (size_t i = 0; i < launcher.size(); ++i) {
        for (const std::string& flag : perNode)
            if (std::optional<ShellWord> v = valueOf(i, flag)) {
                shape.gpusPerNode = positiveCount(*v, flag, notes);
                break;
            }
        for (const std::string& flag : nodes)
            if (std::optional<ShellWord> v = valueOf(i, flag)) {
                ShellWord count = *v;
                if (const size_t colon = count.text.find(':'); colon != std::string::npos && count.resolved()) {
                    notes.push_back("cluster: " + flag + " " + count.text + " is an elastic range; read its maximum");
                    count.text = count.text.substr(colon + 1);
                }
                shape.nodes = positiveCount(count, flag, notes);
                break;
            }
    }
    return shape;
}

// ---------------------------------------------------------------------------------------------
// Import: the scenario.

// What the reading keeps from the base, by section, for the notes.
struct Kept {
    std::map<std::string, std::vector<std::string>> bySection;
    void add(const std::string& section, const std::string& what) { bySection[section].push_back(what); }
};

struct Reading {
    MegatronFlags& flags;
    const Scenario& base;
    std::vector<std::string>& notes;
    Kept kept;
};

// --moe-layer-freq's list expression (arguments.py _eval_pattern allows digits , [ ] ( ) + *):
// a sum of terms, each a list literal or a parenthesised sum, times counts; at most kLimit long.
class LayerPattern {
public:
    explicit LayerPattern(std::string_view text) : m_text(text) {}

    std::optional<std::vector<int>> value()
    {
        std::optional<std::vector<int>> v = sum(0);
        return v && m_pos == m_text.size() ? v : std::nullopt;
    }

private:
    bool take(char c)
    {
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    std::optional<int64_t> count()
    {
        int64_t v = 0;
        const auto [end, error] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_text.size(), v);
        if (error != std::errc())
            return std::nullopt;
        m_pos = size_t(end - m_text.data());
        return v;
    }
    std::optional<std::vector<int>> sum(int depth)
    {
        std::vector<int> all;
        do {
            std::optional<std::vector<int>> term = product(depth);
            if (!term || all.size() + term->size() > size_t(kLimit))
                return std::nullopt;
            all.insert(all.end(), term->begin(), term->end());
        } while (take('+'));
        return all;
    }
    std::optional<std::vector<int>> product(int depth)
    {
        std::optional<std::vector<int>> base;
        if (depth > 16)
            return std::nullopt;
        if (take('(')) {
            base = sum(depth + 1);
            if (!take(')'))
                return std::nullopt;
        } else if (take('[')) {
            base.emplace();
            do {
                const std::optional<int64_t> v = count();
                if (!v || (*v != 0 && *v != 1))
                    return std::nullopt;
                base->push_back(int(*v));
            } while (take(','));
            if (!take(']'))
                return std::nullopt;
        } else
            return std::nullopt;
        while (base && take('*')) {
            const std::optional<int64_t> times = count();
            if (!times || *times < 0 || (*times > 0 && base->size() > size_t(kLimit) / size_t(*times)))
                return std::nullopt;
            std::vector<int> repeated;
            for (int64_t i = 0; i < *times; ++i)
                repeated.insert(repeated.end(), base->begin(), base->end());
            base = std::move(repeated);
        }
        return base;
    }

    static constexpr int64_t kLimit = 1 << 20;
    std::string_view m_text;
    size_t m_pos = 0;
};

// ParaPlan's first dense layers and MoE frequency from Megatron's MoE pattern (1 = MoE): exact when
// the pattern is k dense layers, then MoE at n-1, 2n-1, ... of the rest.
void readMoePattern(const std::vector<int>& pattern, nlohmann::json& moe, std::vector<std::string>& notes)
{
    std::vector<int64_t> moeLayers;
    for (size_t i = 0; i < pattern.size(); ++i)
        if (pattern[i] == 1)
            moeLayers.push_back(int64_t(i));
    if (moeLayers.empty()) {
        notes.push_back("model.moe: --moe-layer-freq makes no layer MoE; read as every layer MoE");
        return;
    }
    const int64_t n = moeLayers.size() > 1 ? moeLayers[1] - moeLayers[0] : 1;
    const int64_t first = std::max<int64_t>(moeLayers[0] - (n - 1), 0);
    std::vector<int> expected(pattern.size(), 0);
    for (int64_t i = first; i < int64_t(pattern.size()); ++i)
        expected[size_t(i)] = (i - first + 1) % n == 0 ? 1 : 0;
    if (expected != pattern)
        notes.push_back("model.moe: --moe-layer-freq's pattern is not k dense layers then every n-th MoE; read as "
                        + std::to_string(first) + " dense layers, then every " + std::to_string(n) + "th MoE");
    moe["first_dense_layers"] = first;
    moe["layer_frequency"] = n;
}

nlohmann::json readMoe(Reading& r, int64_t layers, int64_t ffnHidden)
{
    MegatronFlags& f = r.flags;
    nlohmann::json moe = { { "experts", 0 }, { "top_k", 0 }, { "expert_ffn_hidden", 0 } };
    const std::optional<int64_t> experts = f.integer("--num-experts", 1);
    if (!experts)
        return moe;
    const int64_t expertWidth = f.integer("--moe-ffn-hidden-size", 1).value_or(ffnHidden);
    moe["experts"] = *experts;
    moe["top_k"] = f.integer("--moe-router-topk", 1).value_or(2); // TransformerConfig.moe_router_topk
    moe["expert_ffn_hidden"] = expertWidth;
    if (const std::optional<int64_t> shared = f.integer("--moe-shared-expert-intermediate-size", 1)) {
        const bool asRouted = *shared % expertWidth == 0;
        moe["shared_experts"] = asRouted ? *shared / expertWidth : 1;
        moe["shared_expert_ffn_hidden"] = asRouted ? expertWidth : *shared;
    }
    if (f.given("--moe-layer-freq")) {
        const std::string text = *f.text("--moe-layer-freq");
        const int line = f.lineOf("--moe-layer-freq");
        if (text.find('[') != std::string::npos) {
            const std::optional<std::vector<int>> pattern = LayerPattern(text).value();
            if (!pattern)
                io::failAtLine(line, "--moe-layer-freq \"" + text + "\" is not a list expression of 0s and 1s "
                                     "(digits , [ ] ( ) + * only)");
            if (int64_t(pattern->size()) != layers)
                io::failAtLine(line, "--moe-layer-freq's pattern has " + std::to_string(pattern->size())
                                         + " layers; --num-layers is " + std::to_string(layers));
            readMoePattern(*pattern, moe, r.notes);
        } else if (const std::optional<int64_t> n = f.integer("--moe-layer-freq", 1); *n > 1) {
            // gpt_layer_specs.py: layer i is MoE when i % n == 0, so layers 0, n, 2n, ...
            moe["layer_frequency"] = *n;
            r.notes.push_back("model.moe: --moe-layer-freq " + std::to_string(*n) + " makes layers 0, "
                + std::to_string(*n) + ", ... MoE; ParaPlan places them at " + std::to_string(*n - 1)
                + ", ...: as many MoE layers when --num-layers divides by it");
        }
    }
    moe["load_balancing"] = f.present("--moe-router-enable-expert-bias") ? "aux_free" : "aux_loss";
    (void)f.choice("--moe-router-score-function", { "softmax", "sigmoid", "sqrtsoftplus" }); // the bias needs sigmoid
    if (r.base.model.isMoe() && r.base.model.moe.imbalance > 0) {
        moe["imbalance"] = r.base.model.moe.imbalance;
        r.kept.add("model", "moe.imbalance " + decimal(r.base.model.moe.imbalance) + " (measured, no flag)");
    }
    if (const std::optional<double> capacity = f.number("--moe-expert-capacity-factor", 0, 1e6);
        capacity && *capacity > 0) {
        moe["capacity_factor"] = *capacity;
        moe["pad_to_capacity"] = f.present("--moe-pad-expert-input-to-capacity");
    }
    const std::optional<int64_t> groups = f.integer("--moe-router-num-groups", 1);
    const std::optional<int64_t> groupTopK = f.integer("--moe-router-group-topk", 1);
    if (groups || groupTopK) {
        moe["groups"] = groups.value_or(0);
        moe["group_top_k"] = groupTopK.value_or(0);
    }
    return moe;
}

std::optional<nlohmann::json> readMla(MegatronFlags& f)
{
    if (!f.present("--multi-latent-attention"))
        return std::nullopt;
    // arguments.py's defaults: no query LoRA, kv 32, qk 128, rope 64, v 128.
    return nlohmann::json{ { "q_lora_rank", f.integer("--q-lora-rank", 1).value_or(0) },
                           { "kv_lora_rank", f.integer("--kv-lora-rank", 1).value_or(32) },
                           { "qk_nope_head_dim", f.integer("--qk-head-dim", 1).value_or(128) },
                           { "qk_rope_head_dim", f.integer("--qk-pos-emb-head-dim", 0).value_or(64) },
                           { "v_head_dim", f.integer("--v-head-dim", 1).value_or(128) },
                           { "absorbed", false } };
}

std::optional<nlohmann::json> readLocalAttention(MegatronFlags& f, int64_t layers)
{
    const std::optional<std::string> window = f.text("--window-size");
    if (!window)
        return std::nullopt;
    const int line = f.lineOf("--window-size");
    // tuple_type: "(left,right)" or "left,right"; -1 is an infinite window.
    std::string inside = *window;
    std::erase_if(inside, [](char c) { return c == '(' || c == ')' || c == ' '; });
    const size_t comma = inside.find(',');
    int64_t left = 0;
    const auto [end, error] = std::from_chars(inside.data(), inside.data() + std::min(comma, inside.size()), left);
    if (comma == std::string::npos || error != std::errc() || end != inside.data() + comma)
        io::failAtLine(line, "--window-size takes \"(left,right)\" in tokens; got \"" + *window + "\"");
    if (left < 0)
        return std::nullopt;
    if (left == 0)
        io::failAtLine(line, "--window-size's left window must be at least 1 token, or -1 for none");
    nlohmann::json local = { { "window", left }, { "kind", "sliding" }, { "global_every", 0 } };
    if (f.given("--window-attn-skip-freq")) {
        const std::string skip = *f.text("--window-attn-skip-freq");
        if (skip.find('[') != std::string::npos) {
            const std::optional<std::vector<int>> pattern = LayerPattern(skip).value();
            if (!pattern || int64_t(pattern->size()) != layers)
                io::failAtLine(f.lineOf("--window-attn-skip-freq"),
                               "--window-attn-skip-freq's pattern must list one 0 or 1 per layer");
            const int64_t full = std::count(pattern->begin(), pattern->end(), 0);
            local["global_every"] = full > 0 ? layers / full : 0;
        } else
            local["global_every"] = *f.integer("--window-attn-skip-freq", 1);
    }
    return local;
}

// The model's vocabulary as Megatron builds it: --padded-vocab-size as given, else the tokenizer's
// (--vocab-size, or GPT2BPETokenizer's own) padded to a multiple of --make-vocab-size-divisible-by
// x tp (vocab_size_with_padding), else the tokenizer file's, which the launch does not hold.
int64_t readVocab(Reading& r, int64_t tp)
{
    MegatronFlags& f = r.flags;
    const ModelSpec& b = r.base.model;
    const bool pad = !f.present("--no-pad-vocab-size") && !f.present("--disable-pad-vocab-size");
    const int64_t divisor = f.integer("--make-vocab-size-divisible-by", 1).value_or(128);
    if (const std::optional<int64_t> padded = f.integer("--padded-vocab-size", 1))
        return *padded;
    std::optional<int64_t> vocab = f.integer("--vocab-size", 1);
    const std::optional<std::string> tokenizer = f.text("--tokenizer-type");
    if (!vocab && tokenizer == "GPT2BPETokenizer") {
        vocab = 50257; // GPT-2's BPE vocabulary (encoder.json)
        r.notes.push_back("model.vocab: GPT2BPETokenizer's 50257 tokens, padded as Megatron-LM pads them");
    }
    if (!vocab) {
        r.kept.add("model", "vocab " + std::to_string(b.vocab) + " (the tokenizer's"
                                + (tokenizer ? ": " + *tokenizer : std::string()) + ")");
        return b.vocab;
    }
    if (!pad)
        return *vocab;
    int64_t multiple = 0, roundedUp = 0, rounded = 0;
    if (__builtin_mul_overflow(divisor, tp, &multiple) || __builtin_add_overflow(*vocab, multiple - 1, &roundedUp)
        || __builtin_mul_overflow(roundedUp / multiple, multiple, &rounded))
        io::failAtLine(f.lineOf("--vocab-size"),
            "--vocab-size padded to a multiple of --make-vocab-size-divisible-by x tp overflows");
    return rounded;
}

nlohmann::json readModel(Reading& r, int64_t tp)
{
    MegatronFlags& f = r.flags;
    const ModelSpec& b = r.base.model;
    auto required = [&](const char* flag, const char* field, int64_t baseValue) {
        if (std::optional<int64_t> v = f.integer(flag, 1))
            return *v;
        r.kept.add("model", std::string(field) + " " + std::to_string(baseValue) + " (" + flag + ")");
        return baseValue;
    };
    const int64_t layers = required("--num-layers", "layers", b.layers);
    const int64_t hidden = required("--hidden-size", "hidden", b.hidden);
    const int64_t heads = required("--num-attention-heads", "heads", b.heads);
    const bool swiglu = f.present("--swiglu");
    const bool gated = swiglu || f.present("--quick-geglu");
    // validate_args: without --ffn-hidden-size, 4h, or for SwiGLU 4h * 2/3 rounded down to 64.
    const int64_t ffn = f.integer("--ffn-hidden-size", 1)
                            .value_or(swiglu ? int64_t(4.0 * double(hidden) * 2 / 3 / 64) * 64 : 4 * hidden);
    const bool gqa = f.present("--group-query-attention");
    const int64_t groups = f.integer("--num-query-groups", 1).value_or(1); // its argparse default
    const std::optional<nlohmann::json> mla = readMla(f);
    nlohmann::json model = { { "name", "Megatron-LM model" },
                             { "layers", layers },
                             { "hidden", hidden },
                             { "heads", heads },
                             { "kv_heads", gqa && !mla ? groups : heads },
                             { "ffn_hidden", ffn },
                             { "gated_mlp", gated },
                             { "tied_embeddings", !f.present("--untie-embeddings-and-output-weights") } };
    const double hiddenDropout = f.number("--hidden-dropout", 0, 1).value_or(0.1);
    const double attentionDropout = f.number("--attention-dropout", 0, 1).value_or(0.1);
    model["dropout"] = hiddenDropout > 0 || attentionDropout > 0;
    if (const std::optional<int64_t> kv = f.integer("--kv-channels", 1); kv && !mla)
        model["head_dim"] = *kv;
    model["vocab"] = readVocab(r, tp);
    model["moe"] = readMoe(r, layers, ffn);
    if (mla)
        model["mla"] = *mla;
    if (std::optional<nlohmann::json> local = readLocalAttention(f, layers))
        model["local_attention"] = *local;
    if (const std::optional<int64_t> mtp = f.integer("--mtp-num-layers", 0); mtp && *mtp > 0)
        model["mtp_layers"] = *mtp;
    // Read (the export writes them) but not priced: ParaPlan's model has no field for them.
    (void)f.text("--normalization");
    (void)f.text("--position-embedding-type");
    (void)f.integer("--max-position-embeddings", 1);
    return model;
}

struct Degrees {
    int64_t tp = 1, pp = 1, cp = 1, ep = 1;
};

nlohmann::json readParallel(Reading& r, const Degrees& d, int64_t layers, int64_t gpus)
{
    MegatronFlags& f = r.flags;
    nlohmann::json p = { { "tp", d.tp }, { "pp", d.pp }, { "cp", d.cp }, { "ep", d.ep } };
    if (const std::optional<int64_t> etp = f.integer("--expert-tensor-parallel-size", 1))
        p["etp"] = *etp;
    const bool sequenceParallel = f.present("--sequence-parallel");
    p["sequence_parallel"] = sequenceParallel && d.tp > 1; // validate_args turns it off at tp 1
    if (const std::optional<std::string> layout = f.text("--pipeline-model-parallel-layout")) {
        const int64_t mtp = f.integer("--mtp-num-layers", 0).value_or(0);
        const ParsedPipelineLayout parsed = parsePipelineLayout(*layout, mtp);
        if (!parsed.error.empty())
            io::failAtLine(
                f.lineOf("--pipeline-model-parallel-layout"), "--pipeline-model-parallel-layout: " + parsed.error);
        if (int64_t(parsed.layersPerStage.size()) % d.pp != 0)
            io::failAtLine(f.lineOf("--pipeline-model-parallel-layout"),
                           "--pipeline-model-parallel-layout's " + std::to_string(parsed.layersPerStage.size())
                               + " stages do not divide into --pipeline-model-parallel-size " + std::to_string(d.pp));
        p["pipeline_layout"] = *layout;
    } else if (const std::optional<int64_t> vpp = f.integer("--num-virtual-stages-per-pipeline-rank", 1))
        p["vpp"] = *vpp;
    else if (const std::optional<int64_t> perChunk = f.integer("--num-layers-per-virtual-pipeline-stage", 1)) {
        // validate_args: the layers (and the embedding and loss where counted) per stage over this.
        const int64_t counted = std::min<int64_t>(layers, INT64_MAX - 2)
                                + (f.present("--account-for-embedding-in-pipeline-split") ? 1 : 0)
                                + (f.present("--account-for-loss-in-pipeline-split") ? 1 : 0);
        if (counted % d.pp != 0 || (counted / d.pp) % *perChunk != 0)
            io::failAtLine(f.lineOf("--num-layers-per-virtual-pipeline-stage"),
                           "--num-layers-per-virtual-pipeline-stage " + std::to_string(*perChunk)
                               + " does not divide the layers per pipeline stage");
        p["vpp"] = counted / d.pp / *perChunk;
    } else
        p["vpp"] = 1;
    if (const std::optional<int64_t> first = f.integer("--decoder-first-pipeline-num-layers", 0))
        p["decoder_first_pipeline_num_layers"] = *first;
    if (const std::optional<int64_t> last = f.integer("--decoder-last-pipeline-num-layers", 0))
        p["decoder_last_pipeline_num_layers"] = *last;
    p["account_for_embedding_in_pipeline_split"] = f.present("--account-for-embedding-in-pipeline-split");
    p["account_for_loss_in_pipeline_split"] = f.present("--account-for-loss-in-pipeline-split");
    p["recompute"] = "none";
    const bool legacySelective = f.present("--recompute-activations"); // arguments.py: sets selective
    const std::optional<std::string> granularity = f.choice("--recompute-granularity", { "full", "selective" });
    if (granularity == "full") {
        p["recompute"] = "full";
        const std::optional<std::string> method = f.choice("--recompute-method", { "uniform", "block" });
        const int64_t count = f.integer("--recompute-num-layers", 1).value_or(1);
        if (method == "block" || count > 1)
            r.notes.push_back("parallel.recompute: --recompute-method " + method.value_or("uniform") + " with "
                              + std::to_string(count) + " layers checkpoints fewer layers than ParaPlan's full "
                              "recomputation, which checkpoints each");
    } else if (granularity == "selective" || legacySelective) {
        p["recompute"] = "selective";
        if (const std::optional<std::vector<std::string>> modules = f.list("--recompute-modules")) {
            nlohmann::json known = nlohmann::json::array();
            for (const std::string& module : *modules) {
                const bool modelled = std::any_of(kRecomputeModules.begin(), kRecomputeModules.end(),
                                                  [&](RecomputeModule m) { return module == toString(m); });
                if (modelled)
                    known.push_back(module);
                else
                    r.notes.push_back(
                        "parallel.recompute_modules: " + module + " is not a module ParaPlan prices; left out");
            }
            if (!known.empty())
                p["recompute_modules"] = known;
        }
    }
    p["zero_stage"] = [&]() -> int64_t {
        const bool distributedOptimizer = f.present("--use-distributed-optimizer"); // Megatron-FSDP sets it too
        if (f.present("--use-megatron-fsdp")) {
            (void)f.text("--ckpt-format"); // fsdp_dtensor, which Megatron-FSDP requires
            const std::string strategy = f.choice("--data-parallel-sharding-strategy",
                                                  { "no_shard", "optim", "optim_grads", "optim_grads_params" })
                                             .value_or("optim_grads_params");
            return strategy == "no_shard" ? 0 : strategy == "optim" ? 1 : strategy == "optim_grads" ? 2 : 3;
        }
        if (f.present("--use-torch-fsdp2")) // --torch-fsdp2-no-reshard-after-forward: "FSDP ZeRO-2"
            return f.present("--torch-fsdp2-no-reshard-after-forward") ? 2 : 3;
        return distributedOptimizer ? 1 : 0;
    }();
    p["overlap_grad_reduce"] = f.present("--overlap-grad-reduce");
    p["overlap_param_gather"] = f.present("--overlap-param-gather");
    p["tp_comm_overlap"] = f.present("--tp-comm-overlap");
    p["moe_shared_expert_overlap"] = f.present("--moe-shared-expert-overlap");
    p["moe_a2a_overlap"] = f.present("--overlap-moe-expert-parallel-comm");
    const bool pipelineBeforeData = f.present("--use-tp-pp-dp-mapping"); // initialize.py's other order
    if (pipelineBeforeData)
        p["placement"] = { { "order", "tp-cp-ep-pp-dp" } };
    const RankPlacement& basePlacement = r.base.parallel.placement;
    if (basePlacement.table) {
        if (int64_t(basePlacement.table->gpuOfRank.size()) == gpus) {
            p["placement"]["order"] = pipelineBeforeData ? "tp-cp-ep-pp-dp" : toString(basePlacement.order);
            p["placement"]["rank_to_gpu"] = basePlacement.table->gpuOfRank;
            r.kept.add("parallel", "placement.rank_to_gpu (no Megatron-LM flag)");
        } else
            r.notes.push_back("parallel.placement: the base's rank table is for "
                + std::to_string(basePlacement.table->gpuOfRank.size()) + " GPUs, the launch has "
                + std::to_string(gpus) + "; left out");
    }
    return p;
}

std::string moeDispatcher(MegatronFlags& f, bool moe)
{
    const std::optional<std::string> type
        = f.choice("--moe-token-dispatcher-type", { "allgather", "alltoall", "flex" });
    (void)f.choice("--moe-flex-dispatcher-backend", { "deepep", "hybridep", "ncclep" });
    return type.value_or(moe ? "allgather" : "alltoall"); // TransformerConfig's default is allgather
}

nlohmann::json readTraining(Reading& r, int64_t dataParallel)
{
    MegatronFlags& f = r.flags;
    const TrainingSpec& b = r.base.training;
    nlohmann::json t;
    if (std::optional<int64_t> seq = f.integer("--seq-length", 1))
        t["seq_len"] = *seq;
    else {
        t["seq_len"] = b.seqLen;
        r.kept.add("training", "seq_len " + std::to_string(b.seqLen) + " (--seq-length)");
    }
    const std::optional<int64_t> micro = f.integer("--micro-batch-size", 1);
    t["micro_batch"] = micro.value_or(b.microBatch);
    if (!micro)
        r.kept.add("training", "micro_batch " + std::to_string(b.microBatch) + " (--micro-batch-size)");
    int64_t microTimesDp = 0; // validate_args' default global batch
    const bool derivable = dataParallel > 0
                           && !__builtin_mul_overflow(t["micro_batch"].get<int64_t>(), dataParallel, &microTimesDp);
    if (std::optional<int64_t> global = f.integer("--global-batch-size", 1))
        t["global_batch"] = *global;
    else if (derivable) {
        t["global_batch"] = microTimesDp;
        r.notes.push_back(
            "training.global_batch: --global-batch-size not given; Megatron-LM's default, micro-batch x dp");
    } else {
        t["global_batch"] = b.globalBatch;
        r.kept.add("training", "global_batch " + std::to_string(b.globalBatch) + " (--global-batch-size)");
    }
    const bool fp8 = f.given("--fp8-format");
    const bool fp4 = f.given("--fp4-format");
    (void)f.choice("--fp8-format", { "e4m3", "hybrid" });
    (void)f.choice("--fp4-format", { "e2m1" });
    const bool fp16 = f.present("--fp16");
    const bool bf16 = f.present("--bf16");
    if (fp8 && fp4)
        io::failAtLine(
            f.lineOf("--fp4-format"), "--fp4-format and --fp8-format cannot be used together (Megatron-LM refuses it)");
    t["precision"] = fp8 ? "fp8" : fp4 ? "fp4" : fp16 ? "fp16" : "bf16";
    if (!fp8 && !fp4 && !fp16 && !bf16)
        r.notes.push_back(
            "training.precision: neither --bf16 nor --fp16, so Megatron-LM trains in fp32, which ParaPlan "
            "does not price; read as bf16");
    if (fp16)
        t["grad_precision"] = f.present("--accumulate-allreduce-grads-in-fp32") ? "fp32" : "fp16";
    else
        t["grad_precision"] = f.present("--grad-reduce-in-bf16") ? "bf16" : "fp32";
    const std::optional<std::string> backend
        = f.choice("--attention-backend", { "flash", "fused", "unfused", "local", "auto" });
    t["flash_attention"]
        = f.present("--use-flash-attn") || !backend || *backend == "flash" || *backend == "fused" || *backend == "auto";
    if (fp8) {
        const std::string recipe
            = f.choice("--fp8-recipe", { "tensorwise", "delayed", "mxfp8", "blockwise", "custom" }).value_or("delayed");
        if (recipe == "custom")
            r.notes.push_back("training.fp8_recipe: Megatron-LM's custom recipe read as delayed scaling");
        t["fp8_recipe"] = recipe == "custom" ? "delayed" : recipe;
        t["fp8_attention"] = false; // no flag: fp8_dot_product_attention is not on the command line
        t["fp8_param_gather"] = f.present("--fp8-param-gather");
    }
    if (fp4) {
        const std::string recipe = f.choice("--fp4-recipe", { "nvfp4", "custom" }).value_or("nvfp4");
        t["fp4_recipe"] = "nvfp4";
        if (recipe == "custom")
            r.notes.push_back("training.fp4_recipe: Megatron-LM's custom recipe read as nvfp4");
    }
    if (f.present("--use-precision-aware-optimizer"))
        t["precision_aware_optimizer"] = {
            { "main_params", f.choice("--main-params-dtype", { "fp32", "fp16" }).value_or("fp32") },
            { "exp_avg", f.choice("--exp-avg-dtype", { "fp32", "fp16", "bf16", "fp8" }).value_or("fp32") },
            { "exp_avg_sq", f.choice("--exp-avg-sq-dtype", { "fp32", "fp16", "bf16", "fp8" }).value_or("fp32") },
            { "param_remainders", true } // optimizer_config.py: store_param_remainders, no flag
        };
    const std::optional<int64_t> iterations = f.integer("--train-iters", 1);
    const std::optional<int64_t> samples = f.integer("--train-samples", 1);
    if (iterations && samples)
        io::failAtLine(
            f.lineOf("--train-samples"), "give --train-iters or --train-samples, not both (Megatron-LM refuses both)");
    const double seq = double(t["seq_len"].get<int64_t>());
    if (iterations)
        t["train_tokens"] = double(*iterations) * double(t["global_batch"].get<int64_t>()) * seq;
    else if (samples)
        t["train_tokens"] = double(*samples) * seq;
    else
        r.notes.push_back("training.train_tokens: neither --train-iters nor --train-samples; left out");
    return t;
}

std::string describeCluster(const ClusterSpec& c)
{
    return std::to_string(c.nodes) + " x " + (c.preset.empty() ? c.name : c.preset) + " ("
        + std::to_string(c.gpusPerNode) + " x " + (c.gpu.name.empty() ? c.gpu.id : c.gpu.name) + ")";
}

} // namespace

std::vector<std::string> megatronArguments(const LaunchContext& context, std::vector<std::string>& notes)
{
    std::vector<std::string> arguments;
    for (const ArgumentGroup& group : argumentGroups(context, notes))
        for (const Argument& argument : group.arguments)
            arguments.push_back(argumentText(argument));
    return arguments;
}

LaunchBundle exportMegatron(const LaunchContext& context)
{
    LaunchBundle bundle;
    const std::vector<ArgumentGroup> groups = argumentGroups(context, bundle.notes);
    bundle.files.push_back({ "pretrain_gpt.sh", launchScript(context, groups, bundle.notes) });
    return bundle;
}

Imported importMegatron(const std::string& text, const nlohmann::json& base)
{
    const Scenario baseScenario = io::readScenario(base, io::builtinCatalog(), "base");
    Imported imported;
    std::vector<std::string>& notes = imported.notes;
    const ShellScript script = readShellScript(text);
    const std::optional<Invocation> invocation = invocationIn(script, notes, 0);
    if (!invocation)
        throw io::ReadError("(file)", "no Megatron-LM invocation: no command runs pretrain_*.py or passes "
                                      "--num-layers, --hidden-size or --tensor-model-parallel-size");
    for (const std::string& note : script.notes)
        notes.push_back("script: " + note);
    MegatronFlags flags(invocation->arguments);
    Reading r{ flags, baseScenario, notes, {} };

    const LaunchShape shape = launchShape(invocation->launcher, notes);
    ClusterSpec cluster = baseScenario.cluster;
    cluster.nodes = shape.nodes.value_or(cluster.nodes);
    cluster.gpusPerNode = shape.gpusPerNode.value_or(cluster.gpusPerNode);
    if (!shape.nodes)
        r.kept.add("cluster", "nodes " + std::to_string(cluster.nodes));
    if (!shape.gpusPerNode)
        r.kept.add("cluster", "gpus_per_node " + std::to_string(cluster.gpusPerNode));
    notes.push_back("cluster: the GPUs, links and topology are not in a Megatron-LM launch; kept from the base: "
                    + describeCluster(cluster));

    Degrees d;
    d.tp = flags.integer("--tensor-model-parallel-size", 1).value_or(1);
    d.pp = flags.integer("--pipeline-model-parallel-size", 1).value_or(1);
    d.cp = flags.integer("--context-parallel-size", 1).value_or(1);
    d.ep = flags.integer("--expert-model-parallel-size", 1).value_or(1);
    const int64_t gpus = cluster.gpuCount();
    int64_t split = 0;
    if (__builtin_mul_overflow(d.tp, d.pp, &split) || __builtin_mul_overflow(split, d.cp, &split))
        io::failAtLine(flags.lineOf("--tensor-model-parallel-size"),
                       "tp x pp x cp overflows; give sizes a cluster can have");
    const int64_t dataParallel = gpus % split == 0 ? gpus / split : 0;
    if (dataParallel == 0)
        notes.push_back("parallel: tp x pp x cp = " + std::to_string(split) + " does not divide the launch's "
                        + std::to_string(gpus) + " GPUs");

    nlohmann::json document = io::toJson(baseScenario);
    document["description"] = "Imported from a Megatron-LM launch";
    nlohmann::json model = readModel(r, d.tp);
    document["training"] = readTraining(r, dataParallel);
    document["parallel"] = readParallel(r, d, model["layers"].get<int64_t>(), gpus);
    const bool moe = model["moe"]["experts"].get<int64_t>() > 0;
    if (const std::string dispatcher = moeDispatcher(flags, moe); dispatcher != "alltoall")
        document["parallel"]["moe_dispatcher"] = dispatcher;
    document["model"] = std::move(model);
    document["cluster"]["nodes"] = cluster.nodes;
    document["cluster"]["gpus_per_node"] = cluster.gpusPerNode;
    const bool cudaGraphs = flags.present("--enable-cuda-graph") || flags.present("--external-cuda-graph")
        || flags.choice("--cuda-graph-impl", { "none", "local", "transformer_engine", "full_iteration" })
                .value_or("none")
            != "none";
    document["framework"] = { { "name", "megatron-core" }, { "cuda_graphs", cudaGraphs } };

    for (const auto& [section, fields] : r.kept.bySection) {
        std::string list;
        for (const std::string& field : fields)
            list += (list.empty() ? "" : ", ") + field;
        notes.push_back(section + ": not in the launch; kept from the base: " + list);
    }
    if (const std::vector<std::string> unread = flags.unread(); !unread.empty()) {
        std::string list;
        for (const std::string& flag : unread)
            list += (list.empty() ? "" : " ") + flag;
        notes.push_back("ignored (no ParaPlan setting): " + list);
    }
    imported.document = std::move(document);
    return imported;
}

} // namespace paraplan::frameworks
