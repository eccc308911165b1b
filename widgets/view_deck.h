// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/state/evaluation.h"

#include <QWidget>

#include <array>
#include <optional>

class QGridLayout;
class QTabBar;

// The workbench's plots and how they are laid out: an overview of memory, step time, timeline and
// bubble side by side, or any one view alone at full size (the topology editor and the engine panel
// among them), chosen from a tab bar.
namespace paraplan::widgets {

class BreakdownView;
class BubbleView;
class CompareView;
class EnginePanel;
class EngineSession;
class EvaluationView;
class LandscapeView;
class MemoryView;
class PlanView;
class PlotView;
class ScalingView;
class SensitivityView;
class TimelineView;
class TopologyEditor;

// Append only: the order gives the Ctrl+N shortcuts and the tab order users know.
enum class ViewId { Overview, Memory, Breakdown, Timeline, Bubble, Landscape, Topology, Compare, Engine, Scaling, Sensitivity, Plan };
inline constexpr std::array<ViewId, 12> kViewIds{ ViewId::Overview, ViewId::Memory,    ViewId::Breakdown, ViewId::Timeline,
                                                  ViewId::Bubble,   ViewId::Landscape, ViewId::Topology,  ViewId::Compare,
                                                  ViewId::Engine,   ViewId::Scaling,   ViewId::Sensitivity, ViewId::Plan };

class ViewDeck : public QWidget {
    Q_OBJECT
public:
    explicit ViewDeck(EngineSession* engine, QWidget* parent = nullptr);

    [[nodiscard]] MemoryView* memory() const { return m_memory; }
    [[nodiscard]] BreakdownView* breakdown() const { return m_breakdown; }
    [[nodiscard]] TimelineView* timeline() const { return m_timeline; }
    [[nodiscard]] BubbleView* bubble() const { return m_bubble; }
    [[nodiscard]] LandscapeView* landscape() const { return m_landscape; }
    [[nodiscard]] CompareView* compare() const { return m_compare; }
    [[nodiscard]] TopologyEditor* topology() const { return m_topology; }
    [[nodiscard]] EnginePanel* engine() const { return m_engine; }
    [[nodiscard]] ScalingView* scaling() const { return m_scaling; }
    [[nodiscard]] SensitivityView* sensitivity() const { return m_sensitivity; }
    [[nodiscard]] PlanView* plan() const { return m_plan; }
    // The single plot for an id (null for the overview, the topology and the engine: no plots).
    [[nodiscard]] PlotView* view(ViewId id) const;
    [[nodiscard]] std::vector<PlotView*> allViews() const;
    // The view's name in menus: the plot's title, or the tab's label.
    [[nodiscard]] QString title(ViewId id) const;
    // Hands the current evaluation to every view drawn from it (all but the comparison).
    void showEvaluation(const EvaluationPtr& evaluation);

    void showView(ViewId id);
    [[nodiscard]] ViewId current() const { return m_current; }

    // Stable names for command lines and project files: "overview", "memory", ...
    [[nodiscard]] static QString key(ViewId id);
    [[nodiscard]] static std::optional<ViewId> fromKey(const QString& key);

Q_SIGNALS:
    void currentChanged(paraplan::widgets::ViewId id);

private:
    [[nodiscard]] QString label(ViewId id) const;

    QTabBar* m_tabs;
    QGridLayout* m_grid;
    MemoryView* m_memory;
    BreakdownView* m_breakdown;
    TimelineView* m_timeline;
    BubbleView* m_bubble;
    LandscapeView* m_landscape;
    CompareView* m_compare;
    TopologyEditor* m_topology;
    EnginePanel* m_engine;
    ScalingView* m_scaling;
    SensitivityView* m_sensitivity;
    PlanView* m_plan;
    ViewId m_current = ViewId::Overview;
};

} // namespace paraplan::widgets
