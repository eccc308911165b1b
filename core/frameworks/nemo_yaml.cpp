// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/nemo_yaml.h"

#include "core/frameworks/recipe_common.h"
#include "core/io/json_reader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <cctype>
#include <limits>
#include <map>
#include <set>

// NeMo 1.x's GPT config (examples/nlp/language_modeling/conf/megatron_gpt_config.yaml of NVIDIA/NeMo
// v2.0.0, the last release line that trains from it, on Megatron-Core core_r0.9.0): what
// the keys mean is in docs/frameworks/nemo-yaml.md, with the code that reads each.
//
// - The file written inherits that config (`defaults: [megatron_gpt_config, _self_]`, Hydra's
//   composition) and states only what the scenario decides; tokenizer, data, normalization and the
//   rest stay the user's.
// - Keys beyond the YAML's own are model.* keys NeMo passes to Megatron-Core by name:
//   build_transformer_config copies every TransformerConfig / ModelParallelConfig field the model
//   config holds (megatron_base_model.py), which is how num_moe_experts, context_parallel_size or
//   first_pipeline_num_layers reach core_r0.9.0.
// - Reading takes what a file states over a base scenario and names what it left to the base. An
//   OmegaConf interpolation ${a.b} or ${.b} is followed; a resolver (${sum:...}) is an error at its key.
namespace paraplan::frameworks {

namespace {

constexpr const char* kFormat = "NeMo 1.x";

// ---------------------------------------------------------------------------------------------
// Writing

// YAML written by hand: nested maps of scalars, two spaces per level, in the order given.
class YamlWriter {
public:
    void entry(std::string_view key, std::string_view value) { line(std::string(key) + ": " + std::string(value)); }
    void open(std::string_view key)
    {
        line(std::string(key) + ":");
        ++m_depth;
    }
    void close() { --m_depth; }
    void item(std::string_view value) { line("- " + std::string(value)); }
    [[nodiscard]] const std::string& text() const { return m_text; }

private:
    void line(const std::string& text) { (m_text.append(size_t(2 * m_depth), ' ') += text) += '\n'; }

    std::string m_text;
    int m_depth = 0;
};

std::string yaml(int64_t value) { return std::to_string(value); }
std::string yaml(bool value) { return value ? "true" : "false"; }
std::string yaml(double value)
{
    char buffer[64];
    const std::to_chars_result end = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, end.ptr);
    // A float stays a float to a YAML reader: "1" would read back as an integer.
    if (text.find_first_of(".en") == std::string::npos)
        text += ".0";
    return text;
}
constexpr const char* kNull = "null";

// megatron_gpt_config.yaml's make_vocab_size_divisible_by.
constexpr int64_t kVocabPaddingMultiple = 128;
// The dropout NeMo's GPT config ships (hidden_dropout, attention_dropout: 0.1); 0 turns it off.
constexpr double kGptDropout = 0.1;
// NeMo's moe_aux_loss_coeff defaults to 0, which disables the loss; megatron_gpt_model.py's
// comment on it: "1e-2 would be a good start value for load balance loss".
constexpr double kAuxLossCoefficient = 1e-2;

// The optimizer NeMo runs for a ZeRO stage (megatron_base_model.py: `with_distributed_adam`):
// Megatron-Core's distributed optimizer shards the optimizer states (ZeRO-1); Apex's
// DistributedFusedAdam also the gradients (ZeRO-2); PyTorch FSDP (model.fsdp) also the weights.
const char* optimizerName(int zeroStage)
{
    switch (zeroStage) {
    case 1: return "mcore_distributed_optim";
    case 2: return "distributed_fused_adam";
    default: return "fused_adam";
    }
}

void writeTrainer(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const Scenario& s = context.scenario;
    out.open("trainer");
    out.entry("num_nodes", yaml(s.cluster.nodes));
    out.entry("devices", yaml(s.cluster.gpusPerNode));
    out.entry("accelerator", "gpu");
    // NeMo keeps the non-GEMM work in 16 bits around FP8 (model.fp8); FP4 has no key in NeMo 1.x.
    out.entry("precision", s.training.precision == Precision::Fp16 ? "16" : "bf16");
    if (s.training.precision == Precision::Fp4)
        notes.push_back("training.precision: fp4 has no key in NeMo 1.x (Megatron-Core 0.9 has no FP4); the file "
                        "trains in bf16, slower than priced");
    if (const std::optional<int64_t> iterations = recipe::trainIterations(s.training))
        out.entry("max_steps", yaml(*iterations));
    out.close();
}

void writeParallelism(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const Scenario& s = context.scenario;
    const ParallelSpec& p = context.prediction.parallel;
    const ParallelDegrees& d = p.degrees;
    out.entry("micro_batch_size", yaml(s.training.microBatch));
    out.entry("global_batch_size", yaml(s.training.globalBatch));
    out.entry("tensor_model_parallel_size", yaml(d.tp));
    out.entry("pipeline_model_parallel_size", yaml(d.pp));
    out.entry("virtual_pipeline_model_parallel_size", d.vpp > 1 ? yaml(d.vpp) : kNull);
    out.entry("context_parallel_size", yaml(d.cp));
    out.entry("expert_model_parallel_size", yaml(d.ep));
    out.entry("sequence_parallel", yaml(p.sequenceParallel));
    // NeMo's megatron_init.py builds its groups in order 'tp-pp-dp' with use_tp_pp_dp_mapping,
    // which is ParaPlan's tp-cp-ep-pp-dp when there is no cp or ep to place.
    const RankOrder tpPpDp{ ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Pp, ParallelDim::Dp };
    if (p.placement.order == tpPpDp && d.cp == 1 && d.ep == 1)
        out.entry("use_tp_pp_dp_mapping", yaml(true));
    else if (p.placement.order != kMegatronOrder)
        notes.push_back("parallel.placement.order: NeMo 1.x orders ranks tp-cp-ep-dp-pp, or tp-pp-dp without cp and "
                        "ep; " + toString(p.placement.order) + " has no key");
    // megatron_gpt_model.py's build_transformer_config raises for layers pp does not divide, and
    // _validate_and_override_config asserts the same number of layers in every chunk.
    const int64_t layers = context.scenario.model.layers;
    if (layers % d.pp != 0 || (d.vpp > 1 && (layers / d.pp) % d.vpp != 0))
        notes.push_back("model.layers: NeMo 1.x refuses " + std::to_string(layers) + " layers over pp " + std::to_string(d.pp)
                        + (d.vpp > 1 ? " x vpp " + std::to_string(d.vpp) : std::string())
                        + ": it wants as many layers in every (virtual) stage");
    if (p.firstStageLayers)
        out.entry("first_pipeline_num_layers", yaml(*p.firstStageLayers));
    if (p.lastStageLayers)
        out.entry("last_pipeline_num_layers", yaml(*p.lastStageLayers));
    if (!p.layersPerStage.empty() || p.embeddingAsLayer || p.lossAsLayer)
        notes.push_back("parallel.layers_per_stage: NeMo 1.x (Megatron-Core 0.9) splits layers evenly or by "
                        "first/last_pipeline_num_layers only; the split " + context.prediction.pipelineLayout
                        + " has no key");
    const PipelineSchedule schedule = context.prediction.schedule;
    if (schedule != PipelineSchedule::OneFOneB && schedule != PipelineSchedule::Interleaved1F1B)
        notes.push_back(std::string("parallel.schedule: NeMo 1.x runs Megatron-Core's 1F1B and interleaved 1F1B; ")
                        + toString(schedule) + " has no key, the file runs what vpp implies");
}

void writeShape(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const ModelSpec& m = context.scenario.model;
    out.entry("encoder_seq_length", yaml(context.scenario.training.seqLen));
    out.entry("num_layers", yaml(m.layers));
    out.entry("hidden_size", yaml(m.hidden));
    // Megatron-Core 0.9 gives the experts the ffn_hidden_size; a model whose every layer is MoE
    // never builds a dense MLP, so its width is the experts'.
    const bool allMoe = m.isMoe() && m.moe.firstDenseLayers == 0 && m.moe.layerFrequency == 1;
    out.entry("ffn_hidden_size", yaml(allMoe ? m.moe.expertFfnHidden : m.ffnHidden));
    if (allMoe && m.ffnHidden != m.moe.expertFfnHidden)
        notes.push_back("model.ffn_hidden: every layer is MoE, so the file gives ffn_hidden_size the experts' width "
                        + std::to_string(m.moe.expertFfnHidden) + "; the dense width " + std::to_string(m.ffnHidden)
                        + " is not used");
    out.entry("num_attention_heads", yaml(m.heads));
    out.entry("num_query_groups", m.kvHeads != m.heads ? yaml(m.kvHeads) : kNull);
    out.entry("kv_channels", m.headDimension > 0 ? yaml(m.headDimension) : kNull);
    // NeMo derives the gate from the name: gated_linear_unit = activation.endswith('glu').
    out.entry("activation", m.gatedMlp ? "fast-swiglu" : "gelu");
    out.entry("share_embeddings_and_output_weights", yaml(m.tiedEmbeddings));
    // megatron_gpt_model.py builds the model with vocab_size=cfg.get('override_vocab_size', padded),
    // unpadded; Megatron-Core splits the embedding evenly over tp, so a vocabulary tp does not
    // divide is padded as NeMo pads a tokenizer's (_vocab_size_with_padding: a multiple of
    // make_vocab_size_divisible_by, 128, times tp).
    const int64_t tp = context.prediction.parallel.degrees.tp;
    int64_t vocab = m.vocab;
    if (vocab % tp != 0) {
        const int64_t multiple = kVocabPaddingMultiple * tp;
        vocab = (vocab + multiple - 1) / multiple * multiple;
        notes.push_back("model.vocab: " + std::to_string(m.vocab) + " does not divide over tp " + std::to_string(tp)
                        + "; override_vocab_size is it padded as NeMo pads a tokenizer's vocabulary, "
                        + std::to_string(vocab));
    }
    out.entry("override_vocab_size", yaml(vocab));
    out.entry("hidden_dropout", yaml(m.dropout ? kGptDropout : 0.0));
    out.entry("attention_dropout", yaml(m.dropout ? kGptDropout : 0.0));
    if (m.localAttention.window > 0) {
        if (!m.localAttention.chunked && m.localAttention.globalEvery == 0)
            out.entry("window_size", "[" + yaml(m.localAttention.window) + ", 0]");
        else
            notes.push_back("model.local_attention: Megatron-Core 0.9's window_size slides on every layer; chunked "
                            "attention and global layers between local ones have no key");
    }
    if (m.mla.enabled())
        notes.push_back("model.mla: NeMo 1.x's GPT model has no multi-head latent attention; the file describes "
                        "standard attention");
    if (m.mtpLayers > 0)
        notes.push_back("model.mtp_layers: NeMo 1.x has no multi-token prediction");
}

void writeMoe(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const ModelSpec& m = context.scenario.model;
    const ParallelSpec& p = context.prediction.parallel;
    if (!m.isMoe())
        return;
    out.entry("num_moe_experts", yaml(m.moe.experts));
    out.entry("moe_router_topk", yaml(m.moe.topK));
    out.entry("moe_router_load_balancing_type", "aux_loss");
    out.entry("moe_aux_loss_coeff", yaml(kAuxLossCoefficient));
    if (m.moe.loadBalancing == LoadBalancing::AuxFree)
        notes.push_back("model.moe.load_balancing: aux_free (expert bias) is newer than Megatron-Core 0.9; the file "
                        "balances with the auxiliary loss");
    if (p.moeDispatcher == MoeDispatcher::Flex)
        notes.push_back("parallel.moe_dispatcher: flex (DeepEP) is newer than Megatron-Core 0.9; the file uses alltoall");
    out.entry("moe_token_dispatcher_type", p.moeDispatcher == MoeDispatcher::AllGather ? "allgather" : "alltoall");
    if (m.moe.capacityFactor > 0) {
        out.entry("moe_expert_capacity_factor", yaml(m.moe.capacityFactor));
        out.entry("moe_pad_expert_input_to_capacity", yaml(m.moe.padToCapacity));
    }
    if (m.moe.sharedExperts > 0 || m.moe.firstDenseLayers > 0 || m.moe.layerFrequency != 1 || m.moe.groupLimited())
        notes.push_back("model.moe: shared experts, dense layers among the MoE ones and group-limited routing are "
                        "newer than Megatron-Core 0.9; the file has every layer MoE without them");
    if (p.degrees.expertTp() != p.degrees.tp)
        notes.push_back("parallel.etp: Megatron-Core 0.9 splits experts over tp (expert tensor parallelism is newer); "
                        "the file runs etp = tp");
    if (p.moeSharedExpertOverlap || p.moeA2aOverlap)
        notes.push_back("parallel.moe_shared_expert_overlap / moe_a2a_overlap: newer than Megatron-Core 0.9");
}

void writePrecision(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const TrainingSpec& t = context.scenario.training;
    out.entry("megatron_amp_O2", yaml(true));
    out.entry("transformer_engine", yaml(true));
    out.entry("use_flash_attention", yaml(t.flashAttention));
    if (t.precision == Precision::Fp8) {
        // megatron_gpt_model.py: fp8 with fp8_hybrid is Transformer Engine's HYBRID format (E4M3
        // forward, E5M2 backward), with delayed scaling, the only recipe of Megatron-Core 0.9.
        out.entry("fp8", yaml(true));
        out.entry("fp8_e4m3", yaml(false));
        out.entry("fp8_hybrid", yaml(true));
        out.entry("fp8_params", yaml(t.fp8ParamGather));
        out.entry("fp8_dot_product_attention", yaml(t.fp8Attention));
        if (t.fp8Recipe != Fp8Recipe::Delayed)
            notes.push_back(std::string("training.fp8_recipe: ") + toString(t.fp8Recipe)
                            + " scaling is newer than Megatron-Core 0.9, which scales FP8 by delayed amax history; "
                              "the file runs delayed scaling");
    }
    if (t.precisionAwareOptimizer)
        notes.push_back("training.precision_aware_optimizer: newer than Megatron-Core 0.9; the file keeps fp32 master "
                        "weights and moments");
}

void writeRecompute(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const ParallelSpec& p = context.prediction.parallel;
    // Megatron-Core's recompute_granularity / method / num_layers under NeMo's names; "full" with
    // the uniform method over 1 layer replays every layer, as ParaPlan prices full recomputation.
    switch (p.recompute) {
    case Recompute::Full:
        out.entry("activations_checkpoint_granularity", "full");
        out.entry("activations_checkpoint_method", "uniform");
        out.entry("activations_checkpoint_num_layers", yaml(int64_t{ 1 }));
        return;
    case Recompute::Selective:
        out.entry("activations_checkpoint_granularity", "selective");
        if (p.recomputeModules != RecomputeModules())
            notes.push_back("parallel.recompute_modules: Megatron-Core 0.9's selective recomputation replays the "
                            "attention core only; " + moduleList(p.recomputeModules) + " has no key");
        return;
    default:
        out.entry("activations_checkpoint_granularity", kNull);
        return;
    }
}

void writeOverlapsAndOptimizer(YamlWriter& out, const LaunchContext& context, std::vector<std::string>& notes)
{
    const Scenario& s = context.scenario;
    const ParallelSpec& p = context.prediction.parallel;
    out.entry("ub_tp_comm_overlap", yaml(p.tpCommOverlap));
    if (p.tpCommOverlap && !p.sequenceParallel)
        notes.push_back("parallel.tp_comm_overlap: NeMo turns ub_tp_comm_overlap off without sequence parallelism "
                        "(megatron_base_model.py, _validate_and_override_config)");
    if (s.framework.cudaGraphs) {
        // megatron_gpt_model.py asserts the Transformer Engine RNG tracker for CUDA graphs.
        out.entry("enable_cuda_graph", yaml(true));
        out.entry("use_te_rng_tracker", yaml(true));
    }
    const GradPrecision gradients = s.training.gradPrecision;
    if (p.zeroStage >= 3) {
        out.entry("fsdp", yaml(true));
        out.entry("fsdp_sharding_strategy", "full");
        out.entry("fsdp_grad_reduce_dtype",
                  gradients == GradPrecision::Fp32 ? "32" : gradients == GradPrecision::Bf16 ? "bf16" : "16");
    }
    out.open("optim");
    out.entry("name", optimizerName(p.zeroStage));
    if (p.zeroStage == 1 || p.zeroStage == 2) {
        out.entry("overlap_grad_sync", yaml(p.overlapGradReduce));
        // Megatron-Core's DDP (megatron_gpt_model.py, setup_mcore_distributed_parallel) and Apex's
        // DistributedFusedAdam name the parameter all-gather's overlap differently.
        out.entry(p.zeroStage == 1 ? "overlap_param_gather" : "overlap_param_sync", yaml(p.overlapParamGather));
        out.entry("grad_sync_dtype", toString(gradients));
    } else if (p.zeroStage == 0) {
        notes.push_back("parallel.zero_stage 0: NeMo's fused_adam with megatron_amp_O2 reduces fp32 gradients; "
                        "overlap_grad_reduce, overlap_param_gather and grad_precision have no key there");
    }
    out.close();
}

// ---------------------------------------------------------------------------------------------
// Reading

// Files beyond this size are not configs: refused before the parser allocates for them.
constexpr size_t kMaxConfigBytes = 4 * 1024 * 1024;
// Map entries visited when listing the keys ParaPlan does not read: YAML aliases share nodes, so
// a hostile file can make its tree exponentially larger than its text.
constexpr size_t kMaxVisitedKeys = 20000;
// Interpolations followed in a row before the chain is taken for a cycle.
constexpr int kMaxInterpolationHops = 16;

int lineOf(const YAML::Node& node) { return node.Mark().line + 1; }

// A value and the line of the key it was found at (an interpolation's result keeps its key's line).
struct Located {
    YAML::Node node;
    int line = 0;
};

// The config as a tree of YAML nodes, read by dotted key paths.
class NemoConfig {
public:
    explicit NemoConfig(const std::string& text) : m_root(parsed(text))
    {
        if (!m_root.IsMap() || (!child(m_root, "model") && !child(m_root, "trainer")))
            throw io::ReadError("(file)", "not a NeMo config: expected a mapping with trainer: and model: sections");
    }

    // Whether the file gives the key, null included.
    [[nodiscard]] bool states(const std::string& path) { return located(path).has_value(); }
    [[nodiscard]] bool isNull(const std::string& path)
    {
        const std::optional<Located> at = located(path);
        return at && at->node.IsNull();
    }

    [[nodiscard]] std::optional<int64_t> integer(const std::string& path, int64_t min, int64_t max)
    {
        const std::optional<Located> at = scalar(path);
        if (!at)
            return std::nullopt;
        const int64_t value = wholeNumber(path, *at);
        if (value < min || value > max)
            fail(path, *at, std::to_string(value) + " is out of range: expected " + std::to_string(min) + " to "
                                + std::to_string(max));
        return value;
    }

    [[nodiscard]] std::optional<double> number(const std::string& path, double min, double max)
    {
        const std::optional<Located> at = scalar(path);
        if (!at)
            return std::nullopt;
        const std::string& text = at->node.Scalar();
        double value = 0;
        const std::from_chars_result read = std::from_chars(text.data(), text.data() + text.size(), value);
        if (read.ec != std::errc() || read.ptr != text.data() + text.size() || !std::isfinite(value))
            fail(path, *at, "expected a number, not \"" + text + "\"");
        if (value < min || value > max)
            fail(path, *at, text + " is out of range: expected " + yaml(min) + " to " + yaml(max));
        return value;
    }

    [[nodiscard]] std::optional<bool> boolean(const std::string& path)
    {
        const std::optional<Located> at = scalar(path);
        if (!at)
            return std::nullopt;
        bool value = false;
        if (!YAML::convert<bool>::decode(at->node, value))
            fail(path, *at, "expected true or false, not \"" + at->node.Scalar() + "\"");
        return value;
    }

    [[nodiscard]] std::optional<std::string> string(const std::string& path)
    {
        const std::optional<Located> at = scalar(path);
        return at ? std::optional(at->node.Scalar()) : std::nullopt;
    }

    // A scalar among `allowed`, as its index.
    [[nodiscard]] std::optional<size_t> choice(const std::string& path, std::initializer_list<std::string_view> allowed)
    {
        const std::optional<Located> at = scalar(path);
        if (!at)
            return std::nullopt;
        std::string list;
        size_t index = 0;
        for (std::string_view option : allowed) {
            if (at->node.Scalar() == option)
                return index;
            (list += index++ == 0 ? "" : ", ") += option;
        }
        fail(path, *at, "\"" + at->node.Scalar() + "\" is not one of " + list);
    }

    // A short list of whole numbers ([4096, 0]).
    [[nodiscard]] std::optional<std::vector<int64_t>> integers(const std::string& path)
    {
        const std::optional<Located> at = located(path);
        if (!at || at->node.IsNull())
            return std::nullopt;
        if (!at->node.IsSequence() || at->node.size() > 16)
            fail(path, *at, "expected a short list of whole numbers");
        std::vector<int64_t> values;
        for (size_t i = 0; i < at->node.size(); ++i) {
            const Located item{ at->node[i], at->line };
            if (!item.node.IsScalar())
                fail(path, item, "expected whole numbers in the list");
            values.push_back(wholeNumber(path, item));
        }
        return values;
    }

    [[noreturn]] static void fail(const std::string& path, const Located& at, const std::string& message)
    {
        throw io::ReadError(path, "line " + std::to_string(at.line) + ": " + message);
    }
    // The same at the line of the key's value.
    [[noreturn]] void failAt(const std::string& path, const std::string& message)
    {
        if (const std::optional<Located> at = located(path))
            fail(path, *at, message);
        throw io::ReadError(path, message);
    }

    // A key ParaPlan knows and need not read (what the export writes beside the values it reads).
    void accept(const std::string& path) { m_asked.insert(path); }

    // The leaf keys of the file no getter asked for, in the file's order.
    [[nodiscard]] std::vector<std::string> unread() const
    {
        std::vector<std::string> keys;
        size_t visited = 0;
        std::function<void(const YAML::Node&, const std::string&)> walk = [&](const YAML::Node& map,
                                                                             const std::string& prefix) {
            for (const auto& entry : map) {
                if (++visited > kMaxVisitedKeys || !entry.first.IsScalar())
                    return;
                const std::string path = prefix.empty() ? entry.first.Scalar() : prefix + "." + entry.first.Scalar();
                if (entry.second.IsMap() && !m_asked.contains(path))
                    walk(entry.second, path);
                else if (!m_asked.contains(path))
                    keys.push_back(path);
            }
        };
        walk(m_root, "");
        return keys;
    }

private:
    static YAML::Node parsed(const std::string& text)
    {
        if (text.size() > kMaxConfigBytes)
            throw io::ReadError("(file)", "larger than 4 MiB: not a NeMo config");
        try {
            return YAML::Load(text);
        } catch (const YAML::Exception& e) {
            io::failAtLine(e.mark.line + 1, "not valid YAML: " + e.msg);
        }
    }

    static std::optional<YAML::Node> child(const YAML::Node& map, const std::string& key)
    {
        if (!map.IsMap())
            return std::nullopt;
        const YAML::Node found = map[key];
        return found.IsDefined() ? std::optional(found) : std::nullopt;
    }

    // yaml-cpp's Node::operator= writes into the node it refers to; reset() rebinds.
    std::optional<YAML::Node> raw(const std::string& path) const
    {
        YAML::Node current(m_root);
        for (size_t start = 0;;) {
            const size_t dot = std::min(path.find('.', start), path.size());
            const std::optional<YAML::Node> next = child(current, path.substr(start, dot - start));
            if (!next || dot == path.size())
                return next;
            current.reset(*next);
            start = dot + 1;
        }
    }

    // The value at a dotted path, its interpolation evaluated.
    std::optional<Located> located(const std::string& path)
    {
        m_asked.insert(path);
        return resolve(path, path, 0);
    }

    std::optional<Located> resolve(const std::string& asked, const std::string& path, int hops)
    {
        const std::optional<YAML::Node> found = raw(path);
        if (!found)
            return std::nullopt;
        const Located at{ *found, lineOf(*found) };
        if (!found->IsScalar() || !found->Scalar().starts_with("${"))
            return at;
        if (hops >= kMaxInterpolationHops)
            fail(asked, at, "interpolations lead more than " + std::to_string(kMaxInterpolationHops)
                                + " times to another: a cycle?");
        return evaluate(asked, path, found->Scalar(), at.line, hops + 1);
    }

    // OmegaConf's ${a.b} (from the root) and ${.b} (beside the key, one more dot per level up), and
    // the two resolvers NeMo registers (nemo/core/config/hydra_runner.py): ${multiply:x,y} and
    // ${sum:x,y} of whole numbers.
    Located evaluate(const std::string& asked, const std::string& at, const std::string& text, int line, int hops)
    {
        const Located here{ YAML::Node(text), line };
        if (!text.starts_with("${") || !text.ends_with("}") || !balanced(text))
            fail(asked, here, "\"" + text + "\" is not an interpolation ParaPlan evaluates; write the value");
        const std::string inside = text.substr(2, text.size() - 3);
        const size_t colon = inside.find(':');
        if (colon == std::string::npos || inside.find("${") < colon) {
            const std::string target = targetOf(asked, at, inside, here);
            std::optional<Located> value = resolve(asked, target, hops);
            if (!value)
                fail(asked, here, "the interpolation " + text + " names " + target + ", which the file does not have");
            return { value->node, line };
        }
        const std::string resolver = inside.substr(0, colon);
        if (resolver != "multiply" && resolver != "sum")
            fail(asked, here, "the resolver " + resolver + " is not one ParaPlan evaluates; write the value");
        const std::vector<std::string> arguments = splitArguments(inside.substr(colon + 1));
        if (arguments.size() != 2)
            fail(asked, here, "${" + resolver + ":x,y} takes two values");
        int64_t operands[2] = {};
        for (size_t i = 0; i < 2; ++i) {
            const Located value = arguments[i].starts_with("${")
                                    ? evaluate(asked, at, arguments[i], line, hops + 1)
                                    : Located{ YAML::Node(arguments[i]), line };
            operands[i] = wholeNumber(asked, value);
        }
        int64_t result = 0;
        const bool overflow = resolver == "multiply" ? __builtin_mul_overflow(operands[0], operands[1], &result)
                                                     : __builtin_add_overflow(operands[0], operands[1], &result);
        if (overflow)
            fail(asked, here, text + " overflows");
        return { YAML::Node(std::to_string(result)), line };
    }

    static bool balanced(const std::string& text)
    {
        int depth = 0;
        for (size_t i = 0; i < text.size(); ++i) {
            if (text.compare(i, 2, "${") == 0)
                ++depth, ++i;
            else if (text[i] == '}' && --depth < 0)
                return false;
        }
        return depth == 0;
    }

    // The arguments of a resolver, split at the commas outside nested interpolations.
    static std::vector<std::string> splitArguments(const std::string& text)
    {
        std::vector<std::string> arguments(1);
        int depth = 0;
        for (size_t i = 0; i < text.size(); ++i) {
            if (text.compare(i, 2, "${") == 0)
                ++depth;
            else if (text[i] == '}')
                --depth;
            if (text[i] == ',' && depth == 0)
                arguments.emplace_back();
            else
                arguments.back() += text[i];
        }
        for (std::string& argument : arguments)
            argument = recipe::trimmed(argument);
        return arguments;
    }

    // The dotted path an interpolation names, a relative one taken from the key `at`.
    static std::string targetOf(const std::string& asked, const std::string& at, const std::string& inside,
                                const Located& here)
    {
        const bool plain = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
        });
        if (!plain)
            fail(asked, here, "the interpolation ${" + inside + "} is not one ParaPlan evaluates; write the value");
        if (inside.front() != '.')
            return inside;
        const size_t dots = inside.find_first_not_of('.');
        if (dots == std::string::npos)
            fail(asked, here, "the interpolation ${" + inside + "} names no key");
        std::string parent = at;
        for (size_t level = 0; level < dots; ++level) {
            const size_t cut = parent.rfind('.');
            if (cut == std::string::npos && level + 1 < dots)
                fail(asked, here, "the interpolation ${" + inside + "} climbs above the root");
            parent = cut == std::string::npos ? std::string() : parent.substr(0, cut);
        }
        return parent.empty() ? inside.substr(dots) : parent + "." + inside.substr(dots);
    }

    static int64_t wholeNumber(const std::string& path, const Located& at)
    {
        const std::string& text = at.node.Scalar();
        int64_t value = 0;
        const std::from_chars_result read = std::from_chars(text.data(), text.data() + text.size(), value);
        if (read.ec == std::errc::result_out_of_range)
            fail(path, at, "\"" + text + "\" is too large");
        if (read.ec != std::errc() || read.ptr != text.data() + text.size())
            fail(path, at, "expected a whole number, not \"" + text + "\"");
        return value;
    }

    // The scalar at `path`; nullopt when absent or null; an error when it is a map or a list.
    std::optional<Located> scalar(const std::string& path)
    {
        const std::optional<Located> at = located(path);
        if (!at || at->node.IsNull())
            return std::nullopt;
        if (!at->node.IsScalar())
            fail(path, *at, "expected a single value, not a " + std::string(at->node.IsMap() ? "mapping" : "list"));
        return at;
    }

    YAML::Node m_root;
    std::set<std::string> m_asked;
};

using recipe::Kept;
using recipe::kMaxCount;
using recipe::kMaxDegree;

void readCluster(NemoConfig& config, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("cluster");
    const int64_t gpusPerNode = s.cluster.gpusPerNode;
    kept.set(config.integer("trainer.num_nodes", 1, kMaxDegree), s.cluster.nodes, "nodes");
    kept.set(config.integer("trainer.devices", 1, kMaxDegree), s.cluster.gpusPerNode, "gpus_per_node");
    // The base's node graph describes nodes of its own GPU count; a file with another count keeps
    // the summary links, which expand to a topology of that many GPUs.
    const bool otherNodes = s.cluster.topology && s.cluster.topology->nodes.size() > 1
                         && s.cluster.topology->nodeCount() != s.cluster.nodes;
    if (s.cluster.topology && (s.cluster.gpusPerNode != gpusPerNode || otherNodes)) {
        s.cluster.topology.reset();
        notes.push_back("cluster.topology: the base's node graph has another shape than trainer.num_nodes x "
                        "trainer.devices; the cluster is described by its summary links instead");
    }
    if (const std::string note = kept.note(); !note.empty())
        notes.push_back(note + " (GPU, links)");
    else
        notes.push_back("cluster: the GPU and the links are the base's (" + s.cluster.name + "); a NeMo config names "
                        "only the node and GPU counts");
}

void readTraining(NemoConfig& config, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("training");
    TrainingSpec& t = s.training;
    kept.set(config.integer("model.encoder_seq_length", 1, kMaxCount), t.seqLen, "seq_len");
    kept.set(config.integer("model.global_batch_size", 1, kMaxCount), t.globalBatch, "global_batch");
    kept.set(config.integer("model.micro_batch_size", 1, kMaxCount), t.microBatch, "micro_batch");
    // trainer.precision as PyTorch Lightning takes it; megatron_base_model.py compares against
    // [16, '16', '16-mixed'] for fp16 and 'bf16' / 'bf16-mixed' for bf16.
    const std::optional<size_t> precision
        = config.choice("trainer.precision", { "bf16", "bf16-mixed", "16", "16-mixed", "32", "32-true", "64" });
    const bool sixteenBits = precision && *precision < 4;
    if (precision && !sixteenBits)
        notes.push_back("trainer.precision: fp32 and fp64 training are not precisions ParaPlan prices; the base's "
                        + std::string(toString(t.precision)) + " stands in");
    const std::optional<bool> fp8 = config.boolean("model.fp8");
    if (fp8 && *fp8)
        t.precision = Precision::Fp8;
    else if (sixteenBits)
        t.precision = *precision < 2 ? Precision::Bf16 : Precision::Fp16;
    else
        kept.add("precision");
    if (t.precision == Precision::Fp8) {
        // Megatron-Core 0.9 scales FP8 by delayed amax history only.
        t.fp8Recipe = Fp8Recipe::Delayed;
        kept.set(config.boolean("model.fp8_params"), t.fp8ParamGather, "fp8_param_gather");
        kept.set(config.boolean("model.fp8_dot_product_attention"), t.fp8Attention, "fp8_attention");
        if (sixteenBits && *precision >= 2)
            notes.push_back("trainer.precision: fp16 around FP8 linears; ParaPlan prices the rest in bf16");
    }
    kept.set(config.boolean("model.use_flash_attention"), t.flashAttention, "flash_attention");
    // max_steps -1 is Lightning's "until max_epochs": no token count.
    if (const std::optional<int64_t> steps = config.integer("trainer.max_steps", -1, kMaxCount))
        t.trainTokens = *steps > 0 ? std::optional(double(*steps) * double(t.globalBatch) * double(t.seqLen)) : std::nullopt;
    else
        kept.add("train_tokens");
    // Not a NeMo 1.x setting (Megatron-Core 0.9 has no precision-aware optimizer).
    t.precisionAwareOptimizer.reset();
    kept.noteInto(notes);
}

void readShape(NemoConfig& config, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("model");
    ModelSpec& m = s.model;
    recipe::readLayerShape(config, m, kept);
    if (const std::optional<std::string> activation = config.string("model.activation"))
        m.gatedMlp = activation->ends_with("glu"); // build_transformer_config's gated_linear_unit
    else
        kept.add("gated_mlp");
    kept.set(config.boolean("model.share_embeddings_and_output_weights"), m.tiedEmbeddings, "tied_embeddings");
    kept.set(config.integer("model.override_vocab_size", 1, kMaxCount), m.vocab, "vocab");
    recipe::readDropout(config, m, kept);
    if (const std::optional<std::vector<int64_t>> window = config.integers("model.window_size")) {
        if (window->size() != 2 || window->front() <= 0)
            config.failAt("model.window_size", "expected [left, right] tokens, left > 0");
        m.localAttention = { .window = window->front(), .chunked = false, .globalEvery = 0 };
    } else if (config.states("model.window_size")) {
        m.localAttention = {};
    }
    // NeMo 1.x's GPT model has neither (the export names them).
    m.mla = {};
    m.mtpLayers = 0;
    kept.noteInto(notes);
}

void readMoe(NemoConfig& config, Scenario& s, std::vector<std::string>& notes)
{
    ModelSpec& m = s.model;
    ParallelSpec& p = s.parallel;
    const std::optional<int64_t> experts = recipe::moeExperts(config, m, notes);
    if (!experts)
        return;
    Kept kept("model.moe");
    // What Megatron-Core 0.9 cannot express is plain in it: every layer MoE, the experts as wide as
    // ffn_hidden_size, no shared experts, no group limit, loss-based balancing.
    m.moe = MoeSpec{ .experts = *experts, .expertFfnHidden = m.ffnHidden };
    // NeMo's default top-k when the key is absent (megatron_gpt_model.py: cfg.get('moe_router_topk', 2)).
    m.moe.topK = config.integer("model.moe_router_topk", 1, *experts).value_or(2);
    if (const std::optional<double> capacity = config.number("model.moe_expert_capacity_factor", 0, kMaxCount)) {
        m.moe.capacityFactor = *capacity;
        m.moe.padToCapacity = config.boolean("model.moe_pad_expert_input_to_capacity").value_or(false);
    }
    const std::optional<size_t> balancing
        = config.choice("model.moe_router_load_balancing_type", { "aux_loss", "sinkhorn", "none" });
    if (balancing && *balancing != 0)
        notes.push_back("model.moe_router_load_balancing_type: ParaPlan prices the routing of the auxiliary loss; "
                        "sinkhorn and none are priced as it");
    config.accept("model.moe_aux_loss_coeff");
    if (const std::optional<size_t> dispatcher = config.choice("model.moe_token_dispatcher_type", { "alltoall", "allgather" }))
        p.moeDispatcher = *dispatcher == 0 ? MoeDispatcher::AllToAll : MoeDispatcher::AllGather;
    else
        kept.add("moe_dispatcher");
    p.degrees.etp = 0; // Megatron-Core 0.9 splits experts over tp
    p.moeSharedExpertOverlap = false;
    p.moeA2aOverlap = false;
    kept.noteInto(notes);
}

// activations_checkpoint_*: full over uniform groups of one layer is what ParaPlan prices as full
// recomputation; the block method or larger groups recompute less, which it does not price.
void readRecompute(NemoConfig& config, Kept& kept, ParallelSpec& p, std::vector<std::string>& notes)
{
    if (!recipe::readRecomputeGranularity(config, "model.activations_checkpoint_granularity", p, kept))
        return;
    if (recipe::recomputesPartOfLayers(config, "model.activations_checkpoint_method",
                                       "model.activations_checkpoint_num_layers", p))
        notes.push_back("model.activations_checkpoint_*: the file recomputes part of the layers (block method, or "
                        "groups of several layers); ParaPlan prices full recomputation of every layer");
}

// The optimizer NeMo runs decides the ZeRO stage: optimizerName() in reverse, and model.fsdp with
// its sharding strategy ('grad' shards optimizer states and gradients, 'full' and 'hybrid' the
// weights as well).
void readOptimizer(NemoConfig& config, Kept& kept, Scenario& s, std::vector<std::string>& notes)
{
    ParallelSpec& p = s.parallel;
    Kept gradients("training");
    const std::optional<bool> fsdp = config.boolean("model.fsdp");
    const std::optional<std::string> name = config.string("model.optim.name");
    if (fsdp && *fsdp) {
        const size_t strategy = config.choice("model.fsdp_sharding_strategy", { "full", "hybrid", "grad" }).value_or(0);
        p.zeroStage = strategy == 2 ? 2 : 3;
        if (strategy == 1)
            notes.push_back("model.fsdp_sharding_strategy: hybrid shards inside a node and replicates across nodes; "
                            "ParaPlan prices full sharding (ZeRO-3)");
        // nlp_overrides.py reads fsdp_grad_reduce_dtype as a precision: 32, 16 or bf16.
        if (const std::optional<size_t> dtype = config.choice("model.fsdp_grad_reduce_dtype", { "32", "fp32", "bf16", "16" }))
            s.training.gradPrecision
                = *dtype < 2 ? GradPrecision::Fp32 : *dtype == 2 ? GradPrecision::Bf16 : GradPrecision::Fp16;
        else
            gradients.add("grad_precision");
        kept.add("overlap_grad_reduce");
        kept.add("overlap_param_gather");
    } else if (name) {
        p.zeroStage = *name == "mcore_distributed_optim" ? 1 : *name == "distributed_fused_adam" ? 2 : 0;
        if (p.zeroStage > 0) {
            kept.set(config.boolean("model.optim.overlap_grad_sync"), p.overlapGradReduce, "overlap_grad_reduce");
            const char* gatherKey
                = p.zeroStage == 1 ? "model.optim.overlap_param_gather" : "model.optim.overlap_param_sync";
            kept.set(config.boolean(gatherKey), p.overlapParamGather, "overlap_param_gather");
            if (const std::optional<size_t> dtype
                = config.choice("model.optim.grad_sync_dtype", { "fp32", "bf16", "fp16" }))
                s.training.gradPrecision = GradPrecision(*dtype);
            else
                gradients.add("grad_precision");
        } else {
            // fused_adam with megatron_amp_O2 keeps fp32 main gradients.
            s.training.gradPrecision = GradPrecision::Fp32;
            kept.add("overlap_grad_reduce");
            kept.add("overlap_param_gather");
        }
    } else {
        kept.add("zero_stage");
        gradients.add("grad_precision");
    }
    config.accept("model.fsdp_sharding_strategy");
    gradients.noteInto(notes);
}

void readParallel(NemoConfig& config, Scenario& s, std::vector<std::string>& notes)
{
    Kept kept("parallel");
    ParallelSpec& p = s.parallel;
    ParallelDegrees& d = p.degrees;
    recipe::readDegrees(config, d, kept);
    kept.set(config.boolean("model.sequence_parallel"), p.sequenceParallel, "sequence_parallel");
    // NeMo's _validate_and_override_config turns sequence parallelism off without tensor parallelism.
    if (d.tp == 1)
        p.sequenceParallel = false;
    p.schedule.reset(); // NeMo runs what vpp implies
    p.layersPerStage.clear();
    p.embeddingAsLayer = p.lossAsLayer = false;
    p.firstStageLayers = config.integer("model.first_pipeline_num_layers", 0, kMaxCount);
    p.lastStageLayers = config.integer("model.last_pipeline_num_layers", 0, kMaxCount);
    recipe::placeByMapping(p, config.boolean("model.use_tp_pp_dp_mapping"));
    readRecompute(config, kept, p, notes);
    kept.set(config.boolean("model.ub_tp_comm_overlap"), p.tpCommOverlap, "tp_comm_overlap");
    readOptimizer(config, kept, s, notes);
    kept.noteInto(notes);
}

} // namespace

LaunchBundle exportNemoYaml(const LaunchContext& context)
{
    LaunchBundle bundle;
    YamlWriter out;
    // Hydra composes NeMo's own GPT config first, then this file over it (`_self_` last).
    out.open("defaults");
    out.item("megatron_gpt_config");
    out.item("_self_");
    out.close();
    writeTrainer(out, context, bundle.notes);
    out.open("model");
    out.entry("mcore_gpt", yaml(true));
    writeParallelism(out, context, bundle.notes);
    writeShape(out, context, bundle.notes);
    writeMoe(out, context, bundle.notes);
    writePrecision(out, context, bundle.notes);
    writeRecompute(out, context, bundle.notes);
    writeOverlapsAndOptimizer(out, context, bundle.notes);
    out.close();
    recipe::addCommonExportNotes(context, kFormat, "trainer.max_steps", bundle.notes);
    std::string text = commentBlock(context.header, "# ");
    text += "# NeMo 1.x (NVIDIA/NeMo v2.0.0, Megatron-Core core_r0.9.0): put beside megatron_gpt_config.yaml in\n"
            "# examples/nlp/language_modeling/conf/ and run megatron_gpt_pretraining.py --config-name paraplan_gpt_config\n";
    if (!bundle.notes.empty())
        text += "# What NeMo 1.x cannot say of the plan:\n" + commentBlock(bundle.notes, "#   ");
    bundle.files.push_back({ "paraplan_gpt_config.yaml", text + out.text() });
    return bundle;
}

Imported importNemoYaml(const std::string& text, const nlohmann::json& base)
{
    NemoConfig config(text);
    Scenario s = recipe::baseScenario(base);
    std::vector<std::string> notes;
    s.model.preset.clear();
    s.model.name = "from a NeMo config";
    readCluster(config, s, notes);
    readTraining(config, s, notes);
    readShape(config, s, notes);
    readMoe(config, s, notes);
    readParallel(config, s, notes);
    s.framework.name = Framework::Nemo;
    s.framework.cudaGraphs = config.boolean("model.enable_cuda_graph").value_or(false);
    // What the export writes beside the values read: NeMo's switches that the plan presumes.
    for (const char* key : { "name", "trainer.accelerator", "model.mcore_gpt", "model.megatron_amp_O2",
                             "model.transformer_engine", "model.fp8_e4m3", "model.fp8_hybrid", "model.use_te_rng_tracker" })
        config.accept(key);
    if (config.states("defaults")) {
        config.accept("defaults");
        notes.push_back("defaults: the file composes other configs (Hydra); ParaPlan reads this file's keys only, "
                        "what it inherits came from the base");
    }
    if (std::string ignored = recipe::ignoredNote(config.unread(), "keys"); !ignored.empty())
        notes.push_back(std::move(ignored));
    return recipe::importedFrom(std::move(s), std::move(notes));
}

} // namespace paraplan::frameworks
