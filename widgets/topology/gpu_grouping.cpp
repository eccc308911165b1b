// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/gpu_grouping.h"

#include <algorithm>
#include <map>

namespace paraplan::widgets {

CommGroup commGroupOf(GpuColouring colouring)
{
    switch (colouring) {
    case GpuColouring::TpGroup:
        return CommGroup::Tp;
    case GpuColouring::PpStage:
        return CommGroup::PipelineHop;
    case GpuColouring::DpReplica:
        return CommGroup::DataParallel;
    case GpuColouring::CpGroup:
        return CommGroup::Cp;
    case GpuColouring::EpGroup:
        return CommGroup::Ep;
    }
    return CommGroup::Tp;
}

GpuColours colourGpus(const ParallelDegrees& degrees, const RankPlacement& placement, GpuColouring colouring, int64_t gpuCount)
{
    GpuColours colours;
    colours.rankOfGpu.assign(size_t(std::max<int64_t>(gpuCount, 0)), -1);
    colours.colourOfGpu.assign(colours.rankOfGpu.size(), -1);
    const int64_t ranks = degrees.ranks();
    for (int64_t r = 0; r < ranks; ++r)
        if (const int64_t gpu = placement.gpuOf(r); gpu >= 0 && gpu < gpuCount)
            colours.rankOfGpu[size_t(gpu)] = r;

    const GroupShape shape = groupShape(commGroupOf(colouring), degrees, placement.order);
    std::map<int64_t, int64_t> groupNumber; // group base rank -> colour, in order of appearance
    for (int64_t gpu = 0; gpu < gpuCount; ++gpu) {
        const int64_t rank = colours.rankOfGpu[size_t(gpu)];
        if (rank < 0)
            continue;
        int64_t& colour = colours.colourOfGpu[size_t(gpu)];
        switch (colouring) {
        case GpuColouring::PpStage:
            colour = denseCoordinate(rank, ParallelDim::Pp, degrees, placement.order);
            break;
        case GpuColouring::DpReplica:
            colour = denseCoordinate(rank, ParallelDim::Dp, degrees, placement.order);
            break;
        default:
            if (shape.axes[0].size * shape.axes[1].size > 1)
                colour = groupNumber.emplace(firstRankOfGroup(rank, shape), int64_t(groupNumber.size())).first->second;
        }
    }
    return colours;
}

std::optional<PickedGroup> pickGroup(const Fabric& fabric, const ParallelDegrees& degrees, const RankPlacement& placement,
                                     GpuColouring colouring, int64_t gpu)
{
    PickedGroup picked;
    picked.group = commGroupOf(colouring);
    const GroupShape shape = groupShape(picked.group, degrees, placement.order);
    const std::vector<std::vector<int64_t>> groups = fabric.gpuGroups(shape, placement);
    int64_t found = -1;
    for (size_t g = 0; g < groups.size() && found < 0; ++g) // a pipeline hop: the one this GPU sends in
        if (!groups[g].empty() && groups[g].front() == gpu)
            found = int64_t(g);
    for (size_t g = 0; g < groups.size() && found < 0; ++g)
        if (std::find(groups[g].begin(), groups[g].end(), gpu) != groups[g].end())
            found = int64_t(g);
    if (found < 0)
        return std::nullopt;
    picked.index = found;
    picked.count = int64_t(groups.size());
    picked.gpus = groups[size_t(found)];
    picked.loads = fabric.linkLoads(groups, shape.pattern, found);
    return picked;
}

} // namespace paraplan::widgets
