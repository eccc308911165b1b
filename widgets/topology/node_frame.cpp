// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/node_frame.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace paraplan::widgets {

NodeFrameItem::NodeFrameItem(int node, const QRectF& rect, const QString& title, const TopologyPalette* palette)
    : m_node(node)
    , m_rect(rect)
    , m_title(title)
    , m_palette(palette)
{
    setZValue(0);
}

void NodeFrameItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(m_palette->frameEdge, 1.2));
    painter->setBrush(m_palette->frameFill);
    painter->drawRoundedRect(m_rect, 10, 10);
    // The title stays readable when zoomed out, within its band.
    QFont font = scene() ? scene()->font() : QFont();
    font.setBold(true);
    font.setPixelSize(int(std::clamp(10.0 / lod, 15.0, kTitleHeight - 6)));
    painter->setFont(font);
    painter->setPen(m_palette->theme.foreground);
    const QRectF band(m_rect.left() + 12, m_rect.top() + 3, m_rect.width() - 24, kTitleHeight);
    painter->drawText(band, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetricsF(font).elidedText(m_title, Qt::ElideRight, band.width()));
}

} // namespace paraplan::widgets
