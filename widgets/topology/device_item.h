// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/topology/items.h"
#include "widgets/topology/palette.h"

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QString>

#include <vector>

// One device drawn in its node: a shape per kind (GPU a card, NVSwitch a bar, PCIe switch a pill,
// CPU an octagon, NIC a hexagon) with its id. A GPU is filled with its parallel group's colour and
// shows its rank; the selected group's GPUs are ringed. Labels grow when zoomed out so the ranks
// stay readable when the whole cluster is in view.
namespace paraplan::widgets {

class DeviceItem : public QGraphicsItem, public LinkEnd {
    Q_DECLARE_TR_FUNCTIONS(DeviceItem)

public:
    enum { Type = kDeviceItemType };

    DeviceItem(const DeviceRef& ref, DeviceKind kind, const QString& id, const QSizeF& size, const TopologyPalette* palette);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] const DeviceRef& ref() const { return m_ref; }
    [[nodiscard]] DeviceKind kind() const { return m_kind; }
    [[nodiscard]] const QString& id() const { return m_id; }
    [[nodiscard]] QRectF rect() const; // outline in item coordinates
    // A switch across bands of a wide node: a bar in each (item coordinates), joined at the left.
    void setBars(std::vector<QRectF> bars);
    // Wide switches are bars: lines reach them straight down rather than at the centre.
    [[nodiscard]] bool isBar() const override;

    // GPUs: the group's colour and the rank; an invalid colour draws the neutral GPU fill.
    void setGroup(const QColor& fill, const QString& rank);
    [[nodiscard]] QColor fill() const;
    [[nodiscard]] const QString& rankText() const { return m_rank; }
    // Ringed as a member of the selected group.
    void setGroupMember(bool member);
    [[nodiscard]] bool isGroupMember() const { return m_member; }

    [[nodiscard]] QPointF attachPoint(const QPointF& toward) const override;
    [[nodiscard]] QPointF centre() const override { return scenePos(); }
    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    [[nodiscard]] QPainterPath outline() const;
    void paintLabels(QPainter* painter, double lod, const QColor& text) const;

    DeviceRef m_ref;
    DeviceKind m_kind;
    QString m_id;
    QSizeF m_size;
    std::vector<QRectF> m_bars;
    const TopologyPalette* m_palette;
    QColor m_groupFill;
    QString m_rank;
    bool m_member = false;
};

} // namespace paraplan::widgets
