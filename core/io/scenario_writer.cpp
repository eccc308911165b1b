// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/scenario_writer.h"

#include "core/io/result_json.h"
#include "core/io/topology_json.h"

namespace paraplan::io {

namespace {

nlohmann::json linkJson(const LinkSpec& link)
{
    nlohmann::json json
        = { { "kind", toString(link.kind) }, { "GBps_per_gpu", link.GBpsPerGpu }, { "latency_us", link.latencyUs } };
    if (!link.nvls)
        json["nvls"] = false;
    if (link.sharp)
        json["sharp"] = true;
    return json;
}

} // namespace

nlohmann::json toJson(const Scenario& s)
{
    const ModelSpec& m = s.model;
    nlohmann::json model = { { "name", m.name },
                             { "layers", m.layers },
                             { "hidden", m.hidden },
                             { "heads", m.heads },
                             { "kv_heads", m.kvHeads },
                             { "ffn_hidden", m.ffnHidden },
                             { "gated_mlp", m.gatedMlp },
                             { "vocab", m.vocab },
                             { "tied_embeddings", m.tiedEmbeddings },
                             { "dropout", m.dropout },
                             { "moe",
                               { { "experts", m.moe.experts },
                                 { "top_k", m.moe.topK },
                                 { "expert_ffn_hidden", m.moe.expertFfnHidden } } } };
    if (!m.preset.empty())
        model["preset"] = m.preset;
    // What a model without them would not have is left out, as a person would write it.
    if (m.headDimension > 0)
        model["head_dim"] = m.headDimension;
    if (m.moe.sharedExperts > 0) {
        model["moe"]["shared_experts"] = m.moe.sharedExperts;
        model["moe"]["shared_expert_ffn_hidden"] = m.moe.sharedExpertFfnHidden;
    }
    if (m.moe.firstDenseLayers > 0)
        model["moe"]["first_dense_layers"] = m.moe.firstDenseLayers;
    if (m.moe.layerFrequency != 1)
        model["moe"]["layer_frequency"] = m.moe.layerFrequency;
    if (m.isMoe()) // always: a preset may balance otherwise
        model["moe"]["load_balancing"] = toString(m.moe.loadBalancing);
    if (m.moe.imbalance > 0)
        model["moe"]["imbalance"] = m.moe.imbalance;
    if (m.moe.capacityFactor > 0) {
        model["moe"]["capacity_factor"] = m.moe.capacityFactor;
        model["moe"]["pad_to_capacity"] = m.moe.padToCapacity;
    }
    if (m.moe.groups > 0 || m.moe.groupTopK > 0) {
        model["moe"]["groups"] = m.moe.groups;
        model["moe"]["group_top_k"] = m.moe.groupTopK;
    }
    if (m.mla.enabled())
        model["mla"] = { { "q_lora_rank", m.mla.qLoraRank },         { "kv_lora_rank", m.mla.kvLoraRank },
                         { "qk_nope_head_dim", m.mla.qkNopeHeadDim }, { "qk_rope_head_dim", m.mla.qkRopeHeadDim },
                         { "v_head_dim", m.mla.vHeadDim },           { "absorbed", m.mla.absorbed } };
    if (m.localAttention.window > 0)
        model["local_attention"] = { { "window", m.localAttention.window },
                                     { "kind", m.localAttention.chunked ? "chunked" : "sliding" },
                                     { "global_every", m.localAttention.globalEvery } };
    if (m.mtpLayers > 0)
        model["mtp_layers"] = m.mtpLayers;

    const TrainingSpec& t = s.training;
    nlohmann::json training = { { "seq_len", t.seqLen },
                                { "global_batch", t.globalBatch },
                                { "micro_batch", t.microBatch },
                                { "precision", toString(t.precision) },
                                { "grad_precision", toString(t.gradPrecision) },
                                { "flash_attention", t.flashAttention } };
    if (t.precision == Precision::Fp8) {
        training["fp8_recipe"] = toString(t.fp8Recipe);
        training["fp8_attention"] = t.fp8Attention;
        training["fp8_param_gather"] = t.fp8ParamGather;
    }
    if (t.precision == Precision::Fp4)
        training["fp4_recipe"] = toString(t.fp4Recipe);
    if (const std::optional<PrecisionAwareOptimizer>& o = t.precisionAwareOptimizer)
        training["precision_aware_optimizer"] = { { "main_params", toString(o->mainParams) },
                                                  { "exp_avg", toString(o->expAvg) },
                                                  { "exp_avg_sq", toString(o->expAvgSq) },
                                                  { "param_remainders", o->paramRemainders } };
    if (t.trainTokens)
        training["train_tokens"] = *t.trainTokens;
    if (t.datasetTokens)
        training["dataset_tokens"] = *t.datasetTokens;
    if (t.epochs)
        training["epochs"] = *t.epochs;
    if (t.checkpoint != CheckpointSpec{}) {
        nlohmann::json checkpoint = { { "async", t.checkpoint.async } };
        if (t.checkpoint.intervalS)
            checkpoint["interval_s"] = *t.checkpoint.intervalS;
        training["checkpoint"] = checkpoint;
    }

    const ClusterSpec& c = s.cluster;
    nlohmann::json gpu = { { "name", c.gpu.name },
                           { "peak_tflops", { { "bf16", c.gpu.peakBf16Tflops }, { "fp8", c.gpu.peakFp8Tflops }, { "fp4", c.gpu.peakFp4Tflops } } },
                           { "hbm_gib", c.gpu.hbmGib },
                           { "hbm_GBps", c.gpu.hbmGBps },
                           { "sms", c.gpu.sms } };
    if (!c.gpu.architecture.empty())
        gpu["architecture"] = c.gpu.architecture;
    if (c.gpu.tdpW > 0)
        gpu["tdp_w"] = c.gpu.tdpW;
    if (c.gpu.powerLimitW > 0)
        gpu["power_limit_w"] = c.gpu.powerLimitW;
    // A catalog GPU is written by its id: reading the id gives the same figures back.
    nlohmann::json cluster = { { "name", c.name },
                               { "nodes", c.nodes },
                               { "gpus_per_node", c.gpusPerNode },
                               { "gpu", c.gpu.id.empty() ? gpu : nlohmann::json(c.gpu.id) },
                               { "intra_node", linkJson(c.intraNode) },
                               { "inter_node", linkJson(c.interNode) } };
    if (!c.preset.empty())
        cluster["preset"] = c.preset;
    if (c.gpuHourCostUsd)
        cluster["gpu_hour_cost_usd"] = *c.gpuHourCostUsd;
    if (c.storageWriteGBps)
        cluster["storage_write_GBps"] = *c.storageWriteGBps;
    if (c.reliability != ReliabilitySpec{}) {
        nlohmann::json reliability = nlohmann::json::object();
        if (c.reliability.failuresPerGpuHour)
            reliability["failures_per_gpu_hour"] = *c.reliability.failuresPerGpuHour;
        if (c.reliability.restartS)
            reliability["restart_s"] = *c.reliability.restartS;
        cluster["reliability"] = reliability;
    }
    if (c.topology) // a catalog topology by its name, an edited or imported one in full
        cluster["topology"] = c.topology->preset.empty() ? toJson(*c.topology)
                                                         : nlohmann::json{ { "preset", c.topology->preset } };

    const ParallelSpec& p = s.parallel;
    nlohmann::json parallel = toJson(p);
    if (p.degrees.dp <= 0)
        parallel.erase("dp"); // left out: the reader derives it from the GPU count
    if (!p.placement.isDefault()) {
        nlohmann::json placement = { { "order", toString(p.placement.order) } };
        if (p.placement.table)
            placement["rank_to_gpu"] = p.placement.table->gpuOfRank;
        parallel["placement"] = placement;
    }
    nlohmann::json document = { { "model", model }, { "training", training }, { "cluster", cluster }, { "parallel", parallel } };
    if (s.framework != FrameworkSpec{}) {
        document["framework"] = { { "name", toString(s.framework.name) }, { "cuda_graphs", s.framework.cudaGraphs } };
        if (s.framework.compiledLoss)
            document["framework"]["compiled_loss"] = true;
    }
    return document;
}

} // namespace paraplan::io
