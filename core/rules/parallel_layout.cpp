// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/parallel_layout.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"

namespace paraplan {

ParallelLayout resolveLayout(const Scenario& s)
{
    ParallelLayout layout;
    const ParallelSpec& p = s.parallel;
    layout.degrees = p.degrees;
    layout.degrees.dp = dataParallelOf(s);
    layout.microBatches = microBatchCount(s.training.globalBatch, s.training.microBatch, layout.degrees.dp);
    layout.virtualLayers = virtualStageLayers(s.model.layers, p.degrees.pp, p.degrees.vpp, p.layersPerStage);
    layout.stageLayers.resize(size_t(p.degrees.pp));
    for (int64_t stage = 0; stage < p.degrees.pp; ++stage)
        layout.stageLayers[size_t(stage)] = stageLayerCount(layout.virtualLayers, p.degrees.pp, stage);
    layout.sequenceParallel = p.sequenceParallel && p.degrees.tp > 1;
    layout.recompute = p.recompute;
    layout.zeroStage = p.zeroStage;
    return layout;
}

} // namespace paraplan
