// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/link_item.h"

#include "widgets/topology/device_item.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {

constexpr double kLabelPx = 12;
constexpr double kBendClearance = 14; // how far below or above a device a bent route turns
constexpr double kFar = 1e6;

// Liang-Barsky: whether the segment a-b passes through `r`.
bool segmentHitsRect(const QPointF& a, const QPointF& b, const QRectF& r)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = { -dx, dx, -dy, dy };
    const double q[4] = { a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y() };
    for (int i = 0; i < 4; ++i) {
        if (std::abs(p[i]) < 1e-12) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

// A polyline drawn with its corners rounded.
QPainterPath roundedPath(const std::vector<QPointF>& points)
{
    QPainterPath path(points.front());
    for (size_t i = 1; i + 1 < points.size(); ++i) {
        const QPointF before = points[i - 1], at = points[i], after = points[i + 1];
        const double r = std::min({ 8.0, QLineF(before, at).length() / 2, QLineF(at, after).length() / 2 });
        const QLineF in(at, before), out(at, after);
        path.lineTo(in.length() > 0 ? in.pointAt(r / in.length()) : at);
        path.quadTo(at, out.length() > 0 ? out.pointAt(r / out.length()) : at);
    }
    path.lineTo(points.back());
    return path;
}

QFont labelFont(const QGraphicsScene* scene)
{
    QFont font = scene ? scene->font() : QFont();
    font.setPixelSize(int(kLabelPx));
    return font;
}

} // namespace

void LinkEnd::rerouteLinks() const
{
    for (LinkItem* link : m_links)
        link->reroute();
}

LinkItem::LinkItem(LinkEnd* from, LinkEnd* to, const LinkRef& ref, const QColor& colour, double width,
                   const std::vector<DeviceItem*>* obstacles, const TopologyPalette* palette)
    : m_from(from)
    , m_to(to)
    , m_ref(ref)
    , m_colour(colour)
    , m_width(width)
    , m_obstacles(obstacles)
    , m_palette(palette)
{
    setZValue(2);
    if (ref.link >= 0)
        setFlag(ItemIsSelectable);
    from->attach(this);
    to->attach(this);
}

int LinkItem::obstaclesOn(const std::vector<QPointF>& route) const
{
    int hits = 0;
    for (const DeviceItem* device : *m_obstacles) {
        if (device->isBar() || static_cast<const LinkEnd*>(device) == m_from || static_cast<const LinkEnd*>(device) == m_to)
            continue;
        const QRectF r = device->rect().translated(device->pos()).adjusted(-3, -3, 3, 3);
        for (size_t i = 1; i < route.size(); ++i)
            if (segmentHitsRect(route[i - 1], route[i], r)) {
                ++hits;
                break;
            }
    }
    return hits;
}

void LinkItem::reroute()
{
    prepareGeometryChange();
    const bool fromIsUpper = m_from->centre().y() <= m_to->centre().y();
    const LinkEnd* up = fromIsUpper ? m_from : m_to;
    const LinkEnd* down = fromIsUpper ? m_to : m_from;
    // Straight, meeting a bar right under (or over) the other end.
    QPointF a, b;
    if (up->isBar()) {
        a = up->attachPoint(down->centre());
        b = down->attachPoint(a);
    } else if (down->isBar()) {
        b = down->attachPoint(up->centre());
        a = up->attachPoint(b);
    } else {
        a = up->attachPoint(down->centre());
        b = down->attachPoint(up->centre());
    }
    struct Route {
        std::vector<QPointF> points; // for the obstacle test (an arc sampled)
        bool arc = false;
    };
    Route best{ { a, b }, false };
    int bestHits = obstaclesOn(best.points);
    if (bestHits > 0) {
        const QPointF pu = up->centre(), pd = down->centre();
        std::vector<Route> routes;
        if (std::abs(pu.y() - pd.y()) < 12) { // same row: an arc under it
            const QPointF s = up->attachPoint(QPointF(pu.x(), kFar)), e = down->attachPoint(QPointF(pd.x(), kFar));
            const double depth = 24 + 0.12 * std::abs(e.x() - s.x());
            Route arc{ {}, true };
            for (int i = 0; i <= 12; ++i) { // the cubic drawn below
                const double t = i / 12.0, u = 1 - t;
                const QPointF c1(s.x(), s.y() + depth), c2(e.x(), e.y() + depth);
                arc.points.push_back(u * u * u * s + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * e);
            }
            routes.push_back(std::move(arc));
        } else { // down out of the upper end, across in a channel, down into the lower one
            const QPointF s = up->attachPoint(QPointF(pu.x(), kFar)), e = down->attachPoint(QPointF(pd.x(), -kFar));
            for (double channel : { s.y() + kBendClearance, e.y() - kBendClearance })
                routes.push_back({ { s, QPointF(s.x(), channel), QPointF(e.x(), channel), e }, false });
        }
        for (Route& route : routes)
            if (const int hits = obstaclesOn(route.points); hits < bestHits) {
                best = std::move(route);
                bestHits = hits;
            }
    }
    if (best.arc) {
        const QPointF s = best.points.front(), e = best.points.back();
        const double depth = 24 + 0.12 * std::abs(e.x() - s.x());
        m_path = QPainterPath(s);
        m_path.cubicTo(QPointF(s.x(), s.y() + depth), QPointF(e.x(), e.y() + depth), e);
    } else {
        m_path = roundedPath(best.points);
    }
    QPainterPathStroker stroker;
    stroker.setWidth(m_width + 8);
    m_shape = stroker.createStroke(m_path);
}

void LinkItem::setHighlight(const QString& label)
{
    prepareGeometryChange();
    m_label = label;
    m_labelVisible = false;
    setZValue(label.isEmpty() ? 2 : 4); // over the devices, so the label is never hidden
    update();
}

void LinkItem::clearHighlight()
{
    if (m_label.isEmpty() && !m_dimmed)
        return;
    prepareGeometryChange();
    m_label.clear();
    m_labelVisible = false;
    m_dimmed = false;
    setZValue(2);
    update();
}

void LinkItem::setDimmed(bool dimmed)
{
    if (dimmed == m_dimmed)
        return;
    m_dimmed = dimmed;
    update();
}

QString LinkItem::shownLabel() const
{
    return m_labelLinks > 1 ? tr("%1 · %2 links").arg(m_label).arg(m_labelLinks) : m_label;
}

QRectF LinkItem::labelRect(const QPointF& centre) const
{
    const QFontMetricsF metrics(labelFont(scene()));
    const QSizeF size(metrics.horizontalAdvance(shownLabel()) + 12, metrics.height() + 6);
    return { centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height() };
}

void LinkItem::placeLabel(const QPointF& centre, int links, bool visible)
{
    prepareGeometryChange();
    m_labelCentre = centre;
    m_labelLinks = std::max(links, 1);
    m_labelVisible = visible && !m_label.isEmpty();
    update();
}

QRectF LinkItem::boundingRect() const
{
    const double pad = m_width / 2 + 8;
    QRectF r = m_path.boundingRect().adjusted(-pad, -pad, pad, pad);
    if (m_labelVisible)
        r = r.united(labelRect(m_labelCentre).adjusted(-2, -2, 2, 2));
    return r;
}

QPainterPath LinkItem::shape() const { return m_shape; }

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setBrush(Qt::NoBrush);
    if (isHighlighted()) {
        QColor glow = m_palette->theme.highlight;
        glow.setAlpha(110);
        painter->setPen(QPen(glow, m_width + std::max(6.0, 5 / lod), Qt::SolidLine, Qt::RoundCap));
        painter->drawPath(m_path);
    }
    QColor colour = m_colour;
    if (m_dimmed)
        colour.setAlpha(60);
    painter->setPen(QPen(colour, std::max(m_width, 0.8 / lod), Qt::SolidLine, Qt::RoundCap));
    painter->drawPath(m_path);
    if (isSelected()) {
        painter->setPen(QPen(m_palette->selection, std::max(2.0, 1.5 / lod), Qt::DashLine));
        painter->drawPath(m_path);
    }
    if (!m_labelVisible)
        return;
    const QRectF box = labelRect(m_labelCentre);
    QColor background = m_palette->theme.background;
    background.setAlpha(235);
    painter->setPen(QPen(m_palette->theme.highlight, 1.2));
    painter->setBrush(background);
    painter->drawRoundedRect(box, 4, 4);
    painter->setFont(labelFont(scene()));
    painter->setPen(m_palette->theme.foreground);
    painter->drawText(box, Qt::AlignCenter, shownLabel());
}

} // namespace paraplan::widgets
