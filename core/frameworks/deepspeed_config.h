// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>
#include <vector>

// DeepSpeed's JSON config and the Megatron-DeepSpeed launch script around it
// (docs/frameworks/deepspeed.md).
namespace paraplan::frameworks {

// ds_config.json and pretrain_megatron_deepspeed.sh, which writes the same JSON with a here-document
// and runs Megatron-DeepSpeed's pretrain_gpt.py under DeepSpeed's launcher (torchrun per node where a
// rank table reorders the GPUs).
[[nodiscard]] LaunchBundle exportDeepSpeed(const LaunchContext& context);
// `text` is a DeepSpeed JSON (it starts with '{': its batch, ZeRO, precision and pipeline keys, the
// rest from `base`) or a launch script (its flags, the JSON its here-document writes, the launcher's
// node and GPU counts and per-node CUDA_VISIBLE_DEVICES orders).
[[nodiscard]] Imported importDeepSpeed(const std::string& text, const nlohmann::json& base);

} // namespace paraplan::frameworks
