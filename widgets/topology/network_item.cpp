// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/network_item.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace paraplan::widgets {

namespace {
constexpr double kThickness = 7;
constexpr double kCaptionPx = 13;
constexpr double kLargestCaptionPx = 30; // zoomed out, the caption grows up to this

QFont captionFont(const QGraphicsScene* scene, double pixels)
{
    QFont font = scene ? scene->font() : QFont();
    font.setPixelSize(int(pixels));
    return font;
}
} // namespace

NetworkItem::NetworkItem(std::vector<QLineF> rows, std::vector<QLineF> bands, const QString& caption,
                         const TopologyPalette* palette)
    : m_rows(std::move(rows))
    , m_bars(m_rows)
    , m_caption(caption)
    , m_palette(palette)
{
    m_bars.insert(m_bars.end(), bands.begin(), bands.end());
    std::stable_sort(m_bars.begin(), m_bars.end(), [](const QLineF& a, const QLineF& b) { return a.y1() < b.y1(); });
    setZValue(1);
}

void NetworkItem::setHighlight(const QString& label)
{
    prepareGeometryChange();
    m_label = label;
    update();
}

QPointF NetworkItem::attachPoint(const QPointF& toward) const
{
    // The first bar under the point that reaches it: its band's, or its row of nodes'.
    const QLineF* bar = &m_rows.back();
    for (const QLineF& b : m_bars)
        if (b.y1() >= toward.y() && toward.x() >= b.x1() - 1 && toward.x() <= b.x2() + 1) {
            bar = &b;
            break;
        }
    return { std::clamp(toward.x(), bar->x1(), bar->x2()), bar->y1() - kThickness / 2 };
}

QPointF NetworkItem::centre() const { return m_rows.back().center(); }

QRectF NetworkItem::captionRect() const
{
    const QFontMetricsF metrics(captionFont(scene(), kLargestCaptionPx)); // room for the largest it is drawn
    const QString text = m_label.isEmpty() ? m_caption : m_caption + QStringLiteral("   ·   ") + m_label;
    const QLineF& last = m_rows.back();
    return { last.x1(), last.y1() + kThickness, metrics.horizontalAdvance(text) + 8, metrics.height() + 6 };
}

QRectF NetworkItem::boundingRect() const
{
    QRectF r;
    for (const QLineF& b : m_bars)
        r = r.united(QRectF(b.p1(), b.p2()).normalized().adjusted(-kThickness - 8, -kThickness - 8, kThickness + 8, kThickness + 8));
    return r.united(captionRect());
}

void NetworkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing);
    if (!m_label.isEmpty()) {
        QColor glow = m_palette->theme.highlight;
        glow.setAlpha(110);
        painter->setPen(QPen(glow, kThickness + 8, Qt::SolidLine, Qt::RoundCap));
        for (const QLineF& b : m_bars)
            painter->drawLine(b);
    }
    const QPen bar(m_palette->network(), kThickness, Qt::SolidLine, Qt::RoundCap);
    painter->setPen(bar);
    for (const QLineF& b : m_bars)
        painter->drawLine(b);
    if (m_rows.size() > 1) { // the spine joining the rows, at their left ends: thinner, so it reads as a joint
        painter->setPen(QPen(m_palette->network(), kThickness / 2, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(QPointF(m_rows.front().x1(), m_rows.front().y1()), QPointF(m_rows.back().x1(), m_rows.back().y1()));
    }
    painter->setFont(captionFont(scene(), std::clamp(10 / lod, kCaptionPx, kLargestCaptionPx)));
    painter->setPen(m_label.isEmpty() ? m_palette->theme.subtle : m_palette->theme.foreground);
    const QString text = m_label.isEmpty() ? m_caption : m_caption + QStringLiteral("   ·   ") + m_label;
    painter->drawText(captionRect().adjusted(4, 2, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
}

} // namespace paraplan::widgets
