// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#undef QT_NO_FOREACH // qcustomplot.h uses foreach
#include "widgets/plots/breakdown_view.h"

#include "widgets/common/fitting_label.h"
#include "widgets/common/formatting.h"
#include "widgets/plots/explanation.h"

#include <qcustomplot.h>

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace paraplan::widgets {

BreakdownView::BreakdownView(QWidget* parent)
    : EvaluationView(parent)
{
    // Key figures as cards: value large, what it is below.
    auto* figures = new QWidget(this);
    auto* row = new QHBoxLayout(figures);
    row->setContentsMargins(6, 6, 6, 0);
    row->setSpacing(8);
    for (size_t i = 0; i < m_figures.size(); ++i) {
        auto* card = new QFrame(figures);
        card->setFrameShape(QFrame::StyledPanel);
        card->setAutoFillBackground(true);
        card->setBackgroundRole(QPalette::AlternateBase);
        auto* stack = new QVBoxLayout(card);
        stack->setContentsMargins(6, 4, 6, 4);
        stack->setSpacing(0);
        m_figures[i] = new FittingLabel(font().pointSizeF() * 2.4, card);
        m_captions[i] = new QLabel(card);
        QFont bold = font();
        bold.setBold(true);
        m_figures[i]->setFont(bold);
        m_captions[i]->setAlignment(Qt::AlignCenter);
        m_captions[i]->setWordWrap(true);
        stack->addWidget(m_figures[i]);
        stack->addWidget(m_captions[i]);
        row->addWidget(card, 1);
    }
    figures->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    frameLayout()->insertWidget(0, figures);
}

QString BreakdownView::title() const { return tr("Step time"); }

void BreakdownView::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    applyTheme();
    setPlotTitle(title());
    m_shown.clear();
    if (!evaluation())
        return;
    const Result& r = evaluation()->result;
    const QString values[] = { formatSeconds(r.time.step), formatPercent(r.mfu), formatTflops(r.modelTflopsPerGpu),
                               formatTokensPerSecond(r.tokensPerS) };
    const QString captions[] = { tr("per step"), tr("MFU"), tr("per GPU (model FLOPs)"), tr("throughput") };
    for (size_t i = 0; i < m_figures.size(); ++i) {
        m_figures[i]->setFittedText(values[i]);
        m_captions[i]->setText(captions[i]);
    }
    m_figures[1]->setToolTip(tr("Model FLOPs utilisation, Megatron convention: attention scores counted in full, "
                                "recomputation not counted. Hardware FLOPs utilisation: %1.")
                                 .arg(formatPercent(r.hfu)));

    // One bar per component with time in it, in the order of kTimeComponents, top to bottom.
    for (auto it = kTimeComponents.rbegin(); it != kTimeComponents.rend(); ++it)
        if (componentSeconds(r.time, *it) > 0)
            m_shown.push_back(*it);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (size_t i = 0; i < m_shown.size(); ++i) {
        const TimeComponent component = m_shown[i];
        const double seconds = componentSeconds(r.time, component);
        auto* bar = new QCPBars(p->yAxis, p->xAxis);
        bar->setPen(Qt::NoPen);
        bar->setBrush(theme().component(component));
        bar->setWidth(0.7);
        bar->addData(double(i), seconds);
        ticker->addTick(double(i), componentName(component));
        // The figure beside the bar, or inside a bar long enough to hold it.
        auto* label = new QCPItemText(p);
        const bool inside = seconds > 0.6 * r.time.step;
        label->position->setCoords(seconds, double(i));
        label->setPositionAlignment((inside ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        label->setPadding(inside ? QMargins(0, 0, 6, 0) : QMargins(6, 0, 0, 0));
        label->setText(QStringLiteral("%1 · %2").arg(formatSeconds(seconds), formatPercent(seconds / r.time.step)));
        label->setColor(inside ? QColor(Qt::white) : theme().foreground);
    }
    p->yAxis->setTicker(ticker);
    p->yAxis->setRange(-0.6, double(m_shown.size()) - 0.4);
    double longest = 0;
    for (TimeComponent c : m_shown)
        longest = std::max(longest, componentSeconds(r.time, c));
    p->xAxis->setRange(0, longest * 1.45);
    p->xAxis->setLabel(tr("exposed seconds per step (stage %1)").arg(r.criticalStage));
}

QString BreakdownView::toolTipAt(const QPointF& position) const
{
    if (!evaluation())
        return {};
    const int row = int(std::lround(plot()->yAxis->pixelToCoord(position.y())));
    if (row < 0 || row >= int(m_shown.size()))
        return {};
    const TimeComponent component = m_shown[size_t(row)];
    const double seconds = componentSeconds(evaluation()->result.time, component);
    return tr("<b>%1</b>: %2 (%3 of the step)<br>%4")
        .arg(componentName(component), formatSeconds(seconds), formatPercent(seconds / evaluation()->result.time.step),
             componentExplanation(component, *evaluation()));
}

} // namespace paraplan::widgets
