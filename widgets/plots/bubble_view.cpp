// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/bubble_view.h"

#include "widgets/common/formatting.h"
#include "widgets/common/schedule_text.h"

#include "core/spec/units.h"
#include "core/step/pipeline_schedule.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {

constexpr double kBarWidth = 0.38;

} // namespace

BubbleView::BubbleView(QWidget* parent)
    : EvaluationView(parent)
    , m_schedules(new QCPAxisRect(plot()))
{
    plot()->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot()->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_schedules->axis(QCPAxis::atRight)->setVisible(true);
    m_schedules->setRangeDrag(Qt::Orientations());
    m_schedules->setRangeZoom(Qt::Orientations());
}

QString BubbleView::title() const { return tr("Pipeline bubble"); }

void BubbleView::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    applyTheme();
    setPlotTitle(title());
    // Inside the plot, a legend would cover the curve a small view has room for: the axis titles
    // and the tooltips say the same there.
    p->legend->setVisible(p->width() >= kLegendMinimumSize.width() && p->height() >= kLegendMinimumSize.height());
    if (!evaluation())
        return;
    const Evaluation& e = *evaluation();
    const ParallelSpec& par = e.result.parallel;
    QVector<double> keys, simulated, textbook;
    for (size_t i = 0; i < e.bubbleMicroBatches.size(); ++i) {
        if (e.bubbleFractions[i] < 0)
            continue;
        const int64_t m = e.bubbleMicroBatches[i];
        keys << double(m);
        simulated << e.bubbleFractions[i] * 100;
        textbook << 100.0 * textbookBubbleFraction(par.degrees.pp, par.degrees.vpp, m);
    }
    QCPGraph* model = p->addGraph();
    model->setName(tr("this configuration (simulated step)"));
    model->setPen(QPen(theme().component(TimeComponent::Bubble).darker(140), 2.5));
    model->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    model->setData(keys, simulated, true);
    QCPGraph* formula = p->addGraph();
    formula->setName(tr("uniform stages: (p−1)/(v·m+p−1)"));
    formula->setPen(QPen(theme().subtle, 1.5, Qt::DashLine));
    formula->setData(keys, textbook, true);

    QCPGraph* current = p->addGraph();
    current->setName(tr("current: %1 micro-batches").arg(e.result.microBatches));
    current->setLineStyle(QCPGraph::lsNone);
    current->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(theme().highlight, 3),
                                             QBrush(theme().highlight), 13));
    current->addData(double(e.result.microBatches), e.result.bubbleFraction * 100);

    p->xAxis->setLabel(tr("micro-batches per step (m)"));
    p->yAxis->setLabel(tr("bubble, % of the step"));
    p->rescaleAxes();
    p->xAxis->scaleRange(1.15, p->xAxis->range().center());
    p->yAxis->setRange(0, std::max(5.0, p->yAxis->range().upper * 1.1));
    drawSchedules();
}

void BubbleView::drawSchedules()
{
    QCustomPlot* p = plot();
    const bool shown = evaluation() && !evaluation()->schedules.empty();
    QCPLayoutGrid* layout = p->plotLayout();
    const bool placed = layout->hasElement(layout->rowCount() - 1, 0) && layout->element(layout->rowCount() - 1, 0) == m_schedules;
    if (shown && !placed) {
        layout->addElement(layout->rowCount(), 0, m_schedules);
        layout->setRowStretchFactor(layout->rowCount() - 1, 0.8);
    } else if (!shown && placed) {
        layout->take(m_schedules);
        layout->simplify();
    }
    if (!shown)
        return;
    const Evaluation& e = *evaluation();
    QCPAxis* x = m_schedules->axis(QCPAxis::atBottom);
    QCPAxis* bubbleAxis = m_schedules->axis(QCPAxis::atLeft);
    QCPAxis* memoryAxis = m_schedules->axis(QCPAxis::atRight);
    auto* bubble = new QCPBars(x, bubbleAxis);
    auto* memory = new QCPBars(x, memoryAxis);
    bubble->setName(tr("bubble, % of the step (left)"));
    memory->setName(tr("memory per GPU, fullest stage (right)"));
    bubble->setBrush(theme().component(TimeComponent::Bubble));
    memory->setBrush(theme().memory(MemoryPart::Activations));
    for (QCPBars* bars : { bubble, memory }) {
        bars->setPen(Qt::NoPen);
        bars->setWidth(kBarWidth);
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double most = 0;
    for (size_t i = 0; i < e.schedules.size(); ++i) {
        const ScheduleOption& o = e.schedules[i];
        const double key = double(i + 1);
        // A word per line: eight schedules share the width of half the view, and "interleaved
        // 1F1B" on one line runs into its neighbours.
        QString label = scheduleText(o.schedule).replace(QLatin1Char(' '), QLatin1Char('\n'));
        if (o.current)
            label = tr("▶ %1").arg(label);
        if (!o.runs)
            label += tr("\n(cannot run)");
        else if (!o.fits)
            label += tr("\n(out of memory)");
        ticker->addTick(key, label);
        if (!o.runs)
            continue;
        bubble->addData(key - kBarWidth / 2, o.bubbleFraction * 100);
        memory->addData(key + kBarWidth / 2, bytesToGib(o.peakMemoryBytes));
        most = std::max(most, bytesToGib(o.peakMemoryBytes));
    }
    x->setTicker(ticker);
    x->setRange(0.4, double(e.schedules.size()) + 0.6);
    x->grid()->setVisible(false);
    bubbleAxis->setLabel(tr("bubble, %"));
    bubbleAxis->rescale();
    bubbleAxis->setRange(0, std::max(5.0, bubbleAxis->range().upper * 1.15));
    const double capacity = bytesToGib(e.result.capacityBytes);
    memoryAxis->setLabel(tr("GiB per GPU"));
    memoryAxis->setRange(0, std::max(most, capacity) * 1.15);
    auto* hbm = new QCPItemStraightLine(p);
    hbm->setClipAxisRect(m_schedules);
    for (QCPItemPosition* end : { hbm->point1, hbm->point2 }) {
        end->setAxisRect(m_schedules);
        end->setAxes(x, memoryAxis);
    }
    hbm->point1->setCoords(0, capacity);
    hbm->point2->setCoords(1, capacity);
    hbm->setPen(QPen(theme().warning, 1.5, Qt::DashLine));
    auto* hbmLabel = new QCPItemText(p);
    hbmLabel->setClipAxisRect(m_schedules);
    hbmLabel->position->setAxisRect(m_schedules);
    hbmLabel->position->setAxes(x, memoryAxis);
    hbmLabel->position->setCoords(double(e.schedules.size()) + 0.55, capacity);
    hbmLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    hbmLabel->setColor(theme().warning);
    hbmLabel->setText(tr("HBM %1 GiB").arg(capacity, 0, 'f', 0));
    bubble->removeFromLegend();
    memory->removeFromLegend();
    auto* title = new QCPItemText(p);
    title->setClipToAxisRect(false);
    title->position->setType(QCPItemPosition::ptAxisRectRatio);
    title->position->setAxisRect(m_schedules);
    title->position->setCoords(0.5, 0.0);
    title->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    title->setColor(theme().foreground);
    title->setText(tr("Every schedule at this configuration: bubble, % of the step (left bar of each pair), and GiB per GPU (right bar)"));
}

QString BubbleView::scheduleToolTip(const QPointF& position) const
{
    if (!evaluation() || evaluation()->schedules.empty() || !m_schedules->rect().contains(position.toPoint()))
        return {};
    const Evaluation& e = *evaluation();
    const double key = m_schedules->axis(QCPAxis::atBottom)->pixelToCoord(position.x());
    const auto index = int64_t(std::lround(key)) - 1;
    if (index < 0 || index >= int64_t(e.schedules.size()))
        return {};
    const ScheduleOption& o = e.schedules[size_t(index)];
    QString text = tr("<b>%1</b>").arg(scheduleText(o.schedule));
    if (o.vpp > 1)
        text += tr(" with %1 chunks per stage").arg(o.vpp);
    if (!o.runs)
        return text + tr("<br>cannot run here: %1").arg(QString::fromStdString(o.whyNot).toHtmlEscaped());
    text += tr("<br>step %1, bubble %2, %3 GiB per GPU on the fullest stage")
                .arg(formatSeconds(o.stepS), formatPercent(o.bubbleFraction))
                .arg(bytesToGib(o.peakMemoryBytes), 0, 'f', 1);
    if (!o.fits)
        text += tr("<br>does not fit in memory");
    if (!o.shipped)
        text += tr("<br>not in the framework's release: it needs a fork or a library");
    return text;
}

QString BubbleView::toolTipAt(const QPointF& position) const
{
    if (!evaluation())
        return {};
    if (const QString schedules = scheduleToolTip(position); !schedules.isEmpty())
        return schedules;
    const Evaluation& e = *evaluation();
    // The nearest computed point in screen distance.
    double best = 400;
    QString text;
    for (size_t i = 0; i < e.bubbleMicroBatches.size(); ++i) {
        if (e.bubbleFractions[i] < 0)
            continue;
        const double x = plot()->xAxis->coordToPixel(double(e.bubbleMicroBatches[i]));
        const double y = plot()->yAxis->coordToPixel(e.bubbleFractions[i] * 100);
        const double d = std::hypot(x - position.x(), y - position.y());
        if (d < best) {
            best = d;
            text = tr("%1 micro-batches: bubble %2 of the step").arg(e.bubbleMicroBatches[i]).arg(formatPercent(e.bubbleFractions[i]));
        }
    }
    return text;
}

} // namespace paraplan::widgets
