// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/launch_import.h"

#include "core/io/json_reader.h"

#include <filesystem>

namespace paraplan::frameworks {

const char* toString(ImportFormat format) { return kImportFormatNames[size_t(format)]; }

std::optional<ImportFormat> importFormatNamed(std::string_view name)
{
    for (size_t i = 0; i < kImportFormatNames.size(); ++i)
        if (name == kImportFormatNames[i])
            return ImportFormat(i);
    return std::nullopt;
}

std::string frameworkFileOf(const std::string& path)
{
    std::error_code code;
    return std::filesystem::is_directory(path, code) ? (std::filesystem::path(path) / "config.json").string() : path;
}

namespace {

bool has(const std::string& text, std::string_view word) { return text.find(word) != std::string::npos; }

} // namespace

// Each format is told apart by what only it writes: a file's extension says JSON, YAML, TOML or
// Python, and the names inside say whose it is. A shell script or a bare command line is
// Megatron-LM's when it passes Megatron's own flags, Megatron-DeepSpeed's when it also names a
// DeepSpeed config.
ImportFormat detectImportFormat(const std::string& fileName, const std::string& text)
{
    const std::string extension = std::filesystem::path(fileName).extension().string();
    const size_t firstChar = text.find_first_not_of(" \t\r\n");
    const bool jsonText = firstChar != std::string::npos && text[firstChar] == '{';
    if (extension == ".json" || (extension.empty() && jsonText)) {
        if (has(text, "\"model_type\"") || has(text, "\"architectures\""))
            return ImportFormat::HfConfig;
        if (has(text, "\"train_batch_size\"") || has(text, "\"train_micro_batch_size_per_gpu\"")
            || has(text, "\"zero_optimization\""))
            return ImportFormat::DeepSpeed;
        throw io::ReadError(fileName, "a JSON file that is neither a Hugging Face config.json (it has no "
                                      "\"model_type\" or \"architectures\") nor a DeepSpeed config (no "
                                      "\"train_batch_size\", \"train_micro_batch_size_per_gpu\" or "
                                      "\"zero_optimization\"); give --format to say which it is");
    }
    if (extension == ".yaml" || extension == ".yml")
        return ImportFormat::NemoYaml;
    if (extension == ".toml")
        return ImportFormat::TorchtitanToml;
    if (extension == ".py") {
        if (has(text, "torchtitan") || has(text, "Trainer.Config"))
            return ImportFormat::TorchtitanPy;
        return ImportFormat::MegatronBridge;
    }
    // Megatron-DeepSpeed passes Megatron's flags too; its scripts name the DeepSpeed config.
    if (has(text, "--deepspeed_config") || has(text, "--deepspeed-config"))
        return ImportFormat::DeepSpeed;
    if (has(text, "--tensor-model-parallel-size") || has(text, "--num-layers") || has(text, "pretrain_gpt")
        || has(text, "--hidden-size"))
        return ImportFormat::Megatron;
    if (has(text, "[parallelism]") || has(text, "[training]"))
        return ImportFormat::TorchtitanToml;
    throw io::ReadError(fileName, "not a format ParaPlan reads: expected a config.json, a DeepSpeed JSON, a NeMo "
                                  "YAML, a torchtitan TOML or Python config, a Megatron-Bridge recipe (.py) or a "
                                  "Megatron-LM command line or launch script; give --format to say which it is");
}

} // namespace paraplan::frameworks
