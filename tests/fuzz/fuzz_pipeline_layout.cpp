// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Megatron's --pipeline-model-parallel-layout text (core/rules/pipeline_layout_string), as a
// scenario's parallel.pipeline_layout gives it: parsing refuses with a message or gives a split that
// writes back to a layout parsing to the same split, never hangs on repeats or builds past a million
// characters.
#include "tests/fuzz/fuzz_target.h"

#include "core/rules/pipeline_layout_string.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::string text = textOf(data, size);
    for (int64_t mtpLayers : { 0, 1 }) {
        const ParsedPipelineLayout parsed = parsePipelineLayout(text, mtpLayers);
        if (!parsed.error.empty()) {
            require(parsed.layersPerStage.empty(), "a refused layout gives no split");
            continue;
        }
        require(!parsed.layersPerStage.empty(), "an accepted layout has a stage");
        int64_t layers = 0;
        for (int64_t stage : parsed.layersPerStage) {
            require(stage >= 0, "a stage holds zero layers or more");
            layers += stage;
        }
        require(layers <= 1'000'000, "an accepted layout unrolls to a million characters at most");
        const ParsedPipelineLayout again = parsePipelineLayout(formatPipelineLayout(parsed.layersPerStage, mtpLayers), mtpLayers);
        require(again.error.empty() && again.layersPerStage == parsed.layersPerStage, "the written layout reads back");
    }
    return 0;
}

} // namespace paraplan::fuzz
