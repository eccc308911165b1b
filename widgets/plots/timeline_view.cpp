// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/timeline_view.h"

#include "widgets/common/diagnostic_text.h"
#include "widgets/common/formatting.h"
#include "widgets/common/schedule_text.h"
#include "widgets/plots/gantt_plottable.h"
#include "widgets/plots/kernel_plottable.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFontMetrics>
#include <QLabel>
#include <QVBoxLayout>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {
// What the plot's height spends besides the stages' rows: its title, the legend below, the time axis.
constexpr int kTitleLegendAndTimeAxisHeight = 170;

QString scheduleTitle(PipelineSchedule schedule, int64_t vpp)
{
    if (schedule == PipelineSchedule::Interleaved1F1B)
        return TimelineView::tr("interleaved 1F1B ×%1").arg(vpp);
    return scheduleText(schedule);
}
} // namespace

TimelineView::TimelineView(QWidget* parent)
    : EvaluationView(parent)
    , m_findings(new QLabel(this))
{
    m_findings->setWordWrap(true);
    m_findings->setTextFormat(Qt::RichText);
    m_findings->setVisible(false);
    frameLayout()->addWidget(m_findings);
    plot()->yAxis->setRangeReversed(true); // stage 0 on top
    placeLegendBelowPlot();
    plot()->axisRect()->setRangeDrag(Qt::Horizontal);
    plot()->axisRect()->setRangeZoom(Qt::Horizontal);
}

QString TimelineView::title() const { return tr("Pipeline timeline"); }

void TimelineView::setMeasuredTrace(MeasuredTracePtr ranks)
{
    m_measured = std::move(ranks);
    dataChanged();
}

void TimelineView::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    m_gantt = nullptr;
    m_kernels = nullptr;
    m_findings->setVisible(false);
    applyTheme();
    setPlotTitle(title());
    if (!evaluation())
        return;
    const Result& r = evaluation()->result;
    const int64_t stages = int64_t(r.stages.size());
    const QString schedule = scheduleTitle(r.schedule, r.parallel.degrees.vpp);
    const QString details = tr("%1, %2 micro-batches, bubble %3").arg(schedule).arg(r.microBatches).arg(formatPercent(r.bubbleFraction));
    // The fullest title that fits the width (the tab names the view when even that is too long).
    const QFont titleFont(font().family(), font().pointSize() + 3, QFont::Bold);
    for (const QString& candidate : { tr("%1 — %2").arg(title(), details), details,
                                      tr("%1, bubble %2").arg(schedule, formatPercent(r.bubbleFraction)), schedule }) {
        setPlotTitle(candidate);
        if (QFontMetrics(titleFont).horizontalAdvance(candidate) < width() - 20)
            break;
    }
    if (r.timeline.empty()) { // too many operations to draw (evaluation.h): say so, the figures stand
        auto* note = new QCPItemText(p);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        note->setColor(theme().foreground);
        note->setText(tr("%1 micro-batches on %2 stages: %3 operations, too many to draw.\nThe step time and the "
                         "bubble include every one of them.")
                          .arg(QLocale().toString(r.microBatches), QLocale().toString(stages),
                               QLocale().toString(timelineOperations(r))));
        return;
    }
    m_gantt = new GanttPlottable(p->xAxis, p->yAxis);
    m_gantt->setColours(theme().forward(), theme().backward(), theme().weightGradient(), Qt::black);
    m_gantt->setOperations(r.timeline, stages);
    m_gantt->removeFromLegend();
    // Legend entries for what the blocks mean (empty bars carry the colours).
    auto legendEntry = [&](const QString& name, const QColor& colour) {
        auto* entry = new QCPBars(p->xAxis, p->yAxis);
        entry->setName(name);
        entry->setPen(Qt::NoPen);
        entry->setBrush(colour);
    };
    QColor send = theme().backward();
    send.setAlpha(70);
    const auto has = [&](auto test) { return std::any_of(r.timeline.begin(), r.timeline.end(), test); };
    const bool split = has([](const PipelineOp& op) { return op.kind == PipelineOpKind::WeightGradient; });
    legendEntry(tr("forward"), theme().forward());
    legendEntry(split ? tr("backward: input gradient (B)") : tr("backward (with recomputation)"), theme().backward());
    if (split)
        legendEntry(tr("weight gradient (W)"), theme().weightGradient());
    if (r.parallel.degrees.vpp > 1)
        legendEntry(tr("later chunks darker"), theme().forward().darker(144));
    if (has([](const PipelineOp& op) { return op.direction == 1; })) {
        auto* entry = new QCPBars(p->xAxis, p->yAxis);
        entry->setName(tr("second direction (hatched); pairs overlapped share a row"));
        entry->setPen(Qt::NoPen);
        entry->setBrush(QBrush(theme().foreground, Qt::BDiagPattern));
    }
    legendEntry(tr("send to the next stage"), send);
    legendEntry(tr("idle: the bubble (blank)"), theme().background);

    // Every stage labelled where the rows are tall enough for a line of text, every k-th where not
    // (16 stages in a small plot would write their labels over each other).
    const double rowHeight = std::max(1.0, double(p->height() - kTitleLegendAndTimeAxisHeight)) / double(stages);
    const double lineHeight = QFontMetrics(p->yAxis->tickLabelFont()).height() + 2;
    const int64_t step = std::max<int64_t>(1, int64_t(std::ceil(lineHeight / rowHeight)));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int64_t s = 0; s < stages; s += step)
        ticker->addTick(double(s), tr("stage %1").arg(s));
    p->yAxis->setTicker(ticker);
    p->yAxis->setRange(-0.6, double(stages) - 0.4);
    double end = 0; // the last pass (a stage's end_s is its span where the schedule post-validates)
    for (const PipelineOp& op : r.timeline)
        end = std::max(end, op.sendEnd);
    if (m_measured) {
        drawMeasured(*evaluation());
        bool found = false;
        end = std::max(end, m_kernels->getKeyRange(found).upper);
        p->yAxis->setRange(-0.6, double(stages) + 0.2);
        for (int64_t s = 0; s < stages; s += step)
            ticker->addTick(double(s) + KernelPlottable::kStripOffset, tr("measured"));
    }
    p->xAxis->setRange(0, end * 1.01);
    p->xAxis->setLabel(tr("seconds into the step"));
}

void TimelineView::drawMeasured(const Evaluation& e)
{
    const Result& r = e.result;
    m_comparison = compareTrace(e.scenario, r, {}, *m_measured);
    // Each stage's first traced rank, its first profiled step, from the step's start.
    std::vector<std::vector<MeasuredKernel>> rows(r.stages.size());
    for (const StageComparison& stage : m_comparison.stages) {
        if (!stage.hasTrace() || stage.stage >= int64_t(rows.size()))
            continue;
        const MeasuredRank& rank = (*m_measured)[stage.ranks.front()];
        const StepWindow window = rank.steps.front();
        for (MeasuredKernel k : rank.kernels)
            if (k.start >= window.start && k.start < window.end) {
                k.start -= window.start;
                rows[size_t(stage.stage)].push_back(std::move(k));
            }
    }
    m_kernels = new KernelPlottable(plot()->xAxis, plot()->yAxis);
    m_kernels->setKernels(std::move(rows), theme());
    m_kernels->setName(tr("measured kernels (thin strips): compute, memory-bound, communication"));

    QString text = tr("<b>Measured trace against the prediction</b> (%1 traces):").arg(m_measured->size());
    text += QStringLiteral("<ul>");
    for (const TraceFinding& f : m_comparison.findings) {
        const QString message = translatedSentence("TraceComparison", f.messageTemplate, f.args, f.message);
        text += QStringLiteral("<li>%1</li>").arg(message.toHtmlEscaped());
    }
    text += QStringLiteral("</ul>");
    m_findings->setText(text);
    m_findings->setVisible(true);
}

QString TimelineView::toolTipAt(const QPointF& position) const
{
    if (m_kernels) {
        const double time = plot()->xAxis->pixelToCoord(position.x());
        const double row = plot()->yAxis->pixelToCoord(position.y());
        if (const MeasuredKernel* k = m_kernels->kernelAt(time, row)) {
            const auto stage = size_t(std::lround(row - KernelPlottable::kStripOffset));
            QString text = tr("<b>%1</b><br>%2, %3 from the step's start, lasts %4")
                               .arg(QString::fromStdString(k->name).toHtmlEscaped(),
                                    QCoreApplication::translate("TraceComparison", titleOf(k->kind)),
                                    formatSeconds(k->start), formatSeconds(k->seconds));
            if (stage < m_comparison.stages.size()) {
                const StageComparison& s = m_comparison.stages[stage];
                text += tr("<br>stage %1 in a step: measured %2 of these, predicted %3")
                            .arg(stage)
                            .arg(formatSeconds(s.measured.of(k->kind)), formatSeconds(s.predicted.of(k->kind)));
            }
            return text;
        }
    }
    if (!m_gantt || !evaluation())
        return {};
    const PipelineOp* op = m_gantt->operationAt(plot()->xAxis->pixelToCoord(position.x()),
                                                plot()->yAxis->pixelToCoord(position.y()));
    if (!op)
        return {};
    QString kind;
    switch (op->kind) {
    case PipelineOpKind::Forward:
        kind = tr("Forward");
        break;
    case PipelineOpKind::Backward:
        kind = tr("Backward");
        break;
    case PipelineOpKind::InputGradient:
        kind = tr("Input gradient (B)");
        break;
    case PipelineOpKind::WeightGradient:
        kind = tr("Weight gradient (W)");
        break;
    }
    QString text = tr("<b>%1</b> of micro-batch %2 on stage %3").arg(kind).arg(op->microBatch).arg(op->stage);
    if (op->direction == 1)
        text += tr(" (second direction)");
    else if (evaluation()->result.parallel.degrees.vpp > 1)
        text += tr(", chunk %1").arg(op->chunk);
    if (op->overlapped)
        text += tr("<br>overlapped with the pass beside it: one's all-to-all under the other's compute");
    text += tr("<br>starts %1, lasts %2").arg(formatSeconds(op->start), formatSeconds(op->end - op->start));
    if (op->sendEnd > op->end)
        text += tr("<br>then sends to the next stage for %1").arg(formatSeconds(op->sendEnd - op->end));
    return text;
}

// A stage's row, one a stage along y.
std::optional<PlotView::HighlightBand> TimelineView::highlightBand(const FindingFocus& focus) const
{
    if (!focus.stage)
        return std::nullopt;
    return HighlightBand{ false, double(*focus.stage) - 0.5, double(*focus.stage) + 0.5 };
}

} // namespace paraplan::widgets
