// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The plan view's words: the summary under the plot, the tooltips of plans and phases, and the
// names and notes the plot and the summary share.
#include "widgets/plots/plan_view.h"

#include "core/run/token_budget.h"
#include "widgets/common/diagnostic_text.h"
#include "widgets/plots/explanation.h"
#include "widgets/plots/plan_view_parts.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

using namespace plan_parts;

namespace {

constexpr double kPlanPickRadius = 9;

// "70.6 billion": a model's size as papers give it (formatCount's G is for giga, not for billions of parameters).
QString planParametersText(double parameters)
{
    return parameters >= 1e9 ? PlanView::tr("%1 billion").arg(QLocale().toString(parameters / 1e9, 'f', 1))
                             : PlanView::tr("%1 million").arg(QLocale().toString(parameters / 1e6, 'f', 0));
}

// The cluster as the plan's labels name it: its catalog id (short), else its name.
QString planHardwareShortName(const ClusterSpec& cluster)
{
    return QString::fromStdString(cluster.preset.empty() ? cluster.name : cluster.preset);
}

} // namespace

QString PlanView::progressNote() const
{
    switch (m_progress) {
    case Progress::Computing: {
        const std::optional<PlanStudy> s = study();
        size_t plans = 0;
        if (s)
            for (const HardwareOption& option : s->request.hardware)
                plans += option.nodes.size();
        return tr("Planning: the best configuration of %n hardware and node count(s), priced through failures…", nullptr,
                  int(plans));
    }
    case Progress::Stopped:
        return tr("Cancelled. Press Plan to plan again.");
    case Progress::Idle:
        break;
    }
    return m_evaluation || m_file ? tr("Open this view to plan the run.") : tr("No valid configuration to plan yet.");
}

QString PlanView::hardwareName(size_t hardware) const
{
    if (!m_planned || hardware >= m_planned->request.hardware.size())
        return {};
    return QString::fromStdString(m_planned->request.hardware[hardware].cluster.name);
}

QString PlanView::placeText(const PlanPoint& point) const
{
    return tr("%1 × %2").arg(point.nodes).arg(planHardwareShortName(point.scenario.cluster));
}

// Under the plot: the two optima with their configuration, days (goodput included) and cost; the
// token budget against Chinchilla's point; the phases' totals; the planner's notes.
void PlanView::showSummary()
{
    if (!m_outcome || !m_planned) {
        m_summary->clear();
        return;
    }
    const RunPlan& run = m_outcome->run;
    QStringList lines;
    auto optimumLine = [&](const std::optional<size_t>& index, const QString& what) {
        if (!index) {
            lines << QStringLiteral("<b>%1</b> %2").arg(what.toHtmlEscaped(), tr("none (see the notes)").toHtmlEscaped());
            return;
        }
        const PlanPoint& point = run.points[*index];
        QString text = tr("%1 (%2 GPUs), %3: %4").arg(placeText(point)).arg(point.result.gpus)
                           .arg(describeConfiguration(point.scenario, point.result), point.timeS ? planDaysText(*point.timeS) : QStringLiteral("–"));
        if (point.timeLowS && point.timeHighS)
            text += tr(" (80 % band %1)").arg(planDaysRangeText(*point.timeLowS, *point.timeHighS));
        if (point.result.goodput)
            text += tr(" at %1 goodput (%2 over the published failure rates)")
                        .arg(formatPercent(point.result.goodput->fraction),
                             formatPercentRange(point.result.goodput->fractionLow, point.result.goodput->fractionHigh));
        if (point.costUsd)
            text += tr(", %1").arg(planUsdText(*point.costUsd));
        lines << QStringLiteral("<b>%1</b> %2").arg(what.toHtmlEscaped(), text.toHtmlEscaped());
    };
    if (!run.points.empty()) {
        optimumLine(run.fastestWithinBudget, m_planned->request.budgetUsd ? tr("Fastest within the budget:") : tr("Fastest:"));
        optimumLine(run.cheapestMeetingDeadline,
                    m_planned->request.deadlineS ? tr("Cheapest meeting the deadline:") : tr("Cheapest:"));
    }
    const ModelSpec& model = m_planned->request.scenario.model;
    if (const std::optional<double> tokens = tokenBudget(m_planned->request.scenario.training)) {
        const ChinchillaPoint chinchilla = chinchillaPoint(model);
        QString text = tr("%1 tokens, %2 × Chinchilla's compute-optimal %3 tokens for %4 parameters (20 tokens a parameter, "
                          "Hoffmann et al. 2022)")
                           .arg(formatCount(*tokens))
                           .arg(QLocale().toString(tokensOverChinchilla(*tokens, model), 'f', 1))
                           .arg(formatCount(chinchilla.tokens), planParametersText(chinchilla.parameters));
        if (!chinchilla.dense)
            text += tr("; a mixture of experts counts its active parameters, which Chinchilla's dense fit does not test");
        lines << QStringLiteral("<b>%1</b> %2.").arg(tr("Token budget:").toHtmlEscaped(), text.toHtmlEscaped());
    }
    if (m_outcome->phases && !m_outcome->phases->phases.empty()) {
        const PhasePlan& plan = *m_outcome->phases;
        QString text = planDaysText(plan.totalS);
        if (plan.totalCostUsd)
            text += tr(", %1").arg(planUsdText(*plan.totalCostUsd));
        if (!plan.fixedPhases.empty()) {
            text += tr(" against %1").arg(planDaysText(plan.fixedTotalS));
            if (plan.fixedTotalCostUsd)
                text += tr(", %1").arg(planUsdText(*plan.fixedTotalCostUsd));
            text += tr(" with %1 throughout").arg(describeConfiguration(plan.fixedPhases.front().scenario,
                                                                       plan.fixedPhases.front().result));
        }
        lines << QStringLiteral("<b>%1</b> %2.").arg(tr("Phases:").toHtmlEscaped(), text.toHtmlEscaped());
    }
    QStringList notes;
    for (const Sentence& note : run.notes)
        notes << translatedSentence("Plan", note).toHtmlEscaped();
    if (m_outcome->phases)
        for (const Sentence& note : m_outcome->phases->notes)
            notes << translatedSentence("Plan", note).toHtmlEscaped();
    const auto unpriced = std::count_if(run.points.begin(), run.points.end(), [](const PlanPoint& point) { return !point.priced(); });
    if (unpriced > 0)
        notes << tr("%1 of the %2 plans have no time or cost (no configuration runs and fits there, or no price): they are "
                    "not drawn.")
                     .arg(unpriced)
                     .arg(run.points.size())
                     .toHtmlEscaped();
    QString html = lines.join(QStringLiteral("<br>"));
    if (!notes.isEmpty())
        html += QStringLiteral("<br><span style=\"color:%1\">%2</span>").arg(theme().subtle.name(), notes.join(QLatin1Char(' ')));
    m_summary->setText(html);
}

QString PlanView::planToolTip(const PlanPoint& point) const
{
    const Result& r = point.result;
    QString text = tr("<b>%1</b> · %2 nodes · %3 GPUs").arg(hardwareName(point.hardware).toHtmlEscaped()).arg(point.nodes).arg(r.gpus);
    text += QStringLiteral("<br>") + describeConfiguration(point.scenario, r).toHtmlEscaped();
    text += tr("<br>step %1 · %2 · MFU %3").arg(formatSeconds(r.time.step), formatTokensPerSecond(r.tokensPerS), formatPercent(r.mfu));
    if (r.goodput)
        text += tr("<br>goodput %1 (MTBF %2, a checkpoint every %3)")
                    .arg(formatPercent(r.goodput->fraction), formatDuration(r.goodput->mtbfS),
                         formatDuration(r.goodput->checkpointIntervalS));
    text += tr("<br>%1 to train · %2").arg(planDaysText(*point.timeS), planUsdText(*point.costUsd));
    if (point.timeLowS && point.timeHighS)
        text += tr("<br>80 % band %1 (the step's band, the failure rates' spread)")
                    .arg(planDaysRangeText(*point.timeLowS, *point.timeHighS));
    if (!point.meetsDeadline)
        text += tr("<br>misses the deadline");
    if (!point.withinBudget)
        text += tr("<br>over the budget");
    if (point.onFrontier)
        text += tr("<br>on the time-cost frontier");
    return text;
}

QString PlanView::phaseToolTip(const DrawnSegment& segment) const
{
    const PhasePlan& plan = *m_outcome->phases;
    const std::vector<PhaseOutcome>& phases = segment.fixed ? plan.fixedPhases : plan.phases;
    const PhaseOutcome& phase = phases[segment.phase];
    const QString name = segment.phase < m_planned->phases.size() ? QString::fromStdString(m_planned->phases[segment.phase].name)
                                                                  : QString();
    if (segment.isSwitch)
        return tr("<b>Switch into %1</b><br>%2: the checkpoint saved, read back re-sharded and the job restarted")
            .arg(name.toHtmlEscaped(), formatDuration(phase.switchS));
    QString text = tr("<b>%1</b> · %2 tokens · %3 steps · %4 nodes")
                       .arg(name.toHtmlEscaped(), formatCount(phase.tokens), formatCount(phase.steps))
                       .arg(phase.scenario.cluster.nodes);
    text += QStringLiteral("<br>") + describeConfiguration(phase.scenario, phase.result).toHtmlEscaped();
    text += tr("<br>step %1 · %2").arg(formatSeconds(phase.result.time.step), planDaysText(phase.timeS));
    if (phase.result.goodput)
        text += tr(" at %1 goodput").arg(formatPercent(phase.result.goodput->fraction));
    if (phase.costUsd)
        text += tr(" · %1").arg(planUsdText(*phase.costUsd));
    return text;
}

QString PlanView::toolTipAt(const QPointF& position) const
{
    if (!m_outcome)
        return {};
    if (m_phaseRect->layout() && m_phaseRect->rect().contains(position.toPoint())) {
        const double day = m_phaseRect->axis(QCPAxis::atBottom)->pixelToCoord(position.x());
        const double row = m_phaseRect->axis(QCPAxis::atLeft)->pixelToCoord(position.y());
        for (const DrawnSegment& segment : m_segments)
            if (segment.area.contains(day, row))
                return phaseToolTip(segment);
        return {};
    }
    const DrawnPlan* nearest = nullptr;
    double closest = kPlanPickRadius;
    for (const DrawnPlan& d : m_drawn) {
        const double distance = std::hypot(plot()->xAxis->coordToPixel(d.x) - position.x(), plot()->yAxis->coordToPixel(d.y) - position.y());
        if (distance < closest) {
            closest = distance;
            nearest = &d;
        }
    }
    return nearest ? planToolTip(m_outcome->run.points[nearest->point]) : QString();
}

} // namespace paraplan::widgets
