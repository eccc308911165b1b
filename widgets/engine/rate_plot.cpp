// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/rate_plot.h"

#include "widgets/common/formatting.h"

#include "core/model/layer_shapes.h"
#include "core/spec/units.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {

// The model's rate for the same work: the FLOPs the probe counted over the predicted time.
double predictedRate(double measuredRate, double measuredS, double predictedS)
{
    return predictedS > 0 ? measuredRate * measuredS / predictedS : 0;
}

// One product of the layer as a step runs it: forward, data gradient and weight gradient together
// (bench measures the three shapes one after another; core/model/layer_shapes names them).
struct Product {
    const io::ProbeGemm* forward = nullptr;
    double flops = 0, measuredS = 0, predictedS = 0;
    bool correct = true;
};

std::vector<Product> productsOf(const std::vector<io::ProbeGemm>& gemms)
{
    std::vector<Product> products;
    for (const io::ProbeGemm& g : gemms) {
        const std::string_view product = productNameOf(g.name);
        auto it = std::find_if(products.begin(), products.end(),
                               [&](const Product& p) { return p.forward->name == product; });
        if (it == products.end()) {
            products.push_back({ &g });
            it = products.end() - 1;
        }
        it->flops += tflopsToFlopsPerS(g.tflops) * g.timing.medianS;
        it->measuredS += g.timing.medianS;
        it->predictedS += g.predictedS;
        it->correct = it->correct && g.correct;
    }
    return products;
}

} // namespace

EngineRatePlot::EngineRatePlot(Kind kind, QWidget* parent)
    : PlotView(parent)
    , m_kind(kind)
{
    placeLegendBelowPlot();
}

QString EngineRatePlot::title() const
{
    return m_kind == Kind::Compute ? tr("GEMM and attention rate") : tr("Bus and memory bandwidth");
}

QString EngineRatePlot::format(double value) const
{
    return m_kind == Kind::Compute ? formatTflops(value) : formatGBps(value);
}

void EngineRatePlot::showRun(const io::ProbeLog& log)
{
    m_cpu = log.cpu;
    m_rows.clear();
    if (m_kind == Kind::Compute) {
        for (const Product& p : productsOf(log.gemms)) {
            const io::ProbeGemm& g = *p.forward;
            const double measured = p.measuredS > 0 ? flopsPerSToTflops(p.flops / p.measuredS) : 0;
            m_rows.push_back({ tr("%1 (%2×%3×%4)").arg(QString::fromStdString(g.name)).arg(g.m).arg(g.n).arg(g.k), measured,
                               predictedRate(measured, p.measuredS, p.predictedS), p.correct });
        }
        for (const io::ProbeAttention& a : log.attention)
            m_rows.push_back({ tr("attention (sequence %1)").arg(a.seq), a.tflops,
                               predictedRate(a.tflops, a.timing.medianS, a.predictedS), a.correct });
    } else {
        for (const io::ProbeCollective& c : log.collectives)
            m_rows.push_back({ tr("%1 %2 ×%3, %4 B")
                                   .arg(QString::fromStdString(c.group), QString::fromStdString(c.collective))
                                   .arg(c.ranks)
                                   .arg(formatCount(c.bytes)),
                               c.busGBps, c.predictedBusGBps, c.correct });
        // What every memory-bound kernel (norms, activations, the optimizer) runs at.
        if (log.memory)
            m_rows.push_back({ tr("memory copy, %1 B (read + write)").arg(formatCount(log.memory->bytes)),
                               log.memory->GBps, log.memory->predictedGBps, log.memory->correct });
    }
    dataChanged();
}

void EngineRatePlot::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    applyTheme();
    setPlotTitle(title());
    p->legend->setVisible(!m_rows.empty());
    if (m_rows.empty())
        return;
    // Rows top to bottom in the order measured: row i at y = -i.
    QCPGraph* measured = p->addGraph(p->yAxis, p->xAxis);
    QCPGraph* predicted = p->addGraph(p->yAxis, p->xAxis);
    measured->setName(m_cpu ? tr("measured (CPU)") : tr("measured"));
    predicted->setName(tr("predicted"));
    const QColor measuredColour = theme().component(TimeComponent::Compute);
    const QColor predictedColour = theme().subtle;
    for (QCPGraph* g : { measured, predicted }) {
        g->setLineStyle(QCPGraph::lsNone);
        const QColor c = g == measured ? measuredColour : predictedColour;
        g->setScatterStyle(QCPScatterStyle(g == measured ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssCircle, c, c, 9));
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double low = 0, high = 0;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const Row& r = m_rows[i];
        const double y = -double(i);
        ticker->addTick(y, r.correct ? r.label : tr("%1 (wrong result!)").arg(r.label));
        for (double v : { r.measured, r.predicted }) {
            if (v <= 0)
                continue;
            low = low > 0 ? std::min(low, v) : v;
            high = std::max(high, v);
        }
        if (r.measured > 0)
            measured->addData(y, r.measured);
        if (r.predicted > 0)
            predicted->addData(y, r.predicted);
        if (r.measured > 0 && r.predicted > 0) {
            auto* line = new QCPItemLine(p);
            line->setPen(QPen(theme().grid, 2));
            line->start->setCoords(r.measured, y);
            line->end->setCoords(r.predicted, y);
            line->setLayer(QStringLiteral("grid"));
        }
    }
    p->yAxis->setTicker(ticker);
    p->yAxis->setSubTicks(false);
    p->yAxis->setRange(-double(m_rows.size()) + 0.4, 0.6);
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    p->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    p->xAxis->setNumberFormat(QStringLiteral("gb"));
    p->xAxis->setRange(low > 0 ? low / 2 : 0.01, high > 0 ? high * 2 : 1);
    p->xAxis->setLabel(m_kind == Kind::Compute ? tr("TFLOP/s") : tr("GB/s"));
}

QString EngineRatePlot::toolTipAt(const QPointF& position) const
{
    const int row = int(std::lround(-plot()->yAxis->pixelToCoord(position.y())));
    if (row < 0 || row >= int(m_rows.size()))
        return {};
    const Row& r = m_rows[size_t(row)];
    QString text = tr("<b>%1</b><br>measured %2<br>predicted %3").arg(r.label, format(r.measured), format(r.predicted));
    if (r.predicted > 0)
        text += tr("<br>measured / predicted: %1").arg(r.measured / r.predicted, 0, 'f', 3);
    return text;
}

} // namespace paraplan::widgets
