// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// A configuration written as the files that launch it on a training framework (docs/frameworks/):
// every setting the scenario decides, under a comment header saying what ParaPlan predicted. What
// every format's exporter shares; launch_formats.h calls the exporter of a format.
namespace paraplan::frameworks {

enum class ExportFormat { Megatron, MegatronBridge, NemoYaml, DeepSpeed, TorchtitanToml, TorchtitanPy, Env, Slurm };
inline constexpr std::array<const char*, 8> kExportFormatNames
    = { "megatron", "megatron-bridge", "nemo-yaml", "deepspeed", "torchtitan-toml", "torchtitan-py", "env", "slurm" };
[[nodiscard]] const char* toString(ExportFormat format);
[[nodiscard]] std::optional<ExportFormat> exportFormatNamed(std::string_view name);

// One file of an export: the name it is suggested under ("pretrain_gpt.sh") and its text.
struct LaunchFile {
    std::string name;
    std::string text;
};

// What an export writes, and what it could not say: a setting the scenario decides that the
// framework has no flag or key for (the user must know the launch differs from the plan there).
struct LaunchBundle {
    std::vector<LaunchFile> files;
    std::vector<std::string> notes;
};

// What every exporter reads: the scenario, its detailed evaluation (valid; dp resolved and
// recomputation chosen in `prediction.parallel`, the band attached when there is one), and the
// header's lines without comment marks.
struct LaunchContext {
    const Scenario& scenario;
    const Result& prediction;
    std::vector<std::string> header;
};

// What ParaPlan predicted, in lines for a comment header: the configuration, the step with its
// band, throughput and MFU, memory per stage against the GPU's.
[[nodiscard]] std::vector<std::string> predictionSummary(const Scenario& scenario, const Result& prediction);

// `lines` as a comment block, each line prefixed by `mark` ("# ", "// ") and ended by a newline.
[[nodiscard]] std::string commentBlock(const std::vector<std::string>& lines, std::string_view mark);

} // namespace paraplan::frameworks
