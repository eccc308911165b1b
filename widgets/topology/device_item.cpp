// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/device_item.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan::widgets {

namespace {

constexpr double kLabelPx = 11;     // labels at 100 %
constexpr double kLeastScreenPx = 9; // what a zoomed-out label is kept at, on screen

// A font of `pixels` (scene units), shrunk until `text` fits `width`.
QFont fittedFont(QFont font, const QString& text, double pixels, double width, bool bold)
{
    font.setBold(bold);
    font.setPixelSize(std::max(1, int(pixels)));
    const double wide = QFontMetricsF(font).horizontalAdvance(text);
    if (wide > width && wide > 0)
        font.setPixelSize(std::max(1, int(pixels * width / wide)));
    return font;
}

} // namespace

DeviceItem::DeviceItem(const DeviceRef& ref, DeviceKind kind, const QString& id, const QSizeF& size,
                       const TopologyPalette* palette)
    : m_ref(ref)
    , m_kind(kind)
    , m_id(id)
    , m_size(size)
    , m_palette(palette)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setZValue(3);
    setCursor(Qt::PointingHandCursor);
}

QRectF DeviceItem::rect() const
{
    QRectF r(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height());
    for (const QRectF& bar : m_bars)
        r = r.united(bar);
    return r;
}

void DeviceItem::setBars(std::vector<QRectF> bars)
{
    prepareGeometryChange();
    m_bars = std::move(bars);
}

bool DeviceItem::isBar() const
{
    return m_kind == DeviceKind::NvSwitch && (!m_bars.empty() || m_size.width() > 2.5 * m_size.height());
}

void DeviceItem::setGroup(const QColor& fill, const QString& rank)
{
    if (fill == m_groupFill && rank == m_rank)
        return;
    m_groupFill = fill;
    m_rank = rank;
    update();
}

QColor DeviceItem::fill() const
{
    return m_kind == DeviceKind::Gpu && m_groupFill.isValid() ? m_groupFill : m_palette->deviceFill(m_kind);
}

void DeviceItem::setGroupMember(bool member)
{
    if (member == m_member)
        return;
    m_member = member;
    update();
}

QPainterPath DeviceItem::outline() const
{
    const QRectF r = rect();
    QPainterPath path;
    if (!m_bars.empty()) { // a bar per band, and a spine at their left joining them
        for (const QRectF& bar : m_bars)
            path.addRoundedRect(bar, 4, 4);
        path.addRect(QRectF(r.left() - 8, r.top() + m_size.height() / 2, 8, r.height() - m_size.height()));
        return path.simplified();
    }
    switch (m_kind) {
    case DeviceKind::Gpu:
        path.addRoundedRect(r, 6, 6);
        break;
    case DeviceKind::NvSwitch:
        path.addRoundedRect(r, 4, 4);
        break;
    case DeviceKind::PcieSwitch:
        path.addRoundedRect(r, r.height() / 2, r.height() / 2);
        break;
    case DeviceKind::Cpu: {
        const double c = 8; // chamfer
        path.moveTo(r.left() + c, r.top());
        path.lineTo(r.right() - c, r.top());
        path.lineTo(r.right(), r.top() + c);
        path.lineTo(r.right(), r.bottom() - c);
        path.lineTo(r.right() - c, r.bottom());
        path.lineTo(r.left() + c, r.bottom());
        path.lineTo(r.left(), r.bottom() - c);
        path.lineTo(r.left(), r.top() + c);
        path.closeSubpath();
        break;
    }
    case DeviceKind::Nic: {
        const double c = r.height() / 2;
        path.moveTo(r.left() + c, r.top());
        path.lineTo(r.right() - c, r.top());
        path.lineTo(r.right(), r.center().y());
        path.lineTo(r.right() - c, r.bottom());
        path.lineTo(r.left() + c, r.bottom());
        path.lineTo(r.left(), r.center().y());
        path.closeSubpath();
        break;
    }
    }
    return path;
}

QRectF DeviceItem::boundingRect() const { return rect().adjusted(m_bars.empty() ? -6 : -16, -6, 6, 6); }

QPainterPath DeviceItem::shape() const { return outline(); }

QPointF DeviceItem::attachPoint(const QPointF& toward) const
{
    if (!m_bars.empty()) { // onto the bar of the band the line comes from
        const QRectF* nearest = &m_bars.front();
        double best = std::numeric_limits<double>::infinity();
        for (const QRectF& bar : m_bars) {
            const QRectF at = bar.translated(scenePos());
            const double distance = std::min(std::abs(toward.y() - at.top()), std::abs(toward.y() - at.bottom()))
                + (toward.x() < at.left() || toward.x() > at.right() ? 1e4 : 0);
            if (distance < best) {
                best = distance;
                nearest = &bar;
            }
        }
        const QRectF at = nearest->translated(scenePos());
        const double x = std::clamp(toward.x(), at.left() + 6, at.right() - 6);
        return { x, toward.y() < at.center().y() ? at.top() : at.bottom() };
    }
    const QPointF c = scenePos();
    const double hw = m_size.width() / 2, hh = m_size.height() / 2;
    if (isBar()) { // straight down (or up) onto the bar where the line comes from
        const double x = std::clamp(toward.x(), c.x() - hw + 6, c.x() + hw - 6);
        if (toward.y() < c.y() - hh)
            return { x, c.y() - hh };
        if (toward.y() > c.y() + hh)
            return { x, c.y() + hh };
    }
    const QPointF d = toward - c;
    if (std::abs(d.x()) < 1e-9 && std::abs(d.y()) < 1e-9)
        return c;
    const double t = std::min(std::abs(d.x()) > 1e-9 ? hw / std::abs(d.x()) : 1e9,
                              std::abs(d.y()) > 1e-9 ? hh / std::abs(d.y()) : 1e9);
    return c + d * std::min(t, 1.0);
}

void DeviceItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QPainterPath path = outline();
    const QColor background = fill();
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_member) { // a halo first, so the ring reads at any zoom
        QColor halo = m_palette->theme.highlight;
        halo.setAlpha(90);
        painter->setPen(QPen(halo, std::max(7.0, 5 / lod)));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(path);
    }
    const bool groupColoured = m_kind == DeviceKind::Gpu && m_groupFill.isValid();
    painter->setPen(QPen(m_member ? m_palette->theme.highlight
                                  : (groupColoured ? m_groupFill.darker(150) : m_palette->deviceEdge(m_kind)),
                         m_member ? 3.0 : 1.3));
    painter->setBrush(background);
    painter->drawPath(path);
    if (isSelected()) {
        painter->setPen(QPen(m_palette->selection, std::max(2.0, 1.5 / lod), Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        if (m_bars.empty())
            painter->drawRoundedRect(rect().adjusted(-4, -4, 4, 4), 7, 7);
        else
            painter->drawPath(path);
    }
    paintLabels(painter, lod, groupColoured ? TopologyPalette::textOn(background) : m_palette->theme.foreground);
}

void DeviceItem::paintLabels(QPainter* painter, double lod, const QColor& text) const
{
    // On the device's own box (the first bar of a switch across bands).
    const QRectF r = QRectF(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height()).adjusted(3, 2, -3, -2);
    const QFont base = scene() ? scene()->font() : QFont();
    painter->setPen(text);
    if (m_kind == DeviceKind::Gpu) {
        if (lod >= 0.8 && !m_rank.isEmpty()) { // id above, rank below
            const QRectF top(r.left(), r.top(), r.width(), r.height() * 0.45);
            const QRectF bottom(r.left(), r.top() + r.height() * 0.42, r.width(), r.height() * 0.58);
            painter->setFont(fittedFont(base, m_id, kLabelPx, r.width(), false));
            painter->drawText(top, Qt::AlignCenter, m_id);
            const QString rank = tr("rank %1").arg(m_rank);
            painter->setFont(fittedFont(base, rank, kLabelPx + 2, r.width(), true));
            painter->drawText(bottom, Qt::AlignCenter, rank);
            return;
        }
        // Zoomed out: the rank alone, large enough to read; the id when there is no rank.
        const QString label = m_rank.isEmpty() ? m_id : m_rank;
        const double pixels = std::clamp(kLeastScreenPx / lod, kLabelPx + 2, r.height() * 0.8);
        painter->setFont(fittedFont(base, label, pixels, r.width(), !m_rank.isEmpty()));
        painter->drawText(r, Qt::AlignCenter, label);
        return;
    }
    if (lod * kLabelPx < 6 && !isBar())
        return; // unreadable: the shape and colour say what it is
    const double pixels = std::clamp(kLeastScreenPx / lod, kLabelPx, r.height() * 0.9);
    painter->setFont(fittedFont(base, m_id, pixels, r.width(), false));
    painter->drawText(r, Qt::AlignCenter, m_id);
}

QVariant DeviceItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionHasChanged)
        rerouteLinks();
    return QGraphicsItem::itemChange(change, value);
}

} // namespace paraplan::widgets
