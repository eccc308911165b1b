// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/groups.h"

#include "widgets/common/formatting.h"
#include "widgets/common/link_text.h"
#include "widgets/topology/device_item.h"
#include "widgets/topology/link_item.h"
#include "widgets/topology/scene.h"

#include "core/network/cluster_topology.h"
#include "core/network/placement.h"

#include <QCoreApplication>

#include <limits>
#include <map>

namespace paraplan::widgets {

namespace {

struct GroupText {
    Q_DECLARE_TR_FUNCTIONS(TopologyGroups)
};

QString number(double value) { return QString::number(value, 'g', 3); }

QString gpuList(const std::vector<int64_t>& gpus)
{
    constexpr size_t kNamed = 16;
    QStringList names;
    for (size_t i = 0; i < gpus.size() && i < kNamed; ++i)
        names << QString::number(gpus[i]);
    if (gpus.size() > kNamed)
        names << QStringLiteral("…");
    return names.join(QStringLiteral(", "));
}

QString groupName(GpuColouring colouring)
{
    switch (colouring) {
    case GpuColouring::TpGroup:
        return GroupText::tr("TP group");
    case GpuColouring::PpStage:
        return GroupText::tr("Pipeline hop");
    case GpuColouring::DpReplica:
        return GroupText::tr("DP group");
    case GpuColouring::CpGroup:
        return GroupText::tr("CP group");
    case GpuColouring::EpGroup:
        return GroupText::tr("EP group");
    }
    return {};
}

} // namespace

void colourGroups(TopologyScene& scene, const Evaluation* evaluation, GpuColouring colouring)
{
    const int64_t perNode = evaluation ? evaluation->scenario.cluster.gpusPerNode : 0;
    GpuColours colours;
    if (evaluation)
        colours = colourGpus(evaluation->result.parallel.degrees, evaluation->scenario.parallel.placement, colouring,
                             scene.drawnNodes() * perNode);
    for (int n = 0; n < scene.drawnNodes(); ++n)
        for (int64_t i = 0; DeviceItem* gpu = scene.gpu(n, i); ++i) {
            if (i >= perNode) { // no configuration, or more GPUs than gpus_per_node: nothing to say
                gpu->setGroup(QColor(), QString());
                gpu->setToolTip(gpu->id());
                continue;
            }
            const int64_t global = n * perNode + i;
            const int64_t colour = colours.colourOfGpu[size_t(global)], rank = colours.rankOfGpu[size_t(global)];
            gpu->setGroup(colour >= 0 ? scene.palette().group(colour) : QColor(), rank >= 0 ? QString::number(rank) : QString());
            gpu->setToolTip(GroupText::tr("%1: GPU %2 of the cluster, rank %3").arg(gpu->id()).arg(global).arg(rank));
        }
}

QString lightGroup(TopologyScene& scene, const Evaluation& evaluation, GpuColouring colouring, int64_t gpu)
{
    const std::shared_ptr<const Fabric> fabric = fabricOf(evaluation.scenario.cluster);
    const std::optional<PickedGroup> picked
        = pickGroup(*fabric, evaluation.result.parallel.degrees, evaluation.scenario.parallel.placement, colouring, gpu);
    if (!picked) {
        scene.clearHighlight();
        return GroupText::tr("GPU %1 sends nothing in this kind of group: its degree is 1.").arg(gpu);
    }
    const int64_t perNode = evaluation.scenario.cluster.gpusPerNode;
    std::vector<DeviceItem*> members;
    for (int64_t member : picked->gpus)
        if (DeviceItem* item = scene.gpu(int(member / perNode), member % perNode))
            members.push_back(item);
    // A ring crosses a link both ways: one label per link, for its busier direction.
    std::map<int32_t, const LinkLoad*> busiest;
    for (const LinkLoad& load : picked->loads)
        if (load.load > 0) {
            const LinkLoad*& kept = busiest[load.use.link];
            if (!kept || load.load > kept->load)
                kept = &load;
        }
    std::vector<std::pair<LinkItem*, QString>> lit;
    QString networkLabel;
    double slowest = std::numeric_limits<double>::infinity(), networkSlowest = slowest;
    const LinkLoad* bottleneck = nullptr;
    for (const auto& [link, load] : busiest) {
        const double rate = fabric->linkGBps(link) / load->load;
        const QString label = load->sharing == 1
            ? GroupText::tr("load ×%1 · 1 group · %2").arg(number(load->load), formatGBps(rate))
            : GroupText::tr("load ×%1 · %2 groups · %3").arg(number(load->load)).arg(load->sharing).arg(formatGBps(rate));
        if (rate < slowest) {
            slowest = rate;
            bottleneck = load;
        }
        const int64_t node = fabric->nodeOfLink(link);
        if (node < 0) { // a leaf's uplinks to the spine: said on the network bar
            if (rate < networkSlowest) {
                networkSlowest = rate;
                networkLabel = GroupText::tr("spine uplinks: %1").arg(label);
            }
            continue;
        }
        const int64_t local = fabric->localLinkOf(link);
        if (LinkItem* item = local >= 0 ? scene.link(int(node), local) : scene.port(int(node), fabric->railOfLink(link)))
            lit.push_back({ item, label });
    }
    scene.showHighlight(members, lit, networkLabel);
    QString text = GroupText::tr("%1 %2 of %3: GPUs %4.")
                       .arg(groupName(colouring))
                       .arg(picked->index)
                       .arg(picked->count)
                       .arg(gpuList(picked->gpus));
    if (bottleneck)
        text += QLatin1Char('\n')
            + GroupText::tr("Slowest share: %1, load ×%2, %3 per rank.")
                  .arg(linkText(*fabric, bottleneck->use.link), number(bottleneck->load), formatGBps(slowest));
    return text;
}

} // namespace paraplan::widgets
