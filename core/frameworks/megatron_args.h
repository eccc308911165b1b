// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// Megatron-LM's pretrain_gpt.py arguments and the torchrun / srun lines that launch it, written
// from a scenario and read back from a command line or launch script (docs/frameworks/megatron.md).
namespace paraplan::frameworks {

// The arguments, one "--flag" or "--flag value" per entry, in the order the script writes them,
// each value quoted for bash where it needs to be ('Et*7|(t*8|)*6t*6mL'; --lr's "${LR:?...}" is
// shell text on purpose); `notes` gains what Megatron-LM has no flag for.
[[nodiscard]] std::vector<std::string> megatronArguments(const LaunchContext& context, std::vector<std::string>& notes);
[[nodiscard]] LaunchBundle exportMegatron(const LaunchContext& context);
[[nodiscard]] Imported importMegatron(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
