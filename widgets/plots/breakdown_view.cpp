// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/breakdown_view.h"

#include "widgets/common/fitting_label.h"
#include "widgets/common/formatting.h"
#include "widgets/common/uncertainty_text.h"
#include "widgets/plots/explanation.h"

#include "core/run/goodput.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {

// Row names shrink with the rows down to this share of the font, and are left out below it.
constexpr double kSmallestNameScale = 0.6;

// What the whole-run card rests on: interruptions, checkpoints and restarts (docs/goodput.md).
QString goodputToolTip(const RunGoodput& g)
{
    const QString interruptions = std::isfinite(g.mtbfS)
        ? BreakdownView::tr("An interruption every %1 (%2 per million GPU-hours, published fleets).")
              .arg(formatDuration(g.mtbfS), QLocale().toString(g.failuresPerGpuHour * 1e6, 'f', 1))
        : BreakdownView::tr("No interruptions (failures_per_gpu_hour 0).");
    return BreakdownView::tr("%1 A checkpoint of %2 written in %3 every %4; a restart takes %5. Goodput %6 "
                             "(%7 over the published fleet failure rates).")
        .arg(interruptions, formatGib(g.checkpointBytes, 0), formatSeconds(g.checkpointWriteS),
             formatDuration(g.checkpointIntervalS), formatDuration(g.restartS), formatPercent(g.fraction),
             formatPercentRange(g.fractionLow, g.fractionHigh));
}

} // namespace

BreakdownView::BreakdownView(QWidget* parent)
    : EvaluationView(parent)
{
    // Key figures as cards: value large, what it is below.
    auto* figures = new QWidget(this);
    m_cards = new QGridLayout(figures);
    m_cards->setContentsMargins(6, 6, 6, 0);
    m_cards->setSpacing(8);
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
        m_bands[i] = new QLabel(card); // two short lines, never wrapped: it fits narrow cards whole
        QFont bold = font();
        bold.setBold(true);
        m_figures[i]->setFont(bold);
        m_captions[i]->setAlignment(Qt::AlignCenter);
        m_captions[i]->setWordWrap(true);
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        m_bands[i]->setFont(small);
        m_bands[i]->setAlignment(Qt::AlignCenter);
        m_bands[i]->setForegroundRole(QPalette::PlaceholderText);
        stack->addWidget(m_figures[i]);
        stack->addWidget(m_captions[i]);
        stack->addWidget(m_bands[i]);
        m_cards->addWidget(card, 0, int(i));
    }
    figures->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    frameLayout()->insertWidget(0, figures);
    placeLegendBelowPlot();
}

QString BreakdownView::title() const { return tr("Step time"); }

void BreakdownView::resizeEvent(QResizeEvent* event)
{
    EvaluationView::resizeEvent(event);
    arrangeCards();
}

// All cards in a row where each has room for caption and band; else two rows, the figures alone.
void BreakdownView::arrangeCards()
{
    const int cards = int(m_figures.size());
    const bool roomy = width() / cards >= kRoomyCardWidth;
    const int perRow = roomy ? cards : (cards + 1) / 2;
    for (int i = 0; i < cards; ++i) {
        QWidget* card = m_figures[size_t(i)]->parentWidget();
        m_cards->removeWidget(card);
        m_cards->addWidget(card, i / perRow, i % perRow);
        m_captions[size_t(i)]->setVisible(roomy);
        m_bands[size_t(i)]->setVisible(roomy && !m_bands[size_t(i)]->text().isEmpty());
    }
}

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
    const std::optional<StepUncertainty>& u = r.uncertainty;
    // The whole run through failures (docs/goodput.md): its wall clock where there is a token
    // budget, else the share of the wall clock that trains.
    const std::optional<RunGoodput>& g = r.goodput;
    const bool toTrain = g && g->timeToTrainS;
    const std::optional<TimeToTrainBand> trainBand = timeToTrainBand(r);
    const QString values[] = { formatSeconds(r.time.step), formatPercent(r.mfu), formatTflops(r.modelTflopsPerGpu),
                               formatTokensPerSecond(r.tokensPerS),
                               toTrain ? formatDuration(*g->timeToTrainS) : (g ? formatPercent(g->fraction) : QString()) };
    const QString captions[] = { tr("per step"), tr("MFU"), tr("per GPU (model FLOPs)"), tr("throughput"),
                                 toTrain ? tr("to train, %1 goodput").arg(formatPercent(g->fraction))
                                         : tr("goodput (no token budget)") };
    // A rate's band is the step's turned over: the slowest step gives the lowest rate. The unit
    // stands in the figure above; the band repeats it only where it is a symbol.
    const double slow = u ? r.time.step / u->p90 : 1, fast = u ? r.time.step / u->p10 : 1;
    auto range = [](const QString& low, const QString& high) -> QString { return low + QStringLiteral("–") + high; };
    const QString bands[] = { u ? formatSecondsRange(u->p10, u->p90) : QString(),
                              formatPercentRange(r.mfu * slow, r.mfu * fast),
                              range(QLocale().toString(r.modelTflopsPerGpu * slow, 'f', 0),
                                    QLocale().toString(r.modelTflopsPerGpu * fast, 'f', 0)),
                              range(formatCount(r.tokensPerS * slow), formatCount(r.tokensPerS * fast)),
                              trainBand ? range(formatDuration(trainBand->lowS), formatDuration(trainBand->highS)) : QString() };
    for (size_t i = 0; i < m_figures.size(); ++i) {
        m_figures[i]->setFittedText(values[i]);
        m_captions[i]->setText(captions[i]);
        m_bands[i]->setText(u ? tr("80 % band\n%1").arg(bands[i]) : QString());
        m_bands[i]->setToolTip(u ? bandBasisText(*u, r.time.step) : QString());
        // What the caption and band say, for a card too narrow to show them.
        m_figures[i]->setToolTip(u ? tr("%1 %2 (80 % band %3)").arg(values[i], captions[i], bands[i])
                                   : QStringLiteral("%1 %2").arg(values[i], captions[i]));
    }
    arrangeCards(); // the bands may have come or gone
    if (g && !toTrain) {
        m_bands[4]->setText(tr("fleet failure rates\n%1").arg(formatPercentRange(g->fractionLow, g->fractionHigh)));
        m_bands[4]->setVisible(m_bands[0]->isVisible());
    }
    if (g)
        m_figures[4]->setToolTip(goodputToolTip(*g));
    m_figures[1]->setToolTip(tr("Model FLOPs utilisation, Megatron convention: attention scores counted in full, "
                                "recomputation not counted. Hardware FLOPs utilisation: %1.")
                                 .arg(formatPercent(r.hfu)));

    // One bar per component with time in it, in the order of kTimeComponents, top to bottom, and
    // the step above them all; communication that ran under compute extends its bar, hatched.
    for (auto it = kTimeComponents.rbegin(); it != kTimeComponents.rend(); ++it)
        if (componentSeconds(r.time, *it) > 0 || hiddenSeconds(r.time, *it) > 0)
            m_shown.push_back(*it);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    // Every label sits right of its bar; the axis reaches far enough for the widest to fit. The
    // axis rectangle's width is known only after a replot, so it is estimated: the plot's width
    // less the widest row name and the margins.
    const QFontMetricsF rowNames(p->yAxis->tickLabelFont());
    double namesWidth = rowNames.horizontalAdvance(tr("step"));
    for (TimeComponent c : m_shown)
        namesWidth = std::max(namesWidth, rowNames.horizontalAdvance(componentName(c)));
    const double plotWidth = p->width() - namesWidth - 40;
    // Rows shorter than a line of text (a small window): the value labels would overlap, so the
    // bars go without them (their tooltips and the cards above say the same), and the row names
    // shrink, or go too where even that does not fit.
    // The rows' height: the axis rectangle's once a replot has laid the plot out (the title, the
    // time axis and the legend below take what they need), estimated before that.
    const double rows = double(m_shown.size() + 1);
    const int laidOut = p->axisRect()->height();
    const double rowHeight = (laidOut > 0 && laidOut < p->height() ? laidOut : p->height() - 90.0) / rows;
    const double lineHeight = QFontMetricsF(p->font()).height();
    const bool valueLabels = rowHeight >= 1.1 * lineHeight;
    QFont names = font();
    names.setPointSizeF(names.pointSizeF() * std::clamp(rowHeight / lineHeight, kSmallestNameScale, 1.0));
    p->yAxis->setTickLabelFont(names);
    p->yAxis->setTickLabels(rowHeight >= kSmallestNameScale * lineHeight);
    double reach = 0;
    auto addLabel = [&](double x, double row, const QString& text) {
        reach = std::max(reach, x);
        if (!valueLabels)
            return;
        auto* label = new QCPItemText(p);
        label->position->setCoords(x, row);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(6, 0, 0, 0));
        label->setTextAlignment(Qt::AlignLeft);
        label->setText(text);
        label->setColor(theme().foreground);
        const double textWidth = QFontMetricsF(label->font()).boundingRect(QRectF(), 0, text).width() + 12;
        const double share = plotWidth > 0 ? std::min(textWidth / plotWidth, 0.6) : 0.4;
        reach = std::max(reach, x / (1 - share));
    };
    QCPBars* hiddenShown = nullptr; // one hatched bar stands for all in the legend
    for (size_t i = 0; i < m_shown.size(); ++i) {
        const TimeComponent component = m_shown[i];
        const double seconds = componentSeconds(r.time, component), hidden = hiddenSeconds(r.time, component);
        auto* bar = new QCPBars(p->yAxis, p->xAxis);
        bar->setPen(Qt::NoPen);
        bar->setBrush(theme().component(component));
        bar->setWidth(0.7);
        bar->addData(double(i), seconds);
        ticker->addTick(double(i), componentName(component));
        QString text = QStringLiteral("%1 · %2").arg(formatSeconds(seconds), formatPercent(seconds / r.time.step));
        if (hidden > 0) {
            auto* under = new QCPBars(p->yAxis, p->xAxis);
            under->setName(tr("ran hidden under compute (not in the step)"));
            under->setPen(QPen(theme().component(component), 1));
            under->setBrush(QBrush(theme().component(component), Qt::BDiagPattern));
            under->setWidth(0.7);
            under->addData(double(i), hidden);
            under->moveAbove(bar);
            hiddenShown = under;
            text = tr("%1 (+ %2 hidden)").arg(text, formatSeconds(hidden));
        }
        addLabel(seconds + hidden, double(i), text);
    }

    const double stepRow = double(m_shown.size());
    auto* step = new QCPBars(p->yAxis, p->xAxis);
    step->setPen(Qt::NoPen);
    QColor total = theme().subtle;
    total.setAlpha(110); // light enough for the whisker to show across it
    step->setBrush(total);
    step->setWidth(0.7);
    step->addData(stepRow, r.time.step);
    ticker->addTick(stepRow, tr("step"));
    QCPErrorBars* whisker = nullptr;
    if (u) {
        // Error bars hang on an invisible point at the band's middle, not on the step's bar: the
        // band can leave the prediction out, and a whisker must span p10 to p90 and nothing else.
        auto* middle = new QCPGraph(p->yAxis, p->xAxis);
        middle->setLineStyle(QCPGraph::lsNone);
        middle->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
        middle->addData(stepRow, (u->p10 + u->p90) / 2);
        whisker = new QCPErrorBars(p->yAxis, p->xAxis);
        whisker->setName(tr("80 % band of the step"));
        whisker->setDataPlottable(middle);
        whisker->setPen(QPen(theme().foreground, 2));
        whisker->setWhiskerWidth(14);
        whisker->setSymbolGap(0); // the middle point is no symbol: one unbroken line
        whisker->addData((u->p90 - u->p10) / 2);
        // Two short lines where rows are tall enough, else one long one, else (a narrow plot) the
        // band alone: the step stands in the card above.
        const QString band = formatSecondsRange(u->p10, u->p90);
        const QString oneLine = tr("%1 (%2, 80 % band)").arg(formatSeconds(r.time.step), band);
        const bool tall = rowHeight > 2.5 * lineHeight;
        const bool wide = QFontMetricsF(p->font()).horizontalAdvance(oneLine) < 0.45 * plotWidth;
        addLabel(u->p90, stepRow,
                 tall ? tr("%1\n%2, 80 % band").arg(formatSeconds(r.time.step), band) : (wide ? oneLine : band));
    } else {
        addLabel(r.time.step, stepRow, formatSeconds(r.time.step));
    }
    p->yAxis->setTicker(ticker);
    p->yAxis->setRange(-0.6, stepRow + 0.6);
    p->xAxis->setRange(0, reach);
    p->xAxis->setLabel(tr("seconds per step (stage %1); hatched: hidden").arg(r.criticalStage));
    p->legend->clearItems();
    if (hiddenShown)
        p->legend->addItem(new QCPPlottableLegendItem(p->legend, hiddenShown));
    if (whisker)
        p->legend->addItem(new QCPPlottableLegendItem(p->legend, whisker));
    // A short plot (the overview) keeps its height for the rows; the labels say the same.
    p->legend->setVisible(p->legend->itemCount() > 0 && p->height() > 320);
}

QString BreakdownView::toolTipAt(const QPointF& position) const
{
    if (!evaluation())
        return {};
    const int row = int(std::lround(plot()->yAxis->pixelToCoord(position.y())));
    const Result& r = evaluation()->result;
    if (row == int(m_shown.size()))
        return r.uncertainty ? tr("<b>Step</b>: %1; 80 % band %2<br>%3")
                                   .arg(formatSeconds(r.time.step), formatSecondsRange(r.uncertainty->p10, r.uncertainty->p90),
                                        bandBasisText(*r.uncertainty, r.time.step))
                             : QString();
    if (row < 0 || row >= int(m_shown.size()))
        return {};
    const TimeComponent component = m_shown[size_t(row)];
    const double seconds = componentSeconds(r.time, component), hidden = hiddenSeconds(r.time, component);
    QString text = tr("<b>%1</b>: %2 (%3 of the step)<br>%4")
                       .arg(componentName(component), formatSeconds(seconds), formatPercent(seconds / r.time.step),
                            componentExplanation(component, *evaluation()));
    if (hidden > 0)
        text += tr("<br>Another %1 of it ran under compute, off the critical path: hidden, not in the step.")
                    .arg(formatSeconds(hidden));
    return text;
}

// A part of the step's row, where it is drawn.
std::optional<PlotView::HighlightBand> BreakdownView::highlightBand(const FindingFocus& focus) const
{
    if (!focus.component)
        return std::nullopt;
    const auto row = std::find(m_shown.begin(), m_shown.end(), *focus.component);
    if (row == m_shown.end())
        return std::nullopt;
    const double index = double(row - m_shown.begin());
    return HighlightBand{ false, index - 0.5, index + 0.5 };
}

} // namespace paraplan::widgets
