// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/state/evaluation.h"
#include "widgets/topology/gpu_grouping.h"

#include <QString>

// A configuration's parallel groups shown on the topology drawing: each drawn GPU filled with its
// group's colour and labelled with its rank, and one picked GPU's group ringed, with every drawn
// link its traffic crosses lit and labelled "load ×L · S groups · R GB/s" (R: what each rank gets
// there, the link's bandwidth over its load).
namespace paraplan::widgets {

class TopologyScene;

// Colours the drawn GPUs by `evaluation`'s configuration; null: every GPU neutral, no ranks.
void colourGroups(TopologyScene& scene, const Evaluation* evaluation, GpuColouring colouring);

// Lights the group of `colouring`'s kind on `gpu` (global index) and returns what the placement
// panel says about it: which GPUs, and the link that gives each rank the least.
QString lightGroup(TopologyScene& scene, const Evaluation& evaluation, GpuColouring colouring, int64_t gpu);

} // namespace paraplan::widgets
