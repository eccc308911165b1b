// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/canvas.h"

#include "widgets/topology/device_item.h"
#include "widgets/topology/node_frame.h"
#include "widgets/topology/scene.h"

#include <QGraphicsLineItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {
constexpr double kLeastScale = 0.03, kMostScale = 6, kMostFitScale = 1.5;
} // namespace

TopologyCanvas::TopologyCanvas(TopologyScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::NoAnchor); // the wheel keeps the point under the cursor itself
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // dragging pans
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(240, 180);
}

void TopologyCanvas::setConnectMode(bool on)
{
    m_connectMode = on;
    endConnecting();
    viewport()->setCursor(on ? Qt::CrossCursor : Qt::OpenHandCursor);
}

void TopologyCanvas::fitAll()
{
    m_following = true;
    const QRectF bounds = m_scene->itemsBoundingRect().adjusted(-16, -16, 16, 16);
    if (bounds.isEmpty())
        return;
    fitInView(bounds, Qt::KeepAspectRatio);
    if (transform().m11() > kMostFitScale) { // a lone small node should not fill the screen
        setTransform(QTransform::fromScale(kMostFitScale, kMostFitScale));
        centerOn(bounds.center());
    }
}

void TopologyCanvas::sceneRebuilt()
{
    ++m_generation;
    m_pressedAt.clear();
    m_connectFrom = nullptr;
    m_connectLine = nullptr; // deleted with the scene's other items
    if (m_following)
        fitAll();
}

DeviceItem* TopologyCanvas::deviceAt(const QPoint& position) const
{
    for (QGraphicsItem* item : items(position))
        if (item->type() == DeviceItem::Type)
            return static_cast<DeviceItem*>(item);
    return nullptr;
}

void TopologyCanvas::wheelEvent(QWheelEvent* event)
{
    const double current = transform().m11();
    const double next = std::clamp(current * std::pow(1.0015, event->angleDelta().y()), kLeastScale, kMostScale);
    if (next != current) {
        // Zoom about the point under the cursor: it stays where it is on screen.
        const QPointF cursor = event->position();
        const QPointF anchor = mapToScene(cursor.toPoint());
        setTransform(QTransform::fromScale(next, next));
        centerOn(anchor - (cursor - QRectF(viewport()->rect()).center()) / next);
        m_following = false;
    }
    event->accept();
}

void TopologyCanvas::mousePressEvent(QMouseEvent* event)
{
    DeviceItem* device = deviceAt(event->pos());
    if (event->button() == Qt::LeftButton && device
        && (m_connectMode || event->modifiers().testFlag(Qt::ShiftModifier))) {
        m_connectFrom = device;
        m_connectLine = m_scene->addLine(QLineF(device->scenePos(), mapToScene(event->pos())),
                                         QPen(m_scene->palette().selection, 2, Qt::DashLine));
        m_connectLine->setZValue(10);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
    m_panning = !device && event->button() == Qt::LeftButton;
    if (device) {
        Q_EMIT devicePressed(device->ref());
        m_pressedAt.clear();
        m_pressGeneration = m_generation;
        for (QGraphicsItem* item : m_scene->selectedItems())
            if (item->type() == DeviceItem::Type)
                m_pressedAt[static_cast<DeviceItem*>(item)] = item->pos();
        m_pressedAt[device] = device->pos();
        return;
    }
    for (QGraphicsItem* item : items(event->pos()))
        if (item->type() == NodeFrameItem::Type) {
            Q_EMIT nodePressed(static_cast<NodeFrameItem*>(item)->node());
            break;
        }
}

void TopologyCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_connectLine) {
        m_connectLine->setLine(QLineF(m_connectFrom->scenePos(), mapToScene(event->pos())));
        event->accept();
        return;
    }
    if (m_panning && event->buttons().testFlag(Qt::LeftButton))
        m_following = false;
    QGraphicsView::mouseMoveEvent(event);
}

void TopologyCanvas::endConnecting()
{
    delete m_connectLine;
    m_connectLine = nullptr;
    m_connectFrom = nullptr;
}

void TopologyCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_connectLine) {
        const DeviceRef from = m_connectFrom->ref();
        DeviceItem* target = deviceAt(event->pos());
        const bool joins = target && target != m_connectFrom && target->ref().node == from.node;
        const DeviceRef to = joins ? target->ref() : DeviceRef{};
        endConnecting(); // before the request: answering it rebuilds the scene
        if (joins)
            Q_EMIT connectRequested(from, to);
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
    m_panning = false;
    std::vector<MovedDevice> moved;
    if (m_pressGeneration == m_generation)
        for (const auto& [device, start] : m_pressedAt)
            if (QLineF(device->pos(), start).length() > 0.5)
                moved.push_back({ device->ref(), device->pos() - m_scene->nodeOrigin(device->ref().node) });
    m_pressedAt.clear();
    if (!moved.empty())
        Q_EMIT devicesMoved(moved);
}

void TopologyCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        Q_EMIT removeRequested();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape) {
        endConnecting();
        m_scene->clearSelection();
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void TopologyCanvas::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    Q_EMIT resized(viewport()->size());
    if (m_following)
        fitAll();
}

void TopologyCanvas::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    if (m_following)
        fitAll();
}

} // namespace paraplan::widgets
