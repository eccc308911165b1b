// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/topology/items.h"
#include "widgets/topology/palette.h"

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QLineF>
#include <QString>

#include <vector>

// The network between the nodes: a bar under each row of nodes, joined at the left, and one between
// the bands of a wide node, so every NIC's port drops straight onto the bar under it; its caption says what kind of network it is. When a selected
// group's traffic climbs to the spine, the bar glows and carries the load.
namespace paraplan::widgets {

class NetworkItem : public QGraphicsItem, public LinkEnd {
    Q_DECLARE_TR_FUNCTIONS(NetworkItem)

public:
    enum { Type = kNetworkItemType };

    // `rows`: a horizontal bar under each row of nodes, top to bottom, in scene coordinates, joined
    // at their left ends; `bands`: bars between the bands of wide nodes.
    NetworkItem(std::vector<QLineF> rows, std::vector<QLineF> bands, const QString& caption, const TopologyPalette* palette);

    [[nodiscard]] int type() const override { return Type; }
    void setHighlight(const QString& label);
    [[nodiscard]] const QString& caption() const { return m_caption; }

    [[nodiscard]] QPointF attachPoint(const QPointF& toward) const override;
    [[nodiscard]] QPointF centre() const override;
    [[nodiscard]] bool isBar() const override { return true; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    [[nodiscard]] QRectF captionRect() const;

    std::vector<QLineF> m_rows;
    std::vector<QLineF> m_bars; // rows and bands, top to bottom
    QString m_caption;
    QString m_label;
    const TopologyPalette* m_palette;
};

} // namespace paraplan::widgets
