// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"

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
// training.train_tokens.
[[nodiscard]] inline std::optional<int64_t> trainIterations(const TrainingSpec& training)
{
    if (!training.trainTokens || training.globalBatch <= 0 || training.seqLen <= 0)
        return std::nullopt;
    const double tokensPerStep = double(training.globalBatch) * double(training.seqLen);
    return int64_t(std::ceil(*training.trainTokens / tokensPerStep));
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
        if (written != *s.training.trainTokens)
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

} // namespace paraplan::frameworks::recipe
