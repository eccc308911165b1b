// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/topology/gpu_grouping.h"
#include "widgets/topology/palette.h"

#include "core/spec/scenario.h"

#include <QScrollArea>

#include <functional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

// The topology editor's side: the cluster (topology preset, node count), the placement (what GPUs
// are coloured by, the rank order, swapping two GPUs' ranks, resetting), the selection's
// properties and a legend. Like the scenario panel it shows the scenario it is given and reports
// each edit as a whole new scenario.
namespace paraplan::widgets {

class TopologyProperties;

class TopologySidePanel : public QScrollArea {
    Q_OBJECT
public:
    explicit TopologySidePanel(QWidget* parent = nullptr);

    [[nodiscard]] TopologyProperties* properties() const { return m_properties; }
    // The node count shown is the cluster's, or node kind `kind`'s when the topology has several.
    void showScenario(const Scenario& scenario, int64_t kind);
    [[nodiscard]] GpuColouring colouring() const;
    void setColouring(GpuColouring colouring);
    void setSwapEnabled(bool enabled);
    void setGroupSummary(const QString& text);
    [[nodiscard]] QString groupSummary() const;
    void showLegend(const TopologyPalette& palette);

Q_SIGNALS:
    void scenarioEdited(const paraplan::Scenario& scenario, const QString& what, int mergeKey);
    void colouringChanged();
    void swapRequested();
    void resetRequested();

private:
    [[nodiscard]] QWidget* buildCluster();
    [[nodiscard]] QWidget* buildPlacement();
    void edit(const QString& what, int mergeKey, const std::function<void(Scenario&)>& change);

    Scenario m_scenario;
    int64_t m_kind = 0;
    bool m_refreshing = false;
    TopologyProperties* m_properties;
    QComboBox *m_preset = nullptr, *m_colouring = nullptr, *m_order = nullptr;
    QSpinBox* m_nodes = nullptr;
    QLabel *m_nodesLabel = nullptr, *m_clusterInfo = nullptr, *m_groupInfo = nullptr, *m_legend = nullptr;
    QPushButton *m_swap = nullptr, *m_reset = nullptr;
};

} // namespace paraplan::widgets
