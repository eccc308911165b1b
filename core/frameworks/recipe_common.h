// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What the two recipe formats, NeMo 1.x's YAML (nemo_yaml.cpp) and Megatron-Bridge's overrides
// (megatron_bridge.cpp), share: both configure Megatron-Core through NeMo's stack, count training
// in whole iterations, and read a file that states only part of a scenario.
namespace paraplan::frameworks::recipe {

// The iterations that cover the scenario's training tokens, whole steps of global batch × sequence
// tokens rounded up (NeMo's trainer.max_steps, Megatron-Bridge's train.train_iters); none without
// a token budget (training.train_tokens, or dataset_tokens · epochs).
[[nodiscard]] inline std::optional<int64_t> trainIterations(const TrainingSpec& training)
{
    const std::optional<double> budget = tokenBudget(training);
    if (!budget || training.globalBatch <= 0 || training.seqLen <= 0)
        return std::nullopt;
    const double tokensPerStep = double(training.globalBatch) * double(training.seqLen);
    return int64_t(std::ceil(*budget / tokensPerStep));
}

// The notes every recipe export carries where they apply: the framework the prediction was for,
// the recomputation "auto" resolved to, training tokens rounded to whole iterations, and a rank
// table (rank_to_gpu), which no recipe holds.
inline void addCommonExportNotes(const LaunchContext& context, std::string_view format, std::string_view iterationsKey,
                                 std::vector<std::string>& notes)
{
    const Scenario& s = context.scenario;
    const ParallelSpec& evaluated = context.prediction.parallel;
    // NeMo and Megatron-Bridge run Megatron-Core: the same defaults (core/spec/framework.cpp).
    if (s.framework.name != Framework::MegatronCore && s.framework.name != Framework::Nemo)
        notes.push_back(std::string("framework: the prediction was for ") + toString(s.framework.name)
                        + ", whose defaults (attention kernel, overlaps, pipeline sends) differ from Megatron-Core's, which "
                        + std::string(format) + " runs");
    if (s.parallel.recompute == Recompute::Auto) {
        std::string chosen = toString(evaluated.recompute);
        if (evaluated.recompute == Recompute::Selective)
            chosen += " (" + moduleList(evaluated.recomputeModules) + ")";
        notes.push_back("recompute: the scenario says auto; the file states what ParaPlan chose and priced, " + chosen);
    }
    if (const std::optional<int64_t> iterations = trainIterations(s.training)) {
        const double written = double(*iterations) * double(s.training.globalBatch) * double(s.training.seqLen);
        if (written != *tokenBudget(s.training))
            notes.push_back("training.train_tokens: " + std::string(iterationsKey) + " counts whole iterations of "
                            + std::to_string(s.training.globalBatch) + " x " + std::to_string(s.training.seqLen)
                            + " tokens; " + std::to_string(*iterations) + " of them train "
                            + std::to_string(int64_t(written)) + " tokens, the scenario's count rounded up");
    }
    if (s.parallel.placement.table)
        notes.push_back("parallel.placement.rank_to_gpu: " + std::string(format)
                        + " has no setting for which GPU a rank runs on; launch with the env or slurm export, whose "
                          "per-node CUDA_VISIBLE_DEVICES orders put the ranks where ParaPlan priced them");
}

// The base scenario an import starts from: read as a scenario, so that a preset given in it
// stands for all its fields once the file's values are written over them.
[[nodiscard]] inline Scenario baseScenario(const nlohmann::json& base) { return io::readScenario(base, io::builtinCatalog()); }

// The imported scenario in the contract's shape, its model no longer the base's preset.
[[nodiscard]] inline Imported importedFrom(Scenario scenario, std::vector<std::string> notes)
{
    return { io::toJson(scenario), false, std::move(notes) };
}

// The text without the blanks (spaces, tabs, carriage returns) around it.
[[nodiscard]] inline std::string trimmed(std::string_view text)
{
    const size_t first = text.find_first_not_of(" \t\r");
    return first == std::string_view::npos ? std::string()
                                           : std::string(text.substr(first, text.find_last_not_of(" \t\r") + 1 - first));
}

// "model: not in the file, kept from the base: vocab, dropout"; empty when every field was read.
[[nodiscard]] inline std::string keptFromBase(std::string_view section, const std::vector<std::string>& fields)
{
    if (fields.empty())
        return {};
    std::string note = std::string(section) + ": not in the file, kept from the base:";
    for (size_t i = 0; i < fields.size(); ++i)
        (note += i == 0 ? " " : ", ") += fields[i];
    return note;
}

// The largest counts a recipe's values may give: beyond any real layer, width or batch count, and
// beyond any parallel degree.
inline constexpr int64_t kMaxCount = int64_t(1) << 40;
inline constexpr int64_t kMaxDegree = int64_t(1) << 20;

// What one section of the scenario read from the file, and which of its fields the base kept.
class Kept {
public:
    explicit Kept(std::string section) : m_section(std::move(section)) {}
    template <typename T>
    void set(const std::optional<T>& value, T& field, const char* name)
    {
        if (value)
            field = *value;
        else
            m_fields.emplace_back(name);
    }
    void add(const char* name) { m_fields.emplace_back(name); }
    [[nodiscard]] std::string note() const { return keptFromBase(m_section, m_fields); }
    void noteInto(std::vector<std::string>& notes) const
    {
        if (std::string kept = note(); !kept.empty())
            notes.push_back(std::move(kept));
    }

private:
    std::string m_section;
    std::vector<std::string> m_fields;
};

// "ignored 3 keys ParaPlan does not read: a, b, c" (the first eight named); empty when none.
[[nodiscard]] inline std::string ignoredNote(const std::vector<std::string>& unread, std::string_view what)
{
    if (unread.empty())
        return {};
    std::string note
        = "ignored " + std::to_string(unread.size()) + " " + std::string(what) + " ParaPlan does not read:";
    for (size_t i = 0; i < std::min<size_t>(unread.size(), 8); ++i)
        (note += i == 0 ? " " : ", ") += unread[i];
    return note + (unread.size() > 8 ? ", ..." : "");
}

// Both formats state Megatron-Core's TransformerConfig fields under `model.` by their own names
// (NeMo 1.x's cfg.model, Megatron-Bridge's cfg.model): what follows reads those they share, from a
// Source that is either format's reader. A Source answers integer(key, min, max), number(key, min,
// max), boolean(key), choice(key, allowed) (std::nullopt where the key is absent) and isNull(key)
// (the key given as null / None), and throws io::ReadError naming the key for a bad value.

// model.num_moe_experts: the expert count the file gives. None where it gives null (a dense model:
// the base's MoE is cleared) or nothing (the base's MoE stands, and is named).
template <typename Source>
[[nodiscard]] std::optional<int64_t> moeExperts(Source& file, ModelSpec& m, std::vector<std::string>& notes)
{
    if (file.isNull("model.num_moe_experts")) {
        m.moe = {};
        return std::nullopt;
    }
    const std::optional<int64_t> experts = file.integer("model.num_moe_experts", 1, kMaxCount);
    if (!experts && m.isMoe())
        notes.push_back("model.moe: not in the file, kept from the base: " + std::to_string(m.moe.experts)
                        + " experts");
    return experts;
}

// The layer shape: layers, widths, heads. TransformerConfig: num_query_groups None is
// num_attention_heads (plain multi-head attention), kv_channels None is hidden_size //
// num_attention_heads (ParaPlan's head_dim 0).
template <typename Source>
void readLayerShape(Source& file, ModelSpec& m, Kept& kept)
{
    kept.set(file.integer("model.num_layers", 1, kMaxCount), m.layers, "layers");
    kept.set(file.integer("model.hidden_size", 1, kMaxCount), m.hidden, "hidden");
    kept.set(file.integer("model.ffn_hidden_size", 1, kMaxCount), m.ffnHidden, "ffn_hidden");
    kept.set(file.integer("model.num_attention_heads", 1, kMaxCount), m.heads, "heads");
    if (file.isNull("model.num_query_groups"))
        m.kvHeads = m.heads;
    else
        kept.set(file.integer("model.num_query_groups", 1, kMaxCount), m.kvHeads, "kv_heads");
    if (file.isNull("model.kv_channels"))
        m.headDimension = 0;
    else
        kept.set(file.integer("model.kv_channels", 1, kMaxCount), m.headDimension, "head_dim");
}

// Dropout on when either of the two rates is above zero.
template <typename Source>
void readDropout(Source& file, ModelSpec& m, Kept& kept)
{
    const std::optional<double> hidden = file.number("model.hidden_dropout", 0, 1);
    const std::optional<double> attention = file.number("model.attention_dropout", 0, 1);
    if (hidden || attention)
        m.dropout = hidden.value_or(0) > 0 || attention.value_or(0) > 0;
    else
        kept.add("dropout");
}

// The parallel degrees both formats name alike; dp is what the GPU count leaves, as Megatron-Core
// derives it.
template <typename Source>
void readDegrees(Source& file, ParallelDegrees& d, Kept& kept)
{
    kept.set(file.integer("model.tensor_model_parallel_size", 1, kMaxDegree), d.tp, "tp");
    kept.set(file.integer("model.pipeline_model_parallel_size", 1, kMaxDegree), d.pp, "pp");
    if (file.isNull("model.virtual_pipeline_model_parallel_size"))
        d.vpp = 1;
    else
        kept.set(file.integer("model.virtual_pipeline_model_parallel_size", 1, kMaxDegree), d.vpp, "vpp");
    kept.set(file.integer("model.context_parallel_size", 1, kMaxDegree), d.cp, "cp");
    kept.set(file.integer("model.expert_model_parallel_size", 1, kMaxDegree), d.ep, "ep");
    d.dp = 0;
}

// Megatron-Core's rank order with use_tp_pp_dp_mapping: pipeline stages inside data-parallel
// replicas; otherwise the default order.
inline void placeByMapping(ParallelSpec& p, const std::optional<bool>& tpPpDp)
{
    p.placement = {};
    if (tpPpDp && *tpPpDp)
        p.placement.order = { ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Pp, ParallelDim::Dp };
}

// The recompute granularity (each format's own key): null is none; selective or full sets it with
// Megatron-Core's default modules (core_attn). False where the file does not say, so the base's
// stands (and is named), or says none.
template <typename Source>
[[nodiscard]] bool readRecomputeGranularity(Source& file, const std::string& key, ParallelSpec& p, Kept& kept)
{
    if (file.isNull(key)) {
        p.recompute = Recompute::None;
        return false;
    }
    const std::optional<size_t> granularity = file.choice(key, { "selective", "full" });
    if (!granularity) {
        kept.add("recompute");
        return false;
    }
    p.recompute = *granularity == 0 ? Recompute::Selective : Recompute::Full;
    p.recomputeModules = RecomputeModules();
    return true;
}

// Whether full recomputation covers only part of the layers (the block method, or uniform groups
// of several layers), which ParaPlan does not price: it prices every layer recomputed.
template <typename Source>
[[nodiscard]] bool recomputesPartOfLayers(Source& file, const std::string& methodKey, const std::string& layersKey,
                                          const ParallelSpec& p)
{
    const std::optional<size_t> method = file.choice(methodKey, { "uniform", "block" });
    const std::optional<int64_t> group = file.integer(layersKey, 1, kMaxCount);
    return p.recompute == Recompute::Full && (method.value_or(0) == 1 || group.value_or(1) > 1);
}

} // namespace paraplan::frameworks::recipe
