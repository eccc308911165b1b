// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/landscape_view.h"

#include "core/spec/units.h"

#include "widgets/common/formatting.h"
#include "widgets/common/schedule_text.h"

#include <qcustomplot.h>

#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {
constexpr double kPickRadius = 8;

QString describe(const Candidate& c)
{
    const ParallelDegrees& d = c.degrees;
    QString text = QStringLiteral("tp %1 · pp %2 · dp %3").arg(d.tp).arg(d.pp).arg(d.dp);
    if (d.cp > 1)
        text += QStringLiteral(" · cp %1").arg(d.cp);
    if (d.ep > 1)
        text += QStringLiteral(" · ep %1").arg(d.ep);
    if (d.etp > 0 && d.etp != d.tp)
        text += QStringLiteral(" · etp %1").arg(d.etp);
    if (c.moeDispatcher != MoeDispatcher::AllToAll)
        text += QStringLiteral(" · ") + QString::fromLatin1(toString(c.moeDispatcher));
    if (d.vpp > 1)
        text += QStringLiteral(" · vpp %1").arg(d.vpp);
    if (c.schedule) // a schedule other than the one vpp implies
        text += QStringLiteral(" · ") + scheduleText(*c.schedule);
    if (c.endTrim && *c.endTrim > 0)
        text += LandscapeView::tr(" · lighter end stages");
    text += QStringLiteral(" · mb %1 · ZeRO-%2 · %3").arg(c.microBatch).arg(c.zeroStage).arg(QString::fromLatin1(toString(c.recompute)));
    if (c.sequenceParallel)
        text += QStringLiteral(" · SP");
    return text;
}
} // namespace

LandscapeView::LandscapeView(QWidget* parent)
    : EvaluationView(parent)
    , m_progressButton(new QPushButton(this))
{
    m_progressButton->setObjectName(QStringLiteral("landscapeProgress"));
    frameLayout()->insertWidget(0, m_progressButton, 0, Qt::AlignLeft);
    connect(m_progressButton, &QPushButton::clicked, this, [this] {
        if (m_progress == Progress::Computing)
            Q_EMIT cancelRequested();
        else
            Q_EMIT computeRequested();
    });
    updateProgressButton();
    plot()->legend->setVisible(true);
    plot()->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot()->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    connect(plot(), &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton)
            return;
        if (const LandscapePoint* point = pointAt(event->position()))
            Q_EMIT candidateChosen(point->candidate);
    });
}

QString LandscapeView::title() const { return tr("Configuration landscape"); }

void LandscapeView::showLandscape(const LandscapePtr& landscape)
{
    m_landscape = landscape;
    m_progress = Progress::NotAsked;
    m_rescale = true;
    updateProgressButton();
    dataChanged();
}

void LandscapeView::showComputing()
{
    m_landscape.reset(); // a landscape is computed only for inputs the one shown does not price
    m_progress = Progress::Computing;
    updateProgressButton();
    dataChanged();
}

void LandscapeView::showStopped()
{
    m_landscape.reset();
    m_progress = Progress::Stopped;
    updateProgressButton();
    dataChanged();
}

QString LandscapeView::progressNote() const
{
    switch (m_progress) {
    case Progress::Computing:
        return tr("Pricing every configuration…");
    case Progress::Stopped:
        return tr("Cancelled. Compute the landscape again to price every configuration.");
    case Progress::NotAsked:
        break;
    }
    return tr("Open this view to price every configuration.");
}

void LandscapeView::updateProgressButton()
{
    m_progressButton->setText(m_progress == Progress::Computing ? tr("Cancel") : tr("Compute the landscape"));
    m_progressButton->setVisible(m_progress != Progress::NotAsked);
}

void LandscapeView::resetZoom()
{
    m_rescale = true;
    redraw();
    replotNow();
}

void LandscapeView::redraw()
{
    QCustomPlot* p = plot();
    const QCPRange keepX = p->xAxis->range(), keepY = p->yAxis->range();
    p->clearGraphs();
    p->clearItems();
    applyTheme();
    updateProgressButton(); // its words, in the language of the moment
    if (!m_landscape) {
        setPlotTitle(title());
        showCentreNote(progressNote());
        return;
    }
    setPlotTitle(m_landscape->truncated
                     ? tr("%1 — %2 of %3 fitting configurations (an even sample)")
                           .arg(title())
                           .arg(m_landscape->points.size())
                           .arg(m_landscape->fitting)
                     : tr("%1 — %2 fitting configurations").arg(title()).arg(m_landscape->points.size()));
    QVector<double> x, y, tiedX, tiedY;
    std::vector<const LandscapePoint*> front;
    for (const LandscapePoint& point : m_landscape->points) {
        (point.tiedWithFastest ? tiedX : x) << bytesToGib(point.memoryBytes);
        (point.tiedWithFastest ? tiedY : y) << point.stepS;
        if (point.pareto)
            front.push_back(&point);
    }
    auto scatter = [&](const QString& name, const QVector<double>& keys, const QVector<double>& values, QColor colour,
                       int alpha, double size) {
        QCPGraph* graph = p->addGraph();
        graph->setName(name);
        graph->setLineStyle(QCPGraph::lsNone);
        colour.setAlpha(alpha);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, size));
        graph->setData(keys, values);
        graph->setAdaptiveSampling(true);
    };
    scatter(tr("configurations"), x, y, theme().component(TimeComponent::Compute), 90, 5);
    // The model cannot rank these against the fastest: shaded apart, so nobody chases its noise.
    if (!tiedX.isEmpty())
        scatter(tr("as fast as the fastest within the 80 % band"), tiedX, tiedY, theme().tied, 200, 7);

    std::sort(front.begin(), front.end(), [](auto* a, auto* b) { return a->memoryBytes < b->memoryBytes; });
    QVector<double> fx, fy;
    for (const LandscapePoint* point : front) {
        fx << bytesToGib(point->memoryBytes);
        fy << point->stepS;
    }
    QCPGraph* pareto = p->addGraph();
    pareto->setName(tr("Pareto front (nothing faster with less memory)"));
    pareto->setPen(QPen(theme().component(TimeComponent::DpComm), 2));
    pareto->setLineStyle(QCPGraph::lsStepRight);
    pareto->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, 7));
    pareto->setData(fx, fy, true);

    if (evaluation()) {
        QCPGraph* current = p->addGraph();
        current->setName(tr("current configuration"));
        current->setLineStyle(QCPGraph::lsNone);
        current->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(theme().highlight, 3), QBrush(theme().highlight), 18));
        current->addData(bytesToGib(evaluation()->result.memory.total()), evaluation()->result.time.step);
    }
    p->xAxis->setLabel(tr("memory per GPU, fullest stage (GiB)"));
    p->yAxis->setLabel(tr("step time (s), log scale"));
    if (m_rescale) { // a new landscape: show all of it; otherwise keep the user's zoom
        p->rescaleAxes();
        p->xAxis->scaleRange(1.08, p->xAxis->range().center());
        p->yAxis->scaleRange(1.15, p->yAxis->range().center());
        m_rescale = false;
    } else {
        p->xAxis->setRange(keepX);
        p->yAxis->setRange(keepY);
    }
}

const LandscapePoint* LandscapeView::pointAt(const QPointF& position) const
{
    if (!m_landscape)
        return nullptr;
    const LandscapePoint* nearest = nullptr;
    double best = kPickRadius;
    for (const LandscapePoint& point : m_landscape->points) {
        const double dx = plot()->xAxis->coordToPixel(bytesToGib(point.memoryBytes)) - position.x();
        const double dy = plot()->yAxis->coordToPixel(point.stepS) - position.y();
        const double d = std::hypot(dx, dy);
        if (d < best) {
            best = d;
            nearest = &point;
        }
    }
    return nearest;
}

QString LandscapeView::toolTipAt(const QPointF& position) const
{
    const LandscapePoint* point = pointAt(position);
    if (!point)
        return {};
    return tr("%1<br>step %2 · %3 per GPU%4%5<br><i>click to apply</i>")
        .arg(describe(point->candidate), formatSeconds(point->stepS), formatGib(point->memoryBytes),
             point->pareto ? tr(" · on the Pareto front") : QString(),
             point->tiedWithFastest ? tr(" · as fast as the fastest within the 80 % band") : QString());
}

} // namespace paraplan::widgets
