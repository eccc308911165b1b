// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/scenario_reader.h"

#include "core/io/json_reader.h"
#include "core/io/spec_fields.h"
#include "core/io/topology_json.h"
#include "core/rules/pipeline_layout_string.h"

#include <array>

namespace paraplan::io {

namespace {

template<typename Preset, typename IdOf>
std::string knownIds(const std::vector<Preset>& presets, IdOf idOf)
{
    std::string list;
    for (const Preset& p : presets)
        list += (list.empty() ? "" : ", ") + idOf(p);
    return list;
}

ModelSpec readModel(ObjectReader in, const Catalog& catalog)
{
    ModelSpec model;
    const std::optional<std::string> preset = in.string("preset");
    if (preset) {
        const ModelPreset* found = catalog.findModel(*preset);
        if (!found)
            in.fail("preset", "unknown model preset \"" + *preset + "\"; known: "
                        + knownIds(catalog.models, [](const ModelPreset& m) { return m.spec.preset; }));
        model = found->spec;
    }
    const bool kvGiven = in.has("kv_heads");
    const bool ffnGiven = in.has("ffn_hidden");
    readModelFields(in, model);
    in.rejectUnknownFields();
    if (!preset) {
        const char* hint = "give it, or choose a model.preset";
        require(model.layers != 0 || in.has("layers"), in, "layers", hint);
        require(model.hidden != 0 || in.has("hidden"), in, "hidden", hint);
        require(model.heads != 0 || in.has("heads"), in, "heads", hint);
        require(model.vocab != 0 || in.has("vocab"), in, "vocab", hint);
        if (!kvGiven)
            model.kvHeads = model.heads;
        if (!ffnGiven && !model.isMoe())
            model.ffnHidden = 4 * model.hidden;
        if (model.isMoe() && !ffnGiven)
            model.ffnHidden = model.moe.expertFfnHidden;
        if (model.name.empty())
            model.name = "custom model";
    }
    return model;
}

FrameworkSpec readFramework(ObjectReader in)
{
    FrameworkSpec f;
    if (auto v = in.choice("name", { "megatron-core", "megatron-lm", "megatron-deepspeed", "deepspeed", "nemo", "torchtitan" }))
        f.name = Framework(*v);
    if (auto v = in.boolean("cuda_graphs"))
        f.cudaGraphs = *v;
    if (auto v = in.boolean("compiled_loss"))
        f.compiledLoss = *v;
    in.rejectUnknownFields();
    return f;
}

PrecisionAwareOptimizer readPrecisionAwareOptimizer(ObjectReader in)
{
    PrecisionAwareOptimizer o;
    // The types Megatron-LM's arguments accept (megatron/training/arguments.py: --main-params-dtype
    // fp32|fp16, --exp-avg-dtype and --exp-avg-sq-dtype fp32|fp16|bf16|fp8).
    if (auto v = in.choice("main_params", { "fp32", "fp16" }))
        o.mainParams = *v == 0 ? StatePrecision::Fp32 : StatePrecision::Fp16;
    if (auto v = in.choice("exp_avg", { "fp32", "bf16", "fp16", "fp8" }))
        o.expAvg = StatePrecision(*v);
    if (auto v = in.choice("exp_avg_sq", { "fp32", "bf16", "fp16", "fp8" }))
        o.expAvgSq = StatePrecision(*v);
    if (auto v = in.boolean("param_remainders"))
        o.paramRemainders = *v;
    in.rejectUnknownFields();
    return o;
}

CheckpointSpec readCheckpoint(ObjectReader in)
{
    CheckpointSpec c;
    if (auto v = in.boolean("async"))
        c.async = *v;
    if (auto v = in.number("interval_s"))
        c.intervalS = *v;
    in.rejectUnknownFields();
    return c;
}

ReliabilitySpec readReliability(ObjectReader in)
{
    ReliabilitySpec r;
    if (auto v = in.number("failures_per_gpu_hour"))
        r.failuresPerGpuHour = *v;
    if (auto v = in.number("restart_s"))
        r.restartS = *v;
    in.rejectUnknownFields();
    return r;
}

TrainingSpec readTraining(ObjectReader in, const FrameworkDefaults& defaults)
{
    TrainingSpec t;
    t.flashAttention = defaults.flashAttention;
    require(in.has("seq_len"), in, "seq_len", "give the training sequence length in tokens");
    require(in.has("global_batch"), in, "global_batch", "give the global batch in sequences");
    t.seqLen = *in.integer("seq_len");
    t.globalBatch = *in.integer("global_batch");
    if (auto v = in.integer("micro_batch"))
        t.microBatch = *v;
    if (auto v = in.choice("precision", { "bf16", "fp16", "fp8", "fp4" }))
        t.precision = Precision(*v);
    t.gradPrecision = defaultGradients(t.precision);
    if (auto v = in.choice("grad_precision", { "fp32", "bf16", "fp16" }))
        t.gradPrecision = GradPrecision(*v);
    if (auto v = in.boolean("flash_attention"))
        t.flashAttention = *v;
    if (auto v = in.choice("fp8_recipe", { "delayed", "tensorwise", "blockwise", "mxfp8" }))
        t.fp8Recipe = Fp8Recipe(*v);
    if (auto v = in.boolean("fp8_attention"))
        t.fp8Attention = *v;
    if (auto v = in.boolean("fp8_param_gather"))
        t.fp8ParamGather = *v;
    if (auto v = in.choice("fp4_recipe", { "nvfp4", "mxfp4" }))
        t.fp4Recipe = Fp4Recipe(*v);
    if (std::optional<ObjectReader> optimizer = in.object("precision_aware_optimizer"))
        t.precisionAwareOptimizer = readPrecisionAwareOptimizer(*optimizer);
    if (auto v = in.number("train_tokens"))
        t.trainTokens = *v;
    if (auto v = in.number("dataset_tokens"))
        t.datasetTokens = *v;
    if (auto v = in.number("epochs"))
        t.epochs = *v;
    if (std::optional<ObjectReader> checkpoint = in.object("checkpoint"))
        t.checkpoint = readCheckpoint(*checkpoint);
    in.rejectUnknownFields();
    return t;
}

GpuSpec readGpu(const nlohmann::json& value, const GpuSpec& base, bool hasBase, const Catalog& catalog,
                const std::string& path)
{
    if (value.is_string()) {
        const GpuPreset* found = catalog.findGpu(value.get<std::string>());
        if (!found)
            throw ReadError(path, "unknown GPU \"" + value.get<std::string>() + "\"; known: "
                                + knownIds(catalog.gpus, [](const GpuPreset& g) { return g.spec.id; })
                                + ", or give an object with name, peak_tflops, hbm_gib, hbm_GBps and sms");
        return found->spec;
    }
    ObjectReader in(value, path);
    GpuSpec gpu = hasBase ? base : GpuSpec{};
    readGpuFields(in, gpu);
    in.rejectUnknownFields();
    if (!hasBase) {
        const char* hint = "a custom GPU needs name, peak_tflops.bf16, hbm_gib, hbm_GBps and sms";
        require(gpu.peakBf16Tflops != 0 || in.has("peak_tflops"), in, "peak_tflops", hint);
        require(in.has("hbm_gib"), in, "hbm_gib", hint);
        require(in.has("hbm_GBps"), in, "hbm_GBps", hint);
        require(in.has("sms"), in, "sms", hint);
        if (gpu.name.empty())
            gpu.name = "custom GPU";
    }
    gpu.id.clear(); // an edited GPU is no longer the catalog's
    return gpu;
}

// `cluster.topology`: {"preset": id} picks a catalog topology; nodes and network given beside it (or
// beside the cluster preset's own topology) replace the node kinds and override the network.
std::shared_ptr<const TopologySpec> readClusterTopology(ObjectReader& in, const std::shared_ptr<const TopologySpec>& presets,
                                                        const Catalog& catalog)
{
    TopologySpec base = presets ? *presets : TopologySpec{};
    if (const std::optional<std::string> id = in.string("preset")) {
        const TopologyPreset* found = catalog.findTopology(*id);
        if (!found)
            in.fail("preset", "unknown topology preset \"" + *id + "\"; known: "
                        + knownIds(catalog.topologies, [](const TopologyPreset& t) { return t.spec->preset; }));
        base = *found->spec;
    }
    TopologySpec topology = readTopology(in, std::move(base));
    in.rejectUnknownFields();
    return std::make_shared<const TopologySpec>(std::move(topology));
}

LinkSpec readLink(ObjectReader& cluster, const char* key, const LinkSpec& base, bool hasBase)
{
    std::optional<ObjectReader> in = cluster.object(key);
    if (!in) {
        require(hasBase, cluster, key, "give kind, GBps_per_gpu and latency_us, or choose a cluster.preset");
        return base;
    }
    LinkSpec link = base;
    readLinkFields(*in, link);
    if (std::string_view(key) == "intra_node")
        if (std::optional<bool> nvls = in->boolean("nvls"))
            link.nvls = *nvls;
    if (std::string_view(key) == "inter_node")
        if (std::optional<bool> sharp = in->boolean("sharp"))
            link.sharp = *sharp;
    in->rejectUnknownFields();
    if (!hasBase) {
        const char* hint = "give kind, GBps_per_gpu and latency_us, or choose a cluster.preset";
        require(in->has("kind"), *in, "kind", hint);
        require(in->has("GBps_per_gpu"), *in, "GBps_per_gpu", hint);
        require(in->has("latency_us"), *in, "latency_us", hint);
    }
    return link;
}

ClusterSpec readCluster(ObjectReader in, const Catalog& catalog)
{
    ClusterSpec cluster;
    const std::optional<std::string> preset = in.string("preset");
    if (preset) {
        const ClusterPreset* found = catalog.findCluster(*preset);
        if (!found)
            in.fail("preset", "unknown cluster preset \"" + *preset + "\"; known: "
                        + knownIds(catalog.clusters, [](const ClusterPreset& c) { return c.spec.preset; }));
        cluster = found->spec;
    }
    if (auto v = in.string("name"))
        cluster.name = *v;
    if (auto v = in.integer("nodes"))
        cluster.nodes = *v;
    const bool summaryGiven = in.has("intra_node") || in.has("inter_node") || in.has("gpus_per_node");
    std::optional<ObjectReader> topology = in.object("topology");
    if (topology) {
        cluster.topology = readClusterTopology(*topology, cluster.topology, catalog);
        if (!in.has("nodes") && cluster.topology->nodes.size() > 1)
            cluster.nodes = cluster.topology->nodeCount();
        if (!in.has("gpus_per_node"))
            cluster.gpusPerNode = cluster.topology->nodes.front().gpuCount();
    } else if (summaryGiven) {
        cluster.topology.reset(); // the summary given beside a preset describes the cluster now
    }
    if (auto v = in.integer("gpus_per_node"))
        cluster.gpusPerNode = *v;
    else
        require(preset.has_value() || topology.has_value(), in, "gpus_per_node",
                "give it, or choose a cluster.preset");
    if (const nlohmann::json* gpu = in.raw("gpu"))
        cluster.gpu = readGpu(*gpu, cluster.gpu, preset.has_value(), catalog, in.pathOf("gpu"));
    else
        require(preset.has_value(), in, "gpu", "name a catalog GPU or describe one, or choose a cluster.preset");
    cluster.intraNode = readLink(in, "intra_node", cluster.intraNode, preset.has_value());
    cluster.interNode = readLink(in, "inter_node", cluster.interNode, preset.has_value());
    if (auto v = in.number("gpu_hour_cost_usd"))
        cluster.gpuHourCostUsd = *v;
    if (auto v = in.number("storage_write_GBps"))
        cluster.storageWriteGBps = *v;
    if (std::optional<ObjectReader> reliability = in.object("reliability"))
        cluster.reliability = readReliability(*reliability);
    in.rejectUnknownFields();
    if (cluster.name.empty())
        cluster.name = "custom cluster";
    return cluster;
}

void readParallel(ObjectReader in, ParallelSpec& p, ParallelPins& pins, int64_t mtpLayers)
{
    auto pinInteger = [&](const char* key, int64_t& field, bool& pin) {
        if (auto v = in.integer(key)) {
            field = *v;
            pin = true;
        }
    };
    auto pinBool = [&](const char* key, bool& field, bool* pin) {
        if (auto v = in.boolean(key)) {
            field = *v;
            if (pin)
                *pin = true;
        }
    };
    pinInteger("tp", p.degrees.tp, pins.tp);
    pinInteger("pp", p.degrees.pp, pins.pp);
    pinInteger("dp", p.degrees.dp, pins.dp);
    pinInteger("cp", p.degrees.cp, pins.cp);
    pinInteger("ep", p.degrees.ep, pins.ep);
    pinInteger("vpp", p.degrees.vpp, pins.vpp);
    pinInteger("etp", p.degrees.etp, pins.etp);
    pinBool("sequence_parallel", p.sequenceParallel, &pins.sequenceParallel);
    if (auto v = in.choice("recompute", { "none", "selective", "full", "auto" })) {
        p.recompute = Recompute(*v);
        pins.recompute = true;
    }
    static const std::array<const char*, kRecomputeModules.size()> moduleNames = [] {
        std::array<const char*, kRecomputeModules.size()> names{};
        for (size_t i = 0; i < names.size(); ++i)
            names[i] = toString(kRecomputeModules[i]);
        return names;
    }();
    if (auto v = in.choiceList("recompute_modules", moduleNames)) {
        p.recomputeModules = RecomputeModules::none();
        for (size_t index : *v)
            p.recomputeModules = p.recomputeModules.with(kRecomputeModules[index]);
        if (p.recomputeModules.empty())
            in.fail("recompute_modules", "name at least one module, or leave the field out for Megatron's default [\"core_attn\"]");
        pins.recomputeModules = true;
    }
    if (auto v = in.integer("zero_stage")) {
        if (*v < -1000 || *v > 1000)
            in.fail("zero_stage", "use 0, 1, 2 or 3");
        p.zeroStage = int(*v);
        pins.zeroStage = true;
    }
    pinBool("overlap_grad_reduce", p.overlapGradReduce, nullptr);
    pinBool("overlap_param_gather", p.overlapParamGather, nullptr);
    pinBool("tp_comm_overlap", p.tpCommOverlap, nullptr);
    if (auto v = in.choice("moe_dispatcher", { "alltoall", "allgather", "flex" })) {
        p.moeDispatcher = MoeDispatcher(*v);
        pins.moeDispatcher = true;
    }
    if (auto v = in.choice("schedule", kPipelineScheduleNames)) {
        p.schedule = PipelineSchedule(*v);
        pins.schedule = true;
    }
    pinBool("moe_shared_expert_overlap", p.moeSharedExpertOverlap, nullptr);
    pinBool("moe_a2a_overlap", p.moeA2aOverlap, nullptr);
    if (auto v = in.integerList("layers_per_stage"))
        p.layersPerStage = *v;
    if (auto layout = in.string("pipeline_layout")) { // Megatron's --pipeline-model-parallel-layout
        const ParsedPipelineLayout parsed = parsePipelineLayout(*layout, mtpLayers);
        if (!parsed.error.empty())
            in.fail("pipeline_layout", parsed.error);
        const auto stages = int64_t(parsed.layersPerStage.size());
        if (p.degrees.pp < 1 || stages % p.degrees.pp != 0)
            in.fail("pipeline_layout", "its " + std::to_string(stages) + " stages do not divide into pp = "
                                           + std::to_string(p.degrees.pp) + " pipeline stages");
        if (pins.vpp && p.degrees.vpp != stages / p.degrees.pp)
            in.fail("pipeline_layout", "its " + std::to_string(stages) + " stages make vpp " + std::to_string(stages / p.degrees.pp)
                                           + " over pp = " + std::to_string(p.degrees.pp) + ", but vpp is "
                                           + std::to_string(p.degrees.vpp) + "; leave vpp out or make them agree");
        if (!p.layersPerStage.empty() && p.layersPerStage != parsed.layersPerStage)
            in.fail("pipeline_layout", "it splits the layers differently from layers_per_stage; give one of them");
        p.degrees.vpp = stages / p.degrees.pp;
        p.layersPerStage = parsed.layersPerStage;
    }
    if (auto v = in.integer("decoder_first_pipeline_num_layers"))
        p.firstStageLayers = *v;
    if (auto v = in.integer("decoder_last_pipeline_num_layers"))
        p.lastStageLayers = *v;
    pinBool("account_for_embedding_in_pipeline_split", p.embeddingAsLayer, nullptr);
    pinBool("account_for_loss_in_pipeline_split", p.lossAsLayer, nullptr);
    if (std::optional<ObjectReader> placement = in.object("placement")) {
        if (auto order = placement->string("order")) {
            const std::optional<RankOrder> parsed = parseRankOrder(*order);
            if (!parsed)
                placement->fail("order", "expected the five dimensions tp, cp, ep, dp, pp joined by '-', fastest "
                                         "first, each once; Megatron's default is \"tp-cp-ep-dp-pp\"");
            p.placement.order = *parsed;
        }
        if (auto table = placement->integerList("rank_to_gpu"))
            p.placement.table = makeRankTable(std::move(*table));
        placement->rejectUnknownFields();
    }
    in.rejectUnknownFields();
}

} // namespace

Scenario readScenario(const nlohmann::json& document, const Catalog& catalog, const std::string& path)
{
    ObjectReader root(document, path);
    Scenario s;
    std::optional<ObjectReader> model = root.object("model");
    std::optional<ObjectReader> training = root.object("training");
    std::optional<ObjectReader> cluster = root.object("cluster");
    require(model.has_value(), root, "model", "describe the model, or give {\"preset\": \"...\"}");
    require(training.has_value(), root, "training", "give at least seq_len and global_batch");
    require(cluster.has_value(), root, "cluster", "describe the cluster, or give {\"preset\": \"...\", \"nodes\": N}");
    s.model = readModel(*model, catalog);
    // The framework first: what it does by default is the default of the fields after it.
    if (std::optional<ObjectReader> framework = root.object("framework"))
        s.framework = readFramework(*framework);
    const FrameworkDefaults defaults = frameworkDefaults(s.framework.name);
    s.training = readTraining(*training, defaults);
    s.cluster = readCluster(*cluster, catalog);
    // Defaults for an omitted parallel block: the least recomputation that fits, Megatron's
    // distributed optimizer, DP over every GPU.
    s.parallel.recompute = Recompute::Auto;
    s.parallel.overlapGradReduce = defaults.overlapGradReduce;
    s.parallel.overlapParamGather = defaults.overlapParamGather;
    if (std::optional<ObjectReader> parallel = root.object("parallel"))
        readParallel(*parallel, s.parallel, s.pins, s.model.mtpLayers);
    (void)root.string("description");
    root.rejectUnknownFields();
    return s;
}

Scenario readScenarioText(const std::string& text, const Catalog& catalog)
{
    return readScenario(parseJson(text), catalog);
}

} // namespace paraplan::io
