// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/memory_view.h"

#include "core/model/memory_model.h"
#include "core/rules/parallel_layout.h"
#include "core/spec/units.h"
#include "widgets/common/formatting.h"

#include <qcustomplot.h>

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {
constexpr double kSafeFraction = 0.80;
// The value axis with its title and labels, left of the stages; and the room between two tick labels.
constexpr int kValueAxisWidth = 70;
constexpr int kTickLabelGap = 12;

double partBytes(const MemoryBreakdown& m, MemoryPart part)
{
    switch (part) {
    case MemoryPart::Weights:
        return m.weights;
    case MemoryPart::Gradients:
        return m.gradients;
    case MemoryPart::Optimizer:
        return m.optimizer;
    case MemoryPart::Activations:
        return m.activations;
    case MemoryPart::Other:
        return m.other;
    }
    return 0;
}

constexpr MemoryPart kParts[] = { MemoryPart::Weights, MemoryPart::Gradients, MemoryPart::Optimizer,
                                  MemoryPart::Activations, MemoryPart::Other };
} // namespace

MemoryView::MemoryView(QWidget* parent)
    : EvaluationView(parent)
{
    placeLegendBelowPlot();
}

QString MemoryView::title() const { return tr("Memory per GPU"); }

void MemoryView::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    applyTheme();
    setPlotTitle(title());
    if (!evaluation())
        return;
    const Result& r = evaluation()->result;
    const int stages = int(r.stages.size());
    QVector<double> keys(stages);
    for (int i = 0; i < stages; ++i)
        keys[i] = i;

    QCPBars* below = nullptr;
    for (MemoryPart part : kParts) {
        auto* bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(memoryPartName(part));
        bars->setPen(Qt::NoPen);
        bars->setBrush(theme().memory(part));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(0.7);
        QVector<double> values(stages);
        for (int i = 0; i < stages; ++i)
            values[i] = bytesToGib(partBytes(r.stages[size_t(i)].memory, part));
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }

    const double capacity = bytesToGib(r.capacityBytes);
    double highest = capacity;
    for (int i = 0; i < stages; ++i) {
        const double total = bytesToGib(r.stages[size_t(i)].memory.total());
        highest = std::max(highest, total);
        if (total > capacity) { // the part that does not fit, in the warning colour
            auto* over = new QCPItemRect(p);
            over->topLeft->setCoords(i - 0.35, total);
            over->bottomRight->setCoords(i + 0.35, capacity);
            QColor fill = theme().warning;
            fill.setAlpha(170);
            over->setBrush(fill);
            over->setPen(QPen(theme().warning, 2));
        }
    }
    auto horizontal = [&](double y, const QColor& colour, Qt::PenStyle style, const QString& label) {
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(-1, y);
        line->point2->setCoords(stages, y);
        line->setPen(QPen(colour, 2, style));
        auto* text = new QCPItemText(p);
        text->position->setCoords(-0.45, y);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        text->setText(label);
        text->setColor(colour);
    };
    horizontal(capacity, theme().warning, Qt::SolidLine, tr("HBM %1").arg(formatGib(r.capacityBytes, 0)));
    horizontal(kSafeFraction * capacity, theme().caution, Qt::DashLine, tr("80 % safe margin"));

    // Tick labels that fit the plot's width: "stage N" where there is room, the bare number (the
    // axis is titled "pipeline stage") where not, every k-th stage where even that would collide.
    const QFontMetrics metrics(p->xAxis->tickLabelFont());
    const double perStage = std::max(1.0, double(p->width() - kValueAxisWidth)) / stages;
    const auto widthOf = [&](const QString& label) { return metrics.horizontalAdvance(label) + kTickLabelGap; };
    const bool named = widthOf(tr("stage %1").arg(stages - 1)) <= perStage;
    const int labelWidth = named ? widthOf(tr("stage %1").arg(stages - 1)) : widthOf(QString::number(stages - 1));
    const int step = std::max(1, int(std::ceil(labelWidth / perStage)));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < stages; i += step)
        ticker->addTick(i, named ? tr("stage %1").arg(i) : QString::number(i));
    p->xAxis->setTicker(ticker);
    p->xAxis->setRange(-0.6, stages - 0.4);
    p->yAxis->setRange(0, highest * 1.12);
    p->yAxis->setLabel(tr("GiB per GPU"));
    p->xAxis->setLabel(tr("pipeline stage"));
}

QString MemoryView::toolTipAt(const QPointF& position) const
{
    if (!evaluation())
        return {};
    const Result& r = evaluation()->result;
    const int stage = int(std::lround(plot()->xAxis->pixelToCoord(position.x())));
    if (stage < 0 || stage >= int(r.stages.size()))
        return {};
    const StageReport& s = r.stages[size_t(stage)];
    const ParallelLayout layout = resolveLayout(evaluation()->scenario);
    QString text = tr("<b>Stage %1</b> — %2 layers<br>").arg(stage).arg(s.layers);
    for (MemoryPart part : kParts)
        text += tr("%1: %2<br>").arg(memoryPartName(part), formatGib(partBytes(s.memory, part), 2));
    text += tr("<b>total %1</b> of %2 (%3)<br>")
                .arg(formatGib(s.memory.total(), 2), formatGib(r.capacityBytes, 0),
                     formatPercent(s.memory.total() / r.capacityBytes));
    text += tr("Activations: Korthikanti et al. per-layer bytes × %1 micro-batches in flight under %2 (recompute %3).")
                .arg(QString::number(inFlightMicroBatches(layout, stage), 'g', 3),
                     layout.degrees.vpp > 1 ? tr("interleaved 1F1B") : tr("1F1B"),
                     QString::fromLatin1(toString(r.recomputeChosen)));
    return text;
}

// A stage's bars, one a stage along x.
std::optional<PlotView::HighlightBand> MemoryView::highlightBand(const FindingFocus& focus) const
{
    if (!focus.stage)
        return std::nullopt;
    return HighlightBand{ true, double(*focus.stage) - 0.5, double(*focus.stage) + 0.5 };
}

} // namespace paraplan::widgets
