// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The training frameworks' files read back as a scenario (docs/frameworks/): a Hugging Face
// config.json as the scenario's model; a Megatron-LM command line or launch script, a
// Megatron-Bridge recipe override, a NeMo YAML, a DeepSpeed JSON, a torchtitan TOML or Python
// config as a whole scenario, with what the file does not say taken from a base scenario and named.
// Broken or unsupported files throw io::ReadError naming the line or key at fault.
namespace paraplan::frameworks {

enum class ImportFormat { HfConfig, Megatron, MegatronBridge, NemoYaml, DeepSpeed, TorchtitanToml, TorchtitanPy };
inline constexpr std::array<const char*, 7> kImportFormatNames
    = { "hf-config", "megatron", "megatron-bridge", "nemo-yaml", "deepspeed", "torchtitan-toml", "torchtitan-py" };
[[nodiscard]] const char* toString(ImportFormat format);
[[nodiscard]] std::optional<ImportFormat> importFormatNamed(std::string_view name);

// The file to read for `path`: a folder stands for the Hugging Face checkpoint it holds, its
// config.json; anything else is itself.
[[nodiscard]] std::string frameworkFileOf(const std::string& path);

// The format of a file from its name and its text; throws io::ReadError when it is none of them.
[[nodiscard]] ImportFormat detectImportFormat(const std::string& fileName, const std::string& text);

struct Imported {
    // The scenario in the contract's shape (spec/scenario.md), or for a config.json the `model`
    // object alone: io::readScenario reads it.
    nlohmann::json document;
    bool modelOnly = false;
    // What the reader wants the user to know: settings taken from the base because the file does
    // not say them, fields it ignored, the parameter count against the model card's.
    std::vector<std::string> notes;
};

} // namespace paraplan::frameworks
