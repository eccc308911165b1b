// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/torchtitan_config.h"

#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/rules/pipeline_split.h"

#include <toml.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <tuple>

// torchtitan (pytorch/torchtitan) read its job configuration from TOML files until 9810191 (#2386,
// "Config System Refactor: TOML to Python Dataclass Registry", 2026-02-23; v0.2.2 is the last
// release before it). Since then a run is a Python function returning a Trainer.Config.
//
// - TOML: the keys of torchtitan/config/job_config.py @ 238fa995 (9810191's parent).
// - Python: the attributes of Trainer.Config, TrainingConfig, ParallelismConfig and CompileConfig
//   (torchtitan/trainer.py, torchtitan/config/configs.py) @ b5bcd76c, set one per line on a
//   config built from torchtitan's own baseline, as torchtitan_recipes/tests/h100.py writes them.
//
// How the scenario maps to both, and what neither can say: docs/frameworks/torchtitan.md.
namespace paraplan::frameworks {

namespace {

std::string text(int64_t value)
{
    return std::to_string(value);
}

enum class Era { Toml, Python };

// ---- Models torchtitan registers ----------------------------------------------------------------------

// torchtitan's llama3 flavors (llama3_args in torchtitan/models/llama3/__init__.py @ 238fa995;
// llama3_configs @ b5bcd76c gives the same shapes): the model's shape is the flavor's name, so a
// scenario round-trips through torchtitan only as one of these.
struct Flavor {
    const char* name;
    int64_t dim, layers, heads, kvHeads;
    double ffnMultiplier;
    int64_t multipleOf;
    const char* hfAssets; // the repository torchtitan's own configs load the tokenizer from
    const char* configFunction; // its baseline in torchtitan/models/llama3/config_registry.py
};
constexpr int64_t kLlama3Vocab = 128256; // TransformerModelArgs.vocab_size
constexpr Flavor kLlama3Flavors[] = {
    { "8B", 4096, 32, 32, 8, 1.3, 1024, "Llama-3.1-8B", "llama3_8b" },
    { "70B", 8192, 80, 64, 8, 1.3, 4096, "Llama-3.1-70B", "llama3_70b" },
    { "405B", 16384, 126, 128, 8, 1.2, 4096, "Llama-3.1-405B", "llama3_405b" },
};

// The SwiGLU width torchtitan derives from the flavor (FeedForward in llama3/model/model.py,
// compute_ffn_hidden_dim at b5bcd76c): 2/3 of 4·dim, times the multiplier, rounded up.
int64_t ffnHiddenOf(const Flavor& f)
{
    int64_t hidden = 2 * (4 * f.dim) / 3;
    hidden = int64_t(f.ffnMultiplier * double(hidden));
    return f.multipleOf * ((hidden + f.multipleOf - 1) / f.multipleOf);
}

const Flavor* flavorOf(const ModelSpec& m)
{
    if (m.isMoe() || m.mla.enabled() || m.localAttention.window > 0 || m.mtpLayers > 0 || !m.gatedMlp
        || m.tiedEmbeddings || m.dropout || m.vocab != kLlama3Vocab
        || (m.headDimension > 0 && m.headDimension * m.heads != m.hidden))
        return nullptr;
    for (const Flavor& f : kLlama3Flavors)
        if (f.dim == m.hidden && f.layers == m.layers && f.heads == m.heads && f.kvHeads == m.kvHeads
            && ffnHiddenOf(f) == m.ffnHidden)
            return &f;
    return nullptr;
}

const Flavor* flavorNamed(const std::string& model, const std::string& flavor)
{
    if (model != "llama3")
        return nullptr;
    for (const Flavor& f : kLlama3Flavors)
        if (flavor == f.name)
            return &f;
    return nullptr;
}

nlohmann::json modelJson(const Flavor& f)
{
    return { { "layers", f.layers }, { "hidden", f.dim }, { "heads", f.heads }, { "kv_heads", f.kvHeads },
        { "ffn_hidden", ffnHiddenOf(f) }, { "gated_mlp", true }, { "vocab", kLlama3Vocab },
        { "tied_embeddings", false }, { "dropout", false },
        { "moe", { { "experts", 0 }, { "top_k", 0 }, { "expert_ffn_hidden", 0 } } } };
}

// A name torchtitan could register the model under: the scenario's model name in lower case,
// letters and digits kept, the rest as underscores.
std::string slugOf(const ModelSpec& m)
{
    std::string slug;
    for (const char c : m.name.empty() ? m.preset : m.name)
        slug += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(static_cast<unsigned char>(c))) : '_';
    return slug.empty() ? "custom" : slug;
}

// ---- Pipeline schedules -----------------------------------------------------------------------------

// ParaPlan's schedules that torch.distributed.pipelining runs (get_schedule_class in
// torch/distributed/pipelining/schedules.py @ 00722e64; tests/data/frameworks/names/
// torch_pipeline_schedules.txt).
struct TorchSchedule {
    const char* name;
    std::optional<PipelineSchedule> schedule; // none: ParaPlan does not simulate it
    bool singleStage; // PipelineScheduleSingle: one stage per rank
};
constexpr TorchSchedule kTorchSchedules[] = {
    { "1F1B", PipelineSchedule::OneFOneB, true },
    { "GPipe", PipelineSchedule::GPipe, true },
    { "Interleaved1F1B", PipelineSchedule::Interleaved1F1B, false },
    { "ZBVZeroBubble", PipelineSchedule::ZbV, false },
    { "DualPipeV", PipelineSchedule::DualPipeV, false },
    { "LoopedBFS", std::nullopt, false },
    { "InterleavedZeroBubble", std::nullopt, false },
    { "PipelineScheduleSingle", std::nullopt, true },
    { "PipelineScheduleMulti", std::nullopt, false },
};

const TorchSchedule* torchScheduleNamed(const std::string& name)
{
    const auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s;
    };
    for (const TorchSchedule& s : kTorchSchedules)
        if (lower(s.name) == lower(name)) // get_schedule_class matches case-insensitively
            return &s;
    return nullptr;
}

const TorchSchedule* torchScheduleFor(PipelineSchedule schedule)
{
    for (const TorchSchedule& s : kTorchSchedules)
        if (s.schedule == schedule)
            return &s;
    return nullptr;
}

std::string scheduleNames()
{
    std::string names;
    for (const TorchSchedule& s : kTorchSchedules)
        names += std::string(names.empty() ? "" : ", ") + s.name;
    return names;
}

// ==== Export ========================================================================================

// What both forms write, decided once: the scenario's values in torchtitan's terms.
struct Plan {
    const Flavor* flavor = nullptr;
    std::string modelName, flavorName;
    int64_t seqLen = 0, microBatch = 0, globalBatch = 0, microBatches = 0;
    std::optional<int64_t> steps;
    int64_t replicate = 1, shard = 1;
    std::string reshard; // fsdp_reshard_after_forward; empty with plain DDP
    int64_t tp = 1, pp = 1, cp = 1, ep = 1, etp = 1;
    bool sequenceParallel = false, asyncTp = false;
    std::string schedule;
    std::vector<std::vector<std::string>> modelParts; // module FQNs per virtual stage; empty without PP
    Recompute recompute = Recompute::None;
    Precision precision = Precision::Bf16;
    Fp8Recipe fp8Recipe = Fp8Recipe::Tensorwise;
    Fp4Recipe fp4Recipe = Fp4Recipe::Nvfp4;
    bool fp8AllGather = false;
    bool moe = false;
    bool cudaGraphs = false;
    bool compiledLoss = false;
    std::vector<std::string> notes;
};

// Data parallelism as torchtitan shards it: FSDP2 (data_parallel_shard_degree) is ZeRO-3, or
// ZeRO-2 when the parameters stay gathered from the forward to the backward
// (fsdp_reshard_after_forward "never"); plain DDP (data_parallel_replicate_degree) is ZeRO-0.
// ZeRO-1 has no form of its own.
void planDataParallel(const ParallelSpec& p, int64_t dp, Plan& plan)
{
    if (p.zeroStage == 0 || dp == 1) {
        plan.replicate = dp;
        return;
    }
    plan.shard = dp;
    plan.reshard = p.zeroStage == 3 ? "always" : "never";
    if (p.zeroStage == 1)
        plan.notes.emplace_back("parallel.zero_stage 1: torchtitan shards with FSDP2 and has no ZeRO-1; the config "
                                "shards gradients too and keeps parameters gathered through the step "
                                "(fsdp_reshard_after_forward \"never\"): ZeRO-2, which an import reads back as 2");
}

void planPipeline(const LaunchContext& c, Era era, Plan& plan)
{
    const ParallelSpec& p = c.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    if (d.pp == 1)
        return;
    const TorchSchedule* schedule = torchScheduleFor(c.prediction.schedule);
    if (!schedule) {
        schedule = torchScheduleNamed(d.vpp > 1 ? "Interleaved1F1B" : "1F1B");
        plan.notes.push_back(std::string("parallel.schedule ") + toString(c.prediction.schedule)
            + ": torch.distributed.pipelining has no such schedule; the config runs " + schedule->name);
    }
    plan.schedule = schedule->name;
    // Every virtual stage's modules named, in model order: the split ParaPlan priced, whatever
    // torchtitan's own splitting would do (module_fqns_per_model_part wins over it).
    const std::vector<int64_t> layers = virtualStageLayers(c.scenario.model.layers, d, p);
    const char* output = era == Era::Toml ? "output" : "lm_head";
    int64_t next = 0;
    for (size_t stage = 0; stage < layers.size(); ++stage) {
        std::vector<std::string> part;
        if (stage == 0)
            part.emplace_back("tok_embeddings");
        for (int64_t i = 0; i < layers[stage]; ++i)
            part.push_back("layers." + text(next++));
        if (stage + 1 == layers.size())
            part.insert(part.end(), { "norm", output });
        plan.modelParts.push_back(std::move(part));
    }
}

void planModel(const ModelSpec& m, Plan& plan)
{
    plan.flavor = flavorOf(m);
    plan.moe = m.isMoe();
    if (plan.flavor) {
        plan.modelName = "llama3";
        plan.flavorName = plan.flavor->name;
        return;
    }
    plan.modelName = m.isMoe() || m.mla.enabled() ? "custom" : "llama3";
    plan.flavorName = slugOf(m);
    plan.notes.push_back("model: torchtitan has no flavor of this shape (its llama3 flavors are 8B, 70B and 405B); "
                         "register it as "
        + plan.modelName + " / " + plan.flavorName
        + " before launching. An import "
          "cannot read a shape from the name and keeps the base's model");
}

void planPrecision(const TrainingSpec& t, Era era, Plan& plan)
{
    plan.precision = t.precision;
    if (t.precision == Precision::Fp16) {
        plan.precision = Precision::Bf16;
        plan.notes.emplace_back("training.precision fp16: torchtitan's mixed precision is bf16 (or fp32); the config "
                                "trains in bf16");
    }
    if (t.gradPrecision != GradPrecision::Fp32)
        plan.notes.emplace_back(std::string("training.grad_precision ") + toString(t.gradPrecision)
                                + ": torchtitan reduces gradients in float32 (mixed_precision_reduce)");
    if (t.precisionAwareOptimizer)
        plan.notes.emplace_back("training.precision_aware_optimizer: torchtitan keeps fp32 master weights and moments");
    if (t.precision == Precision::Fp8) {
        plan.fp8Recipe = t.fp8Recipe;
        plan.fp8AllGather = t.fp8ParamGather;
        const bool tensorwise = era == Era::Toml;
        if (t.fp8Recipe == Fp8Recipe::Delayed) {
            plan.fp8Recipe = tensorwise ? Fp8Recipe::Tensorwise : Fp8Recipe::Blockwise;
            plan.notes.emplace_back("training.fp8_recipe delayed: torchao has no delayed scaling any more; the config "
                                    "uses "
                + std::string(tensorwise ? "tensorwise" : "rowwise") + " scaling");
        } else if (t.fp8Recipe == Fp8Recipe::Tensorwise && !tensorwise) {
            plan.fp8Recipe = Fp8Recipe::Blockwise;
            plan.notes.emplace_back(
                "training.fp8_recipe tensorwise: torchtitan's Float8LinearConverter (b5bcd76c) takes "
                "rowwise recipes only; the config uses rowwise, which an import reads as blockwise");
        } else if (t.fp8Recipe == Fp8Recipe::Blockwise) {
            plan.notes.emplace_back("training.fp8_recipe blockwise: written as torchao's rowwise scaling, its nearest");
        }
        if (t.fp8Attention)
            plan.notes.emplace_back("training.fp8_attention: torchtitan has no FP8 attention");
        if (t.fp8ParamGather && (plan.fp8Recipe != Fp8Recipe::Tensorwise || era == Era::Python))
            plan.notes.emplace_back("training.fp8_param_gather: FSDP's float8 all-gather goes with tensorwise scaling "
                                    "only");
    }
    if (t.precision == Precision::Fp4) {
        plan.fp4Recipe = t.fp4Recipe;
        if (era == Era::Toml || t.fp4Recipe == Fp4Recipe::Mxfp4) {
            plan.precision = Precision::Bf16;
            plan.notes.push_back(std::string("training.precision fp4 (") + toString(t.fp4Recipe) + "): torchtitan "
                + (era == Era::Toml ? "before the Python configs" : "at b5bcd76c")
                + " has no converter for it; the config trains in bf16");
        }
    }
}

// The Python form quantizes through model_registry(converters=...), which needs a registered model.
void notePythonConverterWithoutModel(Era era, Plan& plan)
{
    if (era == Era::Python && !plan.flavor && (plan.precision == Precision::Fp8 || plan.precision == Precision::Fp4))
        plan.notes.push_back(std::string("training.precision ") + toString(plan.precision)
            + ": torchtitan quantizes through the model's registration (model_registry's converters), "
              "which the config cannot make for an unregistered model; it trains in bf16 until "
              "model_spec is set, and an import reads bf16");
}

void planRecompute(const ParallelSpec& p, Framework framework, Plan& plan)
{
    plan.recompute = p.recompute;
    if (p.recompute == Recompute::Selective && !checkpointsPerOperator(framework))
        plan.notes.push_back("parallel.recompute selective (" + moduleList(p.recomputeModules)
            + "): torchtitan's selective checkpointing works per operator (keeps the attention's and every "
              "second matmul's outputs, recomputes the rest); ParaPlan priced " + toString(framework)
            + "'s modules, which keep more");
}

void planParallel(const LaunchContext& c, Era era, Plan& plan)
{
    const ParallelSpec& p = c.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    plan.tp = d.tp;
    plan.pp = d.pp;
    plan.cp = d.cp;
    plan.ep = plan.moe ? d.ep : 1;
    plan.etp = plan.moe ? d.expertTp() : 1;
    plan.asyncTp = p.tpCommOverlap;
    plan.sequenceParallel = p.sequenceParallel && d.tp > 1;
    planDataParallel(p, d.dp, plan);
    planPipeline(c, era, plan);
    planRecompute(p, c.scenario.framework.name, plan);
    if (era == Era::Toml && d.tp > 1 && !p.sequenceParallel)
        plan.notes.emplace_back("parallel.sequence_parallel false: torchtitan before the Python configs always splits "
                                "the norms' activations over the TP ranks (SequenceParallel in apply_tp); an import "
                                "reads it back as true");
    if (plan.moe && plan.etp != 1 && plan.etp != d.tp)
        plan.notes.push_back("parallel.etp " + text(plan.etp) + ": torchtitan splits experts over 1 or all tp ranks");
    if (plan.moe && era == Era::Python && plan.etp != d.tp && d.tp > 1)
        plan.notes.emplace_back("parallel.etp: torchtitan at b5bcd76c has no expert tensor parallelism of its own "
                                "(#3167 deprecated it)");
    if (!p.overlapGradReduce || !p.overlapParamGather)
        plan.notes.emplace_back("parallel.overlap_grad_reduce, overlap_param_gather: FSDP2 always overlaps its "
                                "collectives with compute; an import reads them back as true");
    if (plan.moe && p.moeDispatcher != MoeDispatcher::AllToAll)
        plan.notes.push_back(std::string("parallel.moe_dispatcher ") + toString(p.moeDispatcher)
            + ": the config keeps torchtitan's standard all-to-all");
    if (plan.moe && (p.moeA2aOverlap || p.moeSharedExpertOverlap))
        plan.notes.emplace_back("parallel.moe_a2a_overlap, moe_shared_expert_overlap: not expressed; torchtitan's "
                                "overlap of EP with PP is DualPipeV's own");
    if (!c.scenario.parallel.placement.isDefault())
        plan.notes.emplace_back("parallel.placement: torchtitan builds its device mesh in its own order "
                                "(pp, dp_replicate, dp_shard, cp, tp); the rank table goes to the launcher, see the "
                                "environment export");
}

Plan planOf(const LaunchContext& c, Era era)
{
    const Scenario& s = c.scenario;
    Plan plan;
    if (s.framework.name != Framework::Torchtitan)
        plan.notes.push_back(std::string("The prediction is for ") + toString(s.framework.name)
            + ", not torchtitan; the other notes name what torchtitan runs differently");
    planModel(s.model, plan);
    plan.seqLen = s.training.seqLen;
    plan.microBatch = s.training.microBatch;
    plan.globalBatch = s.training.globalBatch;
    plan.microBatches = c.prediction.microBatches;
    if (const std::optional<double> budget = tokenBudget(s.training)) {
        const double perStep = double(s.training.globalBatch) * double(s.training.seqLen);
        plan.steps = int64_t(std::ceil(*budget / perStep));
        if (double(*plan.steps) * perStep != *budget)
            plan.notes.push_back("training.train_tokens: torchtitan counts whole steps; " + text(*plan.steps)
                + " steps train " + text(*plan.steps * s.training.globalBatch * s.training.seqLen)
                + " tokens, which an import reads back");
    } else {
        plan.notes.emplace_back("training.train_tokens: the scenario gives no training length; torchtitan runs its "
                                "default 10000 steps unless training.steps is set");
    }
    planPrecision(s.training, era, plan);
    notePythonConverterWithoutModel(era, plan);
    planParallel(c, era, plan);
    plan.cudaGraphs = s.framework.cudaGraphs;
    plan.compiledLoss = s.framework.compiledLoss;
    return plan;
}

// ---- TOML ---------------------------------------------------------------------------------------------

std::string quoted(const std::string& s)
{
    return "\"" + s + "\"";
}

std::string partsText(const std::vector<std::vector<std::string>>& parts, const std::string& indent)
{
    std::string out = "[\n";
    for (const std::vector<std::string>& part : parts) {
        out += indent + "    [";
        for (size_t i = 0; i < part.size(); ++i)
            out += (i ? ", " : "") + quoted(part[i]);
        out += "],\n";
    }
    return out + indent + "]";
}

const char* tomlRecipe(Fp8Recipe recipe)
{
    return recipe == Fp8Recipe::Tensorwise ? "tensorwise" : "rowwise";
}

std::string tomlText(const LaunchContext& c, const Plan& plan)
{
    std::string out = commentBlock(c.header, "# ");
    out += "#\n# torchtitan job config for the releases that read TOML (up to v0.2.2; keys of\n"
           "# torchtitan/config/job_config.py @ 238fa995). Run on each node:\n"
           "#   CONFIG_FILE=train.toml NGPU="
        + text(c.scenario.cluster.gpusPerNode)
        + " ./run_train.sh\n"
          "# (torchrun with --nnodes "
        + text(c.scenario.cluster.nodes) + " and a rendezvous for more than one node).\n";
    if (!plan.notes.empty())
        out += "#\n# What this config cannot do as ParaPlan planned it:\n" + commentBlock(plan.notes, "#   - ");
    out += "\n[job]\ndump_folder = \"./outputs\"\ndescription = "
        + quoted("ParaPlan: " + plan.modelName + " " + plan.flavorName) + "\n";
    out += "\n[model]\nname = " + quoted(plan.modelName) + "\nflavor = " + quoted(plan.flavorName) + "\n";
    out += "hf_assets_path = "
        + quoted(std::string("./assets/hf/") + (plan.flavor ? plan.flavor->hfAssets : plan.flavorName)) + "\n";
    if (plan.precision == Precision::Fp8) {
        // The converters' registered names (register_model_converter in
        // torchtitan/components/quantization/float8.py and mx.py); grouped GEMMs for the experts.
        const std::string kind = plan.fp8Recipe == Fp8Recipe::Mxfp8 ? "mx" : "float8";
        out += "converters = [\"quantize.linear." + kind + "\""
            + (plan.moe ? ", \"quantize.grouped_mm." + kind + "\"" : std::string()) + "]\n";
    }

    const bool pipelined = plan.pp > 1;
    out += "\n[training]\nlocal_batch_size = " + text(pipelined ? plan.microBatch * plan.microBatches : plan.microBatch)
        + "\n";
    out += "global_batch_size = " + text(plan.globalBatch) + "\nseq_len = " + text(plan.seqLen) + "\n";
    if (plan.steps)
        out += "steps = " + text(*plan.steps) + "\n";
    out += "mixed_precision_param = \"bfloat16\"\nmixed_precision_reduce = \"float32\"\n";

    out += "\n[parallelism]\ndata_parallel_replicate_degree = " + text(plan.replicate) + "\n";
    out += "data_parallel_shard_degree = " + text(plan.shard) + "\n";
    if (!plan.reshard.empty())
        out += "fsdp_reshard_after_forward = " + quoted(plan.reshard) + "\n";
    out += "tensor_parallel_degree = " + text(plan.tp) + "\n";
    out += std::string("enable_async_tensor_parallel = ") + (plan.asyncTp ? "true" : "false") + "\n";
    out += "pipeline_parallel_degree = " + text(plan.pp) + "\n";
    if (pipelined) {
        out += "pipeline_parallel_schedule = " + quoted(plan.schedule) + "\n";
        out += "pipeline_parallel_microbatch_size = " + text(plan.microBatch) + "\n";
        out += "module_fqns_per_model_part = " + partsText(plan.modelParts, "") + "\n";
    }
    out += "context_parallel_degree = " + text(plan.cp) + "\n";
    if (plan.moe)
        out += "expert_parallel_degree = " + text(plan.ep)
            + "\nexpert_tensor_parallel_degree = " + text(plan.etp == plan.tp ? plan.tp : 1) + "\n";

    out += "\n[activation_checkpoint]\nmode = " + quoted(toString(plan.recompute)) + "\n";
    if (plan.recompute == Recompute::Selective)
        out += "selective_ac_option = \"op\"\n";
    if (plan.asyncTp || plan.compiledLoss) // async TP takes effect only under torch.compile (the key's own help text)
        out += std::string("\n[compile]\nenable = true\ncomponents = ")
            + (plan.compiledLoss ? "[\"model\", \"loss\"]" : "[\"model\"]") + "\n";
    if (plan.precision == Precision::Fp8 && plan.fp8Recipe != Fp8Recipe::Mxfp8) {
        const bool gather = plan.fp8AllGather && plan.fp8Recipe == Fp8Recipe::Tensorwise;
        out += std::string("\n[quantize.linear.float8]\nrecipe_name = ") + quoted(tomlRecipe(plan.fp8Recipe)) + "\n";
        out += std::string("enable_fsdp_float8_all_gather = ") + (gather ? "true" : "false") + "\n";
        out += std::string("precompute_float8_dynamic_scale_for_fsdp = ") + (gather ? "true" : "false") + "\n";
        out += "filter_fqns = [\"output\"]\n";
    }
    if (plan.precision == Precision::Fp8 && plan.fp8Recipe == Fp8Recipe::Mxfp8)
        out += "\n[quantize.linear.mx]\nrecipe_name = \"mxfp8_cublas\"\nfilter_fqns = [\"output\"]\n";
    return out;
}

// ---- Python ------------------------------------------------------------------------------------------

std::string pyBool(bool value)
{
    return value ? "True" : "False";
}

std::string converterText(const Plan& plan)
{
    if (plan.precision == Precision::Fp8 && plan.fp8Recipe == Fp8Recipe::Mxfp8)
        return "MXFP8LinearConverter.Config()";
    if (plan.precision == Precision::Fp8)
        return "Float8LinearConverter.Config(recipe_name=\"rowwise\", filter_fqns=[\"lm_head\"])";
    if (plan.precision == Precision::Fp4)
        return "NVFP4LinearConverter.Config(fqns=[\"layers\"])";
    return {};
}

std::string pyText(const LaunchContext& c, const Plan& plan)
{
    const std::string function = "paraplan_" + slugOf(c.scenario.model);
    std::string out = commentBlock(c.header, "# ");
    out += "#\n# torchtitan's Python config (Trainer.Config, since 9810191 / #2386 replaced the TOML files), "
           "written\n"
           "# for pytorch/torchtitan @ b5bcd76c. Save as paraplan_run.py where Python finds it and run on each "
           "node:\n"
           "#   MODULE=paraplan_run CONFIG="
        + function + " NGPU=" + text(c.scenario.cluster.gpusPerNode) + " ./run_train.sh\n# (torchrun with --nnodes "
        + text(c.scenario.cluster.nodes) + " and a rendezvous for more than one node).\n";
    if (!plan.notes.empty())
        out += "#\n# What this config cannot do as ParaPlan planned it:\n" + commentBlock(plan.notes, "#   - ");
    const std::string converter = converterText(plan);
    std::vector<std::string> imports;
    if (!converter.empty())
        imports.push_back("from torchtitan.components.quantization import " + converter.substr(0, converter.find('.')));
    if (plan.recompute != Recompute::None)
        imports.push_back(std::string("from torchtitan.distributed.activation_checkpoint import ")
            + (plan.recompute == Recompute::Full ? "FullAC" : "SelectiveAC"));
    if (plan.flavor)
        imports.insert(imports.end(),
            { "from torchtitan.models.llama3 import model_registry",
                std::string("from torchtitan.models.llama3.config_registry import ") + plan.flavor->configFunction });
    imports.emplace_back("from torchtitan.trainer import Trainer");
    out += "\n";
    for (const std::string& line : imports)
        out += line + "\n";
    out += "\n\ndef " + function + "() -> Trainer.Config:\n";
    const auto set = [&out](const std::string& target, const std::string& value) {
        out += "    config." + target + " = " + value + "\n";
    };
    if (plan.flavor) {
        out += std::string("    config = ") + plan.flavor->configFunction + "()\n";
        set("model_spec",
            "model_registry(" + quoted(plan.flavor->name)
                + (converter.empty() ? "" : ", converters=[" + converter + "]") + ")");
    } else {
        out += "    config = Trainer.Config()\n    # config.model_spec: register " + plan.modelName + " / "
            + plan.flavorName + " with torchtitan and set its ModelSpec here"
            + (converter.empty() ? std::string(".\n") : ", with converters=[" + converter + "].\n");
    }
    const bool pipelined = plan.pp > 1;
    set("training.num_tokens_per_microbatch_per_dp_rank", text(plan.microBatch * plan.seqLen));
    set("training.num_tokens_per_train_step", text(plan.globalBatch * plan.seqLen));
    set("training.max_context_length", text(plan.seqLen));
    if (plan.steps)
        set("training.steps", text(*plan.steps));
    set("training.mixed_precision_param", "\"bfloat16\"");
    set("training.mixed_precision_reduce", "\"float32\"");
    // CUDA graphs are on by default and refuse pipelines (Trainer.Config._validate_cuda_graphs).
    set("training.disable_cuda_graphs", pyBool(!plan.cudaGraphs || pipelined));
    set("parallelism.data_parallel_replicate_degree", text(plan.replicate));
    set("parallelism.data_parallel_shard_degree", text(plan.shard));
    if (!plan.reshard.empty())
        set("parallelism.fsdp_reshard_after_forward", quoted(plan.reshard));
    set("parallelism.tensor_parallel_degree", text(plan.tp));
    set("parallelism.enable_sequence_parallel", pyBool(plan.sequenceParallel));
    set("parallelism.pipeline_parallel_degree", text(plan.pp));
    if (pipelined) {
        set("parallelism.pipeline_parallel_schedule", quoted(plan.schedule));
        set("parallelism.num_pp_microbatches", text(plan.microBatches));
        set("parallelism.module_fqns_per_model_part", partsText(plan.modelParts, "    "));
    }
    set("parallelism.context_parallel_degree", text(plan.cp));
    if (plan.moe)
        set("parallelism.expert_parallel_degree", text(plan.ep));
    set("activation_checkpoint",
        plan.recompute == Recompute::None       ? "None"
            : plan.recompute == Recompute::Full ? "FullAC.Config()"
                                                : "SelectiveAC.Config()");
    set("compile.enable", pyBool(plan.asyncTp || plan.compiledLoss));
    if (plan.asyncTp && !plan.compiledLoss)
        set("compile.components", "[\"model\"]");
    set("compile.enable_async_tensor_parallel", pyBool(plan.asyncTp));
    return out + "    return config\n";
}

// ==== Import ========================================================================================

constexpr int64_t kMaxCount = int64_t(1) << 40;
constexpr int64_t kMaxDegree = int64_t(1) << 20;
constexpr int kMaxNesting = 32;

template <typename T> struct Setting {
    T value {};
    std::string key; // as the file names it: "parallelism.tensor_parallel_degree"
    int line = 0;
};

// What a config says, in torchtitan's terms, for either form; each setting remembers its key and
// line for the errors the consistency checks raise.
struct TitanSettings {
    Era era = Era::Toml;
    std::optional<Setting<std::string>> modelName, flavor;
    // The TOML form's batch...
    std::optional<Setting<int64_t>> localBatch, globalBatch, seqLen, ppMicroBatchSize;
    // ...and the Python form's, in tokens.
    std::optional<Setting<int64_t>> tokensPerMicroBatch, tokensPerStep, maxContext, ppMicroBatches;
    std::optional<Setting<int64_t>> steps;
    std::optional<Setting<std::string>> paramDtype;
    std::optional<Setting<int64_t>> replicate, shard, tp, pp, cp, ep, etp, layersPerStage;
    std::optional<Setting<std::string>> reshard, schedule;
    std::optional<Setting<bool>> asyncTp, sequenceParallel, disableCudaGraphs;
    std::optional<Setting<std::vector<std::vector<std::string>>>> modelParts;
    std::optional<Setting<std::string>> acMode, acOption; // mode: none, selective, full, memory_budget
    bool compiledLoss = false; // torch.compile takes the loss as well as the model
    bool float8 = false, mx = false, nvfp4 = false;
    std::string baseFunction; // Python: the call the config starts from
    std::optional<Setting<std::string>> float8Recipe, mxRecipe;
    std::optional<Setting<bool>> float8AllGather;
    std::vector<std::string> notes;
};

template <typename T> [[noreturn]] void failAt(const Setting<T>& s, const std::string& message)
{
    io::failAtLine(s.line, s.key + ": " + message);
}

template <typename T> T valueOr(const std::optional<Setting<T>>& s, T fallback)
{
    return s ? s->value : fallback;
}

// ---- From the settings to the scenario -------------------------------------------------------------

struct Start {
    nlohmann::json document;
    Scenario base;
    std::vector<std::string> notes;
};

Start startFrom(const nlohmann::json& base)
{
    Start start { base, io::readScenario(base, io::builtinCatalog(), "base"), {} };
    for (const char* section : { "model", "training", "cluster", "parallel" })
        if (!start.document.contains(section))
            start.document[section] = nlohmann::json::object();
    return start;
}

int64_t checkedProduct(int64_t a, int64_t b, const std::string& what)
{
    int64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        throw io::ReadError(what, "the degrees multiply past 2^63; they cannot describe a run");
    return product;
}

// The layers of each part of module_fqns_per_model_part: every "layers.N" once, in order, N from 0.
// Empty where the parts name another number of layers than a model ParaPlan does not know has.
std::vector<int64_t> partLayers(const Setting<std::vector<std::vector<std::string>>>& parts, int64_t layers,
    bool modelKnown, std::vector<std::string>& notes)
{
    static const std::set<std::string> ends = { "tok_embeddings", "norm", "output", "lm_head" };
    std::vector<int64_t> counts;
    int64_t next = 0;
    std::set<std::string> unknown;
    for (const std::vector<std::string>& part : parts.value) {
        int64_t count = 0;
        for (const std::string& module : part) {
            if (module.rfind("layers.", 0) != 0) {
                if (!ends.count(module))
                    unknown.insert(module);
                continue;
            }
            int64_t index = -1;
            const char* digits = module.data() + 7;
            const auto [end, error] = std::from_chars(digits, module.data() + module.size(), index);
            if (error != std::errc() || end != module.data() + module.size() || index != next)
                failAt(parts,
                    "\"" + module + "\" is out of order: expected layers." + text(next)
                        + " (each layer once, in order, from layers.0)");
            ++next;
            ++count;
        }
        counts.push_back(count);
    }
    if (next != layers && modelKnown)
        failAt(parts, "names layers.0 to layers." + text(next - 1) + " but the model has " + text(layers) + " layers");
    if (next != layers) {
        notes.push_back(parts.key + ": names " + text(next) + " layers, the base's model has " + text(layers)
            + "; the split is not read");
        return {};
    }
    for (const std::string& module : unknown)
        notes.push_back(parts.key + ": module \"" + module + "\" is not one ParaPlan prices; ignored");
    return counts;
}

// The pipeline's stages: the parts named, or as many as layers_per_stage makes, or torchtitan's
// default, one per rank for single-stage schedules and two for the others (pipeline_llm in
// torchtitan/distributed/pipeline_parallel.py).
int64_t virtualStagesOf(const TitanSettings& t, const TorchSchedule& schedule, int64_t pp, int64_t layers)
{
    if (t.modelParts)
        return int64_t(t.modelParts->value.size());
    if (t.layersPerStage) {
        // The embedding and the output count as a layer each by default
        // (pipeline_parallel_first/last_stage_less_layers = 1).
        const int64_t lps = t.layersPerStage->value;
        return (layers + 2 + lps - 1) / lps;
    }
    return pp * (schedule.singleStage ? 1 : 2);
}

void setPipeline(
    const TitanSettings& t, int64_t pp, Start& start, nlohmann::json& parallel, int64_t layers, bool modelKnown)
{
    const Setting<std::string> defaultSchedule { "1F1B", "parallelism.pipeline_parallel_schedule", 0 };
    const Setting<std::string>& scheduleSetting = t.schedule ? *t.schedule : defaultSchedule;
    const TorchSchedule* schedule = torchScheduleNamed(scheduleSetting.value);
    if (!schedule)
        failAt(scheduleSetting,
            "\"" + scheduleSetting.value
                + "\" is not a schedule torch.distributed.pipelining has "
                  "(get_schedule_class takes "
                + scheduleNames() + ")");
    if (pp == 1) {
        parallel["vpp"] = 1;
        return;
    }
    const int64_t stages = virtualStagesOf(t, *schedule, pp, layers);
    if (stages % pp != 0 || stages == 0)
        failAt(t.modelParts ? Setting<std::string> { "", t.modelParts->key, t.modelParts->line } : scheduleSetting,
            text(stages) + " stages do not divide over pipeline_parallel_degree " + text(pp));
    const int64_t vpp = stages / pp;
    if (schedule->singleStage && vpp != 1)
        failAt(scheduleSetting,
            scheduleSetting.value + " runs one stage per rank, but the model is split into " + text(stages)
                + " stages over " + text(pp) + " ranks");
    if (!schedule->singleStage && vpp < 2)
        failAt(scheduleSetting,
            scheduleSetting.value
                + " runs two or more stages per rank, but the model is split "
                  "into one per rank");
    parallel["vpp"] = vpp;
    if (!schedule->schedule)
        start.notes.push_back(scheduleSetting.key + " \"" + schedule->name
            + "\": ParaPlan does not simulate it; priced "
              "as "
            + (vpp > 1 ? "interleaved-1f1b" : "1f1b"));
    else if (*schedule->schedule != (vpp > 1 ? PipelineSchedule::Interleaved1F1B : PipelineSchedule::OneFOneB))
        parallel["schedule"] = toString(*schedule->schedule); // only what vpp does not imply
    if (t.modelParts) {
        const std::vector<int64_t> counts = partLayers(*t.modelParts, layers, modelKnown, start.notes);
        ParallelDegrees degrees;
        degrees.pp = pp;
        degrees.vpp = vpp;
        if (!counts.empty() && counts != virtualStageLayers(layers, degrees, ParallelSpec {}))
            parallel["layers_per_stage"] = counts;
    } else if (t.layersPerStage) {
        start.notes.push_back(t.layersPerStage->key
            + ": torchtitan spreads the layers over the stages itself; "
              "priced as ParaPlan's even split");
    }
}

// Data parallelism back to a ZeRO stage: plain DDP is 0; FSDP2 is 3, or 2 where parameters stay
// gathered after the forward ("never"; "default" does so with a pipeline:
// apply_fsdp in torchtitan/models/llama3/infra/parallelize.py).
int zeroStageOf(const TitanSettings& t, int64_t shard, int64_t replicate, int64_t pp, std::vector<std::string>& notes)
{
    if (shard == 1)
        return 0;
    if (replicate > 1)
        notes.push_back("parallel.dp: HSDP (data_parallel_replicate_degree " + text(replicate) + " × shard "
            + text(shard) + "); ParaPlan prices the sharding over all " + text(replicate * shard)
            + " data-parallel ranks");
    const std::string policy = valueOr(t.reshard, std::string("default"));
    if (policy == "never" || (policy == "default" && pp > 1))
        return 2;
    if (policy == "always" || policy == "default")
        return 3;
    failAt(*t.reshard, "\"" + policy + "\" is not default, always or never");
}

Recompute recomputeOf(const TitanSettings& t, std::vector<std::string>& notes)
{
    // Both forms default to selective checkpointing: per layer every second layer in the TOML era
    // (selective_ac_option "2"), per operator in the Python one (SelectiveAC).
    const std::string mode = valueOr(t.acMode, std::string("selective"));
    if (mode == "none")
        return Recompute::None;
    if (mode == "full")
        return Recompute::Full;
    if (mode == "memory_budget") {
        notes.emplace_back("activation_checkpoint: the compiler's memory-budget checkpointing, priced as selective");
        return Recompute::Selective;
    }
    if (mode != "selective")
        failAt(*t.acMode, "\"" + mode + "\" is not none, selective, full or memory_budget");
    const std::string option = valueOr(t.acOption, std::string(t.era == Era::Toml ? "2" : "op"));
    if (option == "op")
        return Recompute::Selective;
    int64_t every = 0;
    const auto [end, error] = std::from_chars(option.data(), option.data() + option.size(), every);
    if (error != std::errc() || end != option.data() + option.size() || every < 1) {
        const Setting<std::string> where = t.acOption
            ? *t.acOption
            : Setting<std::string> { option, "activation_checkpoint.selective_ac_option", 0 };
        failAt(where, "\"" + option + "\" is neither \"op\" nor a positive number of layers");
    }
    if (every > 1)
        notes.push_back("activation_checkpoint.selective_ac_option " + option + ": every " + option
            + "th layer checkpointed whole, priced as full recomputation of every layer");
    return Recompute::Full;
}

// Quantized training back to the scenario's precision and recipe.
void setPrecision(
    const TitanSettings& t, nlohmann::json& training, const Scenario& base, std::vector<std::string>& notes)
{
    for (const char* key :
        { "fp8_recipe", "fp8_attention", "fp8_param_gather", "fp4_recipe", "precision_aware_optimizer" })
        training.erase(key);
    training["grad_precision"] = "fp32"; // mixed_precision_reduce takes float32 only
    const std::string param = valueOr(t.paramDtype, std::string("bfloat16"));
    if (param != "bfloat16" && param != "float32")
        failAt(*t.paramDtype, "\"" + param + "\" is not bfloat16 or float32");
    if (param == "float32" && !t.float8 && !t.mx && !t.nvfp4) {
        notes.push_back(std::string("training.mixed_precision_param float32: ParaPlan does not price fp32 training; "
                                    "kept from the base: ")
            + toString(base.training.precision));
        return;
    }
    if (t.nvfp4) {
        training.update({ { "precision", "fp4" }, { "fp4_recipe", "nvfp4" } });
        return;
    }
    if (t.mx) {
        const std::string recipe = valueOr(t.mxRecipe, std::string("mxfp8_cublas"));
        if (recipe.rfind("mxfp4", 0) == 0)
            training.update({ { "precision", "fp4" }, { "fp4_recipe", "mxfp4" } });
        else
            training.update({ { "precision", "fp8" }, { "fp8_recipe", "mxfp8" }, { "fp8_attention", false },
                { "fp8_param_gather", false } });
        return;
    }
    if (!t.float8) {
        training["precision"] = "bf16";
        return;
    }
    // torchao's Float8LinearConfig defaults to tensorwise scaling; rowwise, one scale per row, is
    // its nearest to ParaPlan's blockwise.
    const std::string recipe = valueOr(t.float8Recipe, std::string(t.era == Era::Toml ? "tensorwise" : "rowwise"));
    if (recipe != "tensorwise" && recipe != "rowwise" && recipe != "rowwise_with_gw_hp")
        failAt(*t.float8Recipe, "\"" + recipe + "\" is not tensorwise, rowwise or rowwise_with_gw_hp");
    if (recipe != "tensorwise")
        notes.push_back("float8 recipe " + recipe + ": priced as ParaPlan's blockwise scaling, the nearest");
    training.update({ { "precision", "fp8" }, { "fp8_recipe", recipe == "tensorwise" ? "tensorwise" : "blockwise" },
        { "fp8_attention", false }, { "fp8_param_gather", valueOr(t.float8AllGather, false) } });
}

struct Batches {
    int64_t seqLen = 0, micro = 0, global = 0;
};

// TOML: local_batch_size per DP rank per step of gradient accumulation, split into pipeline
// micro-batches of pipeline_parallel_microbatch_size; global_batch_size defaults to local × dp
// (Trainer.__init__ in torchtitan/train.py).
Batches tomlBatches(const TitanSettings& t, int64_t dp, int64_t pp)
{
    Batches b;
    b.seqLen = valueOr(t.seqLen, int64_t(2048));
    const int64_t local = valueOr(t.localBatch, int64_t(8));
    b.micro = pp > 1 ? valueOr(t.ppMicroBatchSize, int64_t(1)) : local;
    if (pp > 1 && local % b.micro != 0)
        failAt(*t.ppMicroBatchSize, "training.local_batch_size " + text(local) + " is not a multiple of it");
    const int64_t perStep = checkedProduct(local, dp, "training.local_batch_size");
    b.global = valueOr(t.globalBatch, int64_t(-1));
    if (b.global < 0)
        b.global = perStep;
    if (b.global % perStep != 0)
        failAt(*t.globalBatch,
            "must be a multiple of training.local_batch_size × dp = " + text(local) + " × " + text(dp)
                + " (torchtitan accumulates whole local batches)");
    return b;
}

// Python: the same in tokens (Trainer.__init__ in torchtitan/trainer.py @ b5bcd76c).
Batches pythonBatches(const TitanSettings& t, int64_t dp, int64_t pp)
{
    Batches b;
    b.seqLen = valueOr(t.maxContext, int64_t(2048));
    const int64_t perMicroBatch = valueOr(t.tokensPerMicroBatch, int64_t(16384));
    if (perMicroBatch % b.seqLen != 0) {
        const Setting<int64_t> where = t.tokensPerMicroBatch
            ? *t.tokensPerMicroBatch
            : Setting<int64_t> { 0, "training.num_tokens_per_microbatch_per_dp_rank", 0 };
        failAt(where, text(perMicroBatch) + " tokens are not whole sequences of max_context_length " + text(b.seqLen));
    }
    b.micro = perMicroBatch / b.seqLen;
    const int64_t perStep
        = checkedProduct(checkedProduct(perMicroBatch, pp > 1 ? valueOr(t.ppMicroBatches, int64_t(1)) : 1,
                             "parallelism.num_pp_microbatches"),
            dp, "training.num_tokens_per_train_step");
    int64_t tokens = valueOr(t.tokensPerStep, int64_t(-1));
    if (tokens < 0)
        tokens = perStep;
    if (tokens % perStep != 0)
        failAt(*t.tokensPerStep, "must be a multiple of the tokens of one accumulation step, " + text(perStep));
    b.global = tokens / b.seqLen;
    return b;
}

Imported toScenario(const TitanSettings& t, const nlohmann::json& base)
{
    Start start = startFrom(base);
    std::vector<std::string>& notes = start.notes;
    notes.insert(notes.end(), t.notes.begin(), t.notes.end());
    const Scenario& b = start.base;

    const std::string modelName = valueOr(t.modelName, std::string(t.era == Era::Toml ? "llama3" : ""));
    const std::string flavorName = valueOr(t.flavor, std::string(t.era == Era::Toml ? "debugmodel" : ""));
    const Flavor* flavor = flavorNamed(modelName, flavorName);
    if (flavor)
        start.document["model"] = modelJson(*flavor);
    else
        notes.push_back("model: "
            + (modelName.empty() ? std::string("the config sets no model_spec")
                                 : modelName + " / " + flavorName
                        + " is not a flavor whose shape ParaPlan knows (llama3 8B, 70B, 405B)")
            + "; kept from the base: " + (b.model.name.empty() ? b.model.preset : b.model.name));
    const int64_t layers = flavor ? flavor->layers : b.model.layers;
    // The llama3 flavors are dense; a model ParaPlan does not know may have experts, so the
    // expert degrees stand as the file gives them.
    const bool moe = !flavor;
    if (flavor && t.ep && t.ep->value > 1)
        notes.push_back(t.ep->key + " " + text(t.ep->value) + ": llama3 " + flavor->name + " has no experts; ignored");
    notes.push_back(
        "cluster: not in a torchtitan config (torchrun's --nnodes and --nproc-per-node say it); kept from the "
        "base: "
        + text(b.cluster.nodes) + " x " + (b.cluster.preset.empty() ? b.cluster.name : b.cluster.preset));

    const int64_t tp = valueOr(t.tp, int64_t(1)), pp = valueOr(t.pp, int64_t(1)), cp = valueOr(t.cp, int64_t(1));
    const int64_t replicate = valueOr(t.replicate, int64_t(1));
    int64_t shard = valueOr(t.shard, int64_t(-1));
    const int64_t gpus = b.cluster.gpuCount();
    const int64_t others = checkedProduct(
        checkedProduct(checkedProduct(tp, pp, "parallelism"), cp, "parallelism"), replicate, "parallelism");
    if (shard < 0) { // -1: the ranks left over (ParallelDims in torchtitan/distributed/parallel_dims.py)
        if (gpus % others != 0) {
            const Setting<int64_t> where
                = t.shard ? *t.shard : Setting<int64_t> { -1, "parallelism.data_parallel_shard_degree", 0 };
            failAt(where,
                "-1 takes the GPUs left over, but the base's " + text(gpus)
                    + " GPUs do not divide by tp × pp × cp "
                      "× replicate = "
                    + text(others));
        }
        shard = gpus / others;
    }
    const int64_t dp = checkedProduct(replicate, shard, "parallelism.data_parallel_shard_degree");
    nlohmann::json& parallel = start.document["parallel"];
    parallel.erase("dp");
    if (checkedProduct(others, shard, "parallelism") != gpus) {
        parallel["dp"] = dp;
        notes.push_back("parallel.dp " + text(dp) + ": the config's degrees take " + text(others * shard)
            + " GPUs, the base's cluster has " + text(gpus));
    }

    const Batches batches = t.era == Era::Toml ? tomlBatches(t, dp, pp) : pythonBatches(t, dp, pp);
    nlohmann::json& training = start.document["training"];
    training.update({ { "seq_len", batches.seqLen }, { "global_batch", batches.global },
        { "micro_batch", batches.micro }, { "flash_attention", true } });
    if (t.steps)
        training["train_tokens"] = double(t.steps->value) * double(batches.global) * double(batches.seqLen);
    else
        notes.emplace_back(
            "training.steps: not in the file (torchtitan would run 10000); train_tokens kept from the base");
    setPrecision(t, training, b, notes);

    const int zeroStage = zeroStageOf(t, shard, replicate, pp, notes);
    const Recompute recompute = recomputeOf(t, notes);
    const bool sequenceParallel = tp > 1 && (t.era == Era::Toml || valueOr(t.sequenceParallel, true));
    parallel.update({ { "tp", tp }, { "pp", pp }, { "cp", cp }, { "ep", moe ? valueOr(t.ep, int64_t(1)) : 1 },
        { "sequence_parallel", sequenceParallel }, { "recompute", toString(recompute) }, { "zero_stage", zeroStage },
        { "overlap_grad_reduce", true }, { "overlap_param_gather", true },
        { "tp_comm_overlap", valueOr(t.asyncTp, false) }, { "moe_dispatcher", "alltoall" },
        { "moe_shared_expert_overlap", false }, { "moe_a2a_overlap", false } });
    for (const char* key : { "etp", "schedule", "layers_per_stage", "pipeline_layout", "recompute_modules",
             "decoder_first_pipeline_num_layers", "decoder_last_pipeline_num_layers",
             "account_for_embedding_in_pipeline_split", "account_for_loss_in_pipeline_split", "placement" })
        parallel.erase(key);
    if (moe && b.model.isMoe() && tp > 1 && valueOr(t.etp, int64_t(1)) != tp)
        parallel["etp"] = 1;
    setPipeline(t, pp, start, parallel, layers, flavor != nullptr);

    start.document["framework"] = { { "name", "torchtitan" },
        { "cuda_graphs", t.era == Era::Python && !valueOr(t.disableCudaGraphs, false) },
        { "compiled_loss", t.compiledLoss } };
    (void)io::readScenario(start.document, io::builtinCatalog());
    return { std::move(start.document), false, std::move(notes) };
}

// ---- TOML reading ------------------------------------------------------------------------------------

// toml11 parses arrays and inline tables recursively: refuse deep nesting before it does.
void requireShallowToml(const std::string& text)
{
    int depth = 0, line = 1;
    char quote = 0;
    bool comment = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            comment = false; // a quote stays open: multi-line strings span lines
            continue;
        }
        if (comment)
            continue;
        if (quote) {
            if (c == '\\' && quote == '"')
                ++i;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '#')
            comment = true;
        else if (c == '"' || c == '\'')
            quote = c;
        else if ((c == '[' || c == '{') && ++depth > kMaxNesting)
            io::failAtLine(line,
                "arrays nested more than " + std::to_string(kMaxNesting)
                    + " deep; no torchtitan config "
                      "nests so deep");
        else if (c == ']' || c == '}')
            depth = std::max(depth - 1, 0);
    }
}

// A parsed TOML file read key by key, remembering which keys were read.
class TomlReader {
public:
    explicit TomlReader(const toml::value& root)
        : m_root(root)
    {
    }

    const toml::value* find(const std::string& dotted)
    {
        m_read.insert(dotted);
        const toml::value* value = &m_root;
        std::string rest = dotted;
        while (!rest.empty()) {
            const size_t dot = rest.find('.');
            const std::string key = rest.substr(0, dot);
            rest = dot == std::string::npos ? "" : rest.substr(dot + 1);
            if (!value->is_table() || !value->as_table().count(key))
                return nullptr;
            value = &value->as_table().at(key);
        }
        return value;
    }

    static int lineOf(const toml::value& value) { return int(value.location().line()); }

    std::optional<Setting<int64_t>> integer(const std::string& key, int64_t lowest, int64_t highest)
    {
        const toml::value* value = find(key);
        if (!value)
            return std::nullopt;
        if (!value->is_integer())
            io::failAtLine(lineOf(*value), key + ": expected an integer, got " + typeOf(*value));
        const int64_t v = value->as_integer();
        if (v < lowest || v > highest)
            io::failAtLine(lineOf(*value),
                key + ": expected an integer from " + text(lowest) + " to " + text(highest) + ", got " + text(v));
        return Setting<int64_t> { v, key, lineOf(*value) };
    }

    std::optional<Setting<std::string>> string(const std::string& key)
    {
        const toml::value* value = find(key);
        if (!value)
            return std::nullopt;
        if (!value->is_string())
            io::failAtLine(lineOf(*value), key + ": expected a string, got " + typeOf(*value));
        return Setting<std::string> { value->as_string().str, key, lineOf(*value) };
    }

    std::optional<Setting<bool>> boolean(const std::string& key)
    {
        const toml::value* value = find(key);
        if (!value)
            return std::nullopt;
        if (!value->is_boolean())
            io::failAtLine(lineOf(*value), key + ": expected true or false, got " + typeOf(*value));
        return Setting<bool> { value->as_boolean(), key, lineOf(*value) };
    }

    std::vector<std::string> strings(const std::string& key)
    {
        const toml::value* value = find(key);
        if (!value)
            return {};
        return stringList(*value, key);
    }

    std::optional<Setting<std::vector<std::vector<std::string>>>> stringLists(const std::string& key)
    {
        const toml::value* value = find(key);
        if (!value)
            return std::nullopt;
        if (!value->is_array())
            io::failAtLine(lineOf(*value), key + ": expected a list of lists of module names, got " + typeOf(*value));
        Setting<std::vector<std::vector<std::string>>> lists { {}, key, lineOf(*value) };
        for (const toml::value& item : value->as_array())
            lists.value.push_back(stringList(item, key));
        return lists;
    }

    // The keys of the file no reader asked for, whole sections where none of theirs was.
    std::vector<std::string> unread() const
    {
        std::vector<std::string> keys;
        collect(m_root, "", keys);
        return keys;
    }

private:
    static std::string typeOf(const toml::value& value)
    {
        std::ostringstream name;
        name << value.type();
        return name.str();
    }

    static std::vector<std::string> stringList(const toml::value& value, const std::string& key)
    {
        if (!value.is_array())
            io::failAtLine(lineOf(value), key + ": expected a list of strings, got " + typeOf(value));
        std::vector<std::string> items;
        for (const toml::value& item : value.as_array()) {
            if (!item.is_string())
                io::failAtLine(lineOf(item), key + ": expected strings in the list, got " + typeOf(item));
            items.push_back(item.as_string().str);
        }
        return items;
    }

    bool anyRead(const std::string& prefix) const
    {
        return std::any_of(m_read.begin(), m_read.end(), [&](const std::string& k) { return k.rfind(prefix, 0) == 0; });
    }

    void collect(const toml::value& table, const std::string& prefix, std::vector<std::string>& keys) const
    {
        std::vector<std::string> names;
        for (const auto& [key, value] : table.as_table())
            names.push_back(key);
        std::sort(names.begin(), names.end());
        for (const std::string& key : names) {
            const toml::value& value = table.as_table().at(key);
            const std::string dotted = prefix + key;
            if (m_read.count(dotted))
                continue;
            if (value.is_table() && anyRead(dotted + "."))
                collect(value, dotted + ".", keys);
            else
                keys.push_back(value.is_table() ? "[" + dotted + "]" : dotted);
        }
    }

    const toml::value& m_root;
    std::set<std::string> m_read;
};

toml::value parseToml(const std::string& text)
{
    requireShallowToml(text);
    std::istringstream in(text);
    try {
        return toml::parse(in, "train.toml");
    } catch (const toml::syntax_error& e) {
        // toml11's message spans lines ("[error] toml::parse_...: what\n --> file\n | line ..."):
        // its first line says what is wrong.
        std::string what = e.what();
        what = what.substr(0, what.find('\n'));
        if (what.rfind("[error] ", 0) == 0)
            what.erase(0, 8);
        io::failAtLine(int(e.location().line()), "invalid TOML: " + what);
    } catch (const toml::exception& e) {
        io::failAtLine(int(e.location().line()), std::string("invalid TOML: ") + e.what());
    } catch (const std::exception& e) { // toml11 reports a few failures (number ranges) outside its own types
        throw io::ReadError("(document)", std::string("invalid TOML: ") + e.what());
    }
}

TitanSettings readTomlSettings(const std::string& text)
{
    const toml::value root = parseToml(text);
    TomlReader r(root);
    TitanSettings t;
    t.era = Era::Toml;
    t.modelName = r.string("model.name");
    t.flavor = r.string("model.flavor");
    t.localBatch = r.integer("training.local_batch_size", 1, kMaxCount);
    if (!t.localBatch) { // before local_batch_size, torchtitan called it batch_size
        t.localBatch = r.integer("training.batch_size", 1, kMaxCount);
        if (t.localBatch)
            t.notes.emplace_back("training.batch_size: the older name of local_batch_size, read as it");
    }
    t.globalBatch = r.integer("training.global_batch_size", -1, kMaxCount);
    if (t.globalBatch && t.globalBatch->value == 0)
        failAt(*t.globalBatch, "expected a positive batch, or -1 for local_batch_size × dp");
    t.seqLen = r.integer("training.seq_len", 1, kMaxCount);
    t.steps = r.integer("training.steps", 1, kMaxCount);
    t.paramDtype = r.string("training.mixed_precision_param");
    if (const auto reduce = r.string("training.mixed_precision_reduce"); reduce && reduce->value != "float32")
        failAt(*reduce, "\"" + reduce->value + "\": torchtitan reduces in float32 only");
    if (const auto dtype = r.string("training.dtype"); dtype && dtype->value == "bfloat16")
        t.notes.emplace_back(
            "training.dtype bfloat16: states kept in bf16 without fp32 master weights; ParaPlan prices "
            "fp32 master weights and moments");
    t.replicate = r.integer("parallelism.data_parallel_replicate_degree", 1, kMaxDegree);
    t.shard = r.integer("parallelism.data_parallel_shard_degree", -1, kMaxDegree);
    if (t.shard && t.shard->value == 0)
        failAt(*t.shard, "expected a positive degree, or -1 for the GPUs left over");
    t.reshard = r.string("parallelism.fsdp_reshard_after_forward");
    t.tp = r.integer("parallelism.tensor_parallel_degree", 1, kMaxDegree);
    t.asyncTp = r.boolean("parallelism.enable_async_tensor_parallel");
    t.pp = r.integer("parallelism.pipeline_parallel_degree", 1, kMaxDegree);
    t.schedule = r.string("parallelism.pipeline_parallel_schedule");
    t.ppMicroBatchSize = r.integer("parallelism.pipeline_parallel_microbatch_size", 1, kMaxCount);
    t.modelParts = r.stringLists("parallelism.module_fqns_per_model_part");
    t.layersPerStage = r.integer("parallelism.pipeline_parallel_layers_per_stage", 1, kMaxCount);
    t.cp = r.integer("parallelism.context_parallel_degree", 1, kMaxDegree);
    t.ep = r.integer("parallelism.expert_parallel_degree", 1, kMaxDegree);
    t.etp = r.integer("parallelism.expert_tensor_parallel_degree", 1, kMaxDegree);
    t.acMode = r.string("activation_checkpoint.mode");
    t.acOption = r.string("activation_checkpoint.selective_ac_option");
    // torch.compile of the loss (docs/cost-model.md, "The loss"): training.compile took the model
    // and the loss from 2025-02-20 (d1f62be7; before it the loss ran eager), [compile] takes the
    // components listed, "model" and "loss" unless it says (08b8b244, 2025-08-20).
    if (const auto compile = r.boolean("training.compile"); compile && compile->value) {
        t.compiledLoss = true;
        t.notes.emplace_back("training.compile: the loss compiled with the model, as torchtitan does since 2025-02-20; "
                             "before, it ran eager (set framework.compiled_loss false for such a run)");
    }
    if (const auto compile = r.boolean("compile.enable"); compile && compile->value) {
        const std::vector<std::string> components = r.strings("compile.components");
        t.compiledLoss
            = components.empty() || std::find(components.begin(), components.end(), "loss") != components.end();
    }
    for (const std::string& converter : r.strings("model.converters")) {
        // "float8" and "mx" are the names before the quantize.* ones.
        if (converter == "quantize.linear.float8" || converter == "quantize.grouped_mm.float8" || converter == "float8")
            t.float8 = true;
        else if (converter == "quantize.linear.mx" || converter == "quantize.grouped_mm.mx" || converter == "mx")
            t.mx = true;
        else
            t.notes.push_back("model.converters: \"" + converter + "\" is not a quantization ParaPlan prices; ignored");
    }
    t.float8Recipe = r.string("quantize.linear.float8.recipe_name");
    t.float8AllGather = r.boolean("quantize.linear.float8.enable_fsdp_float8_all_gather");
    if (!t.float8Recipe && !t.float8AllGather) { // the section's name before quantize.linear.float8
        t.float8Recipe = r.string("float8.recipe_name");
        t.float8AllGather = r.boolean("float8.enable_fsdp_float8_all_gather");
    }
    t.mxRecipe = r.string("quantize.linear.mx.recipe_name");
    std::string ignored;
    for (const std::string& key : r.unread())
        ignored += (ignored.empty() ? "" : ", ") + key;
    if (!ignored.empty())
        t.notes.push_back("not priced by ParaPlan, ignored: " + ignored);
    return t;
}

// ---- Python reading ----------------------------------------------------------------------------------

// A Python expression of the subset the export writes: numbers, strings, True/False/None, lists,
// and calls (name(args, key=value)).
struct PyValue {
    enum class Kind { Integer, Float, Boolean, None, String, List, Call };
    Kind kind = Kind::None;
    int64_t integer = 0;
    double number = 0;
    bool boolean = false;
    std::string text; // a string's value, a call's callee
    std::vector<PyValue> items;
    std::vector<std::pair<std::string, PyValue>> keywords;

    static PyValue of(Kind kind)
    {
        PyValue value;
        value.kind = kind;
        return value;
    }
};

class PyExpressionReader {
public:
    PyExpressionReader(std::string_view source, int line)
        : m_source(source)
        , m_line(line)
    {
    }

    PyValue read()
    {
        PyValue value = expression(0);
        skipSpace();
        if (m_pos != m_source.size())
            fail("unexpected \"" + std::string(m_source.substr(m_pos, 20)) + "\"");
        return value;
    }

private:
    [[noreturn]] void fail(const std::string& message) const
    {
        io::failAtLine(
            m_line, "not a value ParaPlan reads (numbers, strings, True, False, None, lists and calls): " + message);
    }

    void skipSpace()
    {
        while (m_pos < m_source.size() && std::isspace(static_cast<unsigned char>(m_source[m_pos])))
            ++m_pos;
    }

    bool take(char c)
    {
        skipSpace();
        if (m_pos < m_source.size() && m_source[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }

    PyValue expression(int depth)
    {
        if (depth > kMaxNesting)
            fail("nested more than " + std::to_string(kMaxNesting) + " deep");
        skipSpace();
        if (m_pos >= m_source.size())
            fail("the value is missing");
        const char c = m_source[m_pos];
        if (c == '"' || c == '\'')
            return stringLiteral();
        if (c == '[') {
            ++m_pos;
            PyValue list = PyValue::of(PyValue::Kind::List);
            while (!take(']')) {
                list.items.push_back(expression(depth + 1));
                if (!take(',') && !(skipSpace(), m_pos < m_source.size() && m_source[m_pos] == ']'))
                    fail("expected , or ] in a list");
            }
            return list;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.')
            return numberLiteral();
        return nameOrCall(depth);
    }

    PyValue stringLiteral()
    {
        const char quote = m_source[m_pos++];
        PyValue value = PyValue::of(PyValue::Kind::String);
        while (m_pos < m_source.size() && m_source[m_pos] != quote) {
            if (m_source[m_pos] == '\\' && m_pos + 1 < m_source.size())
                ++m_pos;
            value.text += m_source[m_pos++];
        }
        if (m_pos >= m_source.size())
            fail("a string never closes");
        ++m_pos;
        return value;
    }

    PyValue numberLiteral()
    {
        size_t end = m_pos;
        while (end < m_source.size()
            && (std::isalnum(static_cast<unsigned char>(m_source[end]))
                || std::string_view("+-._").find(m_source[end]) != std::string_view::npos))
            ++end;
        std::string digits(m_source.substr(m_pos, end - m_pos));
        digits.erase(std::remove(digits.begin(), digits.end(), '_'), digits.end()); // 1_000 is 1000
        m_pos = end;
        PyValue value = PyValue::of(PyValue::Kind::Integer);
        const char* first = digits.data() + (digits[0] == '+' ? 1 : 0);
        const char* last = digits.data() + digits.size();
        if (auto [at, error] = std::from_chars(first, last, value.integer); error == std::errc() && at == last)
            return value;
        value.kind = PyValue::Kind::Float;
        if (auto [at, error] = std::from_chars(first, last, value.number);
            error == std::errc() && at == last && std::isfinite(value.number))
            return value;
        fail("\"" + digits + "\" is not a number");
    }

    PyValue nameOrCall(int depth)
    {
        size_t end = m_pos;
        while (end < m_source.size()
            && (std::isalnum(static_cast<unsigned char>(m_source[end])) || m_source[end] == '_'
                || m_source[end] == '.'))
            ++end;
        const std::string name(m_source.substr(m_pos, end - m_pos));
        if (name.empty())
            fail("unexpected \"" + std::string(m_source.substr(m_pos, 20)) + "\"");
        m_pos = end;
        if (name == "True" || name == "False") {
            PyValue value = PyValue::of(PyValue::Kind::Boolean);
            value.boolean = name == "True";
            return value;
        }
        if (name == "None")
            return PyValue {};
        if (!take('('))
            fail("the name \"" + name + "\" (ParaPlan reads values written out, not variables)");
        PyValue call = PyValue::of(PyValue::Kind::Call);
        call.text = name;
        while (!take(')')) {
            skipSpace();
            size_t equals = m_pos;
            while (equals < m_source.size()
                && (std::isalnum(static_cast<unsigned char>(m_source[equals])) || m_source[equals] == '_'))
                ++equals;
            if (equals > m_pos && equals < m_source.size() && m_source[equals] == '='
                && (equals + 1 >= m_source.size() || m_source[equals + 1] != '=')) {
                const std::string keyword(m_source.substr(m_pos, equals - m_pos));
                m_pos = equals + 1;
                call.keywords.emplace_back(keyword, expression(depth + 1));
            } else {
                call.items.push_back(expression(depth + 1));
            }
            if (!take(',') && !(skipSpace(), m_pos < m_source.size() && m_source[m_pos] == ')'))
                fail("expected , or ) in the call of " + name);
        }
        return call;
    }

    std::string_view m_source;
    size_t m_pos = 0;
    int m_line;
};

// One statement of the file: its text with continuation lines joined (open brackets continue a
// line in Python), its first line and its indentation.
struct PyStatement {
    std::string text;
    int line = 0;
    size_t indent = 0;
};

std::vector<PyStatement> pyStatements(const std::string& source)
{
    std::vector<PyStatement> statements;
    std::istringstream in(source);
    std::string raw;
    int line = 0, depth = 0;
    bool inDocstring = false;
    PyStatement current;
    while (std::getline(in, raw)) {
        ++line;
        if (!raw.empty() && raw.back() == '\r')
            raw.pop_back();
        const size_t first = raw.find_first_not_of(" \t");
        if (inDocstring) {
            if (raw.find("\"\"\"") != std::string::npos)
                inDocstring = false;
            continue;
        }
        if (depth == 0 && first != std::string::npos && raw.compare(first, 3, "\"\"\"") == 0) {
            inDocstring = raw.find("\"\"\"", first + 3) == std::string::npos;
            continue;
        }
        // Drop a comment: a # outside strings.
        std::string code;
        char quote = 0;
        for (size_t i = 0; i < raw.size(); ++i) {
            const char c = raw[i];
            if (quote) {
                if (c == '\\' && i + 1 < raw.size())
                    code += raw[i++];
                else if (c == quote)
                    quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                break;
            } else if (c == '(' || c == '[' || c == '{') {
                ++depth;
            } else if (c == ')' || c == ']' || c == '}') {
                --depth;
            }
            code += c;
        }
        if (quote)
            io::failAtLine(line, "a string never closes on its line");
        if (current.text.empty()) {
            if (code.find_first_not_of(" \t") == std::string::npos)
                continue;
            current = { code.substr(first), line, first };
        } else {
            current.text += " " + code;
        }
        if (depth < 0)
            io::failAtLine(line, "a closing bracket without its opening one");
        if (depth == 0) {
            current.text.erase(current.text.find_last_not_of(" \t") + 1);
            statements.push_back(current);
            current = {};
        }
    }
    if (depth > 0)
        io::failAtLine(current.line, "a bracket opened here never closes");
    return statements;
}

std::vector<std::string> pyStrings(const PyValue& value, int line, const std::string& key)
{
    std::vector<std::string> names;
    if (value.kind != PyValue::Kind::List)
        io::failAtLine(line, key + ": expected a list of names");
    for (const PyValue& name : value.items) {
        if (name.kind != PyValue::Kind::String)
            io::failAtLine(line, key + ": expected names (strings)");
        names.push_back(name.text);
    }
    return names;
}

std::vector<std::vector<std::string>> pyStringLists(const PyValue& value, int line, const std::string& key)
{
    std::vector<std::vector<std::string>> lists;
    if (value.kind != PyValue::Kind::List)
        io::failAtLine(line, key + ": expected a list of lists of module names");
    for (const PyValue& item : value.items) {
        if (item.kind != PyValue::Kind::List)
            io::failAtLine(line, key + ": expected a list of lists of module names");
        std::vector<std::string> names;
        for (const PyValue& name : item.items) {
            if (name.kind != PyValue::Kind::String)
                io::failAtLine(line, key + ": expected module names (strings)");
            names.push_back(name.text);
        }
        lists.push_back(names);
    }
    return lists;
}

// The Python form's attributes and where each goes in TitanSettings.
class PySettingsReader {
public:
    explicit PySettingsReader(TitanSettings& t)
        : m_t(t)
    {
    }

    void assign(const std::string& target, const PyValue& value, int line)
    {
        using Integer = std::optional<Setting<int64_t>> TitanSettings::*;
        static const std::map<std::string, std::tuple<Integer, int64_t, int64_t>> integers = {
            { "training.num_tokens_per_microbatch_per_dp_rank", { &TitanSettings::tokensPerMicroBatch, 1, kMaxCount } },
            { "training.num_tokens_per_train_step", { &TitanSettings::tokensPerStep, -1, kMaxCount } },
            { "training.max_context_length", { &TitanSettings::maxContext, 1, kMaxCount } },
            { "training.steps", { &TitanSettings::steps, 1, kMaxCount } },
            { "parallelism.data_parallel_replicate_degree", { &TitanSettings::replicate, 1, kMaxDegree } },
            { "parallelism.data_parallel_shard_degree", { &TitanSettings::shard, -1, kMaxDegree } },
            { "parallelism.tensor_parallel_degree", { &TitanSettings::tp, 1, kMaxDegree } },
            { "parallelism.pipeline_parallel_degree", { &TitanSettings::pp, 1, kMaxDegree } },
            { "parallelism.num_pp_microbatches", { &TitanSettings::ppMicroBatches, 1, kMaxCount } },
            { "parallelism.pipeline_parallel_layers_per_stage", { &TitanSettings::layersPerStage, 1, kMaxCount } },
            { "parallelism.context_parallel_degree", { &TitanSettings::cp, 1, kMaxDegree } },
            { "parallelism.expert_parallel_degree", { &TitanSettings::ep, 1, kMaxDegree } },
        };
        using Text = std::optional<Setting<std::string>> TitanSettings::*;
        static const std::map<std::string, Text> strings = {
            { "training.mixed_precision_param", &TitanSettings::paramDtype },
            { "parallelism.fsdp_reshard_after_forward", &TitanSettings::reshard },
            { "parallelism.pipeline_parallel_schedule", &TitanSettings::schedule },
        };
        using Flag = std::optional<Setting<bool>> TitanSettings::*;
        static const std::map<std::string, Flag> booleans = {
            { "parallelism.enable_sequence_parallel", &TitanSettings::sequenceParallel },
            { "compile.enable_async_tensor_parallel", &TitanSettings::asyncTp },
            { "training.disable_cuda_graphs", &TitanSettings::disableCudaGraphs },
        };
        if (const auto it = integers.find(target); it != integers.end()) {
            const auto [member, lowest, highest] = it->second;
            if (value.kind != PyValue::Kind::Integer || value.integer < lowest || value.integer > highest
                || (value.integer == 0 && lowest < 0))
                io::failAtLine(line, target + ": expected an integer from " + text(lowest) + " to " + text(highest));
            m_t.*member = Setting<int64_t> { value.integer, target, line };
        } else if (const auto s = strings.find(target); s != strings.end()) {
            if (value.kind != PyValue::Kind::String)
                io::failAtLine(line, target + ": expected a string");
            m_t.*(s->second) = Setting<std::string> { value.text, target, line };
        } else if (const auto b = booleans.find(target); b != booleans.end()) {
            if (value.kind != PyValue::Kind::Boolean)
                io::failAtLine(line, target + ": expected True or False");
            m_t.*(b->second) = Setting<bool> { value.boolean, target, line };
        } else if (target == "training.mixed_precision_reduce") {
            if (value.kind != PyValue::Kind::String || value.text != "float32")
                io::failAtLine(line, target + ": torchtitan reduces in \"float32\" only");
        } else if (target == "parallelism.module_fqns_per_model_part") {
            m_t.modelParts
                = Setting<std::vector<std::vector<std::string>>> { pyStringLists(value, line, target), target, line };
        } else if (target == "compile.enable") {
            // What ParaPlan prices of torch.compile: the loss's memory when it takes the loss (its
            // default components, "model" and "loss"), and async TP (above).
            if (value.kind != PyValue::Kind::Boolean)
                io::failAtLine(line, target + ": expected True or False");
            m_compile = value.boolean;
        } else if (target == "compile.components") {
            m_compileComponents = pyStrings(value, line, target);
        } else if (target == "model_spec") {
            modelSpec(value, line);
        } else if (target == "activation_checkpoint") {
            activationCheckpoint(value, line);
        } else {
            m_ignored += (m_ignored.empty() ? "config." : ", config.") + target;
        }
    }

    void finish()
    {
        const auto& parts = m_compileComponents;
        m_t.compiledLoss = m_compile && (parts.empty() || std::find(parts.begin(), parts.end(), "loss") != parts.end());
        if (!m_ignored.empty())
            m_t.notes.push_back("not priced by ParaPlan, ignored: " + m_ignored);
    }

private:
    void modelSpec(const PyValue& value, int line)
    {
        if (value.kind != PyValue::Kind::Call || value.text != "model_registry" || value.items.empty()
            || value.items[0].kind != PyValue::Kind::String)
            io::failAtLine(line,
                "model_spec: ParaPlan reads model_registry(\"FLAVOR\", converters=[...]) from "
                "torchtitan.models.llama3");
        m_t.modelName = Setting<std::string> { "llama3", "model_spec", line };
        m_t.flavor = Setting<std::string> { value.items[0].text, "model_spec", line };
        for (const auto& [keyword, argument] : value.keywords) {
            if (keyword != "converters")
                continue;
            if (argument.kind != PyValue::Kind::List)
                io::failAtLine(line, "model_spec: converters must be a list");
            for (const PyValue& converter : argument.items)
                this->converter(converter, line);
        }
    }

    void converter(const PyValue& c, int line)
    {
        if (c.kind != PyValue::Kind::Call)
            io::failAtLine(line, "model_spec: a converter is a Converter.Config(...) call");
        if (c.text == "Float8LinearConverter.Config" || c.text == "Float8GroupedExpertsConverter.Config") {
            m_t.float8 = true;
            for (const auto& [keyword, argument] : c.keywords)
                if (keyword == "recipe_name" && argument.kind == PyValue::Kind::String)
                    m_t.float8Recipe = Setting<std::string> { argument.text, "model_spec: recipe_name", line };
        } else if (c.text == "MXFP8LinearConverter.Config" || c.text == "MXFP8GroupedExpertsConverter.Config") {
            m_t.mx = true;
        } else if (c.text == "NVFP4LinearConverter.Config") {
            m_t.nvfp4 = true;
        } else {
            m_t.notes.push_back("model_spec: converter " + c.text + " is not a quantization ParaPlan prices; ignored");
        }
    }

    void activationCheckpoint(const PyValue& value, int line)
    {
        std::string mode;
        if (value.kind == PyValue::Kind::None)
            mode = "none";
        else if (value.kind == PyValue::Kind::Call && value.text == "FullAC.Config")
            mode = "full";
        else if (value.kind == PyValue::Kind::Call && value.text == "SelectiveAC.Config")
            mode = "selective";
        else if (value.kind == PyValue::Kind::Call && value.text == "MemoryBudgetAC.Config")
            mode = "memory_budget";
        else
            io::failAtLine(line,
                "activation_checkpoint: expected None, FullAC.Config(), SelectiveAC.Config() or "
                "MemoryBudgetAC.Config()");
        m_t.acMode = Setting<std::string> { mode, "activation_checkpoint", line };
        m_t.acOption = Setting<std::string> { "op", "activation_checkpoint", line }; // SelectiveAC is per-op
    }

    TitanSettings& m_t;
    std::string m_ignored;
    bool m_compile = false;
    std::vector<std::string> m_compileComponents;
};

// What a config built on a shipped one (config = llama3_70b()) does not set itself comes from that
// function, which ParaPlan does not run: torchtitan's defaults stand in, named.
void noteUnsetFromBase(TitanSettings& t)
{
    if (t.baseFunction.empty() || t.baseFunction == "Trainer.Config")
        return;
    const std::pair<bool, const char*> settings[] = {
        { t.modelName.has_value(), "model_spec" },
        { t.tokensPerMicroBatch.has_value(), "training.num_tokens_per_microbatch_per_dp_rank" },
        { t.tokensPerStep.has_value(), "training.num_tokens_per_train_step" },
        { t.maxContext.has_value(), "training.max_context_length" },
        { t.replicate.has_value(), "parallelism.data_parallel_replicate_degree" },
        { t.shard.has_value(), "parallelism.data_parallel_shard_degree" },
        { t.tp.has_value(), "parallelism.tensor_parallel_degree" },
        { t.pp.has_value(), "parallelism.pipeline_parallel_degree" },
        { t.cp.has_value(), "parallelism.context_parallel_degree" },
        { t.acMode.has_value(), "activation_checkpoint" },
    };
    std::string unset;
    for (const auto& [set, name] : settings)
        if (!set)
            unset += (unset.empty() ? "" : ", ") + std::string(name);
    if (!unset.empty())
        t.notes.push_back("config = " + t.baseFunction
            + "(): ParaPlan does not run it; torchtitan's defaults stand in for "
              "what the function does not set: "
            + unset);
}

// The subset of Python ParaPlan reads (docs/frameworks/torchtitan.md): imports, one function
// returning Trainer.Config whose body is `config = BASE()`, `config.PATH = VALUE` lines and
// `return config`. Other top-level functions are skipped with a note; anything else in the
// function is an error naming its line.
TitanSettings readPySettings(const std::string& source)
{
    TitanSettings t;
    t.era = Era::Python;
    PySettingsReader reader(t);
    const std::vector<PyStatement> statements = pyStatements(source);
    bool inFunction = false, done = false, returned = false;
    size_t bodyIndent = 0;
    std::string functionName;
    std::vector<std::string> skipped;
    for (const PyStatement& s : statements) {
        if (s.indent == 0) {
            if (inFunction) {
                inFunction = false;
                done = true;
            }
            if (s.text.rfind("import ", 0) == 0 || s.text.rfind("from ", 0) == 0)
                continue;
            if (s.text.rfind("def ", 0) == 0) {
                const std::string name = s.text.substr(4, s.text.find('(') - 4);
                if (done) {
                    skipped.push_back(name);
                    continue;
                }
                functionName = name;
                inFunction = true;
                bodyIndent = 0;
                continue;
            }
            if (!done)
                io::failAtLine(s.line,
                    "ParaPlan reads imports and one config function here, not \"" + s.text.substr(0, 40) + "\"");
            continue;
        }
        if (!inFunction)
            continue; // the body of a function already skipped
        if (bodyIndent == 0)
            bodyIndent = s.indent;
        if (s.indent != bodyIndent)
            io::failAtLine(
                s.line, "ParaPlan reads a config function of plain assignments; this line is inside a block");
        if (s.text == "return config") {
            returned = true;
            continue;
        }
        const size_t equals = s.text.find(" = ");
        if (equals == std::string::npos)
            io::failAtLine(s.line,
                "ParaPlan reads `config = ...`, `config.PATH = VALUE` and `return config` in a "
                "config function, not \""
                    + s.text.substr(0, 40) + "\"");
        const std::string target = s.text.substr(0, equals);
        const PyValue value = PyExpressionReader(std::string_view(s.text).substr(equals + 3), s.line).read();
        if (target == "config") {
            if (value.kind != PyValue::Kind::Call)
                io::failAtLine(s.line, "config: expected a call that builds a Trainer.Config");
            t.baseFunction = value.text;
        } else if (target.rfind("config.", 0) == 0) {
            reader.assign(target.substr(7), value, s.line);
        } else {
            io::failAtLine(s.line, "ParaPlan reads assignments to config.PATH, not to " + target);
        }
    }
    if (functionName.empty())
        throw io::ReadError("(file)", "no config function (def NAME() -> Trainer.Config:) in the file");
    if (!returned)
        throw io::ReadError("(file)", "the config function " + functionName + " does not `return config`");
    if (!skipped.empty()) {
        std::string names;
        for (const std::string& name : skipped)
            names += (names.empty() ? "" : ", ") + name;
        t.notes.push_back("read the config function " + functionName + "; the others are skipped: " + names);
    }
    reader.finish();
    noteUnsetFromBase(t);
    return t;
}

} // namespace

LaunchBundle exportTorchtitanToml(const LaunchContext& context)
{
    Plan plan = planOf(context, Era::Toml);
    return { { { "train.toml", tomlText(context, plan) } }, plan.notes };
}

LaunchBundle exportTorchtitanPy(const LaunchContext& context)
{
    Plan plan = planOf(context, Era::Python);
    return { { { "paraplan_run.py", pyText(context, plan) } }, plan.notes };
}

Imported importTorchtitanToml(const std::string& text, const nlohmann::json& base)
{
    return toScenario(readTomlSettings(text), base);
}

Imported importTorchtitanPy(const std::string& text, const nlohmann::json& base)
{
    return toScenario(readPySettings(text), base);
}

} // namespace paraplan::frameworks
