// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/rules/schedule_rules.h"
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
    // The order the stages run their passes in (effectiveSchedule); set before assignLayers, since
    // V-shaped and bidirectional schedules place virtual stages differently.
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    Recompute recompute = Recompute::None; // as the scenario says (Auto until the step model settles it)
    RecomputeModules recomputeModules;     // what Recompute::Selective replays
    int zeroStage = 0;

    // The stage a virtual stage runs on: chunk·pp + stage on `stage`, except in a V, where virtual
    // stage pp + i runs on stage pp - 1 - i. These and the two below read the placement assignLayers
    // took from the schedule.
    [[nodiscard]] int64_t stageOf(int64_t virtualStage) const;
    // The stages that hold the embedding and the output layer: the first and the last, the first
    // alone in a V, and with DualPipe both ends hold both (each also runs the mirror direction).
    [[nodiscard]] bool holdsEmbedding(int64_t stage) const;
    [[nodiscard]] bool holdsOutput(int64_t stage) const;
    // Calls f(virtual stage, share) for each chunk a stage runs, `share` of the step's micro-batches
    // passing through it: all of them, or half with DualPipe, whose stage also runs the mirror
    // direction's virtual stage pp - 1 - stage.
    template<typename F>
    void forEachChunkOn(int64_t stage, F f) const
    {
        if (m_placement.bidirectional) {
            f(stage, 0.5);
            f(degrees.pp - 1 - stage, 0.5);
            return;
        }
        for (int64_t c = 0; c < degrees.vpp; ++c)
            f(m_placement.vShape && c == 1 ? 2 * degrees.pp - 1 - stage : c * degrees.pp + stage, 1.0);
    }

    // Sets the layers of every virtual stage (indexed chunk·pp + stage; degrees.pp set) and derives
    // the physical stages' counts and both by kind of layer: each virtual stage holds the layers
    // after those of the virtual stages before it in index order (Megatron's layer offsets). With
    // DualPipe a stage also holds its mirror stage's layers.
    void assignLayers(const ModelSpec& model, std::vector<int64_t> layersPerVirtualStage);
    // The layers of a virtual stage and of a physical stage, by kind.
    [[nodiscard]] LayerMix virtualMix(size_t virtualStage) const;
    [[nodiscard]] LayerMix stageMix(size_t stage) const;

private:
    // Where every layer is alike (most models) the counts say it all, and the search, which
    // resolves layouts by the million, keeps no mixes. A layout built field by field holds dense layers.
    std::optional<LayerKind> m_uniformKind = LayerKind{};
    std::vector<LayerMix> m_virtualMix, m_stageMix; // where the layers differ
    ScheduleTraits m_placement; // the schedule's, set by assignLayers
};

// The scenario must abide by the rules (validateScenario reports no error).
[[nodiscard]] ParallelLayout resolveLayout(const Scenario& scenario);

} // namespace paraplan
