// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/state/evaluation.h"
#include "widgets/topology/canvas.h"
#include "widgets/topology/gpu_grouping.h"

#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QToolBar;

// The cluster's topology, drawn and edited: the drawing with a toolbar for adding devices,
// linking, removing, fitting and importing, and a side panel (topology_side_panel.h). Every edit
// is a whole new scenario sent to the window's undo history, exactly as the scenario panel's; the
// editor redraws from the scenario and the evaluation it is shown and keeps no model of its own.
// The drawing is rebuilt only when the cluster it shows changes; a new evaluation just recolours
// it. Clicking a GPU rings its group and lights every link the group's traffic crosses.
namespace paraplan::widgets {

class TopologyScene;
class TopologySidePanel;

class TopologyEditor : public QWidget {
    Q_OBJECT
public:
    explicit TopologyEditor(QWidget* parent = nullptr);
    ~TopologyEditor() override;

    [[nodiscard]] QString title() const;
    void setScenario(const Scenario& scenario);
    // The last valid evaluation: GPUs are coloured by its configuration when it is of the cluster drawn.
    void showEvaluation(const EvaluationPtr& evaluation);

    [[nodiscard]] TopologyScene* scene() const { return m_scene; }
    [[nodiscard]] TopologyCanvas* canvas() const { return m_canvas; }
    [[nodiscard]] GpuColouring colouring() const;
    void setColouring(GpuColouring colouring);
    // What the side panel says about the picked GPU's group.
    [[nodiscard]] QString groupSummary() const;

    // What the toolbar and the panel do, callable directly.
    void addDevice(DeviceKind kind);
    void removeSelection();
    void connectDevices(int node, int64_t fromDevice, int64_t toDevice);
    void pickGpu(int node, int64_t localGpu);
    void swapSelectedRanks();
    void resetPlacement();
    void fit();

    // The whole drawing as an image or a PDF page, for export.
    [[nodiscard]] QImage image(double scale = 2.0) const;
    bool exportPng(const QString& path, double scale = 2.0) const;
    bool exportPdf(const QString& path) const;

Q_SIGNALS:
    // As ScenarioPanel::scenarioEdited: edits with the same merge key in a row may merge.
    void scenarioEdited(const paraplan::Scenario& scenario, const QString& what, int mergeKey);
    void importRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct SelectionKey {
        int node = 0;
        std::string device; // a device by id, else
        int64_t link = -1;  // a link by index
    };

    void buildToolbar(QToolBar* toolbar);
    void connectProperties();
    void rebuildScene();
    void setCurrentKind(int64_t kind);
    void recolour();
    void updateHighlight();
    void showSelection();
    [[nodiscard]] bool evaluationFitsDrawing() const;
    [[nodiscard]] std::vector<SelectionKey> selectionKeys() const;
    void select(const std::vector<SelectionKey>& keys);
    // Emits the scenario changed by `change`; for a topology, the one drawn, made explicit and edited.
    void editScenario(const QString& what, int mergeKey, const std::function<void(Scenario&)>& change);
    void editTopology(const QString& what, int mergeKey, const std::function<void(TopologySpec&)>& change);
    void editSelectedDevice(const QString& what, int mergeKey, const std::function<void(DeviceSpec&, NodeSpec&)>& change);
    void editSelectedLink(const QString& what, int mergeKey, const std::function<void(NodeLinkSpec&)>& change);
    void moveDevices(const std::vector<MovedDevice>& moved);

    Scenario m_scenario;
    EvaluationPtr m_evaluation;
    bool m_built = false;
    int64_t m_currentKind = 0; // the node kind new devices go to, and whose count the panel shows
    int64_t m_pickedGpu = -1;  // global index of the GPU whose group is lit
    bool m_hasPendingSelection = false;
    std::vector<SelectionKey> m_pendingSelection; // what an edit wants selected once redrawn

    TopologyScene* m_scene;
    TopologyCanvas* m_canvas;
    TopologySidePanel* m_side;
};

} // namespace paraplan::widgets
