// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/compare_view.h"

#include "core/step/comparison.h"
#include "widgets/common/formatting.h"
#include "widgets/common/uncertainty_text.h"
#include "widgets/plots/explanation.h"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>

#include <cmath>

namespace paraplan::widgets {

namespace {

// "+0.30 s" for a growth, "−0.30 s" for a shrink.
QString signedSeconds(double seconds) { return (seconds > 0 ? QStringLiteral("+") : QString()) + formatSeconds(seconds); }

QString bandOf(const Result& r)
{
    return r.uncertainty ? formatSecondsRange(r.uncertainty->p10, r.uncertainty->p90) : QStringLiteral("–");
}

} // namespace

CompareView::CompareView(QWidget* parent)
    : PlotView(parent)
    , m_verdict(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    QFont large = font();
    large.setPointSizeF(large.pointSizeF() * 1.5);
    large.setBold(true);
    m_verdict->setFont(large);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setContentsMargins(10, 8, 10, 4);
    m_table->setColumnCount(3);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMaximumHeight(260);
    frameLayout()->insertWidget(0, m_verdict);
    frameLayout()->insertWidget(1, m_table);
}

QString CompareView::title() const { return tr("Compare A and B"); }

QString CompareView::verdict() const { return m_verdict->text(); }

void CompareView::showComparison(const EvaluationPtr& a, const EvaluationPtr& b, std::vector<MeasuredStep> measured)
{
    m_a = a;
    m_b = b;
    m_measured = std::move(measured);
    dataChanged();
}

void CompareView::fillTable()
{
    m_table->setHorizontalHeaderLabels({ tr("A (pinned)"), tr("B (current)"), tr("B − A") });
    const Result &ra = m_a->result, &rb = m_b->result;
    struct Row {
        QString name, a, b, delta;
    };
    std::vector<Row> rows{
        { tr("configuration"), describeConfiguration(m_a->scenario, ra), describeConfiguration(m_b->scenario, rb), {} },
        { tr("GPUs"), QString::number(ra.gpus), QString::number(rb.gpus), QString::number(rb.gpus - ra.gpus) },
        { tr("step"), formatSeconds(ra.time.step), formatSeconds(rb.time.step), formatSeconds(rb.time.step - ra.time.step) },
        { tr("step, 80 % band"), bandOf(ra), bandOf(rb), {} },
    };
    const MeasuredStep* measuredA = measuredStepOf(m_measured, m_a->scenario);
    const MeasuredStep* measuredB = measuredStepOf(m_measured, m_b->scenario);
    if (measuredA || measuredB) { // a training log of A or B: the model held against it
        auto measuredText = [](const MeasuredStep* m) { return m ? formatSeconds(m->stepS) : QStringLiteral("—"); };
        auto ratioText = [](const MeasuredStep* m, const Result& r) {
            return m ? tr("%1×").arg(m->stepS / r.time.step, 0, 'f', 2) : QStringLiteral("—");
        };
        rows.push_back({ tr("step, measured"), measuredText(measuredA), measuredText(measuredB),
                         measuredA && measuredB ? formatSeconds(measuredB->stepS - measuredA->stepS) : QString() });
        rows.push_back({ tr("measured / predicted"), ratioText(measuredA, ra), ratioText(measuredB, rb), {} });
    }
    rows.insert(rows.end(), {
        { tr("throughput"), formatTokensPerSecond(ra.tokensPerS), formatTokensPerSecond(rb.tokensPerS),
          formatPercent(rb.tokensPerS / ra.tokensPerS - 1) },
        { tr("MFU"), formatPercent(ra.mfu), formatPercent(rb.mfu), formatPercent(rb.mfu - ra.mfu) },
        { tr("memory per GPU"), formatGib(ra.memory.total()), formatGib(rb.memory.total()),
          formatGib(rb.memory.total() - ra.memory.total()) },
    });
    for (TimeComponent c : kTimeComponents) {
        const double a = componentSeconds(ra.time, c), b = componentSeconds(rb.time, c);
        if (a > 0 || b > 0)
            rows.push_back({ componentName(c), formatSeconds(a), formatSeconds(b), formatSeconds(b - a) });
        const double hiddenA = hiddenSeconds(ra.time, c), hiddenB = hiddenSeconds(rb.time, c);
        if (hiddenA > 0 || hiddenB > 0)
            rows.push_back({ tr("%1, hidden under compute").arg(componentName(c)), formatSeconds(hiddenA),
                             formatSeconds(hiddenB), formatSeconds(hiddenB - hiddenA) });
    }
    m_table->setRowCount(int(rows.size()));
    QStringList names;
    for (size_t i = 0; i < rows.size(); ++i) {
        names << rows[i].name;
        const QString cells[] = { rows[i].a, rows[i].b, rows[i].delta };
        for (int column = 0; column < 3; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            item->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(int(i), column, item);
        }
    }
    m_table->setVerticalHeaderLabels(names);
}

void CompareView::redraw()
{
    QCustomPlot* p = plot();
    p->clearPlottables();
    p->clearItems();
    applyTheme();
    setPlotTitle(tr("Where the step-time difference comes from"));
    m_bars.clear();
    if (!m_a || !m_b) {
        m_verdict->setText(tr("Pin the current configuration as A (Edit ▸ Pin as A), change it, and see here why B is "
                              "faster or slower."));
        m_table->setRowCount(0);
        return;
    }
    const Comparison c = compare(m_a->scenario, m_a->result, m_b->scenario, m_b->result);
    m_verdict->setText(explainComparison(c));
    fillTable();

    // Waterfall: A's step, each component's change, B's step.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    auto label = [&](double x, double y, const QString& text) {
        auto* item = new QCPItemText(p);
        item->position->setCoords(x, y);
        item->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        item->setPadding(QMargins(0, 0, 0, 3)); // clear of a whisker's cap
        item->setText(text);
        item->setColor(theme().foreground);
    };
    auto bar = [&](double x, double from, double to, const QColor& colour) {
        auto* rect = new QCPItemRect(p);
        rect->topLeft->setCoords(x - 0.35, std::max(from, to));
        rect->bottomRight->setCoords(x + 0.35, std::min(from, to));
        rect->setBrush(colour);
        rect->setPen(Qt::NoPen);
    };
    // A total with its 80 % band as a whisker, the label above both: overlapping whiskers are the
    // "no real difference" of the verdict, seen.
    double highest = std::max(c.stepA, c.stepB);
    auto total = [&](double x, const Result& r, const QColor& colour) {
        bar(x, 0, r.time.step, colour);
        const std::optional<StepUncertainty>& u = r.uncertainty;
        label(x, u ? std::max(r.time.step, u->p90) : r.time.step, formatSeconds(r.time.step));
        if (!u)
            return;
        auto* whisker = new QCPItemLine(p);
        whisker->start->setCoords(x, u->p10);
        whisker->end->setCoords(x, u->p90);
        whisker->setPen(QPen(theme().foreground, 2));
        whisker->setHead(QCPLineEnding(QCPLineEnding::esBar, 18));
        whisker->setTail(QCPLineEnding(QCPLineEnding::esBar, 18));
        highest = std::max(highest, u->p90);
    };
    double x = 0, running = c.stepA;
    total(x, m_a->result, theme().subtle);
    ticker->addTick(x, tr("A"));
    for (const ComponentDelta& d : c.components) {
        if (std::fabs(d.delta()) < 1e-6 * std::max(c.stepA, c.stepB))
            continue;
        x += 1;
        const QColor colour = d.delta() > 0 ? theme().warning : theme().component(TimeComponent::DpComm);
        // Communication that moved under compute (or out from under it) changes no step time, but
        // says where the exposed change went.
        const double hiddenDelta = d.hiddenB - d.hiddenA;
        const QString hidden = std::fabs(hiddenDelta) < 1e-6 * std::max(c.stepA, c.stepB)
            ? QString()
            : QLatin1Char('\n') + tr("hidden %1").arg(signedSeconds(hiddenDelta));
        bar(x, running, running + d.delta(), colour);
        label(x, std::max(running, running + d.delta()), signedSeconds(d.delta()) + hidden);
        ticker->addTick(x, componentName(d.component));
        m_bars.push_back(d.component);
        running += d.delta();
        highest = std::max(highest, running);
    }
    x += 1;
    total(x, m_b->result, theme().highlight);
    ticker->addTick(x, tr("B"));
    p->xAxis->setTicker(ticker);
    p->xAxis->setTickLabelRotation(x > 6 ? 30 : 0);
    p->xAxis->setRange(-0.6, x + 0.6);
    p->yAxis->setRange(0, highest * 1.15);
    p->yAxis->setLabel(m_a->result.uncertainty || m_b->result.uncertainty ? tr("seconds per step; whiskers: 80 % band")
                                                                           : tr("seconds per step"));
}

QString CompareView::toolTipAt(const QPointF& position) const
{
    if (!m_a || !m_b)
        return {};
    const int index = int(std::lround(plot()->xAxis->pixelToCoord(position.x()))) - 1;
    if (index == -1 || index == int(m_bars.size())) {
        const Result& r = index < 0 ? m_a->result : m_b->result;
        const QString name = index < 0 ? tr("A") : tr("B");
        return r.uncertainty ? tr("<b>%1</b>: step %2; 80 % band %3<br>%4")
                                   .arg(name, formatSeconds(r.time.step), formatSecondsRange(r.uncertainty->p10, r.uncertainty->p90),
                                        bandBasisText(*r.uncertainty, r.time.step))
                             : QString();
    }
    if (index < 0 || index >= int(m_bars.size()))
        return {};
    const TimeComponent component = m_bars[size_t(index)];
    QString text = tr("<b>%1</b><br>A: %2<br>B: %3")
                       .arg(componentName(component), formatSeconds(componentSeconds(m_a->result.time, component)),
                            formatSeconds(componentSeconds(m_b->result.time, component)));
    const double hiddenA = hiddenSeconds(m_a->result.time, component), hiddenB = hiddenSeconds(m_b->result.time, component);
    if (hiddenA > 0 || hiddenB > 0)
        text += tr("<br>Hidden under compute, not in the step: A %1, B %2").arg(formatSeconds(hiddenA), formatSeconds(hiddenB));
    return text + tr("<br><br>B: %1").arg(componentExplanation(component, *m_b));
}

} // namespace paraplan::widgets
