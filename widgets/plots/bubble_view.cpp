// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/bubble_view.h"

#include "widgets/common/formatting.h"

#include "core/step/pipeline_schedule.h"

#include <qcustomplot.h>

#include <cmath>

namespace paraplan::widgets {

BubbleView::BubbleView(QWidget* parent)
    : EvaluationView(parent)
{
    plot()->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot()->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
}

QString BubbleView::title() const { return tr("Pipeline bubble"); }

void BubbleView::redraw()
{
    QCustomPlot* p = plot();
    p->clearGraphs();
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
}

QString BubbleView::toolTipAt(const QPointF& position) const
{
    if (!evaluation())
        return {};
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
