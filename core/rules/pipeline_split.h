// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace paraplan {

// Layers of each virtual stage, indexed chunk * pp + stage (Megatron: chunk c of stage s is virtual
// stage c * pp + s). An explicit split (layers_per_stage, or a pipeline_layout read into it) wins;
// then Megatron's uneven splits, as get_num_layers_to_build (megatron/core/transformer/
// transformer_block.py @ d98e8a64) makes them; otherwise the layers are spread as evenly as
// possible, the remainder going to the earliest virtual stages, which carry the cheap embedding
// rather than the expensive logits.
[[nodiscard]] std::vector<int64_t> virtualStageLayers(int64_t layers, const ParallelDegrees& degrees, const ParallelSpec& parallel);

// Whether Megatron's uneven split is asked for (first/last stage layers, embedding or loss as layers).
[[nodiscard]] bool usesMegatronSplit(const ParallelSpec& parallel);
// What makes Megatron refuse the uneven split (its asserts, in words); empty when it takes it.
[[nodiscard]] std::string megatronSplitProblem(int64_t layers, const ParallelDegrees& degrees, const ParallelSpec& parallel);

// The split the search tries beside the even one: the first and the last virtual stage `trim` layers
// lighter (they carry the embedding and the logits), those layers spread over the middle stages.
// Empty where the ends would be left with fewer than one layer or there is no middle.
[[nodiscard]] std::vector<int64_t> trimmedEndsSplit(int64_t layers, int64_t virtualStages, int64_t trim);

} // namespace paraplan
