// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/stage_plot.h"

#include "widgets/common/formatting.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {

const io::ProbeStage* findStage(const std::optional<io::ProbeStep>& step, int64_t stage)
{
    if (!step)
        return nullptr;
    for (const io::ProbeStage& s : step->stages)
        if (s.stage == stage)
            return &s;
    return nullptr;
}

int64_t stageCount(const std::optional<io::ProbeStep>& a, const std::optional<io::ProbeStep>& b)
{
    int64_t count = 0;
    for (const auto* step : { &a, &b })
        if (*step)
            for (const io::ProbeStage& s : (*step)->stages)
                count = std::max(count, s.stage + 1);
    return count;
}

} // namespace

EngineStagePlot::EngineStagePlot(QWidget* parent)
    : PlotView(parent)
{
    placeLegendBelowPlot();
}

QString EngineStagePlot::title() const { return tr("Measured vs predicted, per stage"); }

void EngineStagePlot::showSteps(const std::optional<io::ProbeStep>& measured, const std::optional<io::ProbeStep>& predicted,
                                bool cpu)
{
    m_measured = measured;
    m_predicted = predicted;
    m_cpu = cpu;
    dataChanged();
}

const io::ProbeStage* EngineStagePlot::stageAt(int bar) const
{
    if (bar < 0)
        return nullptr;
    return findStage(bar % 2 == 0 ? m_measured : m_predicted, bar / 2);
}

void EngineStagePlot::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    applyTheme();
    setPlotTitle(title());
    const int64_t stages = stageCount(m_measured, m_predicted);
    if (stages == 0) {
        p->legend->setVisible(false);
        return;
    }
    p->legend->setVisible(true);
    struct Part {
        QString name;
        QColor colour;
        double io::ProbeStage::*seconds;
    };
    const Part parts[] = {
        { tr("busy"), theme().component(TimeComponent::Compute), &io::ProbeStage::busyS },
        { tr("idle (bubble)"), theme().component(TimeComponent::Bubble), &io::ProbeStage::idleS },
        { tr("send"), theme().component(TimeComponent::PpComm), &io::ProbeStage::sendS },
    };
    // Two bars per stage with a gap between stages: measured (solid) at 3s, predicted (hatched) at 3s+1.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    QCPBars* below[2] = { nullptr, nullptr };
    double highest = 0;
    for (const Part& part : parts) {
        for (int predicted = 0; predicted < 2; ++predicted) {
            auto* bars = new QCPBars(p->xAxis, p->yAxis);
            bars->setWidth(0.8);
            bars->setPen(QPen(part.colour.darker(predicted ? 100 : 115)));
            bars->setBrush(predicted ? QBrush(part.colour, Qt::BDiagPattern) : QBrush(part.colour));
            bars->setName(part.name);
            if (predicted)
                p->legend->removeItem(p->legend->itemCount() - 1); // one legend entry per part
            if (below[predicted])
                bars->moveAbove(below[predicted]);
            below[predicted] = bars;
            for (int64_t s = 0; s < stages; ++s)
                if (const io::ProbeStage* stage = findStage(predicted ? m_predicted : m_measured, s))
                    bars->addData(double(3 * s + predicted), stage->*part.seconds);
        }
    }
    for (int64_t s = 0; s < stages; ++s) {
        ticker->addTick(double(3 * s), tr("stage %1\nmeasured").arg(s));
        ticker->addTick(double(3 * s + 1), tr("stage %1\npredicted").arg(s));
        for (int predicted = 0; predicted < 2; ++predicted)
            if (const io::ProbeStage* stage = findStage(predicted ? m_predicted : m_measured, s))
                highest = std::max(highest, stage->busyS + stage->idleS + stage->sendS);
    }
    p->xAxis->setTicker(ticker);
    p->xAxis->setSubTicks(false);
    p->xAxis->setTickLength(0, 4);
    p->xAxis->setRange(-0.7, double(3 * stages - 1) - 0.3);
    p->yAxis->setRange(0, highest > 0 ? highest * 1.1 : 1);
    p->yAxis->setLabel(m_cpu ? tr("seconds per step (CPU measurements)") : tr("seconds per step"));
}

QString EngineStagePlot::toolTipAt(const QPointF& position) const
{
    const double key = plot()->xAxis->pixelToCoord(position.x());
    const int slot = int(std::lround(key));
    if (slot < 0 || slot % 3 == 2)
        return {};
    const int bar = (slot / 3) * 2 + slot % 3;
    const io::ProbeStage* stage = stageAt(bar);
    if (!stage)
        return {};
    const double total = stage->busyS + stage->idleS + stage->sendS;
    return tr("<b>Stage %1, %2</b><br>busy %3<br>idle (bubble) %4 (%5)<br>send %6")
        .arg(stage->stage)
        .arg(bar % 2 == 0 ? tr("measured") : tr("predicted"), formatSeconds(stage->busyS), formatSeconds(stage->idleS),
             formatPercent(total > 0 ? stage->idleS / total : 0), formatSeconds(stage->sendS));
}

} // namespace paraplan::widgets
