// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/topology/items.h"
#include "widgets/topology/palette.h"

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>

// A link drawn between two ends, coloured by its kind and as wide as its bandwidth allows. It runs
// straight when nothing is in the way, else bends around the devices between its ends (down a gap,
// or as an arc under a row). When a selected group's traffic crosses it, it glows and carries a
// label with the load; the other links dim.
namespace paraplan::widgets {

class DeviceItem;

class LinkItem : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(LinkItem)

public:
    enum { Type = kLinkItemType };

    // `obstacles`: the devices of the link's node, which the route avoids; they outlive the link.
    LinkItem(LinkEnd* from, LinkEnd* to, const LinkRef& ref, const QColor& colour, double width,
             const std::vector<DeviceItem*>* obstacles, const TopologyPalette* palette);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] const LinkRef& ref() const { return m_ref; }
    [[nodiscard]] const QPainterPath& path() const { return m_path; }
    // Recomputes the route after an end moved.
    void reroute();

    void setHighlight(const QString& label);
    void clearHighlight();
    [[nodiscard]] bool isHighlighted() const { return !m_label.isEmpty(); }
    [[nodiscard]] const QString& highlightText() const { return m_label; }
    void setDimmed(bool dimmed);
    // Where the label is drawn (scene coordinates, its centre); how many links it speaks for.
    void placeLabel(const QPointF& centre, int links, bool visible);
    [[nodiscard]] QRectF labelRect(const QPointF& centre) const;
    [[nodiscard]] QString shownLabel() const;

    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    [[nodiscard]] int obstaclesOn(const std::vector<QPointF>& route) const;

    LinkEnd* m_from;
    LinkEnd* m_to;
    LinkRef m_ref;
    QColor m_colour;
    double m_width;
    const std::vector<DeviceItem*>* m_obstacles;
    const TopologyPalette* m_palette;
    QPainterPath m_path;
    QPainterPath m_shape; // the path widened, for clicks
    QString m_label;
    QPointF m_labelCentre;
    int m_labelLinks = 1;
    bool m_labelVisible = false;
    bool m_dimmed = false;
};

} // namespace paraplan::widgets
