// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/topology/items.h"

#include <QGraphicsView>

#include <map>
#include <vector>

class QGraphicsLineItem;

// The view of the topology drawing and what the mouse does there: the wheel zooms around the
// cursor, dragging the background pans, dragging devices moves them (reported once, on release, so
// a drag is one change), and a drag from one device to another with Shift held (or in connect
// mode) asks for a link. Until the user zooms or pans, the view keeps the whole drawing in sight.
namespace paraplan::widgets {

class DeviceItem;
class TopologyScene;

struct MovedDevice {
    DeviceRef ref;
    QPointF position; // node coordinates
};

class TopologyCanvas : public QGraphicsView {
    Q_OBJECT
public:
    explicit TopologyCanvas(TopologyScene* scene, QWidget* parent = nullptr);

    void setConnectMode(bool on);
    // Shows the whole drawing, and keeps doing so as the view resizes, until the user zooms or pans.
    void fitAll();
    // The scene was rebuilt: items from before are gone.
    void sceneRebuilt();

Q_SIGNALS:
    void devicesMoved(const std::vector<paraplan::widgets::MovedDevice>& moved);
    void connectRequested(const paraplan::widgets::DeviceRef& from, const paraplan::widgets::DeviceRef& to);
    void devicePressed(const paraplan::widgets::DeviceRef& device);
    void nodePressed(int node);
    void removeRequested();
    void resized(const QSize& viewport);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    [[nodiscard]] DeviceItem* deviceAt(const QPoint& position) const;
    void endConnecting();

    TopologyScene* m_scene;
    bool m_connectMode = false;
    bool m_following = true;
    bool m_panning = false;
    DeviceItem* m_connectFrom = nullptr;
    QGraphicsLineItem* m_connectLine = nullptr;
    std::map<DeviceItem*, QPointF> m_pressedAt; // where the devices being dragged started
    uint64_t m_generation = 0;                  // scene rebuilds, so a drag never outlives its items
    uint64_t m_pressGeneration = 0;
};

} // namespace paraplan::widgets
