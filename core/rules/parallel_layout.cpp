// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/parallel_layout.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"

#include <utility>

namespace paraplan {

void assignLayers(ParallelLayout& layout, const ModelSpec& model, std::vector<int64_t> virtualLayers)
{
    const int64_t pp = layout.degrees.pp;
    layout.virtualLayers = std::move(virtualLayers);
    layout.stageLayers.assign(size_t(pp), 0);
    layout.stageLayerMix.assign(size_t(pp), {});
    layout.virtualLayerMix.clear();
    layout.virtualLayerMix.reserve(layout.virtualLayers.size());
    int64_t first = 0;
    for (size_t vs = 0; vs < layout.virtualLayers.size(); ++vs) {
        const int64_t layers = layout.virtualLayers[vs];
        layout.virtualLayerMix.push_back(model.layerMix(first, layers));
        layout.stageLayers[vs % size_t(pp)] += layers;
        layout.stageLayerMix[vs % size_t(pp)] += layout.virtualLayerMix.back();
        first += layers;
    }
}

ParallelLayout resolveLayout(const Scenario& s)
{
    ParallelLayout layout;
    const ParallelSpec& p = s.parallel;
    layout.degrees = p.degrees;
    layout.degrees.dp = dataParallelOf(s);
    layout.microBatches = microBatchCount(s.training.globalBatch, s.training.microBatch, layout.degrees.dp);
    assignLayers(layout, s.model, virtualStageLayers(s.model.layers, p.degrees.pp, p.degrees.vpp, p.layersPerStage));
    layout.sequenceParallel = p.sequenceParallel && p.degrees.tp > 1;
    layout.recompute = p.recompute;
    layout.zeroStage = p.zeroStage;
    return layout;
}

} // namespace paraplan
