// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/sensitivity_view.h"

#include "core/io/bands_json.h"
#include "widgets/common/diagnostic_text.h"
#include "widgets/common/formatting.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>

#include <algorithm>
#include <cmath>
#include <string>

namespace paraplan::widgets {

namespace {

// A bar's height in rows; where both sides move the step the same way each takes half of it.
constexpr double kTornadoBarHeight = 0.62;
// An absent side is a hatched stub this share of the time axis long: visible, never a figure.
constexpr double kTornadoStubShare = 0.025;
// Rows of the order-flip table in sight at once; more scroll.
constexpr int kMostFlipRowsShown = 4;

// The colour of an input moved down (low) or up (high), the same in the bars and the legend.
QColor tornadoSideColour(const PlotTheme& theme, bool high)
{
    return theme.component(high ? TimeComponent::TpComm : TimeComponent::Recompute);
}

QString tornadoInputName(SensitivityInput input) { return QCoreApplication::translate("Sensitivity", labelOf(input)); }

// An input's value in its unit: a share as a percentage, seconds as a duration, counts whole.
QString tornadoValueText(SensitivityInput input, double value)
{
    const std::string unit = unitOf(input);
    if (unit == "fraction")
        return formatPercent(value, std::fabs(value) < 0.1 ? 2 : 1);
    if (unit == "s") // no overhead at all reads "0 s", not "0.0 µs"
        return value == 0 ? SensitivityView::tr("0 s") : formatSeconds(value);
    const QString count = QLocale().toString(qlonglong(std::llround(value)));
    if (unit == "tokens")
        return SensitivityView::tr("%1 tokens").arg(count);
    return std::llround(value) == 1 ? SensitivityView::tr("1 sequence") : SensitivityView::tr("%1 sequences").arg(count);
}

// "+1.20 s (+3.3 %)": a side's step against the base.
QString tornadoDeltaText(double step, double base)
{
    const double delta = step - base;
    const QString sign = delta > 0 ? QStringLiteral("+") : QString();
    return QStringLiteral("%1%2 (%1%3)").arg(sign, formatSeconds(delta), formatPercent(base > 0 ? delta / base : 0));
}

QString tornadoSideText(const SensitivitySide& side, SensitivityInput input, double base)
{
    if (!side.present())
        return SensitivityView::tr("not priced: %1").arg(translatedSentence("Sensitivity", side.absent->reason).toHtmlEscaped());
    return SensitivityView::tr("%1 → step %2, %3")
        .arg(tornadoValueText(input, side.value), formatSeconds(side.result->time.step),
             tornadoDeltaText(side.result->time.step, base));
}

QString tornadoFasterText(Faster faster)
{
    switch (faster) {
    case Faster::A:
        return SensitivityView::tr("A");
    case Faster::B:
        return SensitivityView::tr("B");
    case Faster::Neither:
        break;
    }
    return SensitivityView::tr("neither");
}

} // namespace

SensitivityView::SensitivityView(QWidget* parent)
    : PlotView(parent)
    , m_verdict(new QLabel(this))
    , m_bandVerdict(new QLabel(this))
    , m_flipTable(new QTableWidget(this))
{
    QFont bold = font();
    bold.setBold(true);
    m_verdict->setObjectName(QStringLiteral("sensitivityVerdict"));
    m_verdict->setFont(bold);
    m_bandVerdict->setObjectName(QStringLiteral("sensitivityBands"));
    for (QLabel* label : { m_verdict, m_bandVerdict }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setContentsMargins(10, 2, 10, 2);
        label->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    }
    m_flipTable->setObjectName(QStringLiteral("sensitivityFlips"));
    m_flipTable->setColumnCount(5);
    m_flipTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_flipTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_flipTable->verticalHeader()->setVisible(false);
    frameLayout()->addWidget(m_verdict);
    frameLayout()->addWidget(m_bandVerdict);
    frameLayout()->addWidget(m_flipTable);
    placeLegendBelowPlot();
}

QString SensitivityView::title() const { return tr("Sensitivity"); }

void SensitivityView::showEvaluation(const EvaluationPtr& current, const EvaluationPtr& pinned, const CalibrationPtr& calibration)
{
    m_current = current;
    m_pinned = pinned;
    m_calibration = calibration;
    m_analysisStale = true;
    dataChanged();
}

void SensitivityView::showSensitivity(const Sensitivity& sensitivity, const OrderFlips* flips)
{
    m_current.reset(); // drawn as given: no evaluation to analyse again
    m_pinned.reset();
    m_analysisStale = false;
    m_sensitivity = sensitivity;
    m_flips = flips ? std::optional<OrderFlips>(*flips) : std::nullopt;
    dataChanged();
}

void SensitivityView::analyse()
{
    m_analysisStale = false;
    m_sensitivity.reset();
    m_flips.reset();
    if (!m_current)
        return;
    EvaluateOptions options;
    options.calibration = m_calibration;
    m_sensitivity = sensitivityOf(m_current->scenario, options);
    if (m_pinned) // A is the pinned configuration, B the current one, as in the comparison
        m_flips = orderFlips(m_pinned->scenario, m_current->scenario, options, io::builtinUncertaintyBands());
}

QString SensitivityView::verdictText() const
{
    return m_bandVerdict->text().isEmpty() ? m_verdict->text() : m_verdict->text() + QLatin1Char('\n') + m_bandVerdict->text();
}

std::optional<double> SensitivityView::baseLineStep() const
{
    return m_baseLine ? std::optional<double>(m_baseLine->point1->coords().x()) : std::nullopt;
}

int SensitivityView::barCount() const { return m_barsDrawn; }

void SensitivityView::redraw()
{
    if (m_analysisStale)
        analyse();
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    m_baseLine = nullptr;
    m_barsDrawn = 0;
    applyTheme();
    setPlotTitle(tr("Which assumption the step rests on: each input moved by a realistic amount"));
    showFlips();
    const bool drawable = m_sensitivity && m_sensitivity->base.valid && !m_sensitivity->bars.empty();
    if (!drawable) {
        showCentreNote(tr("No valid configuration to analyse yet."));
        p->legend->setVisible(false);
        return;
    }
    const double base = m_sensitivity->base.time.step;
    const std::vector<SensitivityBar>& bars = m_sensitivity->bars;

    // The time axis spans every side's step and the base; the value labels at the bars' ends need
    // room beyond them, estimated from their widths against the plot's (the axis rectangle is laid
    // out only at the replot).
    double low = base, high = base;
    for (const SensitivityBar& bar : bars)
        for (const SensitivitySide* side : { &bar.low, &bar.high })
            if (side->present()) {
                low = std::min(low, side->result->time.step);
                high = std::max(high, side->result->time.step);
            }
    const double span = high > low ? high - low : std::max(base * 0.05, 1e-6);
    const double stub = kTornadoStubShare * span;
    low = std::min(low, base - 2 * stub);
    high = std::max(high, base + 2 * stub);
    const QFontMetricsF metrics(font());
    double labelWidth = 0;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double namesWidth = 0;
    for (size_t row = 0; row < bars.size(); ++row) {
        const SensitivityBar& bar = bars[row];
        for (const SensitivitySide* side : { &bar.low, &bar.high })
            labelWidth = std::max(labelWidth, metrics.horizontalAdvance(side->present() ? tornadoValueText(bar.input, side->value)
                                                                                        : tr("not priced")));
        const QString name = tornadoInputName(bar.input);
        const QString baseValue = tr("at %1").arg(tornadoValueText(bar.input, bar.baseValue));
        namesWidth = std::max({ namesWidth, metrics.horizontalAdvance(name), metrics.horizontalAdvance(baseValue) });
        ticker->addTick(double(row), name + QLatin1Char('\n') + baseValue);
    }
    const double plotWidth = std::max(100.0, p->width() - namesWidth - 50);
    const double share = std::min(0.6, 2 * (labelWidth + 12) / plotWidth);
    const double reach = (high - low) / (1 - share) - (high - low);
    p->xAxis->setRange(low - reach / 2, high + reach / 2);

    for (size_t row = 0; row < bars.size(); ++row)
        drawBar(row, bars[row], base, stub);
    m_barsDrawn = int(bars.size());

    m_baseLine = new QCPItemStraightLine(p);
    m_baseLine->point1->setCoords(base, 0);
    m_baseLine->point2->setCoords(base, 1);
    m_baseLine->setPen(QPen(theme().foreground, 1.6));
    auto* baseLabel = new QCPItemText(p);
    baseLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    baseLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    baseLabel->position->setCoords(base, 0);
    baseLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    baseLabel->setPadding(QMargins(4, 3, 4, 3));
    baseLabel->setBrush(theme().background);
    baseLabel->setText(tr("step as evaluated: %1").arg(formatSeconds(base)));
    baseLabel->setColor(theme().foreground);

    // The legend's swatches: bars without data, one per colour the rows use.
    auto swatch = [&](const QString& name, const QBrush& brush, const QPen& pen) {
        auto* bar = new QCPBars(p->yAxis, p->xAxis);
        bar->setName(name);
        bar->setBrush(brush);
        bar->setPen(pen);
    };
    swatch(tr("input moved down"), tornadoSideColour(theme(), false), Qt::NoPen);
    swatch(tr("input moved up"), tornadoSideColour(theme(), true), Qt::NoPen);
    const bool anyAbsent = std::any_of(bars.begin(), bars.end(), [](const SensitivityBar& b) {
        return !b.low.present() || !b.high.present();
    });
    if (anyAbsent)
        swatch(tr("side not priced (hover for why)"), QBrush(theme().subtle, Qt::BDiagPattern), QPen(theme().subtle));

    p->yAxis->setTicker(ticker);
    p->yAxis->setRangeReversed(true); // the largest swing on top
    p->yAxis->setRange(-1.0, double(bars.size()) - 0.4); // a row's room above the first bar for the base label
    p->yAxis->grid()->setVisible(false);
    p->xAxis->setLabel(tr("step time (s)"));
    p->legend->setVisible(true);
}

void SensitivityView::drawBar(size_t row, const SensitivityBar& bar, double base, double stub)
{
    QCustomPlot* p = plot();
    const SensitivitySide* sides[] = { &bar.low, &bar.high };
    auto stepOf = [&](const SensitivitySide& side) { return side.result->time.step; };
    // Both sides slower (or both faster) than the base: each in half the row, one above the other.
    const bool sameWay = bar.low.present() && bar.high.present() && (stepOf(bar.low) - base) * (stepOf(bar.high) - base) > 0;
    for (int i = 0; i < 2; ++i) {
        const SensitivitySide& side = *sides[i];
        const SensitivitySide& other = *sides[1 - i];
        double end = 0;
        if (side.present()) {
            end = stepOf(side);
        } else { // the stub points away from the other side's bar, or low left and high right
            const double direction = other.present() && stepOf(other) != base ? (stepOf(other) > base ? -1 : 1) : (i == 0 ? -1 : 1);
            end = base + direction * stub;
        }
        const double top = sameWay ? double(row) - kTornadoBarHeight / 2 + i * kTornadoBarHeight / 2 : double(row) - kTornadoBarHeight / 2;
        const double bottom = sameWay ? top + kTornadoBarHeight / 2 : double(row) + kTornadoBarHeight / 2;
        auto* rect = new QCPItemRect(p);
        rect->topLeft->setCoords(std::min(base, end), top);
        rect->bottomRight->setCoords(std::max(base, end), bottom);
        const QColor colour = tornadoSideColour(theme(), i == 1);
        rect->setBrush(side.present() ? QBrush(colour) : QBrush(colour, Qt::BDiagPattern)); // absent: a hatched stub
        rect->setPen(side.present() ? QPen(Qt::NoPen) : QPen(colour, 1));
        // Outside the bar's end, away from the other side's label: on a row the two sides share,
        // the side that ends further left is labelled leftwards from the left end of its bar, the
        // other rightwards from the right end, so that even two bars too short to see keep their
        // labels apart.
        const double otherEnd = other.present() ? stepOf(other) : base - (end - base);
        const bool leftward = sameWay ? end < base : (end != otherEnd ? end < otherEnd : i == 0);
        auto* label = new QCPItemText(p);
        label->position->setCoords(leftward ? std::min(end, base) : std::max(end, base), (top + bottom) / 2);
        label->setPositionAlignment((leftward ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        label->setPadding(QMargins(5, 0, 5, 0));
        label->setText(side.present() ? tornadoValueText(bar.input, side.value) : tr("not priced"));
        label->setColor(side.present() ? theme().foreground : theme().subtle);
    }
}

// Under the plot: with a pinned configuration, whether an input reverses which is faster, the
// bands' verdict, and the moves that reverse it; without one, how to get there.
void SensitivityView::showFlips()
{
    m_flipTable->setRowCount(0);
    m_flipTable->setVisible(false);
    m_bandVerdict->clear();
    m_bandVerdict->setVisible(false);
    if (!m_flips) {
        m_verdict->setText(m_current ? tr("Pin a configuration as A (Edit ▸ Pin as A for comparison) and change this one: "
                                          "this view then says whether any of these inputs reverses which of the two is "
                                          "faster.")
                                     : QString());
        m_verdict->setVisible(!m_verdict->text().isEmpty());
        return;
    }
    const OrderFlips& flips = *m_flips;
    m_verdict->setText(translatedSentence("Sensitivity", flips.verdict));
    m_verdict->setVisible(true);
    if (flips.bandVerdict) {
        m_bandVerdict->setText(translatedSentence("Sensitivity", *flips.bandVerdict));
        m_bandVerdict->setVisible(true);
    }
    struct FlipRow {
        QString input, moved, stepA, stepB, faster;
    };
    std::vector<FlipRow> rows;
    for (const InputFlip& input : flips.inputs)
        for (const FlipSide* side : { &input.low, &input.high }) {
            if (!side->flipped)
                continue;
            const QString valueA = tornadoValueText(input.input, side->valueA), valueB = tornadoValueText(input.input, side->valueB);
            rows.push_back({ tornadoInputName(input.input),
                             valueA == valueB ? valueA : tr("A %1 · B %2").arg(valueA, valueB),
                             formatSeconds(side->stepA), formatSeconds(side->stepB), tornadoFasterText(side->faster) });
        }
    if (rows.empty())
        return;
    m_flipTable->setHorizontalHeaderLabels({ tr("reverses the order"), tr("moved to"), tr("A (pinned)"), tr("B (current)"),
                                             tr("faster there") });
    m_flipTable->setRowCount(int(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i) {
        const QString cells[] = { rows[i].input, rows[i].moved, rows[i].stepA, rows[i].stepB, rows[i].faster };
        for (int column = 0; column < 5; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            item->setTextAlignment(column == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignCenter);
            m_flipTable->setItem(int(i), column, item);
        }
    }
    // As tall as its rows, up to a few: the plot keeps the rest.
    const int rowsShown = std::min(int(rows.size()), kMostFlipRowsShown);
    m_flipTable->setFixedHeight(m_flipTable->horizontalHeader()->sizeHint().height()
                                + rowsShown * m_flipTable->verticalHeader()->defaultSectionSize() + 2 * m_flipTable->frameWidth());
    m_flipTable->setVisible(true);
}

QString SensitivityView::toolTipAt(const QPointF& position) const
{
    if (!m_sensitivity || m_barsDrawn == 0)
        return {};
    const int row = int(std::lround(plot()->yAxis->pixelToCoord(position.y())));
    if (row < 0 || row >= m_barsDrawn)
        return {};
    const SensitivityBar& bar = m_sensitivity->bars[size_t(row)];
    const double base = m_sensitivity->base.time.step;
    return tr("<b>%1</b>, as evaluated %2: step %3<br>moved down: %4<br>moved up: %5<br>swing %6")
        .arg(tornadoInputName(bar.input), tornadoValueText(bar.input, bar.baseValue), formatSeconds(base),
             tornadoSideText(bar.low, bar.input, base), tornadoSideText(bar.high, bar.input, base), formatSeconds(bar.swingS));
}

} // namespace paraplan::widgets
