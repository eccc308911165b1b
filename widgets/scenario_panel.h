// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QToolButton;
class QVBoxLayout;
class QWidget;

// The scenario as controls: model preset (with its fields behind "details"), sequence, batch and
// precision and optimizer states; cluster preset and nodes; a slider per parallel degree that stops
// only where a valid configuration can be, the ZeRO, recomputation (with its modules) and MoE
// dispatcher choices, and the SP and overlap switches. It shows the workbench's scenario and
// reports every edit as a whole new scenario; it keeps no state of its own.
namespace paraplan::widgets {

class RecomputeModulesButton;
class ValueSlider;

class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    enum class Degree { Tp, Pp, Cp, Ep, Etp, Vpp, MicroBatch };

    explicit ScenarioPanel(QWidget* parent = nullptr);
    void setScenario(const Scenario& scenario);
    [[nodiscard]] ValueSlider* slider(Degree degree) const;

Q_SIGNALS:
    // `what` says what changed, for the undo history; edits with the same `mergeKey` in a row
    // (one slider dragged) may merge into one undo step.
    void scenarioEdited(const paraplan::Scenario& scenario, const QString& what, int mergeKey);

private:
    // Characters a choice box shows at the least, on a narrow panel.
    static constexpr int kNarrowestChoice = 12;

    void buildModelGroup(QVBoxLayout* layout);
    void buildTrainingGroup(QVBoxLayout* layout);
    void buildClusterGroup(QVBoxLayout* layout);
    void buildParallelGroup(QVBoxLayout* layout);
    void edit(const QString& what, int mergeKey, const std::function<void(Scenario&)>& change);
    QSpinBox* integerField(int minimum, int maximum, const QString& what, int mergeKey,
                           const std::function<void(Scenario&, int)>& apply);

    Scenario m_scenario;
    bool m_refreshing = false;
    QComboBox *m_modelPreset, *m_precision, *m_optimizerStates, *m_clusterPreset, *m_zero, *m_recompute;
    RecomputeModulesButton* m_recomputeModules;
    QToolButton* m_modelDetailsToggle;
    QWidget* m_modelDetails;
    QFormLayout* m_detailsForm;
    QSpinBox *m_layers, *m_hidden, *m_heads, *m_kvHeads, *m_headDim, *m_ffn, *m_vocab, *m_experts, *m_topK, *m_expertFfn;
    QSpinBox *m_sharedExperts, *m_sharedExpertFfn, *m_firstDenseLayers, *m_moeEvery;
    QComboBox* m_loadBalancing;
    QDoubleSpinBox* m_capacityFactor;
    QSpinBox *m_kvLoraRank, *m_qLoraRank, *m_ropeHeadDim, *m_nopeHeadDim, *m_vHeadDim, *m_localWindow, *m_globalEvery, *m_mtpLayers;
    QCheckBox* m_gated;
    QSpinBox *m_seqLen, *m_globalBatch, *m_nodes;
    QDoubleSpinBox* m_trainTokens; // billions; 0: no token budget
    QCheckBox* m_asyncCheckpoint;
    QLabel *m_clusterSummary, *m_dp;
    QCheckBox *m_nvls, *m_sharp; // reductions in the NVSwitch and in the network's switches
    ValueSlider *m_tp, *m_pp, *m_cp, *m_ep, *m_etp, *m_vpp, *m_microBatch;
    QFormLayout* m_choicesForm; // ZeRO, recomputation, dispatcher
    QComboBox* m_dispatcher;
    QComboBox* m_schedule;
    QCheckBox *m_sequenceParallel, *m_overlapGrads, *m_overlapParams, *m_tpOverlap, *m_sharedExpertOverlap, *m_a2aOverlap;
};

} // namespace paraplan::widgets
