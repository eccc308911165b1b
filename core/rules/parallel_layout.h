// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/parallel_degrees.h"
#include "core/spec/scenario.h"

#include <cstdint>
#include <optional>
#include <vector>

// A scenario's split of the work, resolved once: the degrees with dp filled in, the micro-batches
// each pipeline runs per step, and the layers on every (virtual) stage. The memory and step models,
// the search and the engine all read it rather than deriving any of it again.
namespace paraplan {

struct ParallelLayout {
    ParallelDegrees degrees;            // dp resolved
    int64_t microBatches = 0;           // m = B / (b·dp)
    std::vector<int64_t> virtualLayers; // per virtual stage, indexed chunk·pp + stage
    std::vector<int64_t> stageLayers;   // per physical stage, over all its chunks
    bool sequenceParallel = false;      // in effect: asked for, with a TP group to split along
    Recompute recompute = Recompute::None; // as the scenario says (Auto until the step model settles it)
    RecomputeModules recomputeModules;     // what Recompute::Selective replays
    int zeroStage = 0;

    // Sets the layers of every virtual stage (indexed chunk·pp + stage; degrees.pp set) and derives
    // the physical stages' counts and both by kind of layer: each virtual stage holds the layers
    // after those of the virtual stages before it in index order (Megatron's layer offsets).
    void assignLayers(const ModelSpec& model, std::vector<int64_t> layersPerVirtualStage);
    // The layers of a virtual stage and of a physical stage, by kind.
    [[nodiscard]] LayerMix virtualMix(size_t virtualStage) const;
    [[nodiscard]] LayerMix stageMix(size_t stage) const;

private:
    // Where every layer is alike (most models) the counts say it all, and the search, which
    // resolves layouts by the million, keeps no mixes. A layout built field by field holds dense layers.
    std::optional<LayerKind> m_uniformKind = LayerKind{};
    std::vector<LayerMix> m_virtualMix, m_stageMix; // where the layers differ
};

// The scenario must abide by the rules (validateScenario reports no error).
[[nodiscard]] ParallelLayout resolveLayout(const Scenario& scenario);

} // namespace paraplan
