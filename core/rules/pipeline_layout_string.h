// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Megatron-Core's --pipeline-model-parallel-layout (megatron/core/transformer/
// pipeline_parallel_layer_layout.py @ d98e8a64): the pp·vpp virtual stages in index order (chunk ·
// pp + stage) separated by '|', each a run of E (embedding), t (transformer layer), m (MTP module)
// and L (loss); "x*n" repeats a character, "(...)*n" a group, commas are cosmetic. Example:
// "Et*7|(t*8|)*14,t*7L". The embedding opens the first virtual stage and the loss closes the last
// (Megatron's rule); ParaPlan prices the MTP modules on the last virtual stage, before the loss.
namespace paraplan {

struct ParsedPipelineLayout {
    std::vector<int64_t> layersPerStage; // transformer layers per virtual stage, in index order
    std::string error;                   // empty when parsed; else what is wrong and how to mend it
};

[[nodiscard]] ParsedPipelineLayout parsePipelineLayout(const std::string& text, int64_t mtpLayers);

// The layout string of a split, runs of alike middle stages folded: parses back to the same split.
[[nodiscard]] std::string formatPipelineLayout(const std::vector<int64_t>& layersPerStage, int64_t mtpLayers);

} // namespace paraplan
