// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/hf_config.h"

#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/model/model_shape.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <set>
#include <string_view>

// How each family's config.json names its shape and what transformers' configuration class
// assumes for a key the file leaves out: docs/frameworks/hf-config.md, with the class files and
// commits they were read from.
namespace paraplan::frameworks {

namespace {

using nlohmann::json;

// No model comes near these (the largest vocabularies hold 2.6e5 tokens, the widest layers 1e5
// units, the deepest stacks a few hundred layers); below them a product of three sizes stays
// within a 64-bit integer.
constexpr int64_t kMaxWidth = int64_t(1) << 24; // hidden, FFN, head and latent widths, vocabulary, windows
constexpr int64_t kMaxCount = int64_t(1) << 20; // layers, heads, experts
// An import of a file with thousands of stray keys still gives a note one can read.
constexpr size_t kMostKeysNamed = 20;

enum class Family { Llama, Llama4, Mistral, Mixtral, Qwen2, Qwen3, Qwen3Moe, DeepseekV2, DeepseekV3, GptOss,
                    Gemma, Gemma2, Gemma3, Gpt2, GptNeoX, Bloom, Opt, Falcon };

struct FamilyInfo {
    Family family;
    const char* name; // in notes and errors
    const char* configClass; // transformers' class whose defaults stand in for absent keys
    std::array<const char*, 3> modelTypes;
    std::array<const char*, 2> architectures;
    std::optional<int64_t> kvHeads; // the class default of num_key_value_heads; none: num_attention_heads
    std::optional<int64_t> headDim; // of head_dim; none: hidden_size / num_attention_heads
    int64_t ffn; // of intermediate_size (OPT: ffn_dim); 0: the family has no such key
    bool tied; // of tie_word_embeddings (PretrainedConfig's own default is true)
    bool gated; // the MLP multiplies a gate (SwiGLU, GeGLU), fixed by the architecture
};

// The defaults as the configuration classes of transformers set them (sources in
// docs/frameworks/hf-config.md). The MLP's gate is the modeling code's: LlamaMLP and its
// descendants multiply gate_proj by up_proj whatever hidden_act says; GPT-2, GPT-NeoX, BLOOM, OPT
// and Falcon have a plain two-matrix MLP.
using enum Family;
const std::array<FamilyInfo, 18> kFamilies = { {
    { Llama, "Llama", "LlamaConfig", { "llama" }, { "LlamaForCausalLM" }, {}, {}, 11008, false, true },
    { Llama4, "Llama 4", "Llama4TextConfig", { "llama4_text" }, { "Llama4ForCausalLM" }, 8, 128, 16384, false, true },
    { Mistral, "Mistral", "MistralConfig", { "mistral" }, { "MistralForCausalLM" }, 8, {}, 14336, false, true },
    { Mixtral, "Mixtral", "MixtralConfig", { "mixtral" }, { "MixtralForCausalLM" }, 8, {}, 14336, false, true },
    { Qwen2, "Qwen2", "Qwen2Config", { "qwen2" }, { "Qwen2ForCausalLM" }, 32, {}, 22016, false, true },
    { Qwen3, "Qwen3", "Qwen3Config", { "qwen3" }, { "Qwen3ForCausalLM" }, 32, 128, 22016, false, true },
    { Qwen3Moe, "Qwen3-MoE", "Qwen3MoeConfig", { "qwen3_moe" }, { "Qwen3MoeForCausalLM" }, 4, {}, 6144, false, true },
    { DeepseekV2, "DeepSeek-V2", "DeepseekV2Config", { "deepseek_v2" }, { "DeepseekV2ForCausalLM" },
      {}, {}, 11008, false, true },
    { DeepseekV3, "DeepSeek-V3", "DeepseekV3Config", { "deepseek_v3" }, { "DeepseekV3ForCausalLM" },
      128, {}, 18432, false, true },
    { GptOss, "GPT-OSS", "GptOssConfig", { "gpt_oss" }, { "GptOssForCausalLM" }, 8, 64, 2880, false, true },
    { Gemma, "Gemma", "GemmaConfig", { "gemma" }, { "GemmaForCausalLM" }, 16, 256, 24576, true, true },
    { Gemma2, "Gemma 2", "Gemma2Config", { "gemma2" }, { "Gemma2ForCausalLM" }, 4, 256, 9216, true, true },
    { Gemma3, "Gemma 3", "Gemma3TextConfig", { "gemma3_text" }, { "Gemma3ForCausalLM" }, 4, 256, 9216, true, true },
    { Gpt2, "GPT-2", "GPT2Config", { "gpt2" }, { "GPT2LMHeadModel" }, {}, {}, 0, true, false },
    { GptNeoX, "GPT-NeoX", "GPTNeoXConfig", { "gpt_neox" }, { "GPTNeoXForCausalLM" }, {}, {}, 24576, false, false },
    { Bloom, "BLOOM", "BloomConfig", { "bloom" }, { "BloomForCausalLM" }, {}, {}, 0, true, false },
    { Opt, "OPT", "OPTConfig", { "opt" }, { "OPTForCausalLM" }, {}, {}, 3072, true, false },
    { Falcon, "Falcon", "FalconConfig", { "falcon", "RefinedWeb", "RefinedWebModel" },
      { "FalconForCausalLM", "RWForCausalLM" }, {}, {}, 0, true, false },
} };

// Multimodal configs whose language model sits in "text_config" (Gemma3Config, Llama4Config).
struct Wrapper {
    const char* modelType;
    const char* architecture;
    Family text;
    // The text class's defaults for the shape's essentials: transformers' save_pretrained writes
    // a sub-config's keys only where they differ from them, so google/gemma-3-4b-it leaves out
    // num_attention_heads and vocab_size.
    int64_t layers, hidden, heads, vocab;
};
const std::array<Wrapper, 2> kWrappers = { {
    { "gemma3", "Gemma3ForConditionalGeneration", Family::Gemma3, 26, 2304, 8, 262208 },
    { "llama4", "Llama4ForConditionalGeneration", Family::Llama4, 48, 5120, 40, 202048 },
} };

const FamilyInfo& infoOf(Family family)
{
    return *std::find_if(kFamilies.begin(), kFamilies.end(), [&](const FamilyInfo& f) { return f.family == family; });
}

// Keys that shape no cost ParaPlan prices, read past in silence.
const std::set<std::string_view> kCostFree = {
    // Token ids and what the tokenizer and the multimodal wrappers number.
    "bos_token_id", "eos_token_id", "pad_token_id", "unk_token_id", "sep_token_id", "decoder_start_token_id",
    "boi_token_id", "boi_token_index", "eoi_token_id", "eoi_token_index", "image_token_id", "image_token_index",
    "mm_tokens_per_image", "id2label", "label2id", "tokenizer_class", "prefix",
    // Initialisation, norm epsilons and placement, activations (the MLP's gate is the family's).
    "initializer_range", "init_std", "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon",
    "layer_norm_elementwise_affine", "do_layer_norm_before", "_remove_final_layer_norm",
    "apply_residual_connection_post_layernorm", "use_parallel_residual", "parallel_attn", "hidden_act",
    "hidden_activation", "activation_function", "swiglu_alpha", "swiglu_limit", "use_qk_norm",
    "attn_logit_softcapping", "final_logit_softcapping", "query_pre_attn_scalar", "attn_temperature_tuning",
    "attn_scale", "floor_scale", "classifier_dropout", "summary_activation", "summary_first_dropout",
    "summary_proj_to_labels", "summary_type", "summary_use_proj",
    // Positions: rotary bases and scalings, ALiBi, context lengths (the sequence is training.seq_len).
    "rope_theta", "rope_scaling", "rope_parameters", "rope_interleave", "rope_local_base_freq", "rotary_emb_base",
    "rotary_pct", "partial_rotary_factor", "alibi", "offset_alibi", "max_position_embeddings", "n_ctx",
    "initial_context_length", "seq_length", "use_mrope", "sliding_window_size",
    // Inference, generation and fused-kernel switches.
    "use_cache", "cache_implementation", "pretraining_tp", "slow_but_exact", "attention_softmax_in_fp32",
    "bias_dropout_fusion", "masked_softmax_fusion", "skip_bias_add", "skip_bias_add_qkv", "scale_attn_weights",
    "scale_attn_by_inverse_layer_idx", "reorder_and_upcast_attn", "gradient_checkpointing", "max_length",
    "min_length", "do_sample", "early_stopping", "num_beams", "num_beam_groups", "diversity_penalty", "temperature",
    "top_k", "top_p", "typical_p", "repetition_penalty", "length_penalty", "no_repeat_ngram_size",
    "encoder_no_repeat_ngram_size", "bad_words_ids", "num_return_sequences", "output_scores",
    "return_dict_in_generate", "forced_bos_token_id", "forced_eos_token_id", "remove_invalid_values",
    "exponential_decay_length_penalty", "suppress_tokens", "begin_suppress_tokens", "task_specific_params",
    "custom_pipelines",
    // Router loss weights and score functions: the imbalance they leave is model.moe.imbalance's.
    "router_aux_loss_coef", "router_jitter_noise", "aux_loss_alpha", "seq_aux", "norm_topk_prob",
    "routed_scaling_factor", "scoring_func", "output_router_logits", "ep_size",
    // PretrainedConfig's bookkeeping.
    "_name_or_path", "_attn_implementation_autoset", "architectures", "model_type", "auto_map", "torch_dtype",
    "dtype", "transformers_version", "return_dict", "output_hidden_states", "output_attentions", "torchscript",
    "use_bfloat16", "tf_legacy_loss", "pruned_heads", "chunk_size_feed_forward", "is_encoder_decoder",
    "is_decoder", "cross_attention_hidden_size", "add_cross_attention", "tie_encoder_decoder", "finetuning_task",
    "problem_type",
    // Read by other families (BLOOM's MLP is 4 × hidden_size whatever n_inner says); layerdrop
    // above zero is named in the notes.
    "n_inner", "layerdrop",
};

std::string withSeparators(int64_t n)
{
    std::string digits = std::to_string(n < 0 ? -n : n);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(size_t(i), ",");
    return (n < 0 ? "-" : "") + digits;
}

// 70.55B, 124.4M: as model cards write parameter counts.
std::string shortCount(double n)
{
    char text[32];
    if (n >= 1e9)
        std::snprintf(text, sizeof text, "%.2fB", n / 1e9);
    else if (n >= 1e6)
        std::snprintf(text, sizeof text, "%.1fM", n / 1e6);
    else
        std::snprintf(text, sizeof text, "%.0f", n);
    return text;
}

// A value as an error message quotes it: its type, and a string's first characters.
std::string described(const json& value)
{
    std::string text = io::typeName(value);
    if (value.is_string()) {
        const std::string& s = value.get_ref<const std::string&>();
        text += " (\"" + (s.size() > 40 ? s.substr(0, 40) + "..." : s) + "\")";
    } else if (value.is_number()) {
        text += " (" + value.dump() + ")";
    }
    return text;
}

// One object of a config.json read key by key. The file's value wins; a key it leaves out takes
// the family class's default, recorded for the notes; null is transformers' None, which each key
// reads its own way (mostly "derive it", as num_key_value_heads = num_attention_heads). Every
// failure names the key.
class ConfigReader {
public:
    ConfigReader(const json& object, std::string prefix, const FamilyInfo& family, const Wrapper* wrapper)
        : m_object(object)
        , m_prefix(std::move(prefix))
        , m_family(family)
        , m_wrapper(wrapper)
    {
    }

    [[nodiscard]] const FamilyInfo& family() const { return m_family; }
    [[nodiscard]] std::string pathOf(std::string_view key) const { return m_prefix + std::string(key); }
    [[noreturn]] void fail(std::string_view key, const std::string& message) const
    {
        throw io::ReadError(pathOf(key), message);
    }

    // The first of `keys` the file has (its value may be null), every one marked as read; nullptr
    // when none is there.
    const json* find(std::initializer_list<const char*> keys, std::string& found)
    {
        const json* value = nullptr;
        for (const char* key : keys) {
            m_read.insert(key);
            const auto it = m_object.find(key);
            if (!value && it != m_object.end()) {
                value = &*it;
                found = key;
            }
        }
        return value;
    }
    const json* find(const char* key)
    {
        std::string found;
        return find({ key }, found);
    }

    // A size that has no meaningful default (layers, hidden size, heads, vocabulary): the file must
    // give it, except in a wrapper's text_config, whose writer left out what equals the class's.
    int64_t essential(std::initializer_list<const char*> keys, const char* what, int64_t maximum,
                      std::optional<int64_t> wrapperDefault = std::nullopt)
    {
        std::string key;
        const json* value = find(keys, key);
        if (value && !value->is_null())
            return wholeNumber(*value, key, what, 1, maximum);
        const std::string primary = *keys.begin();
        if (!value && m_wrapper && wrapperDefault) {
            noteDefault(primary, std::to_string(*wrapperDefault));
            return *wrapperDefault;
        }
        std::string names = "\"" + primary + "\"";
        for (auto k = keys.begin() + 1; k != keys.end(); ++k)
            names += std::string(" (or \"") + *k + "\")";
        fail(primary,
             std::string(value ? "is null" : "missing") + ": a " + m_family.name + " config.json gives the " + what
                 + " as " + names + "; is this the model's complete config.json?");
    }

    // A size the file may leave out (the class default, noted when `noted`) or give as null
    // (nullopt: the key's None, which the caller interprets).
    std::optional<int64_t> size(std::initializer_list<const char*> keys, const char* what, int64_t minimum,
                                int64_t maximum, std::optional<int64_t> classDefault, bool noted = true)
    {
        std::string key;
        const json* value = find(keys, key);
        if (!value) {
            if (classDefault && noted)
                noteDefault(*keys.begin(), std::to_string(*classDefault));
            return classDefault;
        }
        if (value->is_null())
            return std::nullopt;
        return wholeNumber(*value, key, what, minimum, maximum);
    }

    // A size the file may leave out (the class default, noted when `noted`) but not give as null,
    // for keys whose None transformers has no reading of.
    int64_t count(std::initializer_list<const char*> keys, const char* what, int64_t minimum, int64_t maximum,
                  int64_t classDefault, bool noted = true)
    {
        std::string key;
        const json* value = find(keys, key);
        if (value && value->is_null())
            fail(key,
                 std::string("is null; give the ") + what + " (" + m_family.configClass + "'s default is "
                     + std::to_string(classDefault) + ")");
        return *size(keys, what, minimum, maximum, classDefault, noted);
    }

    bool flag(const char* key, bool classDefault)
    {
        const json* value = find(key);
        if (!value || value->is_null())
            return classDefault;
        if (!value->is_boolean())
            fail(key, "expected true or false, got " + described(*value));
        return value->get<bool>();
    }

    // A dropout rate: a probability, absent or null meaning the class default.
    double probability(const char* key, double classDefault)
    {
        const json* value = find(key);
        if (!value || value->is_null())
            return classDefault;
        if (!value->is_number())
            fail(key, "expected a dropout probability between 0 and 1, got " + described(*value));
        const double p = value->get<double>();
        if (!(p >= 0 && p <= 1))
            fail(key, "a dropout probability lies between 0 and 1, not " + value->dump());
        return p;
    }

    std::optional<std::string> text(const char* key)
    {
        const json* value = find(key);
        if (!value || value->is_null())
            return std::nullopt;
        if (!value->is_string())
            fail(key, "expected a string, got " + described(*value));
        return value->get<std::string>();
    }

    // An array of `count` elements (one per layer), or nullopt when the file leaves it out.
    const json* layerList(const char* key, int64_t count)
    {
        const json* value = find(key);
        if (!value || value->is_null())
            return nullptr;
        if (!value->is_array())
            fail(key, "expected an array with one entry per layer, got " + described(*value));
        if (int64_t(value->size()) != count)
            fail(key, "has " + std::to_string(value->size()) + (value->size() == 1 ? " entry" : " entries") + " for "
                          + std::to_string(count) + " layers (num_hidden_layers); give one per layer");
        return value;
    }

    [[nodiscard]] const std::vector<std::string>& defaultsTaken() const { return m_defaults; }

    // The keys never asked for (in nlohmann's order, which is alphabetical).
    [[nodiscard]] std::vector<std::string> unread() const
    {
        std::vector<std::string> keys;
        for (const auto& [key, value] : m_object.items())
            if (!m_read.count(key))
                keys.push_back(key);
        return keys;
    }

    int64_t wholeNumber(const json& value, const std::string& key, const char* what, int64_t minimum,
                        int64_t maximum) const
    {
        if (!value.is_number())
            fail(key, std::string("expected the ") + what + " as a whole number, got " + described(value));
        double number = 0;
        if (value.is_number_float()) {
            number = value.get<double>();
            if (!std::isfinite(number) || number != std::floor(number))
                fail(key, std::string("expected the ") + what + " as a whole number, got " + value.dump());
        } else if (value.is_number_unsigned()) {
            number = double(value.get<uint64_t>());
        } else {
            number = double(value.get<int64_t>());
        }
        if (number < double(minimum))
            fail(key, value.dump() + " is too small: the " + std::string(what) + " must be at least "
                          + std::to_string(minimum));
        if (number > double(maximum))
            fail(key,
                 value.dump() + " is not a plausible " + what + ": ParaPlan reads at most " + withSeparators(maximum));
        return int64_t(number);
    }

private:
    void noteDefault(const std::string& key, const std::string& value)
    {
        m_defaults.push_back(pathOf(key) + " = " + value);
    }

    const json& m_object;
    std::string m_prefix;
    const FamilyInfo& m_family;
    const Wrapper* m_wrapper;
    std::set<std::string> m_read;
    std::vector<std::string> m_defaults;
};

struct Reading {
    ModelSpec model;
    // Rows of learned position embeddings (GPT-2, OPT): weights a model card counts that
    // ParaPlan's cost model, which prices rotary and ALiBi positions as free, leaves out.
    int64_t learnedPositions = 0;
    // Fields read that change the cost in ways ParaPlan does not model, with the reason.
    std::vector<std::string> unmodelled;
};

// --- Which layers are what --------------------------------------------------------------------

// The file's per-layer attention kinds as ParaPlan's pattern: local attention on every layer but
// each n-th (ModelSpec::layerKind). Throws naming `key` for a pattern it cannot express.
LocalAttentionSpec localAttentionOf(const std::vector<bool>& local, int64_t window, bool chunked,
                                    const ConfigReader& in, const char* key)
{
    LocalAttentionSpec spec;
    if (std::none_of(local.begin(), local.end(), [](bool l) { return l; }))
        return spec;
    spec.window = window;
    spec.chunked = chunked;
    const auto firstGlobal = std::find(local.begin(), local.end(), false);
    spec.globalEvery = firstGlobal == local.end() ? 0 : int64_t(firstGlobal - local.begin()) + 1;
    ModelSpec probe;
    probe.localAttention = spec;
    for (size_t i = 0; i < local.size(); ++i)
        if (probe.layerKind(int64_t(i)).local != local[i])
            in.fail(key,
                    "layer " + std::to_string(i)
                        + " breaks the pattern ParaPlan models: local attention on every layer but "
                          "each n-th (layers n-1, 2n-1, ...), the rest attending to the whole sequence");
    return spec;
}

// The file's MoE layers as ParaPlan's pattern: dense layers first, then every n-th layer MoE.
// Throws naming `key` for a layout it cannot express.
void moeLayersOf(const std::vector<bool>& moe, MoeSpec& spec, const ConfigReader& in, const char* key)
{
    const auto first = std::find(moe.begin(), moe.end(), true);
    const auto second = first == moe.end() ? moe.end() : std::find(first + 1, moe.end(), true);
    const int64_t firstIndex = int64_t(first - moe.begin());
    const int64_t every
        = second != moe.end() ? int64_t(second - first) : std::max<int64_t>(1, int64_t(moe.size()) - firstIndex);
    spec.layerFrequency = every;
    spec.firstDenseLayers = firstIndex - (every - 1);
    ModelSpec probe;
    probe.moe = spec;
    bool matches = spec.firstDenseLayers >= 0;
    for (size_t i = 0; matches && i < moe.size(); ++i)
        matches = probe.layerKind(int64_t(i)).moe == moe[i];
    if (!matches)
        in.fail(key,
                "the MoE layers it gives do not follow the pattern ParaPlan models: a run of dense layers first, then "
                "every n-th layer MoE (moe.first_dense_layers, moe.layer_frequency)");
}

// "full_attention" / "sliding_attention" / "chunked_attention" per layer (transformers' layer_types).
std::optional<std::vector<bool>> localLayersFromTypes(ConfigReader& in, int64_t layers, const char* localName)
{
    const json* types = in.layerList("layer_types", layers);
    if (!types)
        return std::nullopt;
    std::vector<bool> local;
    for (const json& t : *types) {
        if (!t.is_string() || (t != "full_attention" && t != localName))
            in.fail("layer_types",
                    std::string("expected \"full_attention\" or \"") + localName + "\" for each layer, got "
                        + described(t) + "; ParaPlan models no other kind of layer");
        local.push_back(t == localName);
    }
    return local;
}

// --- The families ------------------------------------------------------------------------------

// Layers, width, heads, vocabulary, key-value heads, head dimension, FFN width, embeddings and
// dropout as the decoder families since Llama name them.
void readLlamaCore(ConfigReader& in, Reading& r, const Wrapper* wrapper)
{
    ModelSpec& m = r.model;
    const FamilyInfo& f = in.family();
    auto wrapped
        = [&](int64_t Wrapper::*field) { return wrapper ? std::optional<int64_t>(wrapper->*field) : std::nullopt; };
    m.layers = in.essential({ "num_hidden_layers" }, "number of layers", kMaxCount, wrapped(&Wrapper::layers));
    m.hidden = in.essential({ "hidden_size" }, "hidden size", kMaxWidth, wrapped(&Wrapper::hidden));
    m.heads = in.essential({ "num_attention_heads" }, "number of attention heads", kMaxCount, wrapped(&Wrapper::heads));
    m.vocab = in.essential({ "vocab_size" }, "vocabulary size", kMaxWidth, wrapped(&Wrapper::vocab));
    const bool mla = f.family == Family::DeepseekV2 || f.family == Family::DeepseekV3;
    if (mla) {
        // Latent attention up-projects a key and a value for every query head whatever
        // num_key_value_heads says (docs/scenario.md: kv_heads plays no part), so one per head,
        // as the catalog's presets write it.
        (void)in.find("num_key_value_heads");
        m.kvHeads = m.heads;
    } else {
        m.kvHeads = in.size({ "num_key_value_heads" }, "number of key-value heads", 1, kMaxCount, f.kvHeads)
                        .value_or(m.heads);
        if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
            in.fail("num_key_value_heads",
                    std::to_string(m.kvHeads) + " key-value heads do not divide the " + std::to_string(m.heads)
                        + " attention heads (num_attention_heads)");
        // Kept where the file or the class states it, 0 (hidden / heads) where transformers derives it.
        const std::optional<int64_t> headDim = in.size({ "head_dim" }, "head dimension", 1, kMaxWidth, f.headDim);
        m.headDimension = headDim.value_or(0);
        if (!headDim && m.hidden % m.heads != 0)
            in.fail("num_attention_heads",
                    std::to_string(m.heads) + " heads do not divide hidden_size " + std::to_string(m.hidden)
                        + "; the file must give head_dim");
    }
    const char* ffnKey = f.family == Family::Llama4 ? "intermediate_size_mlp" : "intermediate_size";
    m.ffnHidden = in.count({ ffnKey }, "FFN width", 1, kMaxWidth, f.ffn);
    m.gatedMlp = f.gated;
    m.tiedEmbeddings = in.flag("tie_word_embeddings", f.tied);
    m.dropout = in.probability("attention_dropout", 0.0) > 0;
    for (const char* key : { "attention_bias", "mlp_bias" })
        if (in.flag(key, false))
            r.unmodelled.push_back(in.pathOf(key) + " (the linear layers' biases are not modelled)");
}

// Sliding windows that cover every layer (Mistral), or the layers past max_window_layers (Qwen2/3),
// or what layer_types says.
void readSlidingWindow(ConfigReader& in, Reading& r, std::optional<int64_t> classWindow, bool enabled,
                       int64_t globalLayers)
{
    ModelSpec& m = r.model;
    const std::optional<int64_t> window
        = in.size({ "sliding_window" }, "sliding window", 1, kMaxWidth, classWindow, enabled);
    if (!enabled || !window) {
        (void)in.find("layer_types"); // sliding_window None turns every layer's window off
        return;
    }
    std::vector<bool> local(size_t(m.layers), true);
    const char* key = "sliding_window";
    if (std::optional<std::vector<bool>> fromTypes = localLayersFromTypes(in, m.layers, "sliding_attention")) {
        local = *fromTypes;
        key = "layer_types";
    } else {
        std::fill_n(local.begin(), size_t(std::min(globalLayers, m.layers)), false);
        if (globalLayers > 0)
            key = "max_window_layers";
    }
    m.localAttention = localAttentionOf(local, *window, false, in, key);
}

void readQwenAttention(ConfigReader& in, Reading& r)
{
    const bool sliding = in.flag("use_sliding_window", false);
    // Qwen2Config and Qwen3Config slide only on layers from max_window_layers (default 28) on;
    // Qwen3MoeConfig has no such key and slides on every layer.
    const bool moe = in.family().family == Family::Qwen3Moe;
    const int64_t windowLayers = in.count({ "max_window_layers" }, "number of layers before the sliding ones", 0,
                                          kMaxCount, 28, sliding && !moe);
    readSlidingWindow(in, r, 4096, sliding, moe ? 0 : windowLayers);
}

// Gemma 2 and 3, GPT-OSS: alternating local and global layers; layer_types where the file gives it,
// else the class's pattern (every 2nd layer global; Gemma 3: every sliding_window_pattern-th).
void readAlternatingWindow(ConfigReader& in, Reading& r, int64_t classWindow, int64_t classPeriod)
{
    ModelSpec& m = r.model;
    const std::optional<int64_t> window = in.size({ "sliding_window" }, "sliding window", 1, kMaxWidth, classWindow);
    std::optional<std::vector<bool>> local = localLayersFromTypes(in, m.layers, "sliding_attention");
    const char* key = "layer_types";
    const bool gemma3 = in.family().family == Family::Gemma3;
    // Gemma3TextConfig keeps sliding_window_pattern beside the layer_types it derives from it.
    const int64_t period = gemma3
        ? in.count({ "sliding_window_pattern" }, "sliding window pattern", 1, kMaxCount, classPeriod, !local)
        : classPeriod;
    if (!local) {
        local = std::vector<bool>(size_t(m.layers));
        for (int64_t i = 0; i < m.layers; ++i)
            (*local)[size_t(i)] = (i + 1) % period != 0;
        key = "sliding_window_pattern";
    }
    if (window)
        m.localAttention = localAttentionOf(*local, *window, false, in, key);
}

void readLlama4(ConfigReader& in, Reading& r)
{
    ModelSpec& m = r.model;
    // Llama4TextMoe: routed experts and one shared expert, each intermediate_size wide.
    m.moe.experts = in.count({ "num_local_experts" }, "number of experts", 1, kMaxCount, 16);
    m.moe.topK = in.count({ "num_experts_per_tok" }, "number of experts per token", 1, m.moe.experts, 1);
    m.moe.expertFfnHidden = in.count({ "intermediate_size" }, "expert FFN width", 1, kMaxWidth, 8192);
    m.moe.sharedExperts = 1;
    m.moe.sharedExpertFfnHidden = m.moe.expertFfnHidden;
    std::vector<bool> moe(size_t(m.layers), false);
    const char* moeKey = "moe_layers";
    if (const json* listed = in.find("moe_layers"); listed && !listed->is_null()) {
        if (!listed->is_array())
            in.fail("moe_layers", "expected the indices of the MoE layers, got " + described(*listed));
        for (const json& index : *listed)
            moe[size_t(in.wholeNumber(index, "moe_layers", "MoE layer index", 0, m.layers - 1))] = true;
        (void)in.find("interleave_moe_layer_step"); // moe_layers overrides it (Llama4TextConfig)
    } else {
        const int64_t step = in.count({ "interleave_moe_layer_step" }, "MoE layer step", 1, kMaxCount, 1);
        for (int64_t i = step - 1; i < m.layers; i += step)
            moe[size_t(i)] = true;
        moeKey = "interleave_moe_layer_step";
    }
    if (std::none_of(moe.begin(), moe.end(), [](bool b) { return b; }))
        in.fail(moeKey, "names no MoE layer; a dense Llama 4 is not a shape ParaPlan knows");
    moeLayersOf(moe, m.moe, in, moeKey);
    // Chunked attention on the RoPE layers; the NoPE layers (no_rope_layers 0, by default every
    // no_rope_layer_interval-th) attend to the whole sequence.
    const std::optional<int64_t> chunk
        = in.size({ "attention_chunk_size" }, "attention chunk size", 1, kMaxWidth, 8192);
    std::optional<std::vector<bool>> local = localLayersFromTypes(in, m.layers, "chunked_attention");
    const char* key = "layer_types";
    if (local) {
        // Llama4TextConfig derives layer_types from these and keeps them beside it.
        (void)in.find("no_rope_layers");
        (void)in.find("no_rope_layer_interval");
    } else {
        local = std::vector<bool>(size_t(m.layers));
        if (const json* ropes = in.layerList("no_rope_layers", m.layers)) {
            for (size_t i = 0; i < ropes->size(); ++i)
                (*local)[i] = in.wholeNumber((*ropes)[i], "no_rope_layers", "RoPE flag", 0, 1) == 1;
            key = "no_rope_layers";
        } else {
            const int64_t interval = in.count({ "no_rope_layer_interval" }, "NoPE layer interval", 1, kMaxCount, 4);
            for (int64_t i = 0; i < m.layers; ++i)
                (*local)[size_t(i)] = (i + 1) % interval != 0;
            key = "no_rope_layer_interval";
        }
    }
    if (chunk)
        m.localAttention = localAttentionOf(*local, *chunk, true, in, key);
}

void readQwen3Moe(ConfigReader& in, Reading& r)
{
    ModelSpec& m = r.model;
    m.moe.experts = in.count({ "num_experts", "num_local_experts" }, "number of experts", 1, kMaxCount, 128);
    m.moe.topK = in.count({ "num_experts_per_tok" }, "number of experts per token", 1, m.moe.experts, 8);
    m.moe.expertFfnHidden = in.count({ "moe_intermediate_size" }, "expert FFN width", 1, kMaxWidth, 768);
    // Qwen3MoeDecoderLayer: MoE where the layer is not in mlp_only_layers and (i + 1) is a
    // multiple of decoder_sparse_step.
    const int64_t step = in.count({ "decoder_sparse_step" }, "MoE layer step", 1, kMaxCount, 1);
    std::vector<bool> moe(size_t(m.layers));
    for (int64_t i = 0; i < m.layers; ++i)
        moe[size_t(i)] = (i + 1) % step == 0;
    const char* key = "decoder_sparse_step";
    if (const json* dense = in.find("mlp_only_layers"); dense && !dense->is_null()) {
        if (!dense->is_array())
            in.fail("mlp_only_layers", "expected the indices of the dense layers, got " + described(*dense));
        for (const json& index : *dense)
            moe[size_t(in.wholeNumber(index, "mlp_only_layers", "dense layer index", 0, m.layers - 1))] = false;
        if (!dense->empty())
            key = "mlp_only_layers";
    }
    if (std::none_of(moe.begin(), moe.end(), [](bool b) { return b; })) {
        m.moe = {};
        return;
    }
    moeLayersOf(moe, m.moe, in, key);
}

// Multi-head latent attention and the MoE layers of DeepSeek-V2 and V3 (DeepSeek's own
// configuration_deepseek.py adds moe_layer_freq, topk_method and num_nextn_predict_layers).
void readDeepseek(ConfigReader& in, Reading& r)
{
    ModelSpec& m = r.model;
    const bool v3 = in.family().family == Family::DeepseekV3;
    MlaSpec& a = m.mla;
    a.qLoraRank = in.size({ "q_lora_rank" }, "query latent rank", 1, kMaxWidth, 1536)
                      .value_or(0); // null: no query latent (V2-Lite)
    a.kvLoraRank = in.count({ "kv_lora_rank" }, "key-value latent rank", 1, kMaxWidth, 512);
    a.qkNopeHeadDim = in.count({ "qk_nope_head_dim" }, "position-free query-key head dimension", 1, kMaxWidth, 128);
    a.qkRopeHeadDim = in.count({ "qk_rope_head_dim" }, "rotary query-key head dimension", 0, kMaxWidth, 64);
    a.vHeadDim = in.count({ "v_head_dim" }, "value head dimension", 1, kMaxWidth, 128);

    const std::optional<int64_t> experts
        = in.size({ "n_routed_experts", "num_local_experts" }, "number of routed experts", 1, kMaxCount, v3 ? 256 : 64);
    if (!experts) { // None: a dense model, whose routing keys say nothing
        for (const char* key : { "num_experts_per_tok", "moe_intermediate_size", "n_shared_experts",
                                 "first_k_dense_replace", "moe_layer_freq", "n_group", "topk_group", "topk_method" })
            (void)in.find(key);
        return;
    }
    MoeSpec& moe = m.moe;
    moe.experts = *experts;
    const std::optional<int64_t> topK = in.size({ "num_experts_per_tok" }, "number of experts per token", 1,
                                                moe.experts, v3 ? std::optional<int64_t>(8) : std::nullopt);
    if (!topK)
        in.fail("num_experts_per_tok",
                "missing or null: with n_routed_experts given, a DeepSeek config.json says how many "
                "experts each token goes to");
    moe.topK = *topK;
    moe.expertFfnHidden = in.count({ "moe_intermediate_size" }, "expert FFN width", 1, kMaxWidth, v3 ? 2048 : 1407);
    moe.sharedExperts
        = in.size({ "n_shared_experts" }, "number of shared experts", 0, kMaxCount, v3 ? 1 : 2).value_or(0);
    moe.sharedExpertFfnHidden = moe.sharedExperts > 0 ? moe.expertFfnHidden : 0;
    // DeepseekV3DecoderLayer: MoE from layer first_k_dense_replace on, where the index is a
    // multiple of moe_layer_freq.
    const int64_t firstDense
        = in.count({ "first_k_dense_replace" }, "number of dense layers first", 0, m.layers, v3 ? 3 : 0);
    const int64_t frequency = in.count({ "moe_layer_freq" }, "MoE layer frequency", 1, kMaxCount, 1, false);
    std::vector<bool> isMoe(size_t(m.layers));
    for (int64_t i = 0; i < m.layers; ++i)
        isMoe[size_t(i)] = i >= firstDense && i % frequency == 0;
    if (std::none_of(isMoe.begin(), isMoe.end(), [](bool b) { return b; }))
        in.fail("first_k_dense_replace", "leaves no MoE layer among the " + std::to_string(m.layers) + " layers");
    moeLayersOf(isMoe, moe, in, frequency > 1 ? "moe_layer_freq" : "first_k_dense_replace");
    // Node-limited routing; one group, or all groups chosen, limits nothing.
    const int64_t groups = in.size({ "n_group" }, "number of expert groups", 1, moe.experts,
                                   v3 ? std::optional<int64_t>(8) : std::nullopt)
                               .value_or(0);
    const int64_t groupTopK = in.size({ "topk_group" }, "number of groups per token", 1, kMaxCount,
                                      v3 ? std::optional<int64_t>(4) : std::nullopt)
                                  .value_or(0);
    if (groups > 1 && groupTopK > 0 && groupTopK < groups) {
        if (moe.experts % groups != 0)
            in.fail("n_group",
                    std::to_string(groups) + " groups do not divide the " + std::to_string(moe.experts) + " experts");
        moe.groups = groups;
        moe.groupTopK = groupTopK;
    }
    // noaux_tc is the loss-free balancing of arXiv:2412.19437 §2.1.2; transformers' DeepSeek-V3
    // router always carries its correction bias, so a V3 file without the key balances that way.
    const std::string method = in.text("topk_method").value_or(v3 ? "noaux_tc" : "greedy");
    moe.loadBalancing = method == "noaux_tc" ? LoadBalancing::AuxFree : LoadBalancing::AuxLoss;
    m.mtpLayers
        = in.size({ "num_nextn_predict_layers" }, "number of multi-token prediction layers", 0, kMaxCount, std::nullopt)
              .value_or(0);
}

void readLlamaLike(ConfigReader& in, Reading& r, const Wrapper* wrapper)
{
    readLlamaCore(in, r, wrapper);
    ModelSpec& m = r.model;
    switch (in.family().family) {
    case Family::Mistral:
        // MistralConfig slides on every layer, 4096 tokens unless the file says otherwise.
        readSlidingWindow(in, r, 4096, true, 0);
        break;
    case Family::Mixtral:
        m.moe.experts = in.count({ "num_local_experts", "num_experts" }, "number of experts", 1, kMaxCount, 8);
        m.moe.topK = in.count({ "num_experts_per_tok" }, "number of experts per token", 1, m.moe.experts, 2);
        m.moe.expertFfnHidden = m.ffnHidden;
        readSlidingWindow(in, r, std::nullopt, true, 0);
        break;
    case Family::Qwen2:
    case Family::Qwen3:
        readQwenAttention(in, r);
        break;
    case Family::Qwen3Moe:
        readQwen3Moe(in, r);
        readQwenAttention(in, r);
        break;
    case Family::DeepseekV2:
    case Family::DeepseekV3:
        readDeepseek(in, r);
        break;
    case Family::GptOss:
        // OpenAI's own files name the top-k experts_per_token, transformers num_experts_per_tok.
        m.moe.experts = in.count({ "num_local_experts", "num_experts" }, "number of experts", 1, kMaxCount, 128);
        m.moe.topK = in.count({ "num_experts_per_tok", "experts_per_token" }, "number of experts per token", 1,
                              m.moe.experts, 4);
        m.moe.expertFfnHidden = m.ffnHidden;
        readAlternatingWindow(in, r, 128, 2);
        break;
    case Family::Gemma2:
        readAlternatingWindow(in, r, 4096, 2);
        break;
    case Family::Gemma3:
        readAlternatingWindow(in, r, 4096, 6);
        break;
    case Family::Llama4:
        readLlama4(in, r);
        break;
    default:
        break;
    }
}

// Whether any of the family's dropout rates (each read, with its class default) is above zero:
// then the masks are stored for the backward.
bool anyDropout(ConfigReader& in, std::initializer_list<std::pair<const char*, double>> rates)
{
    bool any = false;
    for (const auto& [key, classDefault] : rates)
        any |= in.probability(key, classDefault) > 0;
    return any;
}

// GPT-2, GPT-NeoX, BLOOM, OPT and Falcon: multi-head attention (Falcon: multi-query), a plain
// MLP, each with its own names.
void readClassic(ConfigReader& in, Reading& r)
{
    ModelSpec& m = r.model;
    const FamilyInfo& f = in.family();
    const Family family = f.family;
    m.gatedMlp = false;
    m.tiedEmbeddings = in.flag("tie_word_embeddings", f.tied);
    switch (family) {
    case Family::Gpt2:
        m.layers = in.essential({ "n_layer", "num_hidden_layers" }, "number of layers", kMaxCount);
        m.hidden = in.essential({ "n_embd", "hidden_size" }, "hidden size", kMaxWidth);
        m.heads = in.essential({ "n_head", "num_attention_heads" }, "number of attention heads", kMaxCount);
        // n_inner None: 4 × n_embd (GPT2MLP).
        m.ffnHidden = in.size({ "n_inner" }, "FFN width", 1, kMaxWidth, std::nullopt).value_or(4 * m.hidden);
        r.learnedPositions
            = in.count({ "n_positions", "max_position_embeddings" }, "number of positions", 1, kMaxWidth, 1024, false);
        m.dropout = anyDropout(in, { { "resid_pdrop", 0.1 }, { "embd_pdrop", 0.1 }, { "attn_pdrop", 0.1 } });
        break;
    case Family::GptNeoX:
        m.layers = in.essential({ "num_hidden_layers" }, "number of layers", kMaxCount);
        m.hidden = in.essential({ "hidden_size" }, "hidden size", kMaxWidth);
        m.heads = in.essential({ "num_attention_heads" }, "number of attention heads", kMaxCount);
        m.ffnHidden = in.count({ "intermediate_size" }, "FFN width", 1, kMaxWidth, f.ffn);
        m.dropout = anyDropout(in, { { "attention_dropout", 0 }, { "hidden_dropout", 0 } });
        break;
    case Family::Bloom:
        // BloomConfig maps num_hidden_layers and num_attention_heads onto n_layer and n_head and
        // still takes the early n_embed for hidden_size; BloomMLP is 4 × hidden_size wide.
        m.layers = in.essential({ "n_layer", "num_hidden_layers" }, "number of layers", kMaxCount);
        m.hidden = in.essential({ "hidden_size", "n_embed" }, "hidden size", kMaxWidth);
        m.heads = in.essential({ "n_head", "num_attention_heads" }, "number of attention heads", kMaxCount);
        m.ffnHidden = 4 * m.hidden;
        m.dropout = anyDropout(in, { { "hidden_dropout", 0 }, { "attention_dropout", 0 } });
        break;
    case Family::Opt: {
        m.layers = in.essential({ "num_hidden_layers" }, "number of layers", kMaxCount);
        m.hidden = in.essential({ "hidden_size" }, "hidden size", kMaxWidth);
        m.heads = in.essential({ "num_attention_heads" }, "number of attention heads", kMaxCount);
        m.ffnHidden = in.count({ "ffn_dim" }, "FFN width", 1, kMaxWidth, f.ffn);
        // OPTLearnedPositionalEmbedding keeps 2 rows beyond max_position_embeddings.
        r.learnedPositions
            = in.count({ "max_position_embeddings" }, "number of positions", 1, kMaxWidth, 2048, false) + 2;
        m.dropout = anyDropout(in, { { "dropout", 0.1 }, { "attention_dropout", 0 }, { "activation_dropout", 0 } });
        const int64_t projected
            = in.size({ "word_embed_proj_dim" }, "embedding width", 1, kMaxWidth, std::nullopt).value_or(m.hidden);
        if (projected != m.hidden)
            r.unmodelled.push_back(
                in.pathOf("word_embed_proj_dim") + " (" + std::to_string(projected)
                + "-wide embeddings with projections to and from hidden_size; ParaPlan prices hidden_size-wide "
                  "ones)");
        break;
    }
    case Family::Falcon: {
        m.layers = in.essential({ "num_hidden_layers", "n_layer" }, "number of layers", kMaxCount);
        m.hidden = in.essential({ "hidden_size", "n_embed" }, "hidden size", kMaxWidth);
        m.heads = in.essential({ "num_attention_heads", "n_head" }, "number of attention heads", kMaxCount);
        m.ffnHidden = in.size({ "ffn_hidden_size" }, "FFN width", 1, kMaxWidth, std::nullopt).value_or(4 * m.hidden);
        m.dropout = anyDropout(in, { { "hidden_dropout", 0 }, { "attention_dropout", 0 } });
        if (in.flag("bias", false))
            r.unmodelled.push_back(in.pathOf("bias") + " (the linear layers' biases are not modelled)");
        break;
    }
    default:
        break;
    }
    m.vocab = in.essential({ "vocab_size" }, "vocabulary size", kMaxWidth);
    m.kvHeads = m.heads;
    if (family == Family::Falcon) {
        // FalconAttention: num_kv_heads (default num_attention_heads) for the new decoder
        // (Falcon-40B on) or without multi_query; one shared key-value head otherwise.
        const bool newDecoder = in.flag("new_decoder_architecture", false);
        const bool multiQuery = in.flag("multi_query", true);
        const std::optional<int64_t> kv
            = in.size({ "num_kv_heads", "n_head_kv" }, "number of key-value heads", 1, m.heads, std::nullopt);
        m.kvHeads = newDecoder || !multiQuery ? kv.value_or(m.heads) : 1;
        if (m.heads % m.kvHeads != 0)
            in.fail("num_kv_heads",
                    std::to_string(m.kvHeads) + " key-value heads do not divide the " + std::to_string(m.heads)
                        + " attention heads");
    }
    if (m.hidden % m.heads != 0)
        in.fail(family == Family::Gpt2 || family == Family::Bloom ? "n_head" : "num_attention_heads",
                std::to_string(m.heads) + " heads do not divide the hidden size " + std::to_string(m.hidden));
}

// --- What the file does not say and what it is ------------------------------------------------

// Fields read past that change what training costs, and why ParaPlan leaves them out.
std::optional<std::string> unmodelledReason(std::string_view key, const json& value)
{
    if (key == "quantization_config") {
        std::string method = "a quantized format";
        if (value.is_object() && value.contains("quant_method") && value["quant_method"].is_string())
            method = value["quant_method"].get<std::string>();
        return "the checkpoint's weights are stored as " + method + "; ParaPlan prices training in training.precision";
    }
    if (key == "vision_config" || key == "audio_config")
        return std::string("the ") + (key == "vision_config" ? "vision" : "audio")
            + " encoder is not modelled; ParaPlan prices the language model";
    if (key == "layerdrop" && value.is_number() && value.get<double>() > 0)
        return std::string("layers skipped at random during training are priced as run");
    return std::nullopt;
}

std::string joined(const std::vector<std::string>& items, size_t most)
{
    std::string text;
    for (size_t i = 0; i < items.size() && i < most; ++i)
        text += (i ? ", " : "") + items[i];
    if (items.size() > most)
        text += " and " + std::to_string(items.size() - most) + " more";
    return text;
}

// One note for the fields ParaPlan read past: those that change the cost in ways it does not
// model, with the reason, and those it does not know.
std::optional<std::string> ignoredFieldsNote(const std::vector<std::pair<std::string, const json*>>& unread,
                                             std::vector<std::string> unmodelled)
{
    std::vector<std::string> unknown;
    for (const auto& [path, value] : unread) {
        const std::string_view key
            = std::string_view(path).substr(path.rfind('.') == std::string::npos ? 0 : path.rfind('.') + 1);
        if (std::optional<std::string> reason = unmodelledReason(key, *value))
            unmodelled.push_back(path + " (" + *reason + ")");
        else if (!kCostFree.count(key))
            unknown.push_back(path);
    }
    if (unmodelled.empty() && unknown.empty())
        return std::nullopt;
    std::string note = "config.json fields ignored:";
    if (!unmodelled.empty())
        note += " " + joined(unmodelled, kMostKeysNamed) + (unknown.empty() ? "" : ";");
    if (!unknown.empty())
        note += " not known to ParaPlan: " + joined(unknown, kMostKeysNamed);
    return note;
}

// Published parameter counts of models whose config.json ParaPlan's tests read
// (tests/data/frameworks/hf/README.md), found by their shape.
struct ModelCard {
    int64_t layers, hidden, heads, vocab, experts;
    double total; // every weight, learned positions included; 0 where the card gives only
    double nonEmbedding; // the count without the embedding and output matrices
    const char* says; // the figure as published, and where
};
const std::array<ModelCard, 14> kModelCards = { {
    { 32, 4096, 32, 128256, 0, 8030261248, 0,
      "8,030,261,248 (meta-llama/Llama-3.1-8B-Instruct on Hugging Face)" },
    { 28, 3584, 28, 152064, 0, 7.61e9, 0, "7.61B (Qwen/Qwen2.5-7B-Instruct model card)" },
    { 64, 5120, 64, 151936, 0, 32.8e9, 0, "32.8B (Qwen/Qwen3-32B model card)" },
    { 48, 2048, 32, 151936, 128, 30.5e9, 0,
      "30.5B total, 3.3B activated (Qwen/Qwen3-30B-A3B model card)" },
    { 94, 4096, 64, 151936, 128, 235e9, 0,
      "235B total, 22B activated (Qwen3 technical report, arXiv:2505.09388)" },
    { 32, 4096, 32, 32000, 8, 46.7e9, 0,
      "46.7B total, 12.9B per token (mistral.ai/news/mixtral-of-experts)" },
    { 61, 7168, 128, 129280, 256, 671e9, 0, "671B total, 37B activated (arXiv:2412.19437)" },
    { 36, 2880, 64, 201088, 128, 116.83e9, 0,
      "116.83B total, 5.13B active (OpenAI model card, arXiv:2508.10925)" },
    { 24, 2880, 64, 201088, 32, 20.91e9, 0,
      "20.91B total, 3.61B active (OpenAI model card, arXiv:2508.10925)" },
    { 42, 3584, 16, 256000, 0, 0, 8324201984,
      "8,324,201,984 non-embedding (Gemma 2 report, arXiv:2408.00118)" },
    { 12, 768, 12, 50257, 0, 124e6, 0, "124M (openai-community/gpt2 model card)" },
    { 12, 768, 12, 50272, 0, 125e6, 0, "125M (Zhang et al. 2022, arXiv:2205.01068, Table 1)" },
    { 44, 6144, 64, 50432, 0, 20554567680, 0, "20,554,567,680 (EleutherAI/gpt-neox-20b model card)" },
    { 24, 1024, 16, 250880, 0, 559214592, 0, "559,214,592 (bigscience/bloom-560m model card)" },
} };

const ModelCard* cardOf(const ModelSpec& m)
{
    for (const ModelCard& c : kModelCards)
        if (c.layers == m.layers && c.hidden == m.hidden && c.heads == m.heads && c.vocab == m.vocab
            && c.experts == m.moe.experts)
            return &c;
    return nullptr;
}

const ModelPreset* presetWithShape(const ModelSpec& m)
{
    ModelSpec shape = m;
    shape.name.clear();
    for (const ModelPreset& p : io::builtinCatalog().models) {
        ModelSpec preset = p.spec;
        preset.preset.clear();
        preset.name.clear();
        if (preset == shape)
            return &p;
    }
    return nullptr;
}

std::string parametersNote(const Reading& r)
{
    const ModelSpec& m = r.model;
    const double total = totalParameters(m);
    std::string note = shortCount(total) + " parameters";
    if (m.isMoe())
        note += ", " + shortCount(activeParameters(m)) + " active per token";
    if (r.learnedPositions > 0)
        note += ", " + shortCount(total + double(r.learnedPositions) * double(m.hidden))
            + " with the learned position embeddings ParaPlan's cost model leaves out";
    if (const ModelCard* card = cardOf(m)) {
        const double counted = card->total > 0
            ? total + double(r.learnedPositions) * double(m.hidden)
            : total - embeddingParameters(m) * (m.tiedEmbeddings ? 1.0 : 2.0);
        char deviation[32];
        std::snprintf(deviation, sizeof deviation, "%+.2f %%",
                      100.0 * (counted / (card->total > 0 ? card->total : card->nonEmbedding) - 1.0));
        note += " (model card: " + std::string(card->says) + "; ParaPlan's count " + deviation + ")";
    }
    if (const ModelPreset* preset = presetWithShape(m))
        note += "; the shape of the built-in preset " + preset->spec.preset + " (" + preset->spec.name + ")";
    return note;
}

// --- Which family ------------------------------------------------------------------------------

std::string supportedModelTypes()
{
    std::string list;
    for (const FamilyInfo& f : kFamilies)
        list += std::string(list.empty() ? "" : ", ") + f.modelTypes[0];
    for (const Wrapper& w : kWrappers)
        list += std::string(", ") + w.modelType;
    return list;
}

struct Identified {
    const FamilyInfo* family = nullptr;
    const Wrapper* wrapper = nullptr;
};

// model_type, as transformers' AutoConfig goes by it; else the first of "architectures".
Identified identify(const json& root)
{
    std::string type;
    const char* key = "model_type";
    if (const auto it = root.find("model_type"); it != root.end() && !it->is_null()) {
        if (!it->is_string())
            throw io::ReadError("model_type", "expected the model type as a string, got " + described(*it));
        type = it->get<std::string>();
    } else if (const auto arch = root.find("architectures"); arch != root.end() && !arch->is_null()) {
        if (!arch->is_array() || arch->empty() || !(*arch)[0].is_string())
            throw io::ReadError("architectures", "expected a list of class names, got " + described(*arch));
        type = (*arch)[0].get<std::string>();
        key = "architectures";
        for (const FamilyInfo& f : kFamilies)
            for (const char* a : f.architectures)
                if (a && type == a)
                    return { &f, nullptr };
        for (const Wrapper& w : kWrappers)
            if (type == w.architecture)
                return { &infoOf(w.text), &w };
    } else {
        throw io::ReadError("model_type",
                            "missing: a Hugging Face config.json names its model_type (or architectures); "
                            "is this a model's config.json?");
    }
    for (const FamilyInfo& f : kFamilies)
        for (const char* t : f.modelTypes)
            if (t && type == t)
                return { &f, nullptr };
    for (const Wrapper& w : kWrappers)
        if (type == w.modelType)
            return { &infoOf(w.text), &w };
    throw io::ReadError(key, "\"" + type + "\" is not a family ParaPlan reads; it reads " + supportedModelTypes());
}

bool llamaLike(Family f)
{
    return f != Family::Gpt2 && f != Family::GptNeoX && f != Family::Bloom && f != Family::Opt && f != Family::Falcon;
}

std::vector<std::pair<std::string, const json*>> unreadFields(const ConfigReader& in, const json& object,
                                                              const std::string& prefix)
{
    std::vector<std::pair<std::string, const json*>> fields;
    for (const std::string& key : in.unread())
        fields.emplace_back(prefix + key, &object[key]);
    return fields;
}

} // namespace

Imported importHfConfig(const std::string& text)
{
    const json root = io::parseJson(text);
    if (!root.is_object())
        throw io::ReadError("(document)", std::string("a config.json is a JSON object, not ") + io::typeName(root));
    const Identified id = identify(root);
    const FamilyInfo& family = *id.family;

    // A wrapper's language model sits in text_config; the wrapper's own keys are read past.
    const json* object = &root;
    std::string prefix;
    std::optional<ConfigReader> wrapperReader;
    if (id.wrapper) {
        const auto it = root.find("text_config");
        if (it == root.end() || !it->is_object())
            throw io::ReadError("text_config",
                                std::string(it == root.end() ? "missing" : "expected an object, got " + described(*it))
                                    + ": a " + id.wrapper->modelType + " config.json holds its language model there");
        object = &*it;
        prefix = "text_config.";
        wrapperReader.emplace(root, "", family, nullptr);
        (void)wrapperReader->find("text_config");
    }
    ConfigReader in(*object, prefix, family, id.wrapper);
    Reading r;
    if (llamaLike(family.family))
        readLlamaLike(in, r, id.wrapper);
    else
        readClassic(in, r);
    (void)in.text("model_type");
    (void)in.find("architectures");
    // Llama4Config keeps tie_word_embeddings on the wrapper.
    if (wrapperReader && !object->contains("tie_word_embeddings"))
        r.model.tiedEmbeddings = wrapperReader->flag("tie_word_embeddings", r.model.tiedEmbeddings);

    // The name the file gives, else the family's.
    r.model.name = family.name + std::string(" (config.json)");
    if (const auto it = root.find("_name_or_path");
        it != root.end() && it->is_string() && !it->get<std::string>().empty())
        r.model.name = it->get<std::string>();
    else if (const ModelPreset* preset = presetWithShape(r.model))
        r.model.name = preset->spec.name;

    Imported imported;
    imported.modelOnly = true;
    static const Scenario defaultScenario
        = io::readScenarioText(io::builtinDefaultScenarioText(), io::builtinCatalog());
    Scenario scenario = defaultScenario;
    scenario.model = r.model;
    imported.document = io::toJson(scenario)["model"];

    if (!in.defaultsTaken().empty())
        imported.notes.push_back("not in the file, so transformers' " + std::string(family.configClass)
                                 + " defaults: " + joined(in.defaultsTaken(), in.defaultsTaken().size()));
    std::vector<std::pair<std::string, const json*>> unread = unreadFields(in, *object, prefix);
    if (wrapperReader)
        for (auto& field : unreadFields(*wrapperReader, root, ""))
            unread.push_back(field);
    if (std::optional<std::string> note = ignoredFieldsNote(unread, r.unmodelled))
        imported.notes.push_back(*note);
    imported.notes.push_back(parametersNote(r));
    return imported;
}

} // namespace paraplan::frameworks
