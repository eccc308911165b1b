// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "validation.h"

#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

namespace paraplan {

namespace {

// Sizes beyond these are typos, not clusters or models; rejecting them also keeps every product
// below in int64 range.
constexpr int64_t kMaxDimension = 10'000'000;
constexpr int64_t kMaxGpus = 10'000'000;

std::string num(int64_t v) { return std::to_string(v); }

std::string num(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
    return buffer;
}

class Checker {
public:
    Diagnostics diagnostics;

    void error(std::string code, std::string path, std::string message)
    {
        diagnostics.push_back({ Severity::Error, std::move(code), std::move(path), std::move(message) });
    }
    void warning(std::string code, std::string path, std::string message)
    {
        diagnostics.push_back({ Severity::Warning, std::move(code), std::move(path), std::move(message) });
    }

    // A count that must be at least `minimum` and stay in the plausible range.
    bool count(const char* code, const std::string& path, int64_t value, int64_t minimum, const char* what)
    {
        if (value < minimum) {
            error(code, path,
                  std::string(what) + " is " + num(value) + "; it must be at least " + num(minimum) + ".");
            return false;
        }
        if (value > kMaxDimension) {
            error("value_too_large", path,
                  std::string(what) + " is " + num(value) + ", above the supported " + num(kMaxDimension)
                      + "; check the value for a typo.");
            return false;
        }
        return true;
    }

    bool positive(const char* code, const std::string& path, double value, const char* what, double maximum)
    {
        if (!(value > 0) || !std::isfinite(value)) {
            error(code, path, std::string(what) + " is " + num(value) + "; it must be greater than 0.");
            return false;
        }
        if (value > maximum) {
            error("value_too_large", path,
                  std::string(what) + " is " + num(value) + ", above the plausible " + num(maximum)
                      + "; check the unit and the value.");
            return false;
        }
        return true;
    }
};

bool checkModel(Checker& c, const ModelSpec& m)
{
    bool ok = c.count("invalid_model_dimension", "model.layers", m.layers, 1, "The number of layers");
    ok &= c.count("invalid_model_dimension", "model.hidden", m.hidden, 1, "The hidden size");
    ok &= c.count("invalid_model_dimension", "model.heads", m.heads, 1, "The number of attention heads");
    ok &= c.count("invalid_model_dimension", "model.kv_heads", m.kvHeads, 1, "The number of KV heads");
    ok &= c.count("invalid_model_dimension", "model.vocab", m.vocab, 1, "The vocabulary size");
    if (!m.isMoe())
        ok &= c.count("invalid_model_dimension", "model.ffn_hidden", m.ffnHidden, 1, "The FFN hidden size");
    if (!ok)
        return false;
    if (m.hidden % m.heads != 0) {
        c.error("hidden_not_divisible_by_heads", "model.heads",
                "hidden (" + num(m.hidden) + ") is not a multiple of heads (" + num(m.heads)
                    + "); choose heads so that hidden / heads is the head dimension.");
        ok = false;
    }
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0) {
        c.error("kv_heads_invalid", "model.kv_heads",
                "kv_heads (" + num(m.kvHeads) + ") must divide heads (" + num(m.heads)
                    + "): grouped-query attention shares each KV head among heads / kv_heads query heads.");
        ok = false;
    }
    if (m.moe.experts < 0) {
        c.error("moe_invalid", "model.moe.experts", "moe.experts is negative; use 0 for a dense model.");
        return false;
    }
    if (m.isMoe()) {
        ok &= c.count("moe_invalid", "model.moe.experts", m.moe.experts, 1, "The number of experts");
        ok &= c.count("moe_invalid", "model.moe.expert_ffn_hidden", m.moe.expertFfnHidden, 1,
                      "The expert FFN hidden size");
        if (m.moe.topK < 1 || m.moe.topK > m.moe.experts) {
            c.error("moe_invalid", "model.moe.top_k",
                    "moe.top_k is " + num(m.moe.topK) + "; each token must go to between 1 and "
                        + num(m.moe.experts) + " experts.");
            ok = false;
        }
    }
    return ok;
}

bool checkTraining(Checker& c, const TrainingSpec& t)
{
    bool ok = c.count("invalid_training_value", "training.seq_len", t.seqLen, 1, "The sequence length");
    ok &= c.count("invalid_training_value", "training.global_batch", t.globalBatch, 1, "The global batch");
    ok &= c.count("invalid_training_value", "training.micro_batch", t.microBatch, 1, "The micro-batch size");
    if (t.trainTokens && (!(*t.trainTokens > 0) || *t.trainTokens > 1e18)) {
        c.error("invalid_training_value", "training.train_tokens",
                "train_tokens is " + num(*t.trainTokens) + "; give a token budget between 1 and 1e18, or omit it.");
        ok = false;
    }
    return ok;
}

bool checkLink(Checker& c, const LinkSpec& link, const std::string& path)
{
    bool ok = c.positive("invalid_link", path + ".GBps_per_gpu", link.GBpsPerGpu, "The link bandwidth (GB/s)", 1e5);
    if (!(link.latencyUs >= 0) || link.latencyUs > 1e6) {
        c.error("invalid_link", path + ".latency_us",
                "latency_us is " + num(link.latencyUs) + "; give a latency between 0 and 1e6 microseconds.");
        ok = false;
    }
    return ok;
}

bool checkCluster(Checker& c, const ClusterSpec& k, Precision precision)
{
    bool ok = c.count("invalid_cluster_value", "cluster.nodes", k.nodes, 1, "The number of nodes");
    ok &= c.count("invalid_cluster_value", "cluster.gpus_per_node", k.gpusPerNode, 1, "gpus_per_node");
    if (ok && k.nodes * k.gpusPerNode > kMaxGpus) {
        c.error("value_too_large", "cluster.nodes",
                "The cluster has " + num(k.nodes * k.gpusPerNode) + " GPUs, more than the supported "
                    + num(kMaxGpus) + ".");
        ok = false;
    }
    ok &= c.positive("invalid_gpu", "cluster.gpu.peak_tflops.bf16", k.gpu.peakBf16Tflops, "The bf16 peak (TFLOP/s)",
                     1e6);
    ok &= c.positive("invalid_gpu", "cluster.gpu.hbm_gib", k.gpu.hbmGib, "The GPU memory (GiB)", 1e5);
    ok &= c.positive("invalid_gpu", "cluster.gpu.hbm_GBps", k.gpu.hbmGBps, "The memory bandwidth (GB/s)", 1e6);
    ok &= c.count("invalid_gpu", "cluster.gpu.sms", k.gpu.sms, 1, "The SM count");
    if (precision == Precision::Fp8 && !(k.gpu.peakFp8Tflops > 0)) {
        c.error("precision_unsupported", "training.precision",
                "The GPU " + k.gpu.name + " has no FP8 tensor cores (no fp8 peak); train in bf16, or give "
                    + "cluster.gpu.peak_tflops.fp8.");
        ok = false;
    }
    if (precision == Precision::Fp8 && k.gpu.peakFp8Tflops > 1e6) {
        c.error("value_too_large", "cluster.gpu.peak_tflops.fp8", "The fp8 peak is implausibly large; check it.");
        ok = false;
    }
    ok &= checkLink(c, k.intraNode, "cluster.intra_node");
    ok &= checkLink(c, k.interNode, "cluster.inter_node");
    if (k.gpuHourCostUsd && (!(*k.gpuHourCostUsd >= 0) || *k.gpuHourCostUsd > 1e4)) {
        c.error("invalid_cluster_value", "cluster.gpu_hour_cost_usd",
                "gpu_hour_cost_usd is " + num(*k.gpuHourCostUsd) + "; give a price between 0 and 10000 USD, or omit it.");
        ok = false;
    }
    return ok;
}

bool checkDegrees(Checker& c, const ParallelSpec& p)
{
    bool ok = c.count("invalid_parallel_degree", "parallel.tp", p.tp, 1, "tp");
    ok &= c.count("invalid_parallel_degree", "parallel.pp", p.pp, 1, "pp");
    ok &= c.count("invalid_parallel_degree", "parallel.cp", p.cp, 1, "cp");
    ok &= c.count("invalid_parallel_degree", "parallel.ep", p.ep, 1, "ep");
    ok &= c.count("invalid_parallel_degree", "parallel.vpp", p.vpp, 1, "vpp");
    ok &= c.count("invalid_parallel_degree", "parallel.dp", p.dp, 0, "dp");
    if (p.zeroStage < 0 || p.zeroStage > 3) {
        c.error("invalid_zero_stage", "parallel.zero_stage",
                "zero_stage is " + num(int64_t(p.zeroStage)) + "; use 0 (plain DP), 1, 2 or 3 (FSDP).");
        ok = false;
    }
    return ok;
}

void checkSplit(Checker& c, const Scenario& s, int64_t dp)
{
    const ModelSpec& m = s.model;
    const ParallelSpec& p = s.parallel;
    const TrainingSpec& t = s.training;
    const int64_t gpus = s.cluster.gpuCount();

    // tp * pp * cp * dp = N. Each degree is at most kMaxDimension, so compare by division.
    const int64_t modelParallel = p.tp * p.pp; // <= 1e14
    if (modelParallel > gpus || (modelParallel * p.cp) > gpus) {
        c.error("gpu_count_mismatch", "parallel.tp",
                "tp x pp x cp = " + num(modelParallel) + " x " + num(p.cp) + " needs more GPUs than the cluster's "
                    + num(gpus) + "; lower tp, pp or cp, or add nodes.");
        return;
    }
    const int64_t perReplica = modelParallel * p.cp;
    if (p.dp == 0 && gpus % perReplica != 0) {
        c.error("gpus_not_divisible", "parallel.dp",
                "The cluster's " + num(gpus) + " GPUs are not a multiple of tp x pp x cp = " + num(perReplica)
                    + ", so no whole dp fits; change tp, pp or cp, or the number of nodes.");
        return;
    }
    if (p.dp != 0 && (p.dp > gpus / perReplica || perReplica * p.dp != gpus)) {
        c.error("gpu_count_mismatch", "parallel.dp",
                "tp x pp x cp x dp = " + num(perReplica) + " x " + num(p.dp) + " does not equal the cluster's "
                    + num(gpus) + " GPUs; set dp to " + (gpus % perReplica == 0 ? num(gpus / perReplica) : std::string("a value that fits"))
                    + " or omit it.");
        return;
    }

    if (m.heads % p.tp != 0)
        c.error("heads_not_divisible_by_tp", "parallel.tp",
                "heads (" + num(m.heads) + ") is not divisible by tp (" + num(p.tp)
                    + "); each TP rank needs whole attention heads, so pick tp among the divisors of heads.");
    if (m.kvHeads % p.tp != 0) {
        if (p.tp % m.kvHeads == 0)
            c.warning("kv_heads_replicated", "parallel.tp",
                      "tp (" + num(p.tp) + ") exceeds kv_heads (" + num(m.kvHeads)
                          + "): KV heads are replicated across TP ranks, costing memory and compute.");
        else
            c.error("kv_heads_not_divisible_by_tp", "parallel.tp",
                    "kv_heads (" + num(m.kvHeads) + ") and tp (" + num(p.tp)
                        + ") do not divide one another; pick a tp that divides kv_heads or is a multiple of it.");
    }
    const int64_t ffn = m.isMoe() ? m.moe.expertFfnHidden : m.ffnHidden;
    if (ffn % p.tp != 0)
        c.error("ffn_not_divisible_by_tp", "parallel.tp",
                "The FFN width (" + num(ffn) + ") is not divisible by tp (" + num(p.tp) + "); pick another tp.");
    if (t.seqLen % p.cp != 0)
        c.error("seq_not_divisible_by_cp", "parallel.cp",
                "seq_len (" + num(t.seqLen) + ") is not divisible by cp (" + num(p.cp)
                    + "); each CP rank takes an equal slice of the sequence.");
    if (t.microBatch > t.globalBatch || t.globalBatch % (t.microBatch * dp) != 0)
        c.error("global_batch_not_divisible", "training.global_batch",
                "global_batch (" + num(t.globalBatch) + ") is not a multiple of micro_batch x dp = "
                    + num(t.microBatch) + " x " + num(dp) + "; change the batch, the micro-batch or dp.");

    if (p.ep > 1 && !m.isMoe())
        c.error("ep_without_moe", "parallel.ep",
                "ep is " + num(p.ep) + " but the model has no experts; set ep to 1 for a dense model.");
    if (m.isMoe() && m.moe.experts % p.ep != 0)
        c.error("experts_not_divisible_by_ep", "parallel.ep",
                "experts (" + num(m.moe.experts) + ") are not divisible by ep (" + num(p.ep)
                    + "); each EP rank holds an equal share of the experts.");
    if (p.ep > 1 && (dp * p.cp) % p.ep != 0)
        c.error("ep_not_divisible", "parallel.ep",
                "ep (" + num(p.ep) + ") must divide dp x cp = " + num(dp * p.cp)
                    + ": expert parallelism is carved out of the data- and context-parallel ranks.");

    const int64_t virtualStages = p.pp * p.vpp;
    if (virtualStages > m.layers) {
        c.error("pipeline_exceeds_layers", "parallel.pp",
                "pp x vpp = " + num(virtualStages) + " exceeds the " + num(m.layers)
                    + " layers; every (virtual) stage needs at least one layer.");
        return;
    }
    if (p.vpp > 1 && p.pp == 1)
        c.error("vpp_requires_pp", "parallel.vpp", "vpp > 1 interleaves pipeline stages; it needs pp > 1.");

    const int64_t microBatches = t.globalBatch / (t.microBatch * dp);
    if (microBatches > 0 && p.vpp > 1 && microBatches % p.pp != 0)
        c.error("interleave_micro_batches", "parallel.vpp",
                "The interleaved schedule needs the number of micro-batches (" + num(microBatches)
                    + ") to be a multiple of pp (" + num(p.pp) + "); change the batch, or use vpp 1.");
    if (microBatches > 0 && microBatches > kMaxPipelineOps / virtualStages)
        c.error("schedule_too_large", "training.micro_batch",
                num(microBatches) + " micro-batches over " + num(virtualStages)
                    + " virtual stages is too long a step to simulate; raise micro_batch or dp.");
    if (microBatches > 0 && microBatches < p.pp)
        c.warning("few_micro_batches", "training.global_batch",
                  "Only " + num(microBatches) + " micro-batches for " + num(p.pp)
                      + " pipeline stages: the pipeline never fills and most of the step is bubble.");

    if (!p.layersPerStage.empty()) {
        if (int64_t(p.layersPerStage.size()) != virtualStages) {
            c.error("layers_per_stage_count", "parallel.layers_per_stage",
                    "layers_per_stage has " + num(int64_t(p.layersPerStage.size())) + " entries; it needs pp x vpp = "
                        + num(virtualStages) + ".");
        } else {
            int64_t sum = 0;
            for (size_t i = 0; i < p.layersPerStage.size(); ++i) {
                if (p.layersPerStage[i] < 1 || p.layersPerStage[i] > kMaxDimension) {
                    c.error("layers_per_stage_empty", "parallel.layers_per_stage[" + std::to_string(i) + "]",
                            "Every stage needs at least one layer.");
                    return;
                }
                sum += p.layersPerStage[i];
            }
            if (sum != m.layers)
                c.error("layers_per_stage_sum", "parallel.layers_per_stage",
                        "layers_per_stage sums to " + num(sum) + " but the model has " + num(m.layers) + " layers.");
        }
    } else if (m.layers % virtualStages != 0) {
        c.warning("uneven_pipeline_split", "parallel.pp",
                  num(m.layers) + " layers do not split evenly over " + num(virtualStages)
                      + " (virtual) stages; the first stages get one layer more. Set layers_per_stage to choose.");
    }
}

void checkChoices(Checker& c, const Scenario& s)
{
    const ParallelSpec& p = s.parallel;
    const ClusterSpec& k = s.cluster;
    if (p.sequenceParallel && p.tp == 1)
        c.warning("sequence_parallel_without_tp", "parallel.sequence_parallel",
                  "Sequence parallelism splits along the TP group; with tp = 1 it does nothing.");
    if (p.tpCommOverlap && !p.sequenceParallel && p.tp > 1)
        c.warning("tp_comm_overlap_needs_sp", "parallel.tp_comm_overlap",
                  "TP communication overlap works on sequence-parallel all-gathers and reduce-scatters; enable "
                  "sequence_parallel or it has no effect.");
    if (p.tp > k.gpusPerNode)
        c.warning("tp_crosses_node", "parallel.tp",
                  "The TP group (" + num(p.tp) + " GPUs) is larger than a node (" + num(k.gpusPerNode)
                      + "): its all-reduces, two per layer per pass, cross the inter-node network at "
                      + num(k.interNode.GBpsPerGpu) + " GB/s per GPU instead of " + num(k.intraNode.GBpsPerGpu)
                      + " GB/s.");
    else if (p.tp > 1 && k.intraNode.kind == LinkKind::Pcie)
        c.warning("tp_over_pcie", "parallel.tp",
                  "The TP group communicates over PCIe (" + num(k.intraNode.GBpsPerGpu)
                      + " GB/s per GPU) every layer; prefer pp or dp on machines without NVLink.");
    if (p.zeroStage >= 2 && p.pp > 1)
        c.warning("zero_with_pipeline", "parallel.zero_stage",
                  "ZeRO-" + num(int64_t(p.zeroStage))
                      + " with pipeline parallelism reduces gradients after every micro-batch; ZeRO-1 is the usual choice.");
}

} // namespace

int64_t resolvedDataParallel(const Scenario& s)
{
    if (s.parallel.dp > 0)
        return s.parallel.dp;
    const int64_t perReplica = s.parallel.tp * s.parallel.pp * s.parallel.cp;
    const int64_t gpus = s.cluster.gpuCount();
    return perReplica > 0 && gpus % perReplica == 0 ? gpus / perReplica : 0;
}

Diagnostics validateScenario(const Scenario& s)
{
    Checker c;
    bool ok = checkModel(c, s.model);
    ok &= checkTraining(c, s.training);
    ok &= checkCluster(c, s.cluster, s.training.precision);
    ok &= checkDegrees(c, s.parallel);
    if (ok) {
        checkSplit(c, s, resolvedDataParallel(s));
        checkChoices(c, s);
    }
    return std::move(c.diagnostics);
}

} // namespace paraplan
