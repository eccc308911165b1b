// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/topology/items.h"
#include "widgets/topology/palette.h"

#include <QGraphicsItem>
#include <QString>

// The frame of one drawn node, titled with its kind's name and its index. Dragging it pans the
// view; clicking it makes its kind the one new devices go to.
namespace paraplan::widgets {

class NodeFrameItem : public QGraphicsItem {
public:
    enum { Type = kNodeFrameItemType };
    static constexpr double kTitleHeight = 30;

    NodeFrameItem(int node, const QRectF& rect, const QString& title, const TopologyPalette* palette);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] int node() const { return m_node; }
    [[nodiscard]] QRectF boundingRect() const override { return m_rect.adjusted(-1, -1, 1, 1); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    int m_node;
    QRectF m_rect;
    QString m_title;
    const TopologyPalette* m_palette;
};

} // namespace paraplan::widgets
