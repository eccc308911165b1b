// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/view_deck.h"

#include "widgets/engine/panel.h"
#include "widgets/plots/breakdown_view.h"
#include "widgets/plots/bubble_view.h"
#include "widgets/plots/compare_view.h"
#include "widgets/plots/landscape_view.h"
#include "widgets/plots/memory_view.h"
#include "widgets/plots/plan_view.h"
#include "widgets/plots/scaling_view.h"
#include "widgets/plots/sensitivity_view.h"
#include "widgets/plots/timeline_view.h"
#include "widgets/topology/editor.h"

#include <QGridLayout>
#include <QTabBar>
#include <QVBoxLayout>

namespace paraplan::widgets {

ViewDeck::ViewDeck(EngineSession* engine, QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabBar(this))
    , m_grid(new QGridLayout)
    , m_memory(new MemoryView(this))
    , m_breakdown(new BreakdownView(this))
    , m_timeline(new TimelineView(this))
    , m_bubble(new BubbleView(this))
    , m_landscape(new LandscapeView(this))
    , m_compare(new CompareView(this))
    , m_topology(new TopologyEditor(this))
    , m_engine(new EnginePanel(engine, this))
    , m_scaling(new ScalingView(this))
    , m_sensitivity(new SensitivityView(this))
    , m_plan(new PlanView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (ViewId id : kViewIds)
        m_tabs->addTab(label(id));
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs);
    layout->addLayout(m_grid, 1);
    m_grid->addWidget(m_memory, 0, 0);
    m_grid->addWidget(m_breakdown, 0, 1);
    m_grid->addWidget(m_timeline, 1, 0);
    m_grid->addWidget(m_bubble, 1, 1);
    m_grid->addWidget(m_landscape, 0, 0, 2, 2);
    m_grid->addWidget(m_compare, 0, 0, 2, 2);
    m_grid->addWidget(m_topology, 0, 0, 2, 2);
    m_grid->addWidget(m_engine, 0, 0, 2, 2);
    m_grid->addWidget(m_scaling, 0, 0, 2, 2);
    m_grid->addWidget(m_sensitivity, 0, 0, 2, 2);
    m_grid->addWidget(m_plan, 0, 0, 2, 2);
    for (int i = 0; i < 2; ++i) { // the overview's quarters share the space evenly
        m_grid->setColumnStretch(i, 1);
        m_grid->setRowStretch(i, 1);
    }
    connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) { showView(kViewIds[size_t(index)]); });
    showView(ViewId::Overview);
}

QString ViewDeck::label(ViewId id) const
{
    switch (id) {
    case ViewId::Overview:
        return tr("Overview");
    case ViewId::Memory:
        return tr("Memory");
    case ViewId::Breakdown:
        return tr("Step time");
    case ViewId::Timeline:
        return tr("Timeline");
    case ViewId::Bubble:
        return tr("Bubble");
    case ViewId::Landscape:
        return tr("Landscape");
    case ViewId::Topology:
        return tr("Topology");
    case ViewId::Compare:
        return tr("Compare");
    case ViewId::Engine:
        return tr("Engine");
    case ViewId::Scaling:
        return tr("Scaling");
    case ViewId::Sensitivity:
        return tr("Sensitivity");
    case ViewId::Plan:
        return tr("Plan");
    }
    return {};
}

QString ViewDeck::title(ViewId id) const
{
    if (id == ViewId::Topology)
        return m_topology->title();
    const PlotView* plot = view(id);
    return plot ? plot->title() : label(id);
}

QString ViewDeck::key(ViewId id)
{
    static const char* keys[] = { "overview", "memory", "breakdown", "timeline", "bubble", "landscape", "topology", "compare", "engine",
                                  "scaling",  "sensitivity", "plan" };
    return QLatin1String(keys[int(id)]);
}

std::optional<ViewId> ViewDeck::fromKey(const QString& key)
{
    for (ViewId id : kViewIds)
        if (ViewDeck::key(id) == key)
            return id;
    return std::nullopt;
}

PlotView* ViewDeck::view(ViewId id) const
{
    switch (id) {
    case ViewId::Overview:
        return nullptr;
    case ViewId::Memory:
        return m_memory;
    case ViewId::Breakdown:
        return m_breakdown;
    case ViewId::Timeline:
        return m_timeline;
    case ViewId::Bubble:
        return m_bubble;
    case ViewId::Landscape:
        return m_landscape;
    case ViewId::Topology:
        return nullptr;
    case ViewId::Compare:
        return m_compare;
    case ViewId::Engine:
        return nullptr;
    case ViewId::Scaling:
        return m_scaling;
    case ViewId::Sensitivity:
        return m_sensitivity;
    case ViewId::Plan:
        return m_plan;
    }
    return nullptr;
}

std::vector<PlotView*> ViewDeck::allViews() const
{
    return { m_memory, m_breakdown, m_timeline, m_bubble, m_landscape, m_compare, m_scaling, m_sensitivity, m_plan };
}

void ViewDeck::showEvaluation(const EvaluationPtr& evaluation)
{
    for (EvaluationView* view : std::initializer_list<EvaluationView*>{ m_memory, m_breakdown, m_timeline, m_bubble, m_landscape })
        view->showEvaluation(evaluation);
    m_topology->showEvaluation(evaluation);
}

void ViewDeck::showView(ViewId id)
{
    m_current = id;
    {
        const QSignalBlocker block(m_tabs);
        m_tabs->setCurrentIndex(int(id));
    }
    const bool overview = id == ViewId::Overview;
    // In the overview the four quarter views share the grid; alone, a view spans all of it.
    for (PlotView* quarter : { static_cast<PlotView*>(m_memory), static_cast<PlotView*>(m_breakdown),
                               static_cast<PlotView*>(m_timeline), static_cast<PlotView*>(m_bubble) }) {
        const bool alone = view(id) == quarter;
        m_grid->removeWidget(quarter);
        if (alone)
            m_grid->addWidget(quarter, 0, 0, 2, 2);
        quarter->setVisible(overview || alone);
    }
    if (overview) {
        m_grid->addWidget(m_memory, 0, 0);
        m_grid->addWidget(m_breakdown, 0, 1);
        m_grid->addWidget(m_timeline, 1, 0);
        m_grid->addWidget(m_bubble, 1, 1);
    }
    m_landscape->setVisible(id == ViewId::Landscape);
    m_compare->setVisible(id == ViewId::Compare);
    m_topology->setVisible(id == ViewId::Topology);
    m_engine->setVisible(id == ViewId::Engine);
    m_scaling->setVisible(id == ViewId::Scaling);
    m_sensitivity->setVisible(id == ViewId::Sensitivity);
    m_plan->setVisible(id == ViewId::Plan);
    Q_EMIT currentChanged(id);
}

} // namespace paraplan::widgets
