// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/results_view.h"

#include "widgets/common/formatting.h"
#include "widgets/engine/rate_plot.h"
#include "widgets/engine/session.h"
#include "widgets/engine/stage_plot.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace paraplan::widgets {

namespace {

enum Column { Run, Ranks, Status, Measured, Predicted, Ratio, Error, ColumnCount };

// What the model predicts for the work a confirm run did: the synthetic step (its kernels, no
// framework between them), or the scenario's step where an older probe reported only that.
const std::optional<io::ProbeStep>& predictionOfRun(const io::ProbeLog& log)
{
    return log.predictedWithoutFramework ? log.predictedWithoutFramework : log.predicted;
}

} // namespace

std::optional<RunFigures> runFigures(const io::ProbeLog& log)
{
    const std::optional<io::ProbeStep>& predicted = predictionOfRun(log);
    if (log.measured)
        return RunFigures{ log.measured->stepS, predicted ? predicted->stepS : 0 };
    if (!log.stepSeconds.empty()) // a confirm run still going: its latest step
        return RunFigures{ log.stepSeconds.back(), predicted ? predicted->stepS : 0 };
    if (log.gemms.empty() && log.attention.empty() && log.collectives.empty())
        return std::nullopt;
    RunFigures f;
    auto add = [&f](const io::ProbeTiming& timing, double predictedS) {
        f.measuredS += timing.medianS;
        f.predictedS += predictedS;
    };
    for (const io::ProbeGemm& g : log.gemms)
        add(g.timing, g.predictedS);
    for (const io::ProbeAttention& a : log.attention)
        add(a.timing, a.predictedS);
    for (const io::ProbeCollective& c : log.collectives)
        add(c.timing, c.predictedS);
    return f;
}

EngineResultsView::EngineResultsView(EngineSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_stages(new EngineStagePlot(this))
    , m_compute(new EngineRatePlot(EngineRatePlot::Kind::Compute, this))
    , m_collectives(new EngineRatePlot(EngineRatePlot::Kind::Collectives, this))
    , m_placeholder(new QLabel(tr("A confirm run's step and stages, or a bench run's rates, appear here measured next "
                                  "to predicted: run a step of the validation ladder, or import a results file."),
                               this))
{
    m_table->setHorizontalHeaderLabels({ tr("Run"), tr("Ranks"), tr("Status"), tr("Measured"), tr("Predicted"),
                                         tr("Measured / predicted"), tr("Model error") });
    m_table->horizontalHeaderItem(Measured)->setToolTip(
        tr("Confirm: the measured training step. Bench: one of each GEMM, attention and collective, added up."));
    m_table->horizontalHeaderItem(Predicted)->setToolTip(
        tr("Confirm: the model of the step the probe ran (its kernels, attention unfused, no framework overhead; "
           "calibrated when the run had a profile). Bench: the model's time for each measurement, added up."));
    m_table->horizontalHeaderItem(Error)->setToolTip(tr("(predicted − measured) / measured"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Run, QHeaderView::Stretch);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle); // file names differ at their ends

    auto* plots = new QWidget(this);
    auto* row = new QHBoxLayout(plots);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_stages);
    row->addWidget(m_compute);
    row->addWidget(m_collectives);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false); // greyed: a hint, not a result
    row->addWidget(m_placeholder);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(plots);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(session, &EngineSession::runsChanged, this, &EngineResultsView::rebuild);
    connect(session, &EngineSession::runUpdated, this, [this](int index) {
        updateRow(index);
        if (index == selectedRun())
            showSelected();
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        showSelected();
        Q_EMIT selectedRunChanged(selectedRun());
    });
    rebuild();
}

int EngineResultsView::selectedRun() const
{
    const QList<QTableWidgetItem*> items = m_table->selectedItems();
    return items.isEmpty() ? -1 : items.first()->row();
}

void EngineResultsView::selectRun(int index) { m_table->selectRow(index); }

void EngineResultsView::rebuild()
{
    const int rows = int(m_session->runs().size());
    const bool grew = rows > m_table->rowCount();
    m_table->setRowCount(rows);
    for (int i = 0; i < rows; ++i)
        updateRow(i);
    if (grew) // the newest run is the one the user wants to see
        m_table->selectRow(rows - 1);
    else
        showSelected();
}

void EngineResultsView::updateRow(int index)
{
    if (index < 0 || index >= m_table->rowCount())
        return;
    const EngineRun& run = *m_session->runs()[size_t(index)];
    auto set = [&](int column, const QString& text, const QString& tip = {}) {
        auto* item = new QTableWidgetItem(text);
        if (column != Run)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(tip.isEmpty() ? text : tip);
        if (run.state == EngineRun::State::Failed)
            item->setForeground(QColor(0xC0, 0x30, 0x20));
        m_table->setItem(index, column, item);
    };
    QString title = run.title;
    if (run.log.cpu)
        title += tr(" (CPU)");
    set(Run, title, run.source == QLatin1String("local") ? tr("run on this machine") : run.source);
    set(Ranks, QString::number(run.ranks));
    QString status;
    switch (run.state) {
    case EngineRun::State::Running:
        status = tr("running");
        break;
    case EngineRun::State::Succeeded:
        status = tr("done");
        break;
    case EngineRun::State::Failed:
        status = tr("failed");
        break;
    case EngineRun::State::Cancelled:
        status = tr("cancelled");
        break;
    }
    set(Status, status, run.failure.isEmpty() ? status : run.failure);
    const std::optional<RunFigures> figures = runFigures(run.log);
    const QString none = QStringLiteral("—");
    set(Measured, figures ? formatSeconds(figures->measuredS) : none);
    const bool compared = figures && figures->predictedS > 0 && figures->measuredS > 0;
    set(Predicted, compared ? formatSeconds(figures->predictedS) : none);
    set(Ratio, compared ? QStringLiteral("%1×").arg(figures->measuredS / figures->predictedS, 0, 'f', 2) : none);
    set(Error, compared ? QStringLiteral("%1%2 %")
                              .arg(figures->predictedS >= figures->measuredS ? QStringLiteral("+") : QString())
                              .arg(100 * (figures->predictedS - figures->measuredS) / figures->measuredS, 0, 'f', 1)
                        : none);
}

void EngineResultsView::showSelected()
{
    const int index = selectedRun();
    const io::ProbeLog empty;
    const io::ProbeLog& log = index >= 0 && index < int(m_session->runs().size()) ? m_session->runs()[size_t(index)]->log : empty;
    const bool bench = !log.gemms.empty() || !log.collectives.empty() || !log.attention.empty();
    const bool step = log.measured.has_value() || !log.stepSeconds.empty();
    m_stages->setVisible(step && !bench);
    m_compute->setVisible(bench);
    m_collectives->setVisible(bench);
    m_placeholder->setVisible(!step && !bench);
    m_stages->showSteps(log.measured, predictionOfRun(log), log.cpu);
    m_compute->showRun(log);
    m_collectives->showRun(log);
}

} // namespace paraplan::widgets
