// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/topology.h"
#include "widgets/topology/layout.h"
#include "widgets/topology/palette.h"

#include <QGraphicsScene>

#include <utility>
#include <vector>

class QGraphicsSimpleTextItem;

// The drawing of a cluster's topology: the first nodes of the cluster in a grid, each a frame
// holding its kind's devices and links (each kind laid out once), the network as a bar under each
// row of nodes with every NIC's port dropping onto it, and a note for the nodes not drawn. The
// scene is rebuilt whole when the topology changes; colours and highlights change in place.
namespace paraplan::widgets {

class DeviceItem;
class LinkItem;
class NetworkItem;

class TopologyScene : public QGraphicsScene {
    Q_OBJECT
public:
    static constexpr int kMaxDrawnNodes = 8;

    explicit TopologyScene(QObject* parent = nullptr);

    // Nodes are drawn in the grid that shows them largest in a view of `viewport` (pixels).
    void build(const TopologySpec& topology, int64_t nodes, const TopologyPalette& palette, const QSizeF& viewport);
    [[nodiscard]] int columns() const { return m_columns; }
    [[nodiscard]] int columnsFor(const QSizeF& viewport) const;

    [[nodiscard]] const TopologySpec& topology() const { return m_topology; }
    [[nodiscard]] const TopologyPalette& palette() const { return m_palette; }
    [[nodiscard]] int drawnNodes() const { return int(m_kinds.size()); }
    [[nodiscard]] int64_t kindOfNode(int node) const { return m_kinds[size_t(node)]; }
    // Where node coordinates (DeviceSpec.position) start for a drawn node, in the scene.
    [[nodiscard]] QPointF nodeOrigin(int node) const { return m_origins[size_t(node)]; }

    [[nodiscard]] const std::vector<DeviceItem*>& devicesOf(int node) const { return m_devices[size_t(node)]; }
    [[nodiscard]] DeviceItem* device(int node, int64_t device) const;
    [[nodiscard]] DeviceItem* gpu(int node, int64_t localGpu) const;
    [[nodiscard]] LinkItem* link(int node, int64_t link) const;
    [[nodiscard]] LinkItem* port(int node, int64_t rail) const;
    [[nodiscard]] NetworkItem* network() const { return m_network; }
    [[nodiscard]] QGraphicsSimpleTextItem* moreNodesNote() const { return m_moreNodes; }

    // Rings `members`, lights `links` with their labels and dims the rest; `networkLabel` goes on
    // the network bar (empty: none).
    void showHighlight(const std::vector<DeviceItem*>& members, const std::vector<std::pair<LinkItem*, QString>>& links,
                       const QString& networkLabel);
    void clearHighlight();

private:
    void buildNode(int node, const NodeSpec& spec, const std::vector<DeviceGeometry>& layout);
    void buildNetwork(const std::vector<QRectF>& rows, std::vector<QLineF> bandBars);
    // Labels where they overlap nothing; identical labels that would collide become one "· N links".
    void placeLabels(const std::vector<LinkItem*>& links);
    [[nodiscard]] QString networkCaption() const;
    [[nodiscard]] QString upperTiersCaption() const;

    TopologySpec m_topology;
    int64_t m_clusterNodes = 0; // the cluster's, of which at most kMaxDrawnNodes are drawn
    TopologyPalette m_palette;
    std::vector<int64_t> m_kinds;   // kind of each drawn node
    QSizeF m_cell;                  // the grid's cell: the largest node frame
    int m_columns = 1;
    std::vector<QPointF> m_origins; // of each drawn node
    std::vector<std::vector<DeviceItem*>> m_devices; // [node][device index]
    std::vector<std::vector<DeviceItem*>> m_gpus;    // [node][local GPU]
    std::vector<std::vector<LinkItem*>> m_links;     // [node][link index], null for a link naming no device
    std::vector<std::vector<LinkItem*>> m_ports;     // [node][rail]
    NetworkItem* m_network = nullptr;
    QGraphicsSimpleTextItem* m_moreNodes = nullptr;
};

} // namespace paraplan::widgets
