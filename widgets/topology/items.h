// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsItem>
#include <QPointF>

#include <cstdint>
#include <vector>

// What the topology drawing is made of, and what ties its items together: a link ends at a device
// or at the network bar, and follows it when it moves.
namespace paraplan::widgets {

class LinkItem;

enum TopologyItemType {
    kDeviceItemType = QGraphicsItem::UserType + 401,
    kLinkItemType,
    kNetworkItemType,
    kNodeFrameItemType,
};

// A device of one drawn node: `device` indexes its node kind's devices; `localGpu` is the GPU's
// number inside the node (-1 for other devices).
struct DeviceRef {
    int node = -1;
    int64_t kind = -1;
    int64_t device = -1;
    int64_t localGpu = -1;
};

// A link of one drawn node (`link` indexes its kind's links), or a NIC's port to the network
// (`rail` >= 0, `link` -1).
struct LinkRef {
    int node = -1;
    int64_t kind = -1;
    int64_t link = -1;
    int64_t rail = -1;
};

class LinkEnd {
public:
    virtual ~LinkEnd() = default;
    // Where a line coming from `toward` (scene coordinates) meets this end's outline.
    [[nodiscard]] virtual QPointF attachPoint(const QPointF& toward) const = 0;
    [[nodiscard]] virtual QPointF centre() const = 0;
    // A bar (an NVSwitch under its GPUs, the network) is reached by lines that drop straight onto it.
    [[nodiscard]] virtual bool isBar() const { return false; }
    void attach(LinkItem* link) { m_links.push_back(link); }

protected:
    // Defined with LinkItem (link_item.cpp), the one thing it calls.
    void rerouteLinks() const;

private:
    std::vector<LinkItem*> m_links;
};

} // namespace paraplan::widgets
