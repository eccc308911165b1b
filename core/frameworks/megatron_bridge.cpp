// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/megatron_bridge.h"

#include "core/frameworks/recipe_common.h"
#include "core/io/json_reader.h"
#include "core/rules/pipeline_layout_string.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <set>

// Megatron-Bridge's ConfigContainer (NVIDIA-NeMo/Megatron-Bridge @ 067f987d, on Megatron-LM @
// 2a75ac12, its 3rdparty/Megatron-LM submodule): the keys and what they mean are in
// docs/frameworks/megatron-bridge.md, with the code that reads each.
//
// - The file written is a Python function applying the plan to a recipe's ConfigContainer, one
//   `cfg.section.field = value` per line, so that a recipe keeps its data, tokenizer and optimizer
//   and takes ParaPlan's parallelism, batch, precision and shape.
// - Reading takes those assignment lines, wherever they stand and however indented, from a file
//   of that shape or any script that sets a ConfigContainer the same way: a value is a Python
//   literal, a name (torch.bfloat16, AttnBackend.flash), get_mixed_precision_config("recipe") or
//   a cfg.a.b assigned earlier. Other statements are named in the notes, not run.
namespace paraplan::frameworks {

namespace {

constexpr const char* kFormat = "Megatron-Bridge";

// The mixed-precision recipes of src/megatron/bridge/training/mixed_precision.py, with what each
// sets of the settings ParaPlan prices (bf16_mixed and fp16_mixed, plus the FP8 / FP4 fields of
// the recipe functions built on them).
struct PrecisionRecipe {
    const char* name;
    Precision precision;
    bool fp16Around; // fp16 instead of bf16 outside the quantized GEMMs
    bool gradReduceInFp32;
    Fp8Recipe fp8Recipe;
    bool fp8ParamGather;
    bool firstLastLayersBf16;
};
constexpr PrecisionRecipe kPrecisionRecipes[] = {
    { "bf16_mixed", Precision::Bf16, false, true, Fp8Recipe::Delayed, false, false },
    { "fp16_mixed", Precision::Fp16, true, false, Fp8Recipe::Delayed, false, false },
    { "bf16_with_fp8_delayed_scaling_mixed", Precision::Fp8, false, true, Fp8Recipe::Delayed, true, false },
    { "fp16_with_fp8_delayed_scaling_mixed", Precision::Fp8, true, false, Fp8Recipe::Delayed, true, false },
    { "bf16_with_mxfp8_mixed", Precision::Fp8, false, true, Fp8Recipe::Mxfp8, true, false },
    { "fp16_with_mxfp8_mixed", Precision::Fp8, true, false, Fp8Recipe::Mxfp8, true, false },
    { "bf16_with_fp8_current_scaling_mixed", Precision::Fp8, false, true, Fp8Recipe::Tensorwise, true, true },
    { "nemotron_h_bf16_with_fp8_current_scaling_mixed", Precision::Fp8, false, true, Fp8Recipe::Tensorwise, true, true },
    { "nanov2_bf16_with_fp8_current_scaling_mixed", Precision::Fp8, false, true, Fp8Recipe::Blockwise, true, true },
    { "fp16_with_fp8_current_scaling_mixed", Precision::Fp8, true, false, Fp8Recipe::Tensorwise, true, true },
    { "bf16_with_fp8_subchannel_scaling_mixed", Precision::Fp8, false, true, Fp8Recipe::Blockwise, false, false },
    { "fp16_with_fp8_subchannel_scaling_mixed", Precision::Fp8, true, false, Fp8Recipe::Blockwise, false, false },
    { "bf16_with_nvfp4_mixed", Precision::Fp4, false, true, Fp8Recipe::Delayed, false, false },
    { "nemotron_3_super_bf16_with_nvfp4_mixed", Precision::Fp4, false, true, Fp8Recipe::Delayed, false, true },
};

// The recipe a scenario starts from: its GEMM precision and FP8 scaling, bf16 around them.
const PrecisionRecipe& recipeFor(const TrainingSpec& t)
{
    const auto named = [](std::string_view name) -> const PrecisionRecipe& {
        return *std::find_if(std::begin(kPrecisionRecipes), std::end(kPrecisionRecipes),
                             [&](const PrecisionRecipe& r) { return name == r.name; });
    };
    switch (t.precision) {
    case Precision::Bf16: return named("bf16_mixed");
    case Precision::Fp16: return named("fp16_mixed");
    case Precision::Fp4: return named("bf16_with_nvfp4_mixed");
    case Precision::Fp8: break;
    }
    switch (t.fp8Recipe) {
    case Fp8Recipe::Delayed: return named("bf16_with_fp8_delayed_scaling_mixed");
    case Fp8Recipe::Tensorwise: return named("bf16_with_fp8_current_scaling_mixed");
    case Fp8Recipe::Blockwise: return named("bf16_with_fp8_subchannel_scaling_mixed");
    case Fp8Recipe::Mxfp8: break;
    }
    return named("bf16_with_mxfp8_mixed");
}

// ---------------------------------------------------------------------------------------------
// Writing

std::string py(int64_t value) { return std::to_string(value); }
std::string py(bool value) { return value ? "True" : "False"; }
std::string py(double value)
{
    char buffer[64];
    const std::to_chars_result end = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, end.ptr);
    if (text.find_first_of(".en") == std::string::npos)
        text += ".0"; // stays a float to Python
    return text;
}
std::string pyString(std::string_view text)
{
    std::string literal(1, '"');
    (literal += text) += '"';
    return literal;
}
constexpr const char* kNone = "None";

// The function body: one assignment per line under a comment per group.
class PythonBody {
public:
    void group(std::string_view comment) { (m_text += m_text.empty() ? "    # " : "\n    # ") += std::string(comment) + "\n"; }
    // `depth` 2: inside an if block of the function.
    void set(std::string_view key, std::string_view value, int depth = 1)
    {
        m_text += std::string(size_t(4 * depth), ' ') + "cfg." + std::string(key) + " = " + std::string(value) + "\n";
    }
    void line(std::string_view text) { m_text += "    " + std::string(text) + "\n"; }
    [[nodiscard]] const std::string& text() const { return m_text; }

private:
    std::string m_text;
};

// mcore's moe_layer_freq as a list: 1 for each MoE layer (the int form counts from layer 0, ParaPlan's
// pattern from layer n-1, so only the list says both alike).
std::string moeLayerPattern(const ModelSpec& m)
{
    std::string list = "[";
    for (int64_t layer = 0; layer < m.layers; ++layer)
        (list += layer == 0 ? "" : ", ") += m.layerKind(layer).moe ? "1" : "0";
    return list + "]";
}

std::string dtypeName(StatePrecision p)
{
    // Megatron-Core keeps FP8 moments as uint8 with a scale (optimizer_config.py, exp_avg_dtype).
    switch (p) {
    case StatePrecision::Fp32: return "torch.float32";
    case StatePrecision::Bf16: return "torch.bfloat16";
    case StatePrecision::Fp16: return "torch.float16";
    case StatePrecision::Fp8: return "torch.uint8";
    }
    return "torch.float32";
}

void writeParallelism(PythonBody& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const ParallelSpec& p = context.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    out.group("Parallelism, as ParaPlan priced it");
    out.set("model.tensor_model_parallel_size", py(d.tp));
    out.set("model.pipeline_model_parallel_size", py(d.pp));
    out.set("model.virtual_pipeline_model_parallel_size", d.vpp > 1 ? py(d.vpp) : kNone);
    out.set("model.context_parallel_size", py(d.cp));
    out.set("model.expert_model_parallel_size", py(d.ep));
    if (context.scenario.model.isMoe())
        out.set("model.expert_tensor_parallel_size", py(d.expertTp()));
    out.set("model.sequence_parallel", py(p.sequenceParallel));
    if (p.firstStageLayers)
        out.set("model.num_layers_in_first_pipeline_stage", py(*p.firstStageLayers));
    if (p.lastStageLayers)
        out.set("model.num_layers_in_last_pipeline_stage", py(*p.lastStageLayers));
    if (p.embeddingAsLayer)
        out.set("model.account_for_embedding_in_pipeline_split", py(true));
    if (p.lossAsLayer)
        out.set("model.account_for_loss_in_pipeline_split", py(true));
    if (!p.layersPerStage.empty())
        out.set("model.pipeline_model_parallel_layout",
                pyString(formatPipelineLayout(p.layersPerStage, context.scenario.model.mtpLayers)));
    // initialize.py builds the groups in order "tp-cp-ep-pp-dp" with use_tp_pp_dp_mapping.
    const RankOrder tpPpDp{ ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Pp, ParallelDim::Dp };
    if (p.placement.order == tpPpDp)
        out.set("dist.use_tp_pp_dp_mapping", py(true));
    else if (p.placement.order != kMegatronOrder)
        notes.push_back("parallel.placement.order: Megatron-Bridge orders ranks tp-cp-ep-dp-pp or tp-cp-ep-pp-dp; "
                        + toString(p.placement.order) + " has no setting");
    const PipelineSchedule schedule = context.prediction.schedule;
    if (schedule != PipelineSchedule::OneFOneB && schedule != PipelineSchedule::Interleaved1F1B)
        notes.push_back(std::string("parallel.schedule: Megatron-Bridge runs Megatron-Core's 1F1B and interleaved "
                                    "1F1B; ")
                        + toString(schedule) + " has no setting, the file runs what vpp implies");
}

void writeBatch(PythonBody& out, const LaunchContext& context)
{
    const TrainingSpec& t = context.scenario.training;
    out.group("Batch and sequence");
    out.set("train.micro_batch_size", py(t.microBatch));
    out.set("train.global_batch_size", py(t.globalBatch));
    if (const std::optional<int64_t> iterations = recipe::trainIterations(t))
        out.set("train.train_iters", py(*iterations));
    out.set("model.seq_length", py(t.seqLen));
    out.set("dataset.seq_length", py(t.seqLen));
}

void writeShape(PythonBody& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const ModelSpec& m = context.scenario.model;
    out.group("Model shape (GPTModelProvider / TransformerConfig)");
    out.set("model.num_layers", py(m.layers));
    out.set("model.hidden_size", py(m.hidden));
    out.set("model.ffn_hidden_size", py(m.ffnHidden));
    out.set("model.num_attention_heads", py(m.heads));
    out.set("model.num_query_groups", py(m.kvHeads));
    out.set("model.kv_channels", m.headDimension > 0 ? py(m.headDimension) : kNone);
    out.set("model.gated_linear_unit", py(m.gatedMlp));
    out.set("model.vocab_size", py(m.vocab));
    // Megatron-Core splits the embedding evenly over tp; GPTModelProvider pads the vocabulary to a
    // multiple of make_vocab_size_divisible_by x tp when should_pad_vocab is set.
    const int64_t tp = context.prediction.parallel.degrees.tp;
    out.set("model.should_pad_vocab", py(m.vocab % tp != 0));
    if (m.vocab % tp != 0)
        notes.push_back("model.vocab: " + std::to_string(m.vocab) + " does not divide over tp " + std::to_string(tp)
                        + "; the file lets the provider pad it (should_pad_vocab), a few rows ParaPlan did not price");
    out.set("model.share_embeddings_and_output_weights", py(m.tiedEmbeddings));
    // Megatron-Core's dropout defaults (transformer_config.py: hidden_dropout, attention_dropout 0.1).
    out.set("model.hidden_dropout", py(m.dropout ? 0.1 : 0.0));
    out.set("model.attention_dropout", py(m.dropout ? 0.1 : 0.0));
    if (const LocalAttentionSpec& local = m.localAttention; local.window > 0) {
        out.set("model.window_size", "(" + py(local.window) + ", 0)");
        // window_attn_skip_freq N: "one full attention layer after (N-1) SWA layers".
        out.set("model.window_attn_skip_freq", local.globalEvery > 0 ? py(local.globalEvery) : kNone);
        if (local.chunked)
            notes.push_back("model.local_attention: chunked attention (Llama 4) has no TransformerConfig field; the "
                            "file slides the window instead");
    }
    if (const MlaSpec& mla = m.mla; mla.enabled()) {
        // MLATransformerConfig's fields; they take effect on an MLA provider (the DeepSeek recipes).
        out.set("model.multi_latent_attention", py(true));
        out.set("model.q_lora_rank", mla.qLoraRank > 0 ? py(mla.qLoraRank) : kNone);
        out.set("model.kv_lora_rank", py(mla.kvLoraRank));
        out.set("model.qk_head_dim", py(mla.qkNopeHeadDim));
        out.set("model.qk_pos_emb_head_dim", py(mla.qkRopeHeadDim));
        out.set("model.v_head_dim", py(mla.vHeadDim));
        notes.push_back("model.mla: the MLA fields take effect on a recipe whose model is an MLA provider "
                        "(DeepSeek's); a GPT provider ignores them");
        if (mla.absorbed)
            notes.push_back("model.mla.absorbed: Megatron-Core trains the unabsorbed form; the file cannot absorb");
    }
    out.set("model.mtp_num_layers", m.mtpLayers > 0 ? py(m.mtpLayers) : kNone);
}

void writeMoe(PythonBody& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const ModelSpec& m = context.scenario.model;
    const ParallelSpec& p = context.prediction.parallel;
    if (!m.isMoe())
        return;
    const MoeSpec& moe = m.moe;
    out.group("Mixture of experts");
    out.set("model.num_moe_experts", py(moe.experts));
    out.set("model.moe_router_topk", py(moe.topK));
    out.set("model.moe_ffn_hidden_size", py(moe.expertFfnHidden));
    // "Shared expert total ffn hidden size": the shared experts as one of their summed width.
    out.set("model.moe_shared_expert_intermediate_size",
            moe.sharedExperts > 0 ? py(moe.sharedExperts * moe.sharedExpertFfnHidden) : kNone);
    if (moe.sharedExperts > 1)
        notes.push_back("model.moe.shared_experts: Megatron-Core runs the shared experts as one MLP of their summed "
                        "width; read back, they are one expert " + std::to_string(moe.sharedExperts) + " times as wide");
    out.set("model.moe_layer_freq", moe.firstDenseLayers == 0 && moe.layerFrequency == 1 ? "1" : moeLayerPattern(m));
    // DeepSeek's loss-free balancing: Megatron-Core's expert bias, with no auxiliary loss.
    const bool auxFree = moe.loadBalancing == LoadBalancing::AuxFree;
    out.set("model.moe_router_load_balancing_type", pyString(auxFree ? "none" : "aux_loss"));
    out.set("model.moe_router_enable_expert_bias", py(auxFree));
    out.set("model.moe_router_num_groups", moe.groupLimited() ? py(moe.groups) : kNone);
    out.set("model.moe_router_group_topk", moe.groupLimited() ? py(moe.groupTopK) : kNone);
    out.set("model.moe_expert_capacity_factor", moe.capacityFactor > 0 ? py(moe.capacityFactor) : kNone);
    out.set("model.moe_pad_expert_input_to_capacity", py(moe.capacityFactor > 0 && moe.padToCapacity));
    const char* dispatcher = p.moeDispatcher == MoeDispatcher::AllGather ? "allgather"
                           : p.moeDispatcher == MoeDispatcher::Flex      ? "flex"
                                                                          : "alltoall";
    out.set("model.moe_token_dispatcher_type", pyString(dispatcher));
    if (p.moeDispatcher == MoeDispatcher::Flex)
        out.set("model.moe_flex_dispatcher_backend", pyString("deepep"));
    out.set("model.moe_shared_expert_overlap", py(p.moeSharedExpertOverlap));
    // Megatron-Core's MoE README: EP A2A overlap needs --overlap-moe-expert-parallel-comm with
    // --delay-wgrad-compute.
    out.set("model.overlap_moe_expert_parallel_comm", py(p.moeA2aOverlap));
    out.set("model.delay_wgrad_compute", py(p.moeA2aOverlap));
}

void writeRecompute(PythonBody& out, const LaunchContext& context)
{
    const ParallelSpec& p = context.prediction.parallel;
    out.group("Recomputation");
    switch (p.recompute) {
    case Recompute::Full:
        // Uniform groups of one layer: every layer replayed, as ParaPlan prices "full".
        out.set("model.recompute_granularity", pyString("full"));
        out.set("model.recompute_method", pyString("uniform"));
        out.set("model.recompute_num_layers", py(int64_t{ 1 }));
        return;
    case Recompute::Selective: {
        out.set("model.recompute_granularity", pyString("selective"));
        std::string modules = "[";
        for (RecomputeModule module : kRecomputeModules)
            if (p.recomputeModules.has(module))
                (modules += modules.size() > 1 ? ", " : "") += pyString(toString(module));
        out.set("model.recompute_modules", modules + "]");
        return;
    }
    default:
        out.set("model.recompute_granularity", kNone);
        return;
    }
}

void writePrecision(PythonBody& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const TrainingSpec& t = context.scenario.training;
    const PrecisionRecipe& recipe = recipeFor(t);
    out.group("Precision: a recipe of mixed_precision.py, where the plan differs from it adjusted");
    // The recipe is applied over the model, optimizer and DDP configs at setup
    // (MixedPrecisionConfig.setup), so its fields, not theirs, carry the plan.
    std::vector<std::pair<std::string, std::string>> changes;
    const bool gradFp32 = t.gradPrecision == GradPrecision::Fp32;
    if (gradFp32 != recipe.gradReduceInFp32)
        changes.emplace_back("grad_reduce_in_fp32", py(gradFp32));
    if (t.precision == Precision::Fp8) {
        if (t.fp8ParamGather != recipe.fp8ParamGather)
            changes.emplace_back("fp8_param_gather", py(t.fp8ParamGather));
        if (t.fp8Attention)
            changes.emplace_back("fp8_dot_product_attention", py(true));
    }
    if (recipe.firstLastLayersBf16) {
        // ParaPlan prices every transformer layer's GEMMs in the low precision.
        changes.emplace_back("first_last_layers_bf16", py(false));
        notes.push_back(std::string("training.precision: ") + recipe.name + " keeps the first and last layers in bf16 "
                        "for convergence; the file turns that off, as ParaPlan priced every layer quantized");
    }
    if (t.precision == Precision::Fp4 && t.fp4Recipe != Fp4Recipe::Nvfp4)
        notes.push_back("training.fp4_recipe: Megatron-Core's fp4_recipe is nvfp4 (or custom); mxfp4 has no recipe, "
                        "the file trains NVFP4");
    if (changes.empty()) {
        out.set("mixed_precision", pyString(recipe.name));
        return;
    }
    out.set("mixed_precision", "get_mixed_precision_config(" + pyString(recipe.name) + ")");
    for (const auto& [field, value] : changes)
        out.set("mixed_precision." + field, value);
}

void writeOptimizer(PythonBody& out, const LaunchContext& context)
{
    const TrainingSpec& t = context.scenario.training;
    const ParallelSpec& p = context.prediction.parallel;
    out.group("Data parallelism and the optimizer");
    // ZeRO-1 is Megatron-Core's distributed optimizer; ZeRO-2 and 3 are Megatron-FSDP's
    // optim_grads and optim_grads_params (it always runs the distributed optimizer as well).
    // Bridge turns a setting on in both ddp and optimizer when either has it
    // (_validate_and_sync_distributed_optimizer_settings): both are written.
    const bool distributed = p.zeroStage >= 1;
    out.set("ddp.use_distributed_optimizer", py(distributed));
    out.set("optimizer.use_distributed_optimizer", py(distributed));
    if (p.zeroStage >= 2) {
        out.set("ddp.use_megatron_fsdp", py(true));
        out.set("dist.use_megatron_fsdp", py(true));
        out.set("ddp.data_parallel_sharding_strategy", pyString(p.zeroStage == 2 ? "optim_grads" : "optim_grads_params"));
    }
    out.set("ddp.overlap_grad_reduce", py(p.overlapGradReduce));
    out.set("ddp.overlap_param_gather", py(p.overlapParamGather));
    out.set("optimizer.overlap_param_gather", py(p.overlapParamGather));
    if (const std::optional<PrecisionAwareOptimizer>& o = t.precisionAwareOptimizer) {
        out.set("optimizer.use_precision_aware_optimizer", py(true));
        out.set("optimizer.main_params_dtype", dtypeName(o->mainParams));
        out.set("optimizer.exp_avg_dtype", dtypeName(o->expAvg));
        out.set("optimizer.exp_avg_sq_dtype", dtypeName(o->expAvgSq));
        out.set("optimizer.store_param_remainders", py(o->paramRemainders));
    } else {
        out.set("optimizer.use_precision_aware_optimizer", py(false));
    }
}

void writeOverlapsAndGraphs(PythonBody& out, const LaunchContext& context)
{
    const Scenario& s = context.scenario;
    const ParallelSpec& p = context.prediction.parallel;
    out.group("Kernels and overlaps");
    out.set("model.tp_comm_overlap", py(p.tpCommOverlap));
    // AttnBackend.auto picks Transformer Engine's fused (flash) kernel; unfused is Megatron's
    // softmax path, what ParaPlan prices without flash attention.
    out.set("model.attention_backend", s.training.flashAttention ? "AttnBackend.auto" : "AttnBackend.unfused");
    out.set("model.cuda_graph_impl", pyString(s.framework.cudaGraphs ? "local" : "none"));
    // A recipe's CommOverlapConfig derives the overlaps again at setup; where it has one, it is told.
    out.line("if cfg.comm_overlap is not None:");
    out.set("comm_overlap.tp_comm_overlap", py(p.tpCommOverlap), 2);
    out.set("comm_overlap.overlap_grad_reduce", py(p.overlapGradReduce), 2);
    out.set("comm_overlap.overlap_param_gather", py(p.overlapParamGather), 2);
    out.set("comm_overlap.overlap_moe_expert_parallel_comm", py(p.moeA2aOverlap), 2);
}

// ---------------------------------------------------------------------------------------------
// Reading

constexpr size_t kMaxFileBytes = 4 * 1024 * 1024;
constexpr int kMaxNesting = 32; // brackets inside one value
constexpr size_t kMaxListItems = 100000;

// A Python value as the file spells it.
struct Value {
    enum class Kind { None, Bool, Int, Float, String, Name, List, Recipe } kind = Kind::None;
    bool boolean = false;
    int64_t integer = 0;
    double number = 0;
    std::string text{}; // String, Name (torch.bfloat16), Recipe (get_mixed_precision_config's argument)
    std::vector<Value> items{};
};

struct Assignment {
    int line = 0;
    std::string source;         // the right-hand side as written
    std::optional<Value> value; // none: not an expression ParaPlan evaluates
};

// One logical line of Python: physical lines joined inside brackets, strings and after '\'.
struct Statement {
    int line = 0;
    std::string text;
};

// The statements of the file, comments dropped, its logical lines joined as Python's tokenizer does.
std::vector<Statement> statementsOf(const std::string& text)
{
    std::vector<Statement> statements;
    Statement current{ 1, {} };
    int line = 1;
    int depth = 0;
    char quote = 0;      // inside a string opened by this quote
    bool triple = false; // ... tripled
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            current.text += c;
            if (c == '\\' && i + 1 < text.size()) {
                current.text += text[++i];
                line += text[i] == '\n';
            } else if (c == quote && (!triple || text.compare(i, 3, std::string(3, quote)) == 0)) {
                if (triple)
                    current.text += text.substr(i + 1, 2), i += 2;
                quote = 0;
            } else if (c == '\n') {
                if (!triple)
                    io::failAtLine(line, "a string is not closed on its line");
                ++line;
            }
            continue;
        }
        if (c == '#') {
            while (i + 1 < text.size() && text[i + 1] != '\n')
                ++i;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            triple = text.compare(i, 3, std::string(3, c)) == 0;
            current.text += triple ? std::string(3, c) : std::string(1, c);
            i += triple ? 2 : 0;
            continue;
        }
        if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i, ++line;
            current.text += ' ';
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            if (++depth > kMaxNesting)
                io::failAtLine(line, "brackets nested more than " + std::to_string(kMaxNesting) + " deep");
        } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
            --depth;
        }
        if (c == '\n') {
            ++line;
            if (depth > 0) {
                current.text += ' ';
                continue;
            }
            if (current.text.find_first_not_of(" \t\r") != std::string::npos)
                statements.push_back(current);
            current = { line, {} };
            continue;
        }
        current.text += c;
    }
    if (quote)
        io::failAtLine(current.line, "a string opened here is never closed");
    if (depth > 0)
        io::failAtLine(current.line, "a bracket opened here is never closed");
    if (current.text.find_first_not_of(" \t\r") != std::string::npos)
        statements.push_back(current);
    return statements;
}

bool isIdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `cfg.a.b` as "a.b"; empty when the text is not such a target.
std::string configPath(std::string_view text)
{
    if (!text.starts_with("cfg."))
        return {};
    const std::string path(text.substr(4));
    bool segmentStart = true;
    for (const char c : path) {
        if (c == '.' && !segmentStart)
            segmentStart = true;
        else if (segmentStart ? isIdentifierStart(c) : isIdentifierChar(c))
            segmentStart = false;
        else
            return {};
    }
    return segmentStart ? std::string() : path;
}

// A recursive-descent reader of the literal expressions the export writes.
class ExpressionReader {
public:
    ExpressionReader(std::string_view text, const std::map<std::string, Assignment>& earlier)
        : m_text(text), m_earlier(earlier)
    {
    }

    std::optional<Value> whole()
    {
        std::optional<Value> value = next();
        skipSpace();
        return value && m_at == m_text.size() ? value : std::nullopt;
    }

private:
    std::optional<Value> next()
    {
        skipSpace();
        if (m_at >= m_text.size())
            return std::nullopt;
        const char c = m_text[m_at];
        if (c == '[' || c == '(')
            return sequence(c == '[' ? ']' : ')');
        if (c == '"' || c == '\'')
            return string();
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.')
            return number();
        if (isIdentifierStart(c))
            return name();
        return std::nullopt;
    }

    std::optional<Value> sequence(char close)
    {
        ++m_at;
        Value list{ .kind = Value::Kind::List };
        for (;;) {
            skipSpace();
            if (m_at < m_text.size() && m_text[m_at] == close) {
                ++m_at;
                return list;
            }
            std::optional<Value> item = next();
            if (!item || list.items.size() >= kMaxListItems)
                return std::nullopt;
            list.items.push_back(std::move(*item));
            skipSpace();
            if (m_at < m_text.size() && m_text[m_at] == ',')
                ++m_at;
            else if (m_at >= m_text.size() || m_text[m_at] != close)
                return std::nullopt;
        }
    }

    std::optional<Value> string()
    {
        const char quote = m_text[m_at++];
        Value value{ .kind = Value::Kind::String };
        while (m_at < m_text.size() && m_text[m_at] != quote) {
            if (m_text[m_at] == '\\' && m_at + 1 < m_text.size())
                ++m_at;
            value.text += m_text[m_at++];
        }
        if (m_at >= m_text.size())
            return std::nullopt;
        ++m_at;
        return value;
    }

    std::optional<Value> number()
    {
        std::string digits; // Python allows 500_000
        const size_t start = m_at;
        while (m_at < m_text.size()
               && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '.' || m_text[m_at] == '_'
                   || ((m_text[m_at] == '-' || m_text[m_at] == '+')
                       && (m_at == start || m_text[m_at - 1] == 'e' || m_text[m_at - 1] == 'E')))) {
            if (m_text[m_at] != '_')
                digits += m_text[m_at];
            ++m_at;
        }
        const char* begin = digits.data() + (digits.starts_with('+') ? 1 : 0);
        const char* end = digits.data() + digits.size();
        Value value{ .kind = Value::Kind::Int };
        if (const std::from_chars_result read = std::from_chars(begin, end, value.integer);
            read.ec == std::errc() && read.ptr == end)
            return value;
        else if (read.ec == std::errc::result_out_of_range)
            return Value{ .kind = Value::Kind::Float, .number = std::numeric_limits<double>::infinity() };
        value.kind = Value::Kind::Float;
        const std::from_chars_result read = std::from_chars(begin, end, value.number);
        if (read.ec == std::errc::result_out_of_range)
            return Value{ .kind = Value::Kind::Float, .number = std::numeric_limits<double>::infinity() };
        return read.ec == std::errc() && read.ptr == end ? std::optional(value) : std::nullopt;
    }

    std::optional<Value> name()
    {
        const size_t start = m_at;
        while (m_at < m_text.size() && (isIdentifierChar(m_text[m_at]) || m_text[m_at] == '.'))
            ++m_at;
        const std::string word(m_text.substr(start, m_at - start));
        if (word == "True" || word == "False")
            return Value{ .kind = Value::Kind::Bool, .boolean = word == "True" };
        if (word == "None")
            return Value{};
        skipSpace();
        if (m_at < m_text.size() && m_text[m_at] == '(') {
            // get_mixed_precision_config("recipe"): the one call the export writes.
            if (word != "get_mixed_precision_config")
                return std::nullopt;
            ++m_at;
            std::optional<Value> argument = next();
            skipSpace();
            if (!argument || argument->kind != Value::Kind::String || m_at >= m_text.size() || m_text[m_at] != ')')
                return std::nullopt;
            ++m_at;
            return Value{ .kind = Value::Kind::Recipe, .text = argument->text };
        }
        if (const std::string path = configPath(word); !path.empty()) {
            const auto earlier = m_earlier.find(path);
            return earlier != m_earlier.end() ? earlier->second.value : std::nullopt;
        }
        return Value{ .kind = Value::Kind::Name, .text = word };
    }

    void skipSpace()
    {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t' || m_text[m_at] == '\r'))
            ++m_at;
    }

    std::string_view m_text;
    const std::map<std::string, Assignment>& m_earlier;
    size_t m_at = 0;
};

const char* kindName(Value::Kind kind)
{
    switch (kind) {
    case Value::Kind::None: return "None";
    case Value::Kind::Bool: return "a bool";
    case Value::Kind::Int: return "an int";
    case Value::Kind::Float: return "a float";
    case Value::Kind::String: return "a string";
    case Value::Kind::Name: return "a name";
    case Value::Kind::List: return "a list";
    case Value::Kind::Recipe: return "a recipe";
    }
    return "?";
}

// The assignments of an override file, read by key ("model.num_layers").
class OverrideFile {
public:
    OverrideFile(const std::string& text, std::vector<std::string>& notes)
    {
        if (text.size() > kMaxFileBytes)
            throw io::ReadError("(file)", "larger than 4 MiB: not a Megatron-Bridge override file");
        std::vector<int> otherLines;
        for (const Statement& statement : statementsOf(text)) {
            const std::string line = recipe::trimmed(statement.text);
            const size_t equals = assignmentAt(line);
            const std::string target = equals == std::string::npos ? std::string() : recipe::trimmed(line.substr(0, equals));
            if (const std::string path = configPath(target); !path.empty()) {
                const std::string source = recipe::trimmed(line.substr(equals + 1));
                m_assignments[path] = { statement.line, source, ExpressionReader(source, m_assignments).whole() };
            } else if (target == "cfg") {
                notes.push_back("line " + std::to_string(statement.line) + ": cfg = " + recipe::trimmed(line.substr(equals + 1))
                                + ": the recipe's own settings are not read; the base stands in for them");
            } else if (!structural(line)) {
                otherLines.push_back(statement.line);
            }
        }
        if (m_assignments.empty())
            throw io::ReadError("(file)", "no cfg.<section>.<field> = value assignment: not a Megatron-Bridge "
                                          "ConfigContainer override");
        if (!otherLines.empty()) {
            std::string note = otherLines.size() == 1 ? "line" : "lines";
            for (size_t i = 0; i < std::min<size_t>(otherLines.size(), 8); ++i)
                (note += i == 0 ? " " : ", ") += std::to_string(otherLines[i]);
            notes.push_back(note + (otherLines.size() > 8 ? ", ..." : "")
                            + ": statements other than cfg.<section>.<field> = value, not run");
        }
    }

    [[nodiscard]] std::optional<int64_t> integer(const std::string& key, int64_t min, int64_t max)
    {
        const Assignment* a = literal(key);
        if (!a || a->value->kind == Value::Kind::None)
            return std::nullopt;
        if (a->value->kind == Value::Kind::Float && std::isinf(a->value->number))
            fail(key, *a, a->source + " is too large");
        if (a->value->kind != Value::Kind::Int)
            fail(key, *a, "expected a whole number, not " + std::string(kindName(a->value->kind)) + " (" + a->source + ")");
        if (a->value->integer < min || a->value->integer > max)
            fail(key, *a, std::to_string(a->value->integer) + " is out of range: expected " + std::to_string(min) + " to "
                              + std::to_string(max));
        return a->value->integer;
    }

    [[nodiscard]] std::optional<double> number(const std::string& key, double min, double max)
    {
        const Assignment* a = literal(key);
        if (!a || a->value->kind == Value::Kind::None)
            return std::nullopt;
        const Value& v = *a->value;
        if (v.kind != Value::Kind::Int && v.kind != Value::Kind::Float)
            fail(key, *a, "expected a number, not " + std::string(kindName(v.kind)) + " (" + a->source + ")");
        const double value = v.kind == Value::Kind::Int ? double(v.integer) : v.number;
        if (!(value >= min && value <= max))
            fail(key, *a, a->source + " is out of range: expected " + py(min) + " to " + py(max));
        return value;
    }

    [[nodiscard]] std::optional<bool> boolean(const std::string& key)
    {
        const Assignment* a = literal(key);
        if (!a)
            return std::nullopt;
        if (a->value->kind != Value::Kind::Bool)
            fail(key, *a, "expected True or False, not " + a->source);
        return a->value->boolean;
    }

    // A string or a name (the export writes AttnBackend.auto and torch dtypes as names).
    [[nodiscard]] std::optional<std::string> word(const std::string& key)
    {
        const Assignment* a = literal(key);
        if (!a || a->value->kind == Value::Kind::None)
            return std::nullopt;
        if (a->value->kind != Value::Kind::String && a->value->kind != Value::Kind::Name)
            fail(key, *a, "expected a string, not " + a->source);
        return a->value->text;
    }

    // One of `allowed`, as its index.
    [[nodiscard]] std::optional<size_t> choice(const std::string& key, std::initializer_list<std::string_view> allowed)
    {
        const std::optional<std::string> chosen = word(key);
        if (!chosen)
            return std::nullopt;
        std::string list;
        size_t index = 0;
        for (std::string_view option : allowed) {
            if (*chosen == option)
                return index;
            (list += index++ == 0 ? "" : ", ") += option;
        }
        fail(key, m_assignments.at(key), "\"" + *chosen + "\" is not one of " + list);
    }

    // A list or tuple of whole numbers ((4096, 0), [0, 1, 1]).
    [[nodiscard]] std::optional<std::vector<int64_t>> integers(const std::string& key)
    {
        const Assignment* a = literal(key);
        if (!a || a->value->kind == Value::Kind::None)
            return std::nullopt;
        if (a->value->kind != Value::Kind::List)
            fail(key, *a, "expected a list of whole numbers, not " + a->source);
        std::vector<int64_t> values;
        for (const Value& item : a->value->items) {
            if (item.kind != Value::Kind::Int)
                fail(key, *a, "expected whole numbers in " + a->source);
            values.push_back(item.integer);
        }
        return values;
    }

    // The strings of a list (["core_attn", "mlp"]).
    [[nodiscard]] std::optional<std::vector<std::string>> words(const std::string& key)
    {
        const Assignment* a = literal(key);
        if (!a || a->value->kind == Value::Kind::None)
            return std::nullopt;
        if (a->value->kind != Value::Kind::List)
            fail(key, *a, "expected a list of strings, not " + a->source);
        std::vector<std::string> values;
        for (const Value& item : a->value->items) {
            if (item.kind != Value::Kind::String)
                fail(key, *a, "expected strings in " + a->source);
            values.push_back(item.text);
        }
        return values;
    }

    // A key ParaPlan knows and need not read (what the export writes beside the values it reads).
    void accept(const std::string& key) { m_read.insert(key); }

    // The assignment of `key` when its value was read; a note for one ParaPlan could not evaluate.
    const Assignment* literal(const std::string& key)
    {
        const Assignment* a = assignment(key);
        if (a && !a->value) {
            m_unevaluated.push_back("line " + std::to_string(a->line) + ": cfg." + key + " = " + a->source);
            return nullptr;
        }
        return a;
    }

    [[nodiscard]] const Assignment* assignment(const std::string& key)
    {
        m_read.insert(key);
        const auto found = m_assignments.find(key);
        return found == m_assignments.end() ? nullptr : &found->second;
    }

    // Whether the file sets the key, to None included; whether it sets it to None.
    [[nodiscard]] bool sets(const std::string& key) { return assignment(key) != nullptr; }
    [[nodiscard]] bool isNull(const std::string& key)
    {
        const Assignment* a = assignment(key);
        return a && a->value && a->value->kind == Value::Kind::None;
    }

    [[noreturn]] static void fail(const std::string& key, const Assignment& at, const std::string& message)
    {
        throw io::ReadError("cfg." + key, "line " + std::to_string(at.line) + ": " + message);
    }

    // Keys the file sets that no getter asked for, and keys whose value was not a literal.
    [[nodiscard]] std::vector<std::string> unread() const
    {
        std::vector<std::string> keys;
        for (const auto& [key, a] : m_assignments)
            if (!m_read.contains(key))
                keys.push_back("cfg." + key);
        return keys;
    }
    [[nodiscard]] const std::vector<std::string>& unevaluated() const { return m_unevaluated; }

private:
    // The '=' of `target = value` (not of ==, <=, >=, != or keyword arguments inside brackets).
    static size_t assignmentAt(const std::string& line)
    {
        int depth = 0;
        for (size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (c == '(' || c == '[' || c == '{')
                ++depth;
            else if (c == ')' || c == ']' || c == '}')
                --depth;
            else if (c == '"' || c == '\'')
                return std::string::npos; // a string before any '=': not an assignment target
            else if (c == '=' && depth == 0) {
                const bool compared = (i + 1 < line.size() && line[i + 1] == '=')
                                   || (i > 0 && std::string_view("=<>!+-*/%&|^").find(line[i - 1]) != std::string_view::npos);
                return compared ? std::string::npos : i;
            }
        }
        return std::string::npos;
    }

    // Statements that only give the file its shape: imports, the function around the assignments,
    // docstrings, conditions.
    static bool structural(const std::string& line)
    {
        for (std::string_view start : { "import ", "from ", "def ", "return", "pass", "if ", "else", "elif ", "\"\"\"",
                                        "'''", "@", "class " })
            if (line.starts_with(start))
                return true;
        return false;
    }

    std::map<std::string, Assignment> m_assignments;
    std::set<std::string> m_read;
    std::vector<std::string> m_unevaluated;
};

using recipe::Kept;
using recipe::kMaxCount;
using recipe::kMaxDegree;

// cfg.mixed_precision: a recipe of mixed_precision.py by name (hyphens allowed, as it registers
// both spellings), then the fields assigned over it.
void readPrecision(OverrideFile& file, TrainingSpec& t, Kept& kept, std::vector<std::string>& notes)
{
    const Assignment* a = file.literal("mixed_precision");
    if (!a) {
        kept.add("precision");
        kept.add("grad_precision");
        return;
    }
    if (a->value->kind != Value::Kind::String && a->value->kind != Value::Kind::Recipe)
        OverrideFile::fail("mixed_precision", *a, "expected a recipe name, not " + a->source);
    std::string name = a->value->text;
    std::replace(name.begin(), name.end(), '-', '_');
    const PrecisionRecipe* recipe = std::find_if(std::begin(kPrecisionRecipes), std::end(kPrecisionRecipes),
                                                 [&](const PrecisionRecipe& r) { return name == r.name; });
    if (recipe == std::end(kPrecisionRecipes)) {
        std::string known;
        for (const PrecisionRecipe& r : kPrecisionRecipes)
            (known += known.empty() ? "" : ", ") += r.name;
        OverrideFile::fail("mixed_precision", *a, "\"" + a->value->text + "\" is not a recipe of Megatron-Bridge's "
                                                  "mixed_precision.py: " + known);
    }
    t.precision = recipe->precision;
    t.gradPrecision = recipe->gradReduceInFp32 ? GradPrecision::Fp32 : halfGradients(t.precision);
    t.fp8Recipe = recipe->fp8Recipe;
    t.fp8ParamGather = recipe->fp8ParamGather;
    t.fp8Attention = false;
    t.fp4Recipe = Fp4Recipe::Nvfp4;
    if (const std::optional<bool> fp32 = file.boolean("mixed_precision.grad_reduce_in_fp32"))
        t.gradPrecision = *fp32 ? GradPrecision::Fp32 : halfGradients(t.precision);
    // MixedPrecisionConfig keeps fp8_param and fp8_param_gather in step (its __setattr__).
    for (const char* key : { "mixed_precision.fp8_param", "mixed_precision.fp8_param_gather" })
        if (const std::optional<bool> gather = file.boolean(key))
            t.fp8ParamGather = *gather;
    if (const std::optional<bool> attention = file.boolean("mixed_precision.fp8_dot_product_attention"))
        t.fp8Attention = *attention;
    if (const std::optional<size_t> scaling
        = file.choice("mixed_precision.fp8_recipe", { "delayed", "tensorwise", "blockwise", "mxfp8" }))
        t.fp8Recipe = Fp8Recipe(*scaling);
    const bool firstLastBf16 = file.boolean("mixed_precision.first_last_layers_bf16").value_or(recipe->firstLastLayersBf16);
    if (quantizedLinears(t.precision) && firstLastBf16)
        notes.push_back("cfg.mixed_precision: the first and last layers stay in bf16; ParaPlan prices every layer "
                        "quantized");
    if (quantizedLinears(t.precision) && recipe->fp16Around)
        notes.push_back("cfg.mixed_precision: fp16 around the quantized GEMMs; ParaPlan prices the rest in bf16");
    if (t.precision != Precision::Fp8) {
        t.fp8ParamGather = false; // the scenario states FP8 settings with FP8 only
        t.fp8Attention = false;
        t.fp8Recipe = Fp8Recipe::Delayed;
    }
}

void readLocalAttention(OverrideFile& file, ModelSpec& m)
{
    if (file.isNull("model.window_size")) {
        m.localAttention = {};
        return;
    }
    const std::optional<std::vector<int64_t>> window = file.integers("model.window_size");
    if (!window)
        return;
    if (window->size() != 2 || window->front() <= 0)
        OverrideFile::fail("model.window_size", *file.assignment("model.window_size"),
                           "expected (left, right) tokens with left > 0");
    m.localAttention = { .window = window->front(), .chunked = false, .globalEvery = 0 };
    if (const std::optional<int64_t> every = file.integer("model.window_attn_skip_freq", 1, kMaxCount))
        m.localAttention.globalEvery = *every;
}

void readMla(OverrideFile& file, ModelSpec& m, Kept& kept)
{
    const std::optional<bool> mla = file.boolean("model.multi_latent_attention");
    if (mla && !*mla) {
        m.mla = {};
        return;
    }
    if (!mla && !file.sets("model.kv_lora_rank"))
        return; // a GPT model: the base's attention stands (and is named if it is MLA)
    m.mla.absorbed = false; // Megatron-Core trains the unabsorbed form
    if (file.isNull("model.q_lora_rank"))
        m.mla.qLoraRank = 0;
    else
        kept.set(file.integer("model.q_lora_rank", 1, kMaxCount), m.mla.qLoraRank, "mla.q_lora_rank");
    kept.set(file.integer("model.kv_lora_rank", 1, kMaxCount), m.mla.kvLoraRank, "mla.kv_lora_rank");
    kept.set(file.integer("model.qk_head_dim", 1, kMaxCount), m.mla.qkNopeHeadDim, "mla.qk_nope_head_dim");
    kept.set(file.integer("model.qk_pos_emb_head_dim", 1, kMaxCount), m.mla.qkRopeHeadDim, "mla.qk_rope_head_dim");
    kept.set(file.integer("model.v_head_dim", 1, kMaxCount), m.mla.vHeadDim, "mla.v_head_dim");
}

// moe_layer_freq as ParaPlan's pattern: dense layers first, then every n-th layer MoE (n-1, 2n-1, ...).
void readMoeLayers(OverrideFile& file, MoeSpec& moe, std::vector<std::string>& notes)
{
    const Assignment* written = file.literal("model.moe_layer_freq");
    if (!written || written->value->kind == Value::Kind::None)
        return;
    if (written->value->kind != Value::Kind::List) {
        const int64_t every = *file.integer("model.moe_layer_freq", 1, kMaxCount);
        moe.firstDenseLayers = 0;
        moe.layerFrequency = every;
        if (every > 1)
            notes.push_back("cfg.model.moe_layer_freq " + std::to_string(every) + ": Megatron-Core makes layers 0, n, "
                            "2n, ... MoE; ParaPlan prices layers n-1, 2n-1, ...: the same count, shifted");
        return;
    }
    const std::optional<std::vector<int64_t>> pattern = file.integers("model.moe_layer_freq");
    // The first two MoE layers give n; the first of them stands n-1 after the dense ones.
    const auto first = std::find(pattern->begin(), pattern->end(), 1);
    const auto second = first == pattern->end() ? first : std::find(first + 1, pattern->end(), 1);
    const int64_t every = second == pattern->end() ? 1 : int64_t(second - first);
    const int64_t dense = int64_t(first - pattern->begin()) - (every - 1);
    bool regular = first != pattern->end() && dense >= 0;
    for (int64_t i = 0; regular && i < int64_t(pattern->size()); ++i)
        regular = (*pattern)[size_t(i)] == (i >= dense && (i - dense + 1) % every == 0 ? 1 : 0);
    moe.firstDenseLayers = std::max<int64_t>(dense, 0);
    moe.layerFrequency = every;
    if (!regular)
        notes.push_back("cfg.model.moe_layer_freq: the MoE layers follow no pattern of dense layers then every n-th "
                        "layer; ParaPlan prices the nearest");
}

void readMoe(OverrideFile& file, Scenario& s, std::vector<std::string>& notes)
{
    ModelSpec& m = s.model;
    ParallelSpec& p = s.parallel;
    const std::optional<int64_t> experts = recipe::moeExperts(file, m, notes);
    if (!experts)
        return;
    Kept kept("model.moe");
    MoeSpec& moe = m.moe;
    moe.experts = *experts;
    kept.set(file.integer("model.moe_router_topk", 1, *experts), moe.topK, "top_k");
    // TransformerConfig: moe_ffn_hidden_size None is ffn_hidden_size.
    moe.expertFfnHidden = file.integer("model.moe_ffn_hidden_size", 1, kMaxCount).value_or(m.ffnHidden);
    if (const std::optional<int64_t> shared = file.integer("model.moe_shared_expert_intermediate_size", 1, kMaxCount)) {
        moe.sharedExperts = 1;
        moe.sharedExpertFfnHidden = *shared;
    } else if (file.isNull("model.moe_shared_expert_intermediate_size")) {
        moe.sharedExperts = moe.sharedExpertFfnHidden = 0;
    }
    readMoeLayers(file, moe, notes);
    if (const std::optional<bool> bias = file.boolean("model.moe_router_enable_expert_bias"))
        moe.loadBalancing = *bias ? LoadBalancing::AuxFree : LoadBalancing::AuxLoss;
    else
        kept.add("load_balancing");
    file.accept("model.moe_router_load_balancing_type");
    const std::optional<int64_t> groups = file.integer("model.moe_router_num_groups", 1, *experts);
    const std::optional<int64_t> groupTopK = file.integer("model.moe_router_group_topk", 1, *experts);
    moe.groups = groups.value_or(0);
    moe.groupTopK = groupTopK.value_or(0);
    moe.capacityFactor = file.number("model.moe_expert_capacity_factor", 0, kMaxCount).value_or(0);
    const std::optional<bool> pad = file.boolean("model.moe_pad_expert_input_to_capacity");
    moe.padToCapacity = moe.capacityFactor > 0 && pad.value_or(false);
    if (const std::optional<size_t> dispatcher
        = file.choice("model.moe_token_dispatcher_type", { "alltoall", "allgather", "flex" }))
        p.moeDispatcher = MoeDispatcher(*dispatcher);
    else
        kept.add("moe_dispatcher");
    file.accept("model.moe_flex_dispatcher_backend");
    kept.set(file.boolean("model.moe_shared_expert_overlap"), p.moeSharedExpertOverlap, "moe_shared_expert_overlap");
    kept.set(file.boolean("model.overlap_moe_expert_parallel_comm"), p.moeA2aOverlap, "moe_a2a_overlap");
    file.accept("model.delay_wgrad_compute");
    kept.noteInto(notes);
}

// The uneven pipeline splits: Megatron's layout string, or the first / last stage's layers and the
// embedding / loss counted as layers; without them the even split.
void readPipelineSplit(OverrideFile& file, Scenario& s)
{
    ParallelSpec& p = s.parallel;
    p.layersPerStage.clear();
    if (const std::optional<std::string> layout = file.word("model.pipeline_model_parallel_layout")) {
        const ParsedPipelineLayout parsed = parsePipelineLayout(*layout, s.model.mtpLayers);
        const Assignment& at = *file.assignment("model.pipeline_model_parallel_layout");
        if (!parsed.error.empty())
            OverrideFile::fail("model.pipeline_model_parallel_layout", at, parsed.error);
        if (parsed.layersPerStage.size() % size_t(p.degrees.pp) != 0)
            OverrideFile::fail("model.pipeline_model_parallel_layout", at,
                               std::to_string(parsed.layersPerStage.size()) + " stages do not divide into "
                                   + std::to_string(p.degrees.pp) + " pipeline stages");
        p.layersPerStage = parsed.layersPerStage;
        p.degrees.vpp = int64_t(parsed.layersPerStage.size()) / p.degrees.pp;
    }
    p.firstStageLayers = file.integer("model.num_layers_in_first_pipeline_stage", 0, kMaxCount);
    p.lastStageLayers = file.integer("model.num_layers_in_last_pipeline_stage", 0, kMaxCount);
    p.embeddingAsLayer = file.boolean("model.account_for_embedding_in_pipeline_split").value_or(false);
    p.lossAsLayer = file.boolean("model.account_for_loss_in_pipeline_split").value_or(false);
}

// Megatron-Core's recompute_granularity / method / num_layers / modules.
void readRecompute(OverrideFile& file, ParallelSpec& p, Kept& kept, std::vector<std::string>& notes)
{
    if (!recipe::readRecomputeGranularity(file, "model.recompute_granularity", p, kept))
        return;
    if (const std::optional<std::vector<std::string>> modules = file.words("model.recompute_modules")) {
        p.recomputeModules = RecomputeModules::none();
        for (const std::string& name : *modules) {
            const auto known = std::find_if(kRecomputeModules.begin(), kRecomputeModules.end(),
                                            [&](RecomputeModule m) { return name == toString(m); });
            if (known == kRecomputeModules.end())
                OverrideFile::fail("model.recompute_modules", *file.assignment("model.recompute_modules"),
                                   "\"" + name + "\" is not a module ParaPlan prices: core_attn, mla_up_proj, moe_act, "
                                                 "layernorm, mlp, moe, shared_experts");
            p.recomputeModules = p.recomputeModules.with(*known);
        }
    }
    if (recipe::recomputesPartOfLayers(file, "model.recompute_method", "model.recompute_num_layers", p))
        notes.push_back("cfg.model.recompute_method / recompute_num_layers: the file recomputes part of the layers; "
                        "ParaPlan prices full recomputation of every layer");
}

StatePrecision statePrecision(OverrideFile& file, const std::string& key)
{
    const std::optional<size_t> dtype
        = file.choice(key, { "torch.float32", "torch.bfloat16", "torch.float16", "torch.uint8" });
    switch (dtype.value_or(0)) {
    case 1: return StatePrecision::Bf16;
    case 2: return StatePrecision::Fp16;
    case 3: return StatePrecision::Fp8;
    default: return StatePrecision::Fp32;
    }
}

// The ZeRO stage from the distributed optimizer and Megatron-FSDP's sharding strategy (Bridge
// turns a setting on in both ddp and optimizer when either has it).
void readDataParallel(OverrideFile& file, Scenario& s, Kept& kept)
{
    ParallelSpec& p = s.parallel;
    const std::optional<bool> ddpDistributed = file.boolean("ddp.use_distributed_optimizer");
    const std::optional<bool> optimizerDistributed = file.boolean("optimizer.use_distributed_optimizer");
    const bool fsdp = file.boolean("ddp.use_megatron_fsdp").value_or(false)
                   || file.boolean("dist.use_megatron_fsdp").value_or(false);
    const std::optional<size_t> strategy = file.choice("ddp.data_parallel_sharding_strategy",
                                                       { "no_shard", "optim", "optim_grads", "optim_grads_params" });
    if (fsdp) {
        p.zeroStage = int(strategy.value_or(0)); // no_shard, optim, optim_grads, optim_grads_params: 0 to 3
    } else if (ddpDistributed || optimizerDistributed) {
        p.zeroStage = ddpDistributed.value_or(false) || optimizerDistributed.value_or(false) ? 1 : 0;
    } else {
        kept.add("zero_stage");
    }
    kept.set(file.boolean("ddp.overlap_grad_reduce"), p.overlapGradReduce, "overlap_grad_reduce");
    const std::optional<bool> ddpGather = file.boolean("ddp.overlap_param_gather");
    const std::optional<bool> optimizerGather = file.boolean("optimizer.overlap_param_gather");
    if (ddpGather || optimizerGather)
        p.overlapParamGather = ddpGather.value_or(false) || optimizerGather.value_or(false);
    else
        kept.add("overlap_param_gather");
    TrainingSpec& t = s.training;
    if (const std::optional<bool> aware = file.boolean("optimizer.use_precision_aware_optimizer")) {
        t.precisionAwareOptimizer.reset();
        if (*aware) {
            // optimizer_config.py's defaults: fp32 states, param remainders stored.
            t.precisionAwareOptimizer = PrecisionAwareOptimizer{
                .mainParams = statePrecision(file, "optimizer.main_params_dtype"),
                .expAvg = statePrecision(file, "optimizer.exp_avg_dtype"),
                .expAvgSq = statePrecision(file, "optimizer.exp_avg_sq_dtype"),
                .paramRemainders = file.boolean("optimizer.store_param_remainders").value_or(true),
            };
        }
    } else {
        kept.add("precision_aware_optimizer");
    }
}

// TP overlap, and a CommOverlapConfig's settings, which Bridge applies over the model's and the
// DDP's at setup.
void readOverlaps(OverrideFile& file, Scenario& s, Kept& kept)
{
    ParallelSpec& p = s.parallel;
    kept.set(file.boolean("model.tp_comm_overlap"), p.tpCommOverlap, "tp_comm_overlap");
    if (const std::optional<bool> v = file.boolean("comm_overlap.tp_comm_overlap"))
        p.tpCommOverlap = *v;
    if (const std::optional<bool> v = file.boolean("comm_overlap.overlap_grad_reduce"))
        p.overlapGradReduce = *v;
    if (const std::optional<bool> v = file.boolean("comm_overlap.overlap_param_gather"))
        p.overlapParamGather = *v;
    if (const std::optional<bool> v = file.boolean("comm_overlap.overlap_moe_expert_parallel_comm"))
        p.moeA2aOverlap = *v;
}

void readTraining(OverrideFile& file, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("training");
    TrainingSpec& t = s.training;
    std::optional<int64_t> seq = file.integer("model.seq_length", 1, kMaxCount);
    const std::optional<int64_t> datasetSeq = file.integer("dataset.seq_length", 1, kMaxCount);
    if (seq && datasetSeq && *seq != *datasetSeq)
        notes.push_back("cfg.model.seq_length and cfg.dataset.seq_length differ; the model's is read");
    kept.set(seq ? seq : datasetSeq, t.seqLen, "seq_len");
    kept.set(file.integer("train.global_batch_size", 1, kMaxCount), t.globalBatch, "global_batch");
    kept.set(file.integer("train.micro_batch_size", 1, kMaxCount), t.microBatch, "micro_batch");
    if (const std::optional<int64_t> iterations = file.integer("train.train_iters", 1, kMaxCount))
        t.trainTokens = double(*iterations) * double(t.globalBatch) * double(t.seqLen);
    else if (const std::optional<int64_t> samples = file.integer("train.train_samples", 1, kMaxCount))
        t.trainTokens = double(*samples / t.globalBatch) * double(t.globalBatch) * double(t.seqLen);
    else
        kept.add("train_tokens");
    readPrecision(file, t, kept, notes);
    if (const std::optional<size_t> backend
        = file.choice("model.attention_backend", { "AttnBackend.auto", "AttnBackend.flash", "AttnBackend.fused",
                                                   "AttnBackend.unfused", "AttnBackend.local" }))
        t.flashAttention = *backend <= 2; // unfused and local: Megatron's own softmax path
    else
        kept.add("flash_attention");
    kept.noteInto(notes);
}

void readShape(OverrideFile& file, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("model");
    ModelSpec& m = s.model;
    recipe::readLayerShape(file, m, kept);
    kept.set(file.boolean("model.gated_linear_unit"), m.gatedMlp, "gated_mlp");
    kept.set(file.integer("model.vocab_size", 1, kMaxCount), m.vocab, "vocab");
    file.accept("model.should_pad_vocab"); // padding rows for the tp split, not the model's vocabulary
    kept.set(file.boolean("model.share_embeddings_and_output_weights"), m.tiedEmbeddings, "tied_embeddings");
    recipe::readDropout(file, m, kept);
    readLocalAttention(file, m);
    readMla(file, m, kept);
    if (file.isNull("model.mtp_num_layers"))
        m.mtpLayers = 0;
    else
        kept.set(file.integer("model.mtp_num_layers", 0, kMaxCount), m.mtpLayers, "mtp_layers");
    kept.noteInto(notes);
}

void readParallel(OverrideFile& file, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("parallel");
    ParallelSpec& p = s.parallel;
    ParallelDegrees& d = p.degrees;
    recipe::readDegrees(file, d, kept);
    if (const std::optional<int64_t> etp = file.integer("model.expert_tensor_parallel_size", 1, kMaxDegree))
        d.etp = *etp == d.tp ? 0 : *etp; // the scenario leaves etp out where it is tp
    kept.set(file.boolean("model.sequence_parallel"), p.sequenceParallel, "sequence_parallel");
    readPipelineSplit(file, s);
    p.schedule.reset(); // Megatron-Core runs what vpp implies
    recipe::placeByMapping(p, file.boolean("dist.use_tp_pp_dp_mapping"));
    readRecompute(file, p, kept, notes);
    readDataParallel(file, s, kept);
    readOverlaps(file, s, kept);
    kept.noteInto(notes);
}

} // namespace

LaunchBundle exportMegatronBridge(const LaunchContext& context)
{
    LaunchBundle bundle;
    PythonBody body;
    writeParallelism(body, context, bundle.notes);
    writeBatch(body, context);
    writeShape(body, context, bundle.notes);
    writeMoe(body, context, bundle.notes);
    writeRecompute(body, context);
    writePrecision(body, context, bundle.notes);
    writeOptimizer(body, context);
    writeOverlapsAndGraphs(body, context);
    recipe::addCommonExportNotes(context, kFormat, "cfg.train.train_iters", bundle.notes);
    std::string text = commentBlock(context.header, "# ");
    if (!bundle.notes.empty())
        text += "# What Megatron-Bridge cannot say of the plan:\n" + commentBlock(bundle.notes, "#   ");
    text += "\"\"\"ParaPlan's plan as overrides of a Megatron-Bridge recipe (NVIDIA-NeMo/Megatron-Bridge, its\n"
            "ConfigContainer of src/megatron/bridge/training/config.py):\n\n"
            "    from paraplan_overrides import apply_paraplan_plan\n"
            "    cfg = apply_paraplan_plan(llama3_70b_pretrain_config())  # the recipe of your model\n"
            "    pretrain(cfg, forward_step)\n"
            "\"\"\"\n"
            "import torch\n"
            "from megatron.bridge.training.config import ConfigContainer\n"
            "from megatron.bridge.training.mixed_precision import get_mixed_precision_config\n"
            "from megatron.core.transformer.enums import AttnBackend\n\n\n"
            "def apply_paraplan_plan(cfg: ConfigContainer) -> ConfigContainer:\n";
    text += body.text();
    text += "    return cfg\n";
    bundle.files.push_back({ "paraplan_overrides.py", text });
    return bundle;
}

Imported importMegatronBridge(const std::string& text, const nlohmann::json& base)
{
    std::vector<std::string> notes;
    OverrideFile file(text, notes);
    Scenario s = recipe::baseScenario(base);
    s.model.preset.clear();
    s.model.name = "from a Megatron-Bridge recipe";
    readTraining(file, s, notes);
    readShape(file, s, notes);
    readMoe(file, s, notes);
    readParallel(file, s, notes);
    s.framework.name = Framework::Nemo;
    if (const std::optional<std::string> graphs = file.word("model.cuda_graph_impl"))
        s.framework.cudaGraphs = *graphs != "none";
    notes.push_back("cluster: a Megatron-Bridge recipe does not describe the cluster; the base's stands: "
                    + std::to_string(s.cluster.nodes) + " x " + s.cluster.name);
    for (const std::string& skipped : file.unevaluated())
        notes.push_back(skipped + ": not a value ParaPlan evaluates; the base's stands");
    if (std::string ignored = recipe::ignoredNote(file.unread(), "settings"); !ignored.empty())
        notes.push_back(std::move(ignored));
    return recipe::importedFrom(std::move(s), std::move(notes));
}

} // namespace paraplan::frameworks
