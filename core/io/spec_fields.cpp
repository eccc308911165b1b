// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/spec_fields.h"

namespace paraplan::io {

void require(bool present, const ObjectReader& in, const char* key, const char* hint)
{
    if (!present)
        in.fail(key, std::string("missing; ") + hint);
}

void readModelFields(ObjectReader& in, ModelSpec& model)
{
    if (auto v = in.string("name"))
        model.name = *v;
    if (auto v = in.integer("layers"))
        model.layers = *v;
    if (auto v = in.integer("hidden"))
        model.hidden = *v;
    if (auto v = in.integer("heads"))
        model.heads = *v;
    if (auto v = in.integer("kv_heads"))
        model.kvHeads = *v;
    if (auto v = in.integer("ffn_hidden"))
        model.ffnHidden = *v;
    if (auto v = in.boolean("gated_mlp"))
        model.gatedMlp = *v;
    if (auto v = in.integer("vocab"))
        model.vocab = *v;
    if (auto v = in.boolean("tied_embeddings"))
        model.tiedEmbeddings = *v;
    if (auto v = in.boolean("dropout"))
        model.dropout = *v;
    if (auto v = in.integer("head_dim"))
        model.headDimension = *v;
    if (auto v = in.integer("mtp_layers"))
        model.mtpLayers = *v;
    if (auto moe = in.object("moe")) {
        if (auto v = moe->integer("experts"))
            model.moe.experts = *v;
        if (auto v = moe->integer("top_k"))
            model.moe.topK = *v;
        if (auto v = moe->integer("expert_ffn_hidden"))
            model.moe.expertFfnHidden = *v;
        if (auto v = moe->integer("shared_experts"))
            model.moe.sharedExperts = *v;
        const std::optional<int64_t> sharedWidth = moe->integer("shared_expert_ffn_hidden");
        if (sharedWidth)
            model.moe.sharedExpertFfnHidden = *sharedWidth;
        else if (model.moe.sharedExperts > 0 && model.moe.sharedExpertFfnHidden == 0)
            model.moe.sharedExpertFfnHidden = model.moe.expertFfnHidden; // as wide as a routed expert
        if (auto v = moe->integer("first_dense_layers"))
            model.moe.firstDenseLayers = *v;
        if (auto v = moe->integer("layer_frequency"))
            model.moe.layerFrequency = *v;
        if (auto v = moe->choice("load_balancing", { "aux_loss", "aux_free" }))
            model.moe.loadBalancing = LoadBalancing(*v);
        if (auto v = moe->number("imbalance"))
            model.moe.imbalance = *v;
        if (auto v = moe->number("capacity_factor"))
            model.moe.capacityFactor = *v;
        if (auto v = moe->boolean("pad_to_capacity"))
            model.moe.padToCapacity = *v;
        if (auto v = moe->integer("groups"))
            model.moe.groups = *v;
        if (auto v = moe->integer("group_top_k"))
            model.moe.groupTopK = *v;
        moe->rejectUnknownFields();
    }
    if (auto mla = in.object("mla")) {
        if (auto v = mla->integer("q_lora_rank"))
            model.mla.qLoraRank = *v;
        if (auto v = mla->integer("kv_lora_rank"))
            model.mla.kvLoraRank = *v;
        if (auto v = mla->integer("qk_nope_head_dim"))
            model.mla.qkNopeHeadDim = *v;
        if (auto v = mla->integer("qk_rope_head_dim"))
            model.mla.qkRopeHeadDim = *v;
        if (auto v = mla->integer("v_head_dim"))
            model.mla.vHeadDim = *v;
        if (auto v = mla->boolean("absorbed"))
            model.mla.absorbed = *v;
        mla->rejectUnknownFields();
    }
    if (auto local = in.object("local_attention")) {
        if (auto v = local->integer("window"))
            model.localAttention.window = *v;
        if (auto v = local->choice("kind", { "sliding", "chunked" }))
            model.localAttention.chunked = *v == 1;
        if (auto v = local->integer("global_every"))
            model.localAttention.globalEvery = *v;
        local->rejectUnknownFields();
    }
}

void readGpuFields(ObjectReader& in, GpuSpec& gpu)
{
    if (auto v = in.string("name"))
        gpu.name = *v;
    if (auto v = in.string("architecture"))
        gpu.architecture = *v;
    if (auto peak = in.object("peak_tflops")) {
        // fp16 runs at the bf16 rate on every tensor-core generation; the field is accepted for
        // datasheets that list both, and stands for bf16 when bf16 is not given.
        const std::optional<double> bf16 = peak->number("bf16");
        const std::optional<double> fp16 = peak->number("fp16");
        if (bf16 || fp16)
            gpu.peakBf16Tflops = bf16 ? *bf16 : *fp16;
        if (auto v = peak->number("fp8"))
            gpu.peakFp8Tflops = *v;
        if (auto v = peak->number("fp4"))
            gpu.peakFp4Tflops = *v;
        peak->rejectUnknownFields();
    }
    if (auto v = in.number("hbm_gib"))
        gpu.hbmGib = *v;
    if (auto v = in.number("hbm_GBps"))
        gpu.hbmGBps = *v;
    if (auto v = in.integer("sms"))
        gpu.sms = *v;
    if (auto v = in.number("tdp_w"))
        gpu.tdpW = *v;
    if (auto v = in.number("power_limit_w"))
        gpu.powerLimitW = *v;
}

void readLinkFields(ObjectReader& in, LinkSpec& link)
{
    if (auto v = in.choice("kind", { "nvswitch", "nvlink", "pcie", "infiniband", "roce", "ethernet", "omni-path", "slingshot",
                                     "efa", "tcp", "infinity-fabric" }))
        link.kind = LinkKind(*v);
    if (auto v = in.number("GBps_per_gpu"))
        link.GBpsPerGpu = *v;
    if (auto v = in.number("latency_us"))
        link.latencyUs = *v;
}

} // namespace paraplan::io
