// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/scene.h"

#include "widgets/common/link_text.h"
#include "widgets/topology/device_item.h"
#include "widgets/topology/edits.h"
#include "widgets/topology/layout.h"
#include "widgets/topology/link_item.h"
#include "widgets/topology/network_item.h"
#include "widgets/topology/node_frame.h"

#include "core/network/fabric.h"

#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace paraplan::widgets {

namespace {

// An item of a drawn node by index, or null when either is out of range.
template <typename Item>
Item* drawnItem(const std::vector<std::vector<Item*>>& items, int node, int64_t index)
{
    if (node < 0 || node >= int(items.size()) || index < 0 || index >= int64_t(items[size_t(node)].size()))
        return nullptr;
    return items[size_t(node)][size_t(index)];
}


constexpr double kFramePadding = 22;
constexpr double kNodeGap = 44;       // between nodes side by side
constexpr double kNetworkChannel = 70; // under each row of nodes, for the network bar

QString number(double value) { return QString::number(value, 'g', 4); }

} // namespace

TopologyScene::TopologyScene(QObject* parent)
    : QGraphicsScene(parent)
{
}

DeviceItem* TopologyScene::device(int node, int64_t device) const { return drawnItem(m_devices, node, device); }

DeviceItem* TopologyScene::gpu(int node, int64_t localGpu) const { return drawnItem(m_gpus, node, localGpu); }

LinkItem* TopologyScene::link(int node, int64_t link) const { return drawnItem(m_links, node, link); }

LinkItem* TopologyScene::port(int node, int64_t rail) const { return drawnItem(m_ports, node, rail); }

int TopologyScene::columnsFor(const QSizeF& viewport) const
{
    // The grid that shows the nodes largest in the view.
    const int drawn = drawnNodes();
    const QSizeF view = viewport.isValid() && !viewport.isEmpty() ? viewport : QSizeF(1600, 940);
    int best = 1;
    double bestScale = 0;
    for (int c = 1; c <= std::min(drawn, 4); ++c) {
        const int rows = (drawn + c - 1) / c;
        const double w = c * m_cell.width() + (c - 1) * kNodeGap, h = rows * (m_cell.height() + kNetworkChannel);
        if (const double scale = std::min(view.width() / w, view.height() / h); scale > bestScale * 1.02) {
            bestScale = scale;
            best = c;
        }
    }
    return best;
}

void TopologyScene::build(const TopologySpec& topology, int64_t nodes, const TopologyPalette& palette, const QSizeF& viewport)
{
    clear();
    m_network = nullptr;
    m_moreNodes = nullptr;
    m_topology = topology;
    m_clusterNodes = nodes;
    m_palette = palette;
    setBackgroundBrush(palette.theme.background);
    m_kinds = kindsOfNodes(topology, nodes, kMaxDrawnNodes);
    const size_t drawn = m_kinds.size();
    m_origins.assign(drawn, QPointF());
    m_devices.assign(drawn, {});
    m_gpus.assign(drawn, {});
    m_links.assign(drawn, {});
    m_ports.assign(drawn, {});
    if (drawn == 0)
        return;

    // Each kind laid out once; its frame in node coordinates holds the devices and the title.
    std::vector<NodeLayout> layouts(topology.nodes.size());
    std::vector<QRectF> frames(topology.nodes.size());
    QSizeF& cell = m_cell;
    cell = QSizeF();
    for (int64_t kind : m_kinds) {
        if (!frames[size_t(kind)].isNull())
            continue;
        layouts[size_t(kind)] = layoutNode(topology.nodes[size_t(kind)]);
        QRectF bounds(0, 0, 160, 60);
        if (!layouts[size_t(kind)].devices.empty()) {
            bounds = QRectF();
            for (const DeviceGeometry& g : layouts[size_t(kind)].devices) {
                bounds = bounds.united(QRectF(g.centre.x() - g.size.width() / 2, g.centre.y() - g.size.height() / 2,
                                              g.size.width(), g.size.height()));
                for (const QRectF& bar : g.bars)
                    bounds = bounds.united(bar.translated(g.centre));
            }
        }
        frames[size_t(kind)] = bounds.adjusted(-kFramePadding, -kFramePadding - NodeFrameItem::kTitleHeight,
                                               kFramePadding, kFramePadding);
        cell = cell.expandedTo(frames[size_t(kind)].size());
    }

    const int columns = m_columns = columnsFor(viewport);
    std::vector<QRectF> rows;      // the extent of each row of nodes
    std::vector<QLineF> bandBars;  // the network between the bands of a wide node
    for (size_t n = 0; n < drawn; ++n) {
        const int column = int(n) % columns, row = int(n) / columns;
        const QPointF cellTopLeft(column * (cell.width() + kNodeGap), row * (cell.height() + kNetworkChannel));
        const QRectF& frame = frames[size_t(m_kinds[n])];
        m_origins[n] = cellTopLeft - frame.topLeft();
        if (size_t(row) >= rows.size())
            rows.emplace_back();
        rows[size_t(row)] = rows[size_t(row)].united(QRectF(cellTopLeft, cell));
    }
    for (size_t n = 0; n < drawn; ++n) {
        const NodeSpec& spec = topology.nodes[size_t(m_kinds[n])];
        const QString name = spec.name.empty() ? tr("Node kind %1").arg(m_kinds[n] + 1) : QString::fromStdString(spec.name);
        addItem(new NodeFrameItem(int(n), frames[size_t(m_kinds[n])].translated(m_origins[n]),
                                  tr("%1 · node %2").arg(name).arg(n), &m_palette));
        const NodeLayout& layout = layouts[size_t(m_kinds[n])];
        buildNode(int(n), spec, layout.devices);
        const QRectF frame = frames[size_t(m_kinds[n])].translated(m_origins[n]);
        for (double y : layout.bandGaps)
            bandBars.emplace_back(frame.left() + 10, m_origins[n].y() + y, frame.right() - 10, m_origins[n].y() + y);
    }
    buildNetwork(rows, std::move(bandBars));
    for (size_t n = 0; n < drawn; ++n) {
        for (LinkItem* link : m_links[n])
            if (link)
                link->reroute();
        for (LinkItem* port : m_ports[n])
            port->reroute();
    }
    if (nodes > int64_t(drawn)) {
        // With several kinds the rest may mix them; one kind repeats the last node drawn.
        bool likeLast = topology.nodes.size() == 1;
        if (!likeLast) {
            const std::vector<int64_t> all = kindsOfNodes(topology, nodes, nodes);
            likeLast = std::all_of(all.begin() + std::ptrdiff_t(drawn), all.end(), [&](int64_t k) { return k == m_kinds.back(); });
        }
        const int64_t more = nodes - int64_t(drawn);
        m_moreNodes = addSimpleText(likeLast ? tr("… and %1 more nodes like node %2 (%3 in all)").arg(more).arg(drawn - 1).arg(nodes)
                                             : tr("… and %1 more nodes (%2 in all)").arg(more).arg(nodes));
        QFont font = this->font();
        font.setPixelSize(18);
        font.setItalic(true);
        m_moreNodes->setFont(font);
        m_moreNodes->setBrush(m_palette.theme.subtle);
        const QRectF last = rows.back();
        const bool roomBeside = drawn % size_t(columns) != 0;
        m_moreNodes->setPos(roomBeside ? QPointF(last.right() + kNodeGap, last.top() + cell.height() / 2)
                                       : QPointF(last.left(), last.bottom() + kNetworkChannel + 4));
    }
    // Room around the drawing, so that zooming about any point and panning past the edges work.
    const QRectF drawing = itemsBoundingRect();
    setSceneRect(drawing.adjusted(-drawing.width(), -drawing.height(), drawing.width(), drawing.height()));
}

void TopologyScene::buildNode(int node, const NodeSpec& spec, const std::vector<DeviceGeometry>& layout)
{
    std::vector<DeviceItem*>& devices = m_devices[size_t(node)];
    const int64_t kind = m_kinds[size_t(node)];
    std::unordered_map<std::string, DeviceItem*> byId;
    for (size_t d = 0; d < spec.devices.size(); ++d) {
        const DeviceSpec& device = spec.devices[d];
        DeviceRef ref{ node, kind, int64_t(d), -1 };
        if (device.kind == DeviceKind::Gpu)
            ref.localGpu = int64_t(m_gpus[size_t(node)].size());
        auto* item = new DeviceItem(ref, device.kind, QString::fromStdString(device.id), layout[d].size, &m_palette);
        item->setBars(layout[d].bars);
        item->setPos(m_origins[size_t(node)] + layout[d].centre);
        if (device.kind == DeviceKind::Nic)
            item->setToolTip(tr("NIC %1: %2 GB/s to the network").arg(QString::fromStdString(device.id), number(device.nicGBps)));
        addItem(item);
        devices.push_back(item);
        byId.emplace(device.id, item);
        if (device.kind == DeviceKind::Gpu)
            m_gpus[size_t(node)].push_back(item);
    }
    for (size_t l = 0; l < spec.links.size(); ++l) {
        const NodeLinkSpec& link = spec.links[l];
        const auto from = byId.find(link.from), to = byId.find(link.to);
        if (from == byId.end() || to == byId.end() || from->second == to->second) {
            m_links[size_t(node)].push_back(nullptr); // validation names the broken link
            continue;
        }
        auto* item = new LinkItem(from->second, to->second, LinkRef{ node, kind, int64_t(l), -1 }, m_palette.link(link.kind),
                                  TopologyPalette::linkWidth(link.GBps), &devices, &m_palette);
        item->setToolTip(tr("%1 – %2: %3, %4 GB/s, %5 µs")
                             .arg(QString::fromStdString(link.from), QString::fromStdString(link.to))
                             .arg(linkKindText(link.kind), number(link.GBps), number(link.latencyUs)));
        addItem(item);
        m_links[size_t(node)].push_back(item);
    }
}

QString TopologyScene::networkCaption() const
{
    const NetworkSpec& net = m_topology.network;
    const QString latency = tr("%1 µs").arg(number(net.latencyUs));
    switch (net.kind) {
    case NetworkKind::SingleSwitch:
        return tr("Network: one non-blocking switch · %1").arg(latency);
    case NetworkKind::FatTree:
        return (net.oversubscription > 1
                    ? tr("Network: fat tree, leaves of %1 nodes, %2:1 oversubscribed · %3")
                          .arg(net.nodesPerLeaf)
                          .arg(number(net.oversubscription))
                          .arg(latency)
                    : tr("Network: fat tree, leaves of %1 nodes · %2").arg(net.nodesPerLeaf).arg(latency))
            + upperTiersCaption();
    case NetworkKind::RailOptimized:
        return tr("Network: rail-optimised, pods of %1 nodes · %2").arg(net.nodesPerLeaf).arg(latency)
            + upperTiersCaption();
    }
    return {};
}

// What lies above the leaves or pods: a core over zones (stated, or the default for a cluster
// larger than a two-tier fabric reaches) and how the switches spread flows where that was stated.
QString TopologyScene::upperTiersCaption() const
{
    const NetworkSpec& net = m_topology.network;
    const int64_t nics = m_topology.nodes.empty() ? 1 : m_topology.nodes.front().nicCount();
    QString caption;
    if (const int64_t zone = fabricZoneNodes(net, nics, m_clusterNodes); zone > 0)
        caption += net.coreOversubscription > 1
            ? tr(" · zones of %1 nodes under a core, %2:1 oversubscribed").arg(zone).arg(number(net.coreOversubscription))
            : tr(" · zones of %1 nodes under a core").arg(zone);
    if (net.uplinkBalancing == UplinkBalancing::Ecmp)
        caption += tr(" · ECMP, %1 flows a connection").arg(net.flowsPerConnection);
    return caption;
}

void TopologyScene::buildNetwork(const std::vector<QRectF>& rows, std::vector<QLineF> bandBars)
{
    bool anyNic = false;
    for (size_t n = 0; n < m_devices.size(); ++n)
        for (DeviceItem* d : m_devices[n])
            anyNic |= d->kind() == DeviceKind::Nic;
    if (!anyNic)
        return;
    std::vector<QLineF> bars;
    for (const QRectF& row : rows) {
        const double y = row.bottom() + kNetworkChannel * 0.3; // nearer its own row than the next
        bars.emplace_back(row.left() - 18, y, row.right(), y);
    }
    m_network = new NetworkItem(std::move(bars), std::move(bandBars), networkCaption(), &m_palette);
    addItem(m_network);
    for (size_t n = 0; n < m_devices.size(); ++n) {
        const NodeSpec& spec = m_topology.nodes[size_t(m_kinds[n])];
        int64_t rail = 0;
        for (size_t d = 0; d < spec.devices.size(); ++d) {
            if (spec.devices[d].kind != DeviceKind::Nic)
                continue;
            auto* port = new LinkItem(m_devices[n][d], m_network, LinkRef{ int(n), m_kinds[n], -1, rail++ }, m_palette.network(),
                                      TopologyPalette::linkWidth(spec.devices[d].nicGBps), &m_devices[n], &m_palette);
            port->setToolTip(m_devices[n][d]->toolTip());
            addItem(port);
            m_ports[n].push_back(port);
        }
    }
}

void TopologyScene::clearHighlight()
{
    for (size_t n = 0; n < m_devices.size(); ++n) {
        for (DeviceItem* d : m_devices[n])
            d->setGroupMember(false);
        for (LinkItem* l : m_links[n])
            if (l)
                l->clearHighlight();
        for (LinkItem* p : m_ports[n])
            p->clearHighlight();
    }
    if (m_network)
        m_network->setHighlight(QString());
}

void TopologyScene::showHighlight(const std::vector<DeviceItem*>& members,
                                  const std::vector<std::pair<LinkItem*, QString>>& links, const QString& networkLabel)
{
    clearHighlight();
    for (DeviceItem* d : members)
        d->setGroupMember(true);
    std::vector<LinkItem*> lit;
    for (const auto& [link, label] : links) {
        link->setHighlight(label);
        lit.push_back(link);
    }
    for (size_t n = 0; n < m_devices.size(); ++n) {
        for (LinkItem* l : m_links[n])
            if (l && !l->isHighlighted())
                l->setDimmed(true);
        for (LinkItem* p : m_ports[n])
            if (!p->isHighlighted())
                p->setDimmed(true);
    }
    if (m_network)
        m_network->setHighlight(networkLabel);
    placeLabels(lit);
}

void TopologyScene::placeLabels(const std::vector<LinkItem*>& links)
{
    struct Placed {
        QRectF rect;
        LinkItem* owner;
        std::vector<QPointF> anchors;
    };
    std::vector<Placed> placed;
    auto hitsLabel = [&](const QRectF& r) {
        return std::any_of(placed.begin(), placed.end(), [&](const Placed& p) { return p.rect.adjusted(-3, -3, 3, 3).intersects(r); });
    };
    auto hitsDevice = [&](const QRectF& r, int node) {
        return std::any_of(m_devices[size_t(node)].begin(), m_devices[size_t(node)].end(), [&](const DeviceItem* d) {
            return !d->isBar() && d->rect().translated(d->pos()).intersects(r);
        });
    };
    auto place = [&](LinkItem* link, const QPointF& at) {
        link->placeLabel(at, 1, true);
        placed.push_back({ link->labelRect(at), link, { at } });
    };
    for (LinkItem* link : links) {
        const QPainterPath& path = link->path();
        const QPointF middle = path.pointAtPercent(0.5);
        const int node = link->ref().node;
        auto clear = [&](const QPointF& at, bool ofDevices) {
            const QRectF r = link->labelRect(at);
            return !hitsLabel(r) && !(ofDevices && hitsDevice(r, node));
        };
        // Along the link, clear of labels and devices.
        bool done = false;
        for (double t : { 0.5, 0.3, 0.7, 0.15, 0.85 })
            if (const QPointF at = path.pointAtPercent(t); clear(at, true)) {
                place(link, at);
                done = true;
                break;
            }
        if (done)
            continue;
        // An equal label close by speaks for both ("· 2 links"): a row of equal links gets one.
        const QRectF here = link->labelRect(middle).adjusted(-24, -8, 24, 8);
        const auto same = std::find_if(placed.begin(), placed.end(), [&](const Placed& p) {
            return p.owner->highlightText() == link->highlightText() && p.owner->ref().node == node && p.rect.intersects(here);
        });
        if (same != placed.end()) {
            link->placeLabel(middle, 1, false);
            same->anchors.push_back(middle);
            QPointF centre;
            for (const QPointF& a : same->anchors)
                centre += a / double(same->anchors.size());
            same->owner->placeLabel(centre, int(same->anchors.size()), true);
            same->rect = same->owner->labelRect(centre);
            continue;
        }
        // Beside the link, clear of labels (and devices if it can); else over what is there.
        const double step = link->labelRect(middle).height() + 4;
        std::vector<QPointF> spots{ middle, path.pointAtPercent(0.3), path.pointAtPercent(0.7) };
        for (double dy : { -step, step, -2 * step, 2 * step })
            spots.push_back(middle + QPointF(0, dy));
        const QPointF* best = nullptr;
        for (bool ofDevices : { true, false }) {
            const auto it = std::find_if(spots.begin(), spots.end(), [&](const QPointF& at) { return clear(at, ofDevices); });
            if (it != spots.end()) {
                best = &*it;
                break;
            }
        }
        place(link, best ? *best : middle);
    }
}

} // namespace paraplan::widgets
