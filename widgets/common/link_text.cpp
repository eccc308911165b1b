// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/link_text.h"

#include <QCoreApplication>

namespace paraplan::widgets {

namespace {
// The translation context of these free functions.
struct LinkText {
    Q_DECLARE_TR_FUNCTIONS(LinkText)
};
} // namespace

QString linkKindText(NodeLinkKind kind)
{
    switch (kind) {
    case NodeLinkKind::NvLink:
        return LinkText::tr("NVLink");
    case NodeLinkKind::Pcie:
        return LinkText::tr("PCIe");
    case NodeLinkKind::SocketLink:
        return LinkText::tr("socket link");
    }
    return {};
}

QString deviceKindText(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Gpu:
        return LinkText::tr("GPU");
    case DeviceKind::NvSwitch:
        return LinkText::tr("NVSwitch");
    case DeviceKind::PcieSwitch:
        return LinkText::tr("PCIe switch");
    case DeviceKind::Cpu:
        return LinkText::tr("CPU socket");
    case DeviceKind::Nic:
        return LinkText::tr("NIC");
    }
    return {};
}

QString linkText(const Fabric& fabric, int32_t link)
{
    const TopologySpec& topology = fabric.topology();
    const int64_t node = fabric.nodeOfLink(link);
    if (const int64_t local = fabric.localLinkOf(link); local >= 0) {
        const NodeLinkSpec& l = topology.nodes[size_t(fabric.kindOf(node))].links[size_t(local)];
        return LinkText::tr("%1 – %2 (%3) on node %4")
            .arg(QString::fromStdString(l.from), QString::fromStdString(l.to), linkKindText(l.kind))
            .arg(node);
    }
    if (const int64_t rail = fabric.railOfLink(link); rail >= 0)
        return LinkText::tr("NIC %1 of node %2").arg(QString::fromStdString(fabric.nicName(node, rail))).arg(node);
    return topology.network.kind == NetworkKind::FatTree ? LinkText::tr("the spine uplinks of a leaf switch")
                                                         : LinkText::tr("the spine uplinks of a rail switch");
}

} // namespace paraplan::widgets
