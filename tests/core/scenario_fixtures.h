// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/spec/efficiency_params.h"

#include <stdexcept>
#include <string>

// Scenarios for evaluation tests, written as the JSON users write.
namespace paraplan::test {

// A GPT-style model as the papers analyse it: MHA, a 4h GeLU MLP, dropout, untied embeddings.
inline ModelSpec gptModel(int64_t layers, int64_t hidden, int64_t heads, int64_t vocab = 51200)
{
    ModelSpec m;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = heads;
    m.ffnHidden = 4 * hidden;
    m.vocab = vocab;
    m.tiedEmbeddings = false;
    m.dropout = true;
    return m;
}

// NCCL reaching the links' full rate inside and between nodes, for tests that check the placement's arithmetic.
inline EfficiencyParams unitEfficiency()
{
    EfficiencyParams p;
    p.ncclIntraNodeEfficiency = 1;
    p.ncclInterNodeEfficiency = 1;
    return p;
}

inline Scenario scenarioFromJson(const std::string& json) { return io::readScenarioText(json, io::builtinCatalog()); }

// A model of the built-in catalog; throws for an unknown id.
inline const ModelSpec& modelPreset(const char* id)
{
    const ModelPreset* found = io::builtinCatalog().findModel(id);
    if (!found)
        throw std::runtime_error(std::string("no model preset ") + id);
    return found->spec;
}

// The catalog's H100 SXM (dense bf16 and fp8 peaks, 80 GiB at 3.35 TB/s, 132 SMs).
inline GpuSpec h100Gpu() { return io::builtinCatalog().findGpu("h100-sxm-80gb")->spec; }

// Llama 3.1 8B on DGX H100 nodes with tp 2 and pp 2: its whole landscape takes a fraction of a second.
inline Scenario llama8bOnDgxH100(int64_t nodes)
{
    // Appended piece by piece: GCC 12 warns (-Warray-bounds, a false positive) on a literal + string
    // + literal chain once the precompiled test header changes what it inlines.
    std::string json = R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": )";
    json += std::to_string(nodes);
    json += R"( },
      "parallel": { "tp": 2, "pp": 2 }
    })";
    return scenarioFromJson(json);
}

// GPT-3 175B on 64 DGX A100 nodes, Megatron's classic layout.
inline Scenario gpt3OnDgxA100()
{
    return scenarioFromJson(R"({
      "model": { "preset": "gpt3-175b" },
      "training": { "seq_len": 2048, "global_batch": 1536, "micro_batch": 1, "train_tokens": 300e9 },
      "cluster": { "preset": "dgx-a100-80gb", "nodes": 64, "gpu_hour_cost_usd": 2.0 },
      "parallel": { "tp": 8, "pp": 8, "sequence_parallel": true, "recompute": "selective", "zero_stage": 1 }
    })");
}

// Llama 3.1 70B on 8 DGX H100 nodes (the built-in default's shape).
inline Scenario llama70bOnDgxH100()
{
    return scenarioFromJson(R"({
      "model": { "preset": "llama3.1-70b" },
      "training": { "seq_len": 8192, "global_batch": 256, "micro_batch": 1 },
      "cluster": { "preset": "dgx-h100", "nodes": 8 },
      "parallel": { "tp": 8, "pp": 4, "vpp": 5, "sequence_parallel": true, "recompute": "auto", "zero_stage": 1 }
    })");
}

} // namespace paraplan::test
