// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// A Hugging Face config.json as the scenario's model (docs/frameworks/hf-config.md): Llama,
// Qwen 2/3, Mistral/Mixtral, DeepSeek-V2/V3, GPT-OSS, Gemma, GPT-2/NeoX/BLOOM/OPT families.
namespace paraplan::frameworks {

// The `model` object alone (Imported::modelOnly). The notes name the transformers defaults taken
// for keys the file leaves out and the fields ignored, and give the parameter count, against the
// model card's where one is known. Throws io::ReadError naming the key at fault.
[[nodiscard]] Imported importHfConfig(const std::string& text);

} // namespace paraplan::frameworks
