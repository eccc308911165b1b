// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/parallel_layout.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"
#include "core/rules/schedule_rules.h"

#include <utility>

namespace paraplan {

int64_t ParallelLayout::stageOf(int64_t virtualStage) const
{
    return stageOfVirtual(m_placement, degrees.pp, virtualStage);
}

bool ParallelLayout::holdsEmbedding(int64_t stage) const
{
    return stage == 0 || (m_placement.bidirectional && stage == degrees.pp - 1);
}

bool ParallelLayout::holdsOutput(int64_t stage) const
{
    if (m_placement.vShape)
        return stage == 0;
    return stage == degrees.pp - 1 || (m_placement.bidirectional && stage == 0);
}

void ParallelLayout::assignLayers(const ModelSpec& model, std::vector<int64_t> layersPerVirtualStage)
{
    const size_t pp = size_t(degrees.pp);
    virtualLayers = std::move(layersPerVirtualStage);
    stageLayers.assign(pp, 0);
    const ScheduleTraits traits = m_placement = scheduleTraits(schedule);
    const bool placedInOrder = !traits.vShape && !traits.bidirectional;
    if (placedInOrder) {
        for (size_t chunkStart = 0; chunkStart < virtualLayers.size(); chunkStart += pp) // no division: the search's hot loop
            for (size_t stage = 0; stage < pp; ++stage)
                stageLayers[stage] += virtualLayers[chunkStart + stage];
    } else {
        for (size_t vs = 0; vs < virtualLayers.size(); ++vs)
            stageLayers[size_t(stageOf(int64_t(vs)))] += virtualLayers[vs];
    }
    if (traits.bidirectional) // the mirror direction's stage pp - 1 - i
        for (size_t stage = 0; stage < pp; ++stage)
            stageLayers[stage] += virtualLayers[pp - 1 - stage];
    m_uniformKind = model.uniformLayerKind();
    m_virtualMix.clear();
    m_stageMix.clear();
    if (m_uniformKind)
        return;
    m_stageMix.assign(pp, {});
    int64_t first = 0;
    for (size_t vs = 0; vs < virtualLayers.size(); ++vs) {
        m_virtualMix.push_back(model.layerMix(first, virtualLayers[vs]));
        m_stageMix[size_t(stageOf(int64_t(vs)))] += m_virtualMix.back();
        first += virtualLayers[vs];
    }
    if (traits.bidirectional)
        for (size_t stage = 0; stage < pp; ++stage)
            m_stageMix[stage] += m_virtualMix[pp - 1 - stage];
}

namespace {

LayerMix allOfKind(LayerKind kind, int64_t layers)
{
    LayerMix mix;
    mix.count[kind.index()] = layers;
    return mix;
}

} // namespace

LayerMix ParallelLayout::virtualMix(size_t virtualStage) const
{
    return m_uniformKind ? allOfKind(*m_uniformKind, virtualLayers[virtualStage]) : m_virtualMix[virtualStage];
}

LayerMix ParallelLayout::stageMix(size_t stage) const
{
    return m_uniformKind ? allOfKind(*m_uniformKind, stageLayers[stage]) : m_stageMix[stage];
}

ParallelLayout resolveLayout(const Scenario& s)
{
    ParallelLayout layout;
    const ParallelSpec& p = s.parallel;
    layout.degrees = p.degrees;
    layout.degrees.dp = dataParallelOf(s);
    layout.microBatches = microBatchCount(s.training.globalBatch, s.training.microBatch, layout.degrees.dp);
    layout.schedule = effectiveSchedule(p);
    layout.assignLayers(s.model, virtualStageLayers(s.model.layers, p.degrees, p));
    layout.sequenceParallel = p.sequenceParallel && p.degrees.tp > 1;
    layout.recompute = p.recompute;
    layout.recomputeModules = p.recomputeModules;
    layout.zeroStage = p.zeroStage;
    return layout;
}

} // namespace paraplan
