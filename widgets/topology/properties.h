// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/topology.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QStackedWidget;

// The properties of what is selected in the topology drawing, edited in place: a device's id (and
// a NIC's port speed), or a link's kind, bandwidth and latency. Each change is reported at once;
// the panel shows the scenario it is given and holds nothing else.
namespace paraplan::widgets {

class TopologyProperties : public QWidget {
    Q_OBJECT
public:
    explicit TopologyProperties(QWidget* parent = nullptr);

    void showNothing();
    void showDevice(const NodeSpec& node, int64_t device);
    void showLink(const NodeSpec& node, int64_t link);
    void showSeveral(int devices, int links);

Q_SIGNALS:
    void deviceRenamed(const QString& id);
    void nicBandwidthEdited(double GBps);
    void linkKindEdited(paraplan::NodeLinkKind kind);
    void linkBandwidthEdited(double GBps);
    void linkLatencyEdited(double microseconds);

private:
    [[nodiscard]] QDoubleSpinBox* numberField(double maximum, const QString& suffix, int decimals);

    bool m_refreshing = false;
    QStackedWidget* m_pages;
    QLabel *m_nothing, *m_several, *m_deviceKind, *m_linkEnds;
    QLineEdit* m_deviceId;
    QDoubleSpinBox *m_nicGBps, *m_linkGBps, *m_linkLatency;
    QComboBox* m_linkKind;
    QLabel* m_nicLabel;
};

} // namespace paraplan::widgets
