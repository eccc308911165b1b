// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The plan view's plot: the plans of each kind of hardware, the time-cost frontier, the deadline
// and the budget, the optima, and the bars of a run in phases.
#include "widgets/plots/plan_view.h"

#include "widgets/common/diagnostic_text.h"
#include "widgets/plots/plan_view_parts.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan::widgets {

using namespace plan_parts;

namespace {

// A range wider than this factor is drawn on a logarithmic axis: plans on 1 and 64 nodes differ
// about that much in days, and a linear axis would crowd the fast ones into a corner.
constexpr double kPlanLogAxisSpread = 8;

// One colour per kind of hardware, from the theme's distinguishable hues.
QColor planHardwareColour(const PlotTheme& theme, size_t hardware)
{
    static constexpr TimeComponent hues[] = { TimeComponent::Compute,   TimeComponent::TpComm,  TimeComponent::DpComm,
                                              TimeComponent::PpComm,    TimeComponent::Optimizer, TimeComponent::Recompute,
                                              TimeComponent::CpComm,    TimeComponent::EpComm };
    return theme.component(hues[hardware % std::size(hues)]);
}

QColor planPhaseColour(const PlotTheme& theme, size_t phase)
{
    static constexpr TimeComponent hues[] = { TimeComponent::Recompute, TimeComponent::Compute, TimeComponent::DpComm,
                                              TimeComponent::TpComm,    TimeComponent::PpComm,  TimeComponent::CpComm };
    return theme.component(hues[phase % std::size(hues)]);
}

// A y axis in readable money: the factor applied to USD and its label.
struct PlanCostScale {
    double factor = 1;
    QString label;
};

PlanCostScale planCostScaleOf(double largest)
{
    if (largest >= 1e6)
        return { 1e-6, PlanView::tr("cost to train (million USD)") };
    if (largest >= 1e3)
        return { 1e-3, PlanView::tr("cost to train (thousand USD)") };
    return { 1, PlanView::tr("cost to train (USD)") };
}

// An axis over [low, high]: logarithmic where the values spread widely, with a margin either way.
void planFitAxis(QCPAxis* axis, double low, double high)
{
    const bool logarithmic = low > 0 && high / low > kPlanLogAxisSpread;
    if (logarithmic) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setRange(low / 1.3, high * 1.3);
        // Ticks at 1, 2 and 5 of each decade: a plan's days and dollars span one or two decades, where
        // powers of ten alone would leave most of the axis without a figure.
        auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
        for (double decade = std::pow(10.0, std::floor(std::log10(low / 1.3))); decade <= high * 1.3; decade *= 10)
            for (double step : { 1.0, 2.0, 5.0 })
                if (const double tick = step * decade; tick >= low / 1.3 && tick <= high * 1.3)
                    ticker->addTick(tick, QLocale().toString(tick, 'g', 6));
        ticker->setSubTickCount(0);
        axis->setTicker(ticker);
        return;
    }
    axis->setScaleType(QCPAxis::stLinear);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(QStringLiteral("gb"));
    const double pad = high > low ? 0.08 * (high - low) : std::max(0.1 * high, 1e-9);
    axis->setRange(std::max(0.0, low - pad), high + pad);
}

} // namespace

void PlanView::drawFrontierPlot()
{
    QCustomPlot* p = plot();
    const bool anyPriced = m_outcome && std::any_of(m_outcome->run.points.begin(), m_outcome->run.points.end(),
                                                     [](const PlanPoint& point) { return point.priced(); });
    // Axes without figures where there is nothing to plot on them: only the note shows.
    for (QCPAxis* axis : { p->xAxis, p->yAxis }) {
        axis->setTicks(anyPriced);
        axis->setTickLabels(anyPriced);
        axis->grid()->setVisible(anyPriced);
    }
    if (!anyPriced) {
        p->legend->setVisible(false);
        p->xAxis->setLabel(QString());
        p->yAxis->setLabel(QString());
        if (!m_outcome)
            showCentreNote(progressNote());
        else if (m_outcome->run.problem)
            showCentreNote(translatedSentence("Plan", *m_outcome->run.problem));
        else if (m_outcome->run.points.empty() && m_outcome->phases)
            showCentreNote(tr("This plan compares no hardware: its phases are drawn below."));
        else
            showCentreNote(tr("No plan runs, fits and has a price: see the notes below."));
        return;
    }
    double costHigh = 0;
    for (const PlanPoint& point : m_outcome->run.points)
        if (point.priced())
            costHigh = std::max(costHigh, *point.costUsd);
    if (m_planned->request.budgetUsd)
        costHigh = std::max(costHigh, *m_planned->request.budgetUsd);
    const PlanCostScale scale = planCostScaleOf(costHigh);
    drawHardwareSeries(scale.factor);
    drawFrontier(scale.factor);

    double xLow = std::numeric_limits<double>::max(), xHigh = 0, yLow = xLow, yHigh = 0;
    for (const DrawnPlan& d : m_drawn) {
        xLow = std::min(xLow, d.x);
        xHigh = std::max(xHigh, d.x);
        yLow = std::min(yLow, d.y);
        yHigh = std::max(yHigh, d.y);
    }
    // The deadline and the budget in view, so that their lines show where the plans stand.
    if (m_planned->request.deadlineS) {
        xLow = std::min(xLow, *m_planned->request.deadlineS / kSecondsPerDay);
        xHigh = std::max(xHigh, *m_planned->request.deadlineS / kSecondsPerDay);
    }
    if (m_planned->request.budgetUsd) {
        yLow = std::min(yLow, *m_planned->request.budgetUsd * scale.factor);
        yHigh = std::max(yHigh, *m_planned->request.budgetUsd * scale.factor);
    }
    planFitAxis(p->xAxis, xLow, xHigh);
    planFitAxis(p->yAxis, yLow, yHigh);
    p->xAxis->setLabel(tr("wall-clock time to train, failures and checkpoints included (days)"));
    p->yAxis->setLabel(scale.label);
    drawLimits(scale.factor);
    drawOptima(scale.factor);
    p->legend->setVisible(true);
}

void PlanView::drawHardwareSeries(double costFactor)
{
    const RunPlan& run = m_outcome->run;
    for (size_t h = 0; h < m_planned->request.hardware.size(); ++h) {
        const QColor colour = planHardwareColour(theme(), h);
        QCPGraph* graph = plot()->addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, 8));
        size_t priced = 0;
        for (size_t i = 0; i < run.points.size(); ++i) {
            const PlanPoint& point = run.points[i];
            if (point.hardware != h || !point.priced())
                continue;
            const double x = *point.timeS / kSecondsPerDay, y = *point.costUsd * costFactor;
            graph->addData(x, y);
            m_drawn.push_back({ x, y, i });
            ++priced;
        }
        graph->setName(priced > 0 ? hardwareName(h) : tr("%1 (no plan runs and fits)").arg(hardwareName(h)));
    }
}

// The plans no other is both faster and cheaper than, joined as the staircase that bounds what can
// be bought: from each, the next cheaper one is reached only by waiting longer.
void PlanView::drawFrontier(double costFactor)
{
    const RunPlan& run = m_outcome->run;
    std::vector<std::pair<double, double>> steps;
    for (size_t index : run.frontier) {
        const PlanPoint& point = run.points[index];
        if (point.priced())
            steps.emplace_back(*point.timeS / kSecondsPerDay, *point.costUsd * costFactor);
    }
    if (steps.empty())
        return;
    std::sort(steps.begin(), steps.end());
    QCPGraph* frontier = plot()->addGraph();
    frontier->setName(tr("time-cost frontier"));
    frontier->setLineStyle(QCPGraph::lsStepLeft);
    frontier->setPen(QPen(theme().foreground, 1.5, Qt::DashLine));
    frontier->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(theme().foreground, 1.5), Qt::NoBrush, 12));
    for (const auto& [x, y] : steps)
        frontier->addData(x, y);
}

void PlanView::drawLimits(double costFactor)
{
    QCustomPlot* p = plot();
    if (m_planned->request.deadlineS) {
        const double days = *m_planned->request.deadlineS / kSecondsPerDay;
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(days, 1);
        line->point2->setCoords(days, 2);
        line->setPen(QPen(theme().caution, 1.8, Qt::DashDotLine));
        auto* label = new QCPItemText(p);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(days, 0);
        const double share = (p->xAxis->coordToPixel(days) - p->axisRect()->left()) / std::max(1, p->axisRect()->width());
        label->setPositionAlignment((share > 0.7 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
        label->setPadding(QMargins(5, 4, 5, 2));
        label->setText(tr("deadline: %1").arg(planDaysText(*m_planned->request.deadlineS)));
        label->setColor(theme().caution);
    }
    if (m_planned->request.budgetUsd) {
        const double cost = *m_planned->request.budgetUsd * costFactor;
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(1, cost);
        line->point2->setCoords(2, cost);
        line->setPen(QPen(theme().warning, 1.8, Qt::DashDotLine));
        auto* label = new QCPItemText(p);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(1, cost);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setPadding(QMargins(5, 2, 5, 3));
        label->setText(tr("budget: %1").arg(planUsdText(*m_planned->request.budgetUsd)));
        label->setColor(theme().warning);
    }
}

// A ring around each optimum and its label beside it, on the side away from the plot's nearest
// edges; one label where both optima are the same plan.
void PlanView::drawOptima(double costFactor)
{
    const RunPlan& run = m_outcome->run;
    struct Optimum {
        size_t point;
        QString what;
    };
    std::vector<Optimum> optima;
    if (run.fastestWithinBudget)
        optima.push_back({ *run.fastestWithinBudget,
                           m_planned->request.budgetUsd ? tr("fastest within the budget") : tr("fastest") });
    if (run.cheapestMeetingDeadline) {
        const QString what = m_planned->request.deadlineS ? tr("cheapest meeting the deadline") : tr("cheapest");
        if (!optima.empty() && optima.front().point == *run.cheapestMeetingDeadline)
            optima.front().what = tr("%1 and %2").arg(optima.front().what, what);
        else
            optima.push_back({ *run.cheapestMeetingDeadline, what });
    }
    QCustomPlot* p = plot();
    const QRect area = p->axisRect()->rect();
    for (const Optimum& optimum : optima) {
        const PlanPoint& point = run.points[optimum.point];
        if (!point.priced())
            continue;
        const double x = *point.timeS / kSecondsPerDay, y = *point.costUsd * costFactor;
        auto* ring = new QCPItemTracer(p);
        ring->position->setCoords(x, y);
        ring->setStyle(QCPItemTracer::tsCircle);
        ring->setSize(20);
        ring->setPen(QPen(theme().highlight, 2.5));
        auto* label = new QCPItemText(p);
        label->position->setParentAnchor(ring->position);
        const double px = p->xAxis->coordToPixel(x), py = p->yAxis->coordToPixel(y);
        const bool right = area.width() <= 0 || px < area.left() + 0.55 * area.width();
        const bool below = area.height() <= 0 || py < area.top() + 0.5 * area.height();
        label->position->setCoords(right ? 14 : -14, below ? 12 : -12);
        label->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) | (below ? Qt::AlignTop : Qt::AlignBottom));
        label->setTextAlignment(right ? Qt::AlignLeft : Qt::AlignRight);
        label->setText(QStringLiteral("%1\n%2 · %3 · %4")
                           .arg(optimum.what, placeText(point), planDaysText(*point.timeS), planUsdText(*point.costUsd)));
        label->setColor(theme().highlight);
        QColor fill = theme().background;
        fill.setAlphaF(0.85);
        label->setBrush(fill);
        label->setPen(QPen(theme().highlight, 1));
        label->setPadding(QMargins(5, 3, 5, 3));
        label->setClipToAxisRect(false);
    }
}

void PlanView::placePhaseRect(bool shown)
{
    QCPLayoutGrid* layout = plot()->plotLayout();
    const bool placed = m_phaseRect->layout() != nullptr;
    if (shown == placed)
        return;
    QCPMarginGroup* margins = plot()->axisRect()->marginGroup(QCP::msLeft);
    if (!shown) {
        m_phaseRect->setMarginGroup(QCP::msLeft | QCP::msRight, nullptr);
        layout->take(m_phaseRect);
        layout->simplify();
        return;
    }
    m_phaseRect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    // Under the frontier, above the legend's row.
    int row = 0;
    for (int r = 0; r < layout->rowCount(); ++r)
        if (layout->element(r, 0) == plot()->axisRect())
            row = r + 1;
    layout->insertRow(row);
    layout->addElement(row, 0, m_phaseRect);
}

// The bars take a third of the frontier's height under it; most of the plot where there is no
// frontier (a plan of phases alone).
void PlanView::shareHeightWithPhases(bool frontierShown)
{
    QCPLayoutGrid* layout = plot()->plotLayout();
    for (int r = 0; r < layout->rowCount(); ++r)
        if (layout->element(r, 0) == m_phaseRect)
            layout->setRowStretchFactor(r, frontierShown ? 0.38 : 3);
}

// A bar of the run in phases over one of the same run in one configuration: each phase a segment
// as long as its days, the switches between configurations in the warning colour.
void PlanView::drawPhases()
{
    if (!m_phaseRect->layout())
        return;
    shareHeightWithPhases(!m_drawn.empty());
    const PhasePlan& plan = *m_outcome->phases;
    QCustomPlot* p = plot();
    QCPAxis* x = m_phaseRect->axis(QCPAxis::atBottom);
    QCPAxis* rows = m_phaseRect->axis(QCPAxis::atLeft);
    const bool fixedShown = !plan.fixedPhases.empty();
    const double longest = std::max(plan.totalS, fixedShown ? plan.fixedTotalS : 0.0) / kSecondsPerDay;
    x->setRange(0, std::max(longest, 1e-6) * 1.02);
    x->setLabel(tr("days"));
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    ticker->addTick(1, tr("in phases"));
    if (fixedShown)
        ticker->addTick(0, tr("one configuration"));
    rows->setTicker(ticker);
    rows->setRange(fixedShown ? -0.6 : 0.4, 1.6);
    rows->grid()->setVisible(false);
    const QFontMetricsF metrics(font());
    // The pixels a day takes, as the rectangle will be laid out (its width is known after a first layout).
    const double width = m_phaseRect->width() > 0 ? m_phaseRect->width() : p->width() - 160.0;
    const double pixelsPerDay = width / x->range().size();
    auto segment = [&](double from, double days, double row, const QColor& colour, const QString& text, DrawnSegment drawn) {
        auto* rect = new QCPItemRect(p);
        rect->setClipAxisRect(m_phaseRect);
        for (QCPItemPosition* corner : { rect->topLeft, rect->bottomRight }) {
            corner->setAxisRect(m_phaseRect);
            corner->setAxes(x, rows);
        }
        rect->topLeft->setCoords(from, row + 0.3);
        rect->bottomRight->setCoords(from + days, row - 0.3);
        rect->setBrush(colour);
        rect->setPen(QPen(theme().background, 1));
        drawn.area = QRectF(from, row - 0.3, days, 0.6);
        m_segments.push_back(drawn);
        if (text.isEmpty() || days * pixelsPerDay < metrics.horizontalAdvance(text) + 8)
            return; // too narrow for its label: the tooltip says it
        auto* label = new QCPItemText(p);
        label->setClipAxisRect(m_phaseRect);
        label->position->setAxisRect(m_phaseRect);
        label->position->setAxes(x, rows);
        label->position->setCoords(from + days / 2, row);
        label->setText(text);
        label->setColor(colour.lightness() > 150 ? QColor(Qt::black) : QColor(Qt::white));
    };
    auto bar = [&](const std::vector<PhaseOutcome>& phases, double row, bool fixed) {
        double at = 0;
        for (size_t i = 0; i < phases.size(); ++i) {
            const PhaseOutcome& phase = phases[i];
            if (phase.switchS > 0) {
                segment(at, phase.switchS / kSecondsPerDay, row, theme().warning, QString(), { {}, i, fixed, true });
                at += phase.switchS / kSecondsPerDay;
            }
            const QString name = i < m_planned->phases.size() ? QString::fromStdString(m_planned->phases[i].name) : QString();
            segment(at, phase.timeS / kSecondsPerDay, row, planPhaseColour(theme(), i),
                    tr("%1 · %2").arg(name, planDaysText(phase.timeS)), { {}, i, fixed, false });
            at += phase.timeS / kSecondsPerDay;
        }
    };
    bar(plan.phases, 1, false);
    if (fixedShown)
        bar(plan.fixedPhases, 0, true);
    // The phases' colours in the legend (entries without data: the bars are items).
    auto legendEntry = [&](const QString& name, const QColor& colour) {
        QCPGraph* entry = p->addGraph();
        entry->setName(name);
        entry->setLineStyle(QCPGraph::lsNone);
        entry->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, colour, colour, 10));
    };
    for (size_t i = 0; i < plan.phases.size() && i < m_planned->phases.size(); ++i)
        legendEntry(tr("phase: %1").arg(QString::fromStdString(m_planned->phases[i].name)), planPhaseColour(theme(), i));
    if (std::any_of(plan.phases.begin(), plan.phases.end(), [](const PhaseOutcome& phase) { return phase.switchS > 0; }))
        legendEntry(tr("switch: checkpoint re-sharded, job restarted"), theme().warning);
    p->legend->setVisible(true);
    QString heading = tr("The run in phases: %1").arg(planDaysText(plan.totalS));
    if (fixedShown) {
        const double saving = plan.fixedTotalS > 0 ? 1 - plan.totalS / plan.fixedTotalS : 0;
        heading = saving >= 0 ? tr("The run in phases: %1 against %2 in one configuration (%3 saved)")
                                    .arg(planDaysText(plan.totalS), planDaysText(plan.fixedTotalS), formatPercent(saving))
                              : tr("The run in phases: %1 against %2 in one configuration (%3 longer)")
                                    .arg(planDaysText(plan.totalS), planDaysText(plan.fixedTotalS), formatPercent(-saving));
    }
    auto* title = new QCPItemText(p);
    title->setClipToAxisRect(false);
    title->position->setType(QCPItemPosition::ptAxisRectRatio);
    title->position->setAxisRect(m_phaseRect);
    title->position->setCoords(0.5, 0);
    title->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    title->setPadding(QMargins(0, 0, 0, 4));
    title->setColor(theme().foreground);
    title->setText(heading);
    m_phaseRect->setMinimumMargins(QMargins(0, int(metrics.height()) + 12, 0, 0));
}

} // namespace paraplan::widgets
