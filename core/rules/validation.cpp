// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/validation.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"
#include "core/rules/schedule_rules.h"
#include "core/rules/topology_validation.h"
#include "core/rules/validation_checker.h"
#include "core/spec/translatable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

namespace paraplan {

namespace {

using namespace validation;

bool checkMla(Checker& c, const MlaSpec& mla)
{
    bool ok = c.count("invalid_model_dimension", "model.mla.kv_lora_rank", mla.kvLoraRank, 0,
                      QT_TRANSLATE_NOOP("Diagnostics", "The key-value latent rank"));
    if (!ok || !mla.enabled())
        return ok;
    ok &= c.count("invalid_model_dimension", "model.mla.q_lora_rank", mla.qLoraRank, 0,
                  QT_TRANSLATE_NOOP("Diagnostics", "The query latent rank"));
    ok &= c.count("invalid_model_dimension", "model.mla.qk_nope_head_dim", mla.qkNopeHeadDim, 1,
                  QT_TRANSLATE_NOOP("Diagnostics", "The position-free query-key head dimension"));
    ok &= c.count("invalid_model_dimension", "model.mla.qk_rope_head_dim", mla.qkRopeHeadDim, 0,
                  QT_TRANSLATE_NOOP("Diagnostics", "The rotary query-key head dimension"));
    ok &= c.count("invalid_model_dimension", "model.mla.v_head_dim", mla.vHeadDim, 1,
                  QT_TRANSLATE_NOOP("Diagnostics", "The value head dimension"));
    return ok;
}

bool checkLocalAttention(Checker& c, const LocalAttentionSpec& local)
{
    bool ok = c.count("invalid_model_dimension", "model.local_attention.window", local.window, 0,
                      QT_TRANSLATE_NOOP("Diagnostics", "The local attention window"));
    ok &= c.count("invalid_model_dimension", "model.local_attention.global_every", local.globalEvery, 0,
                  QT_TRANSLATE_NOOP("Diagnostics", "The period of globally attending layers"));
    return ok;
}

// Shared experts and which layers are MoE.
bool checkMoeLayers(Checker& c, const ModelSpec& m)
{
    bool ok = c.count("moe_invalid", "model.moe.shared_experts", m.moe.sharedExperts, 0,
                      QT_TRANSLATE_NOOP("Diagnostics", "The number of shared experts"));
    if (m.moe.sharedExperts > 0)
        ok &= c.count("moe_invalid", "model.moe.shared_expert_ffn_hidden", m.moe.sharedExpertFfnHidden, 1,
                      QT_TRANSLATE_NOOP("Diagnostics", "The shared expert FFN hidden size"));
    ok &= c.count("moe_invalid", "model.moe.first_dense_layers", m.moe.firstDenseLayers, 0,
                  QT_TRANSLATE_NOOP("Diagnostics", "The number of dense layers before the MoE layers"));
    ok &= c.count("moe_invalid", "model.moe.layer_frequency", m.moe.layerFrequency, 1,
                  QT_TRANSLATE_NOOP("Diagnostics", "The MoE layer frequency"));
    if (ok && m.moeLayers() == 0) {
        c.error("moe_invalid", "model.moe.first_dense_layers",
                QT_TRANSLATE_NOOP("Diagnostics", "With %1 dense layers first and one MoE layer in every %2 after them, none of "
                                  "the %3 layers is MoE; lower first_dense_layers or layer_frequency, or set moe.experts to 0."),
                { num(m.moe.firstDenseLayers), num(m.moe.layerFrequency), num(m.layers) });
        ok = false;
    }
    if (ok && m.moeLayers() < m.layers)
        ok &= c.count("invalid_model_dimension", "model.ffn_hidden", m.ffnHidden, 1,
                      QT_TRANSLATE_NOOP("Diagnostics", "The FFN hidden size"));
    return ok;
}

// The routing's load figures: an expert holds at least the mean and at most every token once,
// experts / top_k times the mean.
bool checkMoeRouting(Checker& c, const MoeSpec& moe)
{
    const double most = double(moe.experts) / double(std::max<int64_t>(moe.topK, 1));
    auto load = [&](const char* path, double value, double least, const char* sentence) {
        if (value == 0 || (value >= least && value <= most))
            return true;
        c.error("moe_invalid", path, sentence, { num(value), num(least), num(most) });
        return false;
    };
    bool ok = load("model.moe.imbalance", moe.imbalance, 1.0,
                   QT_TRANSLATE_NOOP("Diagnostics", "moe.imbalance is %1; the busiest expert's load over the mean lies between "
                                                    "%2 and experts / top_k = %3. Omit it for the published measurement."));
    ok &= load("model.moe.capacity_factor", moe.capacityFactor, 0.01,
               QT_TRANSLATE_NOOP("Diagnostics", "moe.capacity_factor is %1; give a multiple of the mean load between %2 and "
                                                "experts / top_k = %3, or omit it for dropless routing."));
    const bool groupsGiven = moe.groups != 0 || moe.groupTopK != 0;
    if (groupsGiven
        && (moe.groups < 1 || moe.groupTopK < 1 || moe.groupTopK > moe.groups || moe.experts % moe.groups != 0
            || moe.groupTopK * (moe.experts / moe.groups) < moe.topK)) {
        c.error("moe_invalid", "model.moe.groups",
                QT_TRANSLATE_NOOP("Diagnostics", "moe.groups (%1) must divide the %2 experts and moe.group_top_k (%3) lie "
                                                 "between 1 and groups, with top_k = %4 experts in the chosen groups; give "
                                                 "both as 0 for routing without a group limit."),
                { num(moe.groups), num(moe.experts), num(moe.groupTopK), num(moe.topK) });
        ok = false;
    }
    if (moe.padToCapacity && moe.capacityFactor == 0) {
        c.error("moe_invalid", "model.moe.pad_to_capacity",
                QT_TRANSLATE_NOOP("Diagnostics", "moe.pad_to_capacity needs a capacity: set moe.capacity_factor, or turn padding off."));
        ok = false;
    }
    return ok;
}

bool checkModel(Checker& c, const ModelSpec& m)
{
    bool ok = c.count("invalid_model_dimension", "model.layers", m.layers, 1, QT_TRANSLATE_NOOP("Diagnostics", "The number of layers"));
    ok &= c.count("invalid_model_dimension", "model.hidden", m.hidden, 1, QT_TRANSLATE_NOOP("Diagnostics", "The hidden size"));
    ok &= c.count("invalid_model_dimension", "model.heads", m.heads, 1, QT_TRANSLATE_NOOP("Diagnostics", "The number of attention heads"));
    ok &= c.count("invalid_model_dimension", "model.kv_heads", m.kvHeads, 1, QT_TRANSLATE_NOOP("Diagnostics", "The number of KV heads"));
    ok &= c.count("invalid_model_dimension", "model.vocab", m.vocab, 1, QT_TRANSLATE_NOOP("Diagnostics", "The vocabulary size"));
    if (!m.isMoe())
        ok &= c.count("invalid_model_dimension", "model.ffn_hidden", m.ffnHidden, 1, QT_TRANSLATE_NOOP("Diagnostics", "The FFN hidden size"));
    // Zero for these means "not this mechanism" (derived head dimension, no MLA, no local attention, no MTP).
    ok &= c.count("invalid_model_dimension", "model.head_dim", m.headDimension, 0, QT_TRANSLATE_NOOP("Diagnostics", "The head dimension"));
    ok &= c.count("invalid_model_dimension", "model.mtp_layers", m.mtpLayers, 0,
                  QT_TRANSLATE_NOOP("Diagnostics", "The number of multi-token prediction layers"));
    ok &= checkMla(c, m.mla);
    ok &= checkLocalAttention(c, m.localAttention);
    if (!ok)
        return false;
    if (m.headDimension == 0 && !m.mla.enabled() && m.hidden % m.heads != 0) {
        c.error("hidden_not_divisible_by_heads", "model.heads",
                QT_TRANSLATE_NOOP("Diagnostics", "hidden (%1) is not a multiple of heads (%2); choose heads so that hidden / heads is the head "
                         "dimension."),
                { num(m.hidden), num(m.heads) });
        ok = false;
    }
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0) {
        c.error("kv_heads_invalid", "model.kv_heads",
                QT_TRANSLATE_NOOP("Diagnostics", "kv_heads (%1) must divide heads (%2): grouped-query attention shares each KV head among "
                         "heads / kv_heads query heads."),
                { num(m.kvHeads), num(m.heads) });
        ok = false;
    }
    if (m.moe.experts < 0) {
        c.error("moe_invalid", "model.moe.experts", QT_TRANSLATE_NOOP("Diagnostics", "moe.experts is negative; use 0 for a dense model."));
        return false;
    }
    if (m.isMoe()) {
        ok &= c.count("moe_invalid", "model.moe.experts", m.moe.experts, 1, QT_TRANSLATE_NOOP("Diagnostics", "The number of experts"));
        ok &= c.count("moe_invalid", "model.moe.expert_ffn_hidden", m.moe.expertFfnHidden, 1,
                      QT_TRANSLATE_NOOP("Diagnostics", "The expert FFN hidden size"));
        if (m.moe.topK < 1 || m.moe.topK > m.moe.experts) {
            c.error("moe_invalid", "model.moe.top_k",
                    QT_TRANSLATE_NOOP("Diagnostics", "moe.top_k is %1; each token must go to between 1 and %2 experts."),
                    { num(m.moe.topK), num(m.moe.experts) });
            ok = false;
        }
        ok &= checkMoeLayers(c, m);
        ok &= checkMoeRouting(c, m.moe);
    }
    return ok;
}

bool checkTraining(Checker& c, const TrainingSpec& t)
{
    bool ok = c.count("invalid_training_value", "training.seq_len", t.seqLen, 1, QT_TRANSLATE_NOOP("Diagnostics", "The sequence length"));
    ok &= c.count("invalid_training_value", "training.global_batch", t.globalBatch, 1, QT_TRANSLATE_NOOP("Diagnostics", "The global batch"));
    ok &= c.count("invalid_training_value", "training.micro_batch", t.microBatch, 1, QT_TRANSLATE_NOOP("Diagnostics", "The micro-batch size"));
    if (t.trainTokens && (!(*t.trainTokens > 0) || *t.trainTokens > 1e18)) {
        c.error("invalid_training_value", "training.train_tokens",
                QT_TRANSLATE_NOOP("Diagnostics", "train_tokens is %1; give a token budget between 1 and 1e18, or omit it."),
                { num(*t.trainTokens) });
        ok = false;
    }
    if (t.datasetTokens && (!(*t.datasetTokens > 0) || *t.datasetTokens > 1e18)) {
        c.error("invalid_training_value", "training.dataset_tokens",
                QT_TRANSLATE_NOOP("Diagnostics", "dataset_tokens is %1; give the data set's size between 1 and 1e18 tokens, or omit it."),
                { num(*t.datasetTokens) });
        ok = false;
    }
    if (t.epochs && (!(*t.epochs > 0) || *t.epochs > 1e4)) {
        c.error("invalid_training_value", "training.epochs",
                QT_TRANSLATE_NOOP("Diagnostics", "epochs is %1; give how many times the data set is read, between 0 and 10000."),
                { num(*t.epochs) });
        ok = false;
    } else if (t.epochs && !t.datasetTokens) {
        c.error("invalid_training_value", "training.epochs",
                QT_TRANSLATE_NOOP("Diagnostics", "epochs is given without dataset_tokens; give the data set's size in tokens too."));
        ok = false;
    }
    if (t.trainTokens && t.datasetTokens) {
        c.error("invalid_training_value", "training.dataset_tokens",
                QT_TRANSLATE_NOOP("Diagnostics", "Both train_tokens and dataset_tokens give the run's length; keep one of them."));
        ok = false;
    }
    if (t.checkpoint.intervalS && (!(*t.checkpoint.intervalS > 0) || *t.checkpoint.intervalS > 1e8)) {
        c.error("invalid_training_value", "training.checkpoint.interval_s",
                QT_TRANSLATE_NOOP("Diagnostics", "checkpoint.interval_s is %1; give seconds between checkpoints above 0 and below 1e8, or omit it for the optimal interval."),
                { num(*t.checkpoint.intervalS) });
        ok = false;
    }
    return ok;
}

bool checkLink(Checker& c, const LinkSpec& link, const std::string& path)
{
    bool ok = c.positive("invalid_link", path + ".GBps_per_gpu", link.GBpsPerGpu,
                         QT_TRANSLATE_NOOP("Diagnostics", "The link bandwidth (GB/s)"), 1e5);
    if (!(link.latencyUs >= 0) || link.latencyUs > 1e6) {
        c.error("invalid_link", path + ".latency_us",
                QT_TRANSLATE_NOOP("Diagnostics", "latency_us is %1; give a latency between 0 and 1e6 microseconds."), { num(link.latencyUs) });
        ok = false;
    }
    return ok;
}

bool checkCluster(Checker& c, const ClusterSpec& k, Precision precision)
{
    bool ok = c.count("invalid_cluster_value", "cluster.nodes", k.nodes, 1, QT_TRANSLATE_NOOP("Diagnostics", "The number of nodes"));
    ok &= c.count("invalid_cluster_value", "cluster.gpus_per_node", k.gpusPerNode, 1, QT_TRANSLATE_NOOP("Diagnostics", "gpus_per_node"));
    if (ok && k.nodes * k.gpusPerNode > kMaxGpus) {
        c.error("value_too_large", "cluster.nodes", QT_TRANSLATE_NOOP("Diagnostics", "The cluster has %1 GPUs, more than the supported %2."),
                { num(k.nodes * k.gpusPerNode), num(kMaxGpus) });
        ok = false;
    }
    ok &= c.positive("invalid_gpu", "cluster.gpu.peak_tflops.bf16", k.gpu.peakBf16Tflops,
                     QT_TRANSLATE_NOOP("Diagnostics", "The bf16 peak (TFLOP/s)"), 1e6);
    ok &= c.positive("invalid_gpu", "cluster.gpu.hbm_gib", k.gpu.hbmGib, QT_TRANSLATE_NOOP("Diagnostics", "The GPU memory (GiB)"), 1e5);
    ok &= c.positive("invalid_gpu", "cluster.gpu.hbm_GBps", k.gpu.hbmGBps, QT_TRANSLATE_NOOP("Diagnostics", "The memory bandwidth (GB/s)"), 1e6);
    ok &= c.count("invalid_gpu", "cluster.gpu.sms", k.gpu.sms, 1, QT_TRANSLATE_NOOP("Diagnostics", "The SM count"));
    // A quantised precision needs its tensor cores, at a plausible peak.
    auto checkQuantizedPeak = [&](const std::string& path, const char* missing, const char* tooLarge) {
        const double peak = peakTflopsOf(k.gpu, precision);
        if (!(peak >= kMinPositive))
            c.error("precision_unsupported", "training.precision", missing, { text(k.gpu.name) });
        else if (peak > 1e6)
            c.error("value_too_large", path, tooLarge);
        else
            return true;
        return false;
    };
    if (precision == Precision::Fp8)
        ok &= checkQuantizedPeak("cluster.gpu.peak_tflops.fp8",
                                 QT_TRANSLATE_NOOP("Diagnostics", "The GPU %1 has no FP8 tensor cores (no fp8 peak); train in bf16, or give "
                                                                  "cluster.gpu.peak_tflops.fp8."),
                                 QT_TRANSLATE_NOOP("Diagnostics", "The fp8 peak is implausibly large; check it."));
    if (precision == Precision::Fp4)
        ok &= checkQuantizedPeak("cluster.gpu.peak_tflops.fp4",
                                 QT_TRANSLATE_NOOP("Diagnostics", "The GPU %1 has no FP4 tensor cores (no fp4 peak); train in fp8 or bf16, or "
                                                                  "give cluster.gpu.peak_tflops.fp4."),
                                 QT_TRANSLATE_NOOP("Diagnostics", "The fp4 peak is implausibly large; check it."));
    if (k.gpu.powerLimitW != 0 || k.gpu.tdpW != 0) {
        const bool plausible = (k.gpu.tdpW == 0 || (k.gpu.tdpW >= 10 && k.gpu.tdpW <= 5000))
            && (k.gpu.powerLimitW == 0 || (k.gpu.powerLimitW >= 0.2 * k.gpu.tdpW && k.gpu.powerLimitW <= 5000));
        if (k.gpu.powerLimitW > 0 && !(k.gpu.tdpW > 0)) {
            c.error("power_limit_needs_tdp", "cluster.gpu.tdp_w",
                    QT_TRANSLATE_NOOP("Diagnostics", "A power limit of %1 W needs the GPU's TDP to compare with; give "
                                                     "cluster.gpu.tdp_w from its datasheet."),
                    { num(k.gpu.powerLimitW) });
            ok = false;
        } else if (!plausible) {
            c.error("invalid_gpu", "cluster.gpu.power_limit_w",
                    QT_TRANSLATE_NOOP("Diagnostics", "power_limit_w %1 W and tdp_w %2 W are not plausible; give the TDP "
                                                     "between 10 and 5000 W and a limit of at least a fifth of it."),
                    { num(k.gpu.powerLimitW), num(k.gpu.tdpW) });
            ok = false;
        }
    }
    ok &= checkLink(c, k.intraNode, "cluster.intra_node");
    ok &= checkLink(c, k.interNode, "cluster.inter_node");
    if (k.gpuHourCostUsd && (!(*k.gpuHourCostUsd >= 0) || *k.gpuHourCostUsd > 1e4)) {
        c.error("invalid_cluster_value", "cluster.gpu_hour_cost_usd",
                QT_TRANSLATE_NOOP("Diagnostics", "gpu_hour_cost_usd is %1; give a price between 0 and 10000 USD, or omit it."),
                { num(*k.gpuHourCostUsd) });
        ok = false;
    }
    if (k.storageWriteGBps && (!(*k.storageWriteGBps > 0) || *k.storageWriteGBps > 1e6)) {
        c.error("invalid_cluster_value", "cluster.storage_write_GBps",
                QT_TRANSLATE_NOOP("Diagnostics", "storage_write_GBps is %1; give the checkpoint storage's write bandwidth between 0 and 1e6 GB/s, or omit it."),
                { num(*k.storageWriteGBps) });
        ok = false;
    }
    const ReliabilitySpec& r = k.reliability;
    if (r.failuresPerGpuHour && (!(*r.failuresPerGpuHour >= 0) || *r.failuresPerGpuHour > 1)) {
        c.error("invalid_cluster_value", "cluster.reliability.failures_per_gpu_hour",
                QT_TRANSLATE_NOOP("Diagnostics", "failures_per_gpu_hour is %1; give interruptions per GPU-hour between 0 and 1 (published fleets: about 2e-5), or omit it."),
                { num(*r.failuresPerGpuHour) });
        ok = false;
    }
    if (r.restartS && (!(*r.restartS >= 0) || *r.restartS > 1e6)) {
        c.error("invalid_cluster_value", "cluster.reliability.restart_s",
                QT_TRANSLATE_NOOP("Diagnostics", "restart_s is %1; give the seconds a restart takes between 0 and 1e6, or omit it."),
                { num(*r.restartS) });
        ok = false;
    }
    return ok;
}

bool checkDegrees(Checker& c, const ParallelSpec& p)
{
    const ParallelDegrees& d = p.degrees;
    bool ok = c.count("invalid_parallel_degree", "parallel.tp", d.tp, 1, "tp");
    ok &= c.count("invalid_parallel_degree", "parallel.pp", d.pp, 1, "pp");
    ok &= c.count("invalid_parallel_degree", "parallel.cp", d.cp, 1, "cp");
    ok &= c.count("invalid_parallel_degree", "parallel.ep", d.ep, 1, "ep");
    ok &= c.count("invalid_parallel_degree", "parallel.vpp", d.vpp, 1, "vpp");
    ok &= c.count("invalid_parallel_degree", "parallel.etp", d.etp, 0, "etp");
    ok &= c.count("invalid_parallel_degree", "parallel.dp", d.dp, 0, "dp");
    if (p.zeroStage < 0 || p.zeroStage > 3) {
        c.error("invalid_zero_stage", "parallel.zero_stage",
                QT_TRANSLATE_NOOP("Diagnostics", "zero_stage is %1; use 0 (plain DP), 1, 2 or 3 (FSDP)."), { num(int64_t(p.zeroStage)) });
        ok = false;
    }
    return ok;
}

// tp·pp·cp·dp = N: false when no data-parallel degree fits (then nothing else can be judged).
bool checkGpuCount(Checker& c, const ParallelDegrees& d, int64_t gpus)
{
    const int64_t derived = derivedDataParallel(gpus, d);
    if (derived > 0 && (d.dp == 0 || d.dp == derived))
        return true;
    // Each degree is at most kMaxDimension, so compare by division.
    if (d.tp > gpus || d.pp > gpus / d.tp || d.cp > gpus / (d.tp * d.pp)) {
        c.error("gpu_count_mismatch", "parallel.tp",
                QT_TRANSLATE_NOOP("Diagnostics", "tp x pp x cp = %1 x %2 needs more GPUs than the cluster's %3; lower tp, pp or cp, or add "
                         "nodes."),
                { num(d.tp * d.pp), num(d.cp), num(gpus) });
    } else if (d.dp == 0) {
        c.error("gpus_not_divisible", "parallel.dp",
                QT_TRANSLATE_NOOP("Diagnostics", "The cluster's %1 GPUs are not a multiple of tp x pp x cp = %2, so no whole dp fits; change "
                         "tp, pp or cp, or the number of nodes."),
                { num(gpus), num(d.tp * d.pp * d.cp) });
    } else if (derived > 0) {
        c.error("gpu_count_mismatch", "parallel.dp",
                QT_TRANSLATE_NOOP("Diagnostics", "tp x pp x cp x dp = %1 x %2 does not equal the cluster's %3 GPUs; set dp to %4 or omit "
                         "it."),
                { num(d.tp * d.pp * d.cp), num(d.dp), num(gpus), num(derived) });
    } else {
        c.error("gpu_count_mismatch", "parallel.dp",
                QT_TRANSLATE_NOOP("Diagnostics", "tp x pp x cp x dp = %1 x %2 does not equal the cluster's %3 GPUs, and no dp can: change "
                         "tp, pp or cp, or the number of nodes."),
                { num(d.tp * d.pp * d.cp), num(d.dp), num(gpus) });
    }
    return false;
}

void checkTensorParallel(Checker& c, const ModelSpec& m, int64_t tp)
{
    if (!tpSplitsHeads(m, tp))
        c.error("heads_not_divisible_by_tp", "parallel.tp",
                QT_TRANSLATE_NOOP("Diagnostics", "heads (%1) is not divisible by tp (%2); each TP rank needs whole attention heads, so pick tp "
                         "among the divisors of heads."),
                { num(m.heads), num(tp) });
    switch (kvHeadSplit(m, tp)) {
    case KvHeadSplit::Divided:
        break;
    case KvHeadSplit::Replicated:
        c.warning("kv_heads_replicated", "parallel.tp",
                  QT_TRANSLATE_NOOP("Diagnostics", "tp (%1) exceeds kv_heads (%2): KV heads are replicated across TP ranks, costing memory "
                           "and compute."),
                  { num(tp), num(m.kvHeads) });
        break;
    case KvHeadSplit::Impossible:
        c.error("kv_heads_not_divisible_by_tp", "parallel.tp",
                QT_TRANSLATE_NOOP("Diagnostics", "kv_heads (%1) and tp (%2) do not divide one another; pick a tp that divides kv_heads or "
                         "is a multiple of it."),
                { num(m.kvHeads), num(tp) });
        break;
    }
    if (!tpSplitsFfn(m, tp))
        c.error("ffn_not_divisible_by_tp", "parallel.tp",
                QT_TRANSLATE_NOOP("Diagnostics", "The FFN width (%1) is not divisible by tp (%2); pick another tp."),
                { num(ffnWidthTpCannotSplit(m, tp)), num(tp) });
}

void checkExpertParallel(Checker& c, const ModelSpec& m, const ParallelDegrees& d)
{
    if (!epNeedsExperts(m, d.ep))
        c.error("ep_without_moe", "parallel.ep",
                QT_TRANSLATE_NOOP("Diagnostics", "ep is %1 but the model has no experts; set ep to 1 for a dense model."), { num(d.ep) });
    if (!epSplitsExperts(m, d.ep))
        c.error("experts_not_divisible_by_ep", "parallel.ep",
                QT_TRANSLATE_NOOP("Diagnostics", "experts (%1) are not divisible by ep (%2); each EP rank holds an equal share of the experts."),
                { num(m.moe.experts), num(d.ep) });
    if (!etpNeedsExperts(m, d))
        c.error("etp_without_moe", "parallel.etp",
                QT_TRANSLATE_NOOP("Diagnostics", "etp is %1 but the model has no experts; omit etp for a dense model."), { num(d.etp) });
    else if (!etpSplitsExperts(m, d.expertTp()))
        c.error("expert_ffn_not_divisible_by_etp", "parallel.etp",
                QT_TRANSLATE_NOOP("Diagnostics", "The expert FFN width (%1) is not divisible by the expert tensor parallel size "
                                                 "(%2); pick etp among its divisors (it follows tp unless given)."),
                { num(m.moe.expertFfnHidden), num(d.expertTp()) });
    if (!epSplitsDataRanks(d))
        c.error("ep_not_divisible", "parallel.ep",
                QT_TRANSLATE_NOOP("Diagnostics", "etp x ep = %1 x %2 must divide tp x cp x dp = %3: the expert layers re-split a "
                                                 "stage's ranks into expert tensor, expert and expert data parallel groups."),
                { num(d.expertTp()), num(d.ep), num(d.stageRanks()) });
}

void checkLayersPerStage(Checker& c, const std::vector<int64_t>& split, int64_t layers, const ParallelDegrees& d)
{
    if (layersPerStageFit(split, layers, d))
        return;
    if (int64_t(split.size()) != d.virtualStages()) {
        c.error("layers_per_stage_count", "parallel.layers_per_stage",
                QT_TRANSLATE_NOOP("Diagnostics", "layers_per_stage has %1 entries; it needs pp x vpp = %2."),
                { num(int64_t(split.size())), num(d.virtualStages()) });
        return;
    }
    int64_t sum = 0;
    for (size_t i = 0; i < split.size(); ++i) {
        if (split[i] < 0 || split[i] > kMaxDimension) {
            c.error("layers_per_stage_empty", "parallel.layers_per_stage[" + std::to_string(i) + "]",
                    QT_TRANSLATE_NOOP("Diagnostics", "A stage holds zero layers or more."));
            return;
        }
        sum += split[i];
    }
    c.error("layers_per_stage_sum", "parallel.layers_per_stage",
            QT_TRANSLATE_NOOP("Diagnostics", "layers_per_stage sums to %1 but the model has %2 layers."), { num(sum), num(layers) });
}

void checkPipeline(Checker& c, const Scenario& s, const ParallelDegrees& d)
{
    const ModelSpec& m = s.model;
    const ParallelSpec& p = s.parallel;
    if (p.layersPerStage.empty() && !stagesFitLayers(m.layers, d)) { // an explicit split may leave stages empty
        c.error("pipeline_exceeds_layers", "parallel.pp",
                QT_TRANSLATE_NOOP("Diagnostics", "pp x vpp = %1 exceeds the %2 layers; every (virtual) stage needs at least one layer."),
                { num(d.virtualStages()), num(m.layers) });
        return;
    }
    if (!interleavingHasStages(d))
        c.error("vpp_requires_pp", "parallel.vpp", QT_TRANSLATE_NOOP("Diagnostics", "vpp > 1 interleaves pipeline stages; it needs pp > 1."));
    if (!frameworkInterleaves(s.framework, d))
        c.error("framework_no_interleaving", "parallel.vpp",
                QT_TRANSLATE_NOOP("Diagnostics", "%1 has no interleaved pipeline schedule; use vpp 1, or a framework that has one "
                                                 "(framework.name megatron-core, nemo, torchtitan)."),
                { DiagnosticArg{ toString(s.framework.name) } });

    const PipelineSchedule schedule = effectiveSchedule(p);
    const DiagnosticArg scheduleName{ toString(schedule) };
    if (!scheduleMatchesChunks(schedule, d.vpp)) {
        const int64_t chunks = scheduleTraits(schedule).chunksPerStage;
        if (chunks == 0)
            c.error("schedule_chunks", "parallel.schedule",
                    QT_TRANSLATE_NOOP("Diagnostics", "The interleaved 1F1B schedule runs several model chunks per stage; set vpp to 2 or more, "
                                                     "or choose the 1f1b schedule."));
        else if (chunks == 2)
            c.error("schedule_chunks", "parallel.schedule",
                    QT_TRANSLATE_NOOP("Diagnostics", "The %1 schedule folds the model into a V of two chunks per stage; set vpp to 2."),
                    { scheduleName });
        else
            c.error("schedule_chunks", "parallel.schedule",
                    QT_TRANSLATE_NOOP("Diagnostics", "The %1 schedule runs one model chunk per stage but vpp is %2; set vpp to 1, or choose "
                                                     "interleaved-1f1b."),
                    { scheduleName, num(d.vpp) });
    }
    if (!scheduleFitsStages(schedule, d.pp))
        c.error("schedule_stages", "parallel.pp",
                QT_TRANSLATE_NOOP("Diagnostics", "DualPipe pairs stage i with stage pp-1-i and needs an even pp, not %1; change pp, or "
                                                 "choose dualpipev."),
                { num(d.pp) });
    if (!frameworkRunsSchedule(s.framework, schedule))
        c.error("framework_schedule", "parallel.schedule",
                QT_TRANSLATE_NOOP("Diagnostics", "%1's pipeline engine runs only its own 1F1B schedule (and under "
                                                 "megatron-deepspeed ZB-H1), not %2; choose 1f1b, or a framework "
                                                 "that has the schedule (megatron-core, torchtitan)."),
                { DiagnosticArg{ toString(s.framework.name) }, scheduleName });
    else if (p.schedule && !frameworkShipsSchedule(s.framework, schedule))
        c.warning("schedule_outside_framework", "parallel.schedule",
                  QT_TRANSLATE_NOOP("Diagnostics", "%1 does not ship the %2 schedule; it runs in %3."),
                  { DiagnosticArg{ toString(s.framework.name) }, scheduleName, DiagnosticArg{ scheduleSource(schedule) } });

    const int64_t microBatches = microBatchCount(s.training.globalBatch, s.training.microBatch, d.dp);
    if (microBatches > 0 && !scheduleFitsMicroBatches(schedule, d.pp, microBatches))
        c.error("schedule_micro_batches", "training.global_batch",
                QT_TRANSLATE_NOOP("Diagnostics", "The %1 schedule needs at least %2 micro-batches (an even number for dualpipe) but the "
                                                 "step has %3; raise the global batch or lower micro_batch or dp."),
                { scheduleName, num(minimumMicroBatches(schedule, d.pp)), num(microBatches) });
    if (microBatches > 0 && schedule == PipelineSchedule::Interleaved1F1B && !interleavingFillsRounds(d, microBatches))
        c.error("interleave_micro_batches", "parallel.vpp",
                QT_TRANSLATE_NOOP("Diagnostics", "The interleaved schedule needs the number of micro-batches (%1) to be a multiple of pp (%2); "
                         "change the batch, or use vpp 1."),
                { num(microBatches), num(d.pp) });
    if (microBatches > 0 && !scheduleIsSimulable(d, microBatches))
        c.error("schedule_too_large", "training.micro_batch",
                QT_TRANSLATE_NOOP("Diagnostics", "%1 micro-batches over %2 virtual stages is too long a step to simulate; raise micro_batch or "
                         "dp."),
                { num(microBatches), num(d.virtualStages()) });
    if (microBatches > 0 && microBatches < d.pp)
        c.warning("few_micro_batches", "training.global_batch",
                  QT_TRANSLATE_NOOP("Diagnostics", "Only %1 micro-batches for %2 pipeline stages: the pipeline never fills and most of the "
                           "step is bubble."),
                  { num(microBatches), num(d.pp) });

    if (!p.layersPerStage.empty() && usesMegatronSplit(p))
        c.error("pipeline_split_twice", "parallel.layers_per_stage",
                QT_TRANSLATE_NOOP("Diagnostics", "layers_per_stage (or pipeline_layout) and Megatron's first/last stage layers or "
                                                 "embedding/loss as layers both split the layers; keep one."));
    else if (!p.layersPerStage.empty())
        checkLayersPerStage(c, p.layersPerStage, m.layers, d);
    else if (const std::string problem = megatronSplitProblem(m.layers, d, p); !problem.empty())
        c.error("megatron_split", "parallel.decoder_first_pipeline_num_layers",
                QT_TRANSLATE_NOOP("Diagnostics", "Megatron refuses this split: %1. Give the layers of every stage with "
                                                 "pipeline_layout instead."),
                { DiagnosticArg{ problem } });
    else if (!usesMegatronSplit(p) && m.layers % d.virtualStages() != 0)
        c.warning("uneven_pipeline_split", "parallel.pp",
                  QT_TRANSLATE_NOOP("Diagnostics", "%1 layers do not split evenly over %2 (virtual) stages; the first stages get one layer "
                           "more. Set layers_per_stage to choose."),
                  { num(m.layers), num(d.virtualStages()) });
}

// `d`: the scenario's degrees with dp resolved.
void checkSplit(Checker& c, const Scenario& s, const ParallelDegrees& d)
{
    const TrainingSpec& t = s.training;
    checkTensorParallel(c, s.model, d.tp);
    if (!cpSplitsSequence(t.seqLen, d.cp))
        c.error("seq_not_divisible_by_cp", "parallel.cp",
                QT_TRANSLATE_NOOP("Diagnostics", "seq_len (%1) is not divisible by cp (%2); each CP rank takes an equal slice of the sequence."),
                { num(t.seqLen), num(d.cp) });
    if (microBatchCount(t.globalBatch, t.microBatch, d.dp) == 0)
        c.error("global_batch_not_divisible", "training.global_batch",
                QT_TRANSLATE_NOOP("Diagnostics", "global_batch (%1) is not a multiple of micro_batch x dp = %2 x %3; change the batch, the "
                         "micro-batch or dp."),
                { num(t.globalBatch), num(t.microBatch), num(d.dp) });
    checkExpertParallel(c, s.model, d);
    checkPipeline(c, s, d);
}

void checkChoices(Checker& c, const Scenario& s)
{
    const ParallelSpec& p = s.parallel;
    const int64_t tp = p.degrees.tp;
    const ClusterSpec& k = s.cluster;
    if (p.sequenceParallel && tp == 1)
        c.warning("sequence_parallel_without_tp", "parallel.sequence_parallel",
                  QT_TRANSLATE_NOOP("Diagnostics", "Sequence parallelism splits along the TP group; with tp = 1 it does nothing."));
    if (s.model.isMoe() && !p.sequenceParallel && tp > 1)
        c.warning("moe_tp_without_sequence_parallel", "parallel.sequence_parallel",
                  QT_TRANSLATE_NOOP("Diagnostics", "A MoE model with tp > 1 and no sequence parallelism dispatches every token "
                                                   "from each of the %1 TP ranks and computes it %1 times; Megatron-Core refuses "
                                                   "to train so. Enable sequence_parallel."),
                  { num(tp) });
    if (p.moeSharedExpertOverlap && (s.model.moe.sharedExperts == 0 || p.moeDispatcher != MoeDispatcher::AllToAll))
        c.warning("shared_expert_overlap_unused", "parallel.moe_shared_expert_overlap",
                  QT_TRANSLATE_NOOP("Diagnostics", "Shared-expert overlap hides the all-to-all dispatcher's traffic behind the "
                                                   "shared experts; without shared experts or with the allgather dispatcher it "
                                                   "does nothing."));
    if (p.moeA2aOverlap && !moeA2aOverlapRuns(p, p.recompute == Recompute::Auto ? Recompute::None : p.recompute))
        c.warning("moe_a2a_overlap_unused", "parallel.moe_a2a_overlap",
                  QT_TRANSLATE_NOOP("Diagnostics", "The all-to-all overlap needs ep > 1, the alltoall or flex dispatcher, vpp > 1 "
                                                   "where pp > 1, no full recomputation nor the MoE layer recomputed whole, and "
                                                   "no shared-expert overlap (Megatron-Core's rules); as set it does nothing."));
    if (s.model.isMoe() && p.moeDispatcher == MoeDispatcher::Flex) {
        if (p.degrees.expertSplit() < 2)
            c.error("flex_dispatcher_without_expert_split", "parallel.moe_dispatcher",
                    QT_TRANSLATE_NOOP("Diagnostics", "The flex dispatcher moves tokens between the ranks of the ETP x EP group; "
                                                     "with etp x ep = 1 there are none (Megatron-Core refuses it). Raise ep or "
                                                     "choose the alltoall dispatcher."));
        if (s.model.moe.padToCapacity)
            c.error("flex_dispatcher_with_padding", "parallel.moe_dispatcher",
                    QT_TRANSLATE_NOOP("Diagnostics", "The flex dispatcher does not pad experts to their capacity (Megatron-Core "
                                                     "refuses it with DeepEP); turn moe.pad_to_capacity off or choose the "
                                                     "alltoall dispatcher."));
    }
    if (p.tpCommOverlap && !p.sequenceParallel && tp > 1)
        c.warning("tp_comm_overlap_needs_sp", "parallel.tp_comm_overlap",
                  QT_TRANSLATE_NOOP("Diagnostics", "TP communication overlap works on sequence-parallel all-gathers and reduce-scatters; "
                           "enable sequence_parallel or it has no effect."));
    if (tp > k.gpusPerNode)
        c.warning("tp_crosses_node", "parallel.tp",
                  QT_TRANSLATE_NOOP("Diagnostics", "The TP group (%1 GPUs) is larger than a node (%2): its all-reduces, two per layer per "
                           "pass, cross the inter-node network at %3 GB/s per GPU instead of %4 GB/s."),
                  { num(tp), num(k.gpusPerNode), num(k.interNode.GBpsPerGpu), num(k.intraNode.GBpsPerGpu) });
    else if (tp > 1 && k.intraNode.kind == LinkKind::Pcie)
        c.warning("tp_over_pcie", "parallel.tp",
                  QT_TRANSLATE_NOOP("Diagnostics", "The TP group communicates over PCIe (%1 GB/s per GPU) every layer; prefer pp or dp on "
                           "machines without NVLink."),
                  { num(k.intraNode.GBpsPerGpu) });
    if (p.zeroStage >= 2 && p.degrees.pp > 1)
        c.warning("zero_with_pipeline", "parallel.zero_stage",
                  QT_TRANSLATE_NOOP("Diagnostics", "ZeRO-%1 with pipeline parallelism reduces gradients after every micro-batch; ZeRO-1 is the "
                           "usual choice."),
                  { num(int64_t(p.zeroStage)) });
}

// Megatron-Core's own checks of --recompute-modules (transformer_config.py @ d98e8a64) and of the
// precision-aware optimizer (megatron/core/optimizer/__init__.py).
void checkRecomputeAndOptimizer(Checker& c, const Scenario& s)
{
    const ParallelSpec& p = s.parallel;
    const ModelSpec& m = s.model;
    const RecomputeModules& modules = p.recomputeModules;
    const char* path = "parallel.recompute_modules";
    if (modules.has(RecomputeModule::MlaUpProj) && !m.mla.enabled())
        c.error("recompute_module_needs_mla", path,
                QT_TRANSLATE_NOOP("Diagnostics", "mla_up_proj recomputes multi-latent attention's up projections; this model "
                                                 "has no MLA. Remove it from recompute_modules."));
    const bool sharedOverlap = p.moeSharedExpertOverlap && m.moe.sharedExperts > 0;
    if (modules.has(RecomputeModule::SharedExperts) && sharedOverlap)
        c.error("recompute_shared_experts_with_overlap", path,
                QT_TRANSLATE_NOOP("Diagnostics", "The shared experts cannot be recomputed while they overlap the dispatcher "
                                                 "(Megatron-Core refuses it); drop shared_experts from recompute_modules or "
                                                 "moe_shared_expert_overlap."));
    const bool refused = std::any_of(kRecomputeModules.begin(), kRecomputeModules.end(), [&](RecomputeModule module) {
        return modules.has(module) && refusesRecomputing(s.training, module);
    });
    if (refused)
        c.error("recompute_discard_with_delayed_fp8", path,
                QT_TRANSLATE_NOOP("Diagnostics", "moe_act and layernorm recomputation cannot run with delayed FP8 scaling "
                                                 "(Megatron-Core refuses it); use fp8_recipe tensorwise, blockwise or mxfp8, "
                                                 "or recompute other modules."));
    const RecomputeModules applicable = applicableRecomputeModules(m);
    const bool idle = std::any_of(kRecomputeModules.begin(), kRecomputeModules.end(), [&](RecomputeModule module) {
        return module != RecomputeModule::MlaUpProj && modules.has(module) && !applicable.has(module);
    });
    if (idle)
        c.warning("recompute_module_not_in_model", path,
                  QT_TRANSLATE_NOOP("Diagnostics", "Some of recompute_modules name parts this model does not have (moe, "
                                                   "moe_act and shared_experts need experts, shared_experts shared ones, mlp "
                                                   "dense layers, layernorm a norm outside the linear layers as MLA and MoE "
                                                   "layers have); those do nothing."));
    if (s.pins.recomputeModules && checkpointsPerOperator(s.framework.name))
        c.warning("recompute_modules_not_in_framework", path,
                  QT_TRANSLATE_NOOP("Diagnostics", "%1's selective checkpointing keeps and replays by operator, not by "
                                                   "Megatron's modules; recompute_modules do nothing there."),
                  { DiagnosticArg{ toString(s.framework.name) } });
    else if (s.pins.recomputeModules && (p.recompute == Recompute::None || p.recompute == Recompute::Full))
        c.warning("recompute_modules_unused", path,
                  QT_TRANSLATE_NOOP("Diagnostics", "recompute_modules choose what selective recomputation replays; with "
                                                   "recompute \"%1\" they do nothing."),
                  { text(toString(p.recompute)) });
    if (s.training.precisionAwareOptimizer && p.zeroStage < 1)
        c.error("precision_aware_optimizer_needs_sharding", "training.precision_aware_optimizer",
                QT_TRANSLATE_NOOP("Diagnostics", "The precision-aware optimizer runs with the distributed optimizer only "
                                                 "(Megatron-Core refuses it otherwise); set zero_stage to 1 or more."));
}

} // namespace

Diagnostics validateScenario(const Scenario& s)
{
    Checker c;
    bool ok = checkModel(c, s.model);
    ok &= checkTraining(c, s.training);
    ok &= checkCluster(c, s.cluster, s.training.precision);
    ok &= checkTopology(c, s.cluster);
    ok &= checkDegrees(c, s.parallel);
    if (ok) {
        if (checkGpuCount(c, s.parallel.degrees, s.cluster.gpuCount())) {
            ParallelDegrees resolved = s.parallel.degrees;
            resolved.dp = dataParallelOf(s);
            checkSplit(c, s, resolved);
        }
        checkPlacement(c, s);
        checkChoices(c, s);
        checkRecomputeAndOptimizer(c, s);
    }
    return std::move(c.diagnostics);
}

} // namespace paraplan
