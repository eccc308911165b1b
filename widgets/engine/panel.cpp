// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/panel.h"

#include "widgets/common/formatting.h"
#include "widgets/engine/launch_dialog.h"
#include "widgets/engine/launch_scripts.h"
#include "widgets/engine/results_view.h"
#include "widgets/engine/session.h"

#include "core/io/scenario_writer.h"
#include "core/network/calibration.h"

#include <QComboBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace paraplan::widgets {

namespace {

const QColor kErrorColour(0xC0, 0x30, 0x20);
const QColor kWarningColour(0xB0, 0x70, 0x00);

QPushButton* button(const QString& text, QWidget* parent)
{
    auto* b = new QPushButton(text, parent);
    b->setAutoDefault(false);
    return b;
}

QLabel* wrappingLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString runStateText(EngineRun::State state)
{
    switch (state) {
    case EngineRun::State::Running:
        return EnginePanel::tr("running…");
    case EngineRun::State::Succeeded:
        return EnginePanel::tr("passed");
    case EngineRun::State::Failed:
        return EnginePanel::tr("failed");
    case EngineRun::State::Cancelled:
        return EnginePanel::tr("cancelled");
    }
    return {};
}

} // namespace

QString calibrationSummary(const CalibrationPtr& calibration)
{
    if (!calibration)
        return EnginePanel::tr("Not calibrated: the model's own efficiency figures.");
    const CalibrationProfile& p = calibration->profile();
    QString text = EnginePanel::tr("Calibrated: %1 (%2)")
                       .arg(QString::fromStdString(p.device.empty() ? std::string("?") : p.device),
                            QString::fromStdString(p.source));
    if (p.overlapSlowdown)
        text += EnginePanel::tr(" Overlapped compute runs %1 slower, as measured.")
                    .arg(formatPercent(*p.overlapSlowdown, 0));
    if (p.cpu)
        text += EnginePanel::tr(" — CPU measurements: they describe this machine's CPUs, not the scenario's GPUs.");
    return text;
}

EnginePanel::EnginePanel(EngineSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(buildDevices(), 2);
    leftLayout->addWidget(buildLadder(), 3);
    leftLayout->addWidget(buildCluster());

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_message = wrappingLabel(right);
    m_message->hide();
    auto* progressRow = new QHBoxLayout;
    m_progress = new QProgressBar(right);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setMaximumWidth(280);
    m_progressText = new QLabel(right);
    m_cancel = button(tr("Cancel"), right);
    m_cancel->setEnabled(false);
    progressRow->addWidget(m_progress);
    progressRow->addWidget(m_progressText, 1);
    progressRow->addWidget(m_cancel);
    m_results = new EngineResultsView(session, right);
    auto* applyRow = new QHBoxLayout;
    m_apply = button(tr("Apply calibration from this run"), right);
    m_apply->setToolTip(tr("Make a calibration profile of the selected bench run's GEMM rates, memory and bus "
                           "bandwidths and price every configuration with it."));
    m_apply->setEnabled(false);
    applyRow->addWidget(new QLabel(tr("Measured vs predicted"), right), 1);
    applyRow->addWidget(m_apply);
    m_log = new QPlainTextEdit(right);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setPlaceholderText(tr("The probe's progress, measurements, warnings and errors appear here."));
    auto* resultsBox = new QWidget(right);
    auto* resultsLayout = new QVBoxLayout(resultsBox);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addLayout(applyRow);
    resultsLayout->addWidget(m_results, 1);
    auto* rightSplit = new QSplitter(Qt::Vertical, right);
    rightSplit->addWidget(resultsBox);
    rightSplit->addWidget(m_log);
    rightSplit->setStretchFactor(0, 4);
    rightSplit->setStretchFactor(1, 1);
    rightSplit->setChildrenCollapsible(false);
    rightLayout->addWidget(m_message);
    rightLayout->addLayout(progressRow);
    rightLayout->addWidget(rightSplit, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // The plots need the width more than the lists: two fifths and three, whatever the tables.
    // contents ask for (their size hints would move the divider with every selection).
    for (QWidget* side : { left, right })
        side->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    split->setSizes({ 2, 3 });
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(buildCalibrationBar());
    layout->addWidget(split, 1);

    connect(m_cancel, &QPushButton::clicked, session, &EngineSession::cancel);
    connect(m_apply, &QPushButton::clicked, this, &EnginePanel::applySelected);
    connect(session, &EngineSession::devicesChanged, this, [this] {
        showDevices();
        showLadder();
    });
    connect(session, &EngineSession::runsChanged, this, &EnginePanel::showLadder);
    connect(session, &EngineSession::runUpdated, this, [this] {
        showLadder();
        m_apply->setEnabled(!m_session->isBusy() && m_results->selectedRun() >= 0);
    });
    connect(session, &EngineSession::busyChanged, this, &EnginePanel::showBusy);
    connect(session, &EngineSession::logLine, this, &EnginePanel::appendLog);
    connect(session, &EngineSession::problem, this, [this](const QString& text) { showMessage(text, true); });
    connect(session, &EngineSession::progress, this, [this](int done, int total, const QString& message) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        m_progressText->setText(message);
    });
    connect(session->workbench(), &Workbench::scenarioChanged, this, &EnginePanel::showLadder);
    connect(session->workbench(), &Workbench::calibrationChanged, this, &EnginePanel::showCalibration);
    connect(m_results, &EngineResultsView::selectedRunChanged, this, [this](int index) {
        bool bench = false;
        if (index >= 0) {
            const io::ProbeLog& log = m_session->runs()[size_t(index)]->log;
            bench = !log.gemms.empty() || !log.collectives.empty();
        }
        m_apply->setEnabled(bench && !m_session->isBusy());
    });

    for (const EngineLogEntry& entry : session->logEntries())
        appendLog(entry.text, entry.error, entry.warning);
    showDevices();
    showLadder();
    showCalibration();
    showBusy(session->isBusy());
}

QWidget* EnginePanel::buildCalibrationBar()
{
    auto* bar = new QFrame(this);
    bar->setFrameShape(QFrame::StyledPanel);
    bar->setAutoFillBackground(true);
    bar->setBackgroundRole(QPalette::AlternateBase);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(8, 4, 8, 4);
    m_calibration = wrappingLabel(bar);
    QPushButton* load = button(tr("Load profile…"), bar);
    m_saveProfile = button(tr("Save profile…"), bar);
    m_removeCalibration = button(tr("Remove calibration"), bar);
    row->addWidget(m_calibration, 1);
    row->addWidget(load);
    row->addWidget(m_saveProfile);
    row->addWidget(m_removeCalibration);
    connect(load, &QPushButton::clicked, this, &EnginePanel::loadProfile);
    connect(m_saveProfile, &QPushButton::clicked, this, &EnginePanel::saveProfile);
    connect(m_removeCalibration, &QPushButton::clicked, this, [this] { m_session->workbench()->setCalibration(nullptr); });
    return bar;
}

QWidget* EnginePanel::buildDevices()
{
    auto* box = new QGroupBox(tr("Devices"), this);
    auto* layout = new QVBoxLayout(box);
    auto* row = new QHBoxLayout;
    m_backend = new QComboBox(box);
    m_backend->addItem(tr("Automatic (GPUs, else CPUs)"), int(ProbeBackend::Automatic));
    m_backend->addItem(tr("CUDA GPUs"), int(ProbeBackend::Cuda));
    m_backend->addItem(tr("Host CPUs (CPU measurements)"), int(ProbeBackend::Host));
    m_backend->setCurrentIndex(m_backend->findData(int(m_session->backend())));
    m_discover = button(tr("Discover"), box);
    m_discover->setToolTip(tr("Run paraplan-probe discover: the devices, their memory and the links between them."));
    row->addWidget(new QLabel(tr("Backend:"), box));
    row->addWidget(m_backend, 1);
    row->addWidget(m_discover);
    layout->addLayout(row);
    m_devices = new QTreeWidget(box);
    m_devices->setRootIsDecorated(false);
    m_devices->setHeaderLabels({ tr("Rank"), tr("Device"), tr("Memory"), tr("SMs / cores"), tr("Compute capability"),
                                 tr("Host") });
    m_devices->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_devices->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_devices->header()->setStretchLastSection(false);
    layout->addWidget(m_devices, 1);
    m_devicesStatus = wrappingLabel(box);
    layout->addWidget(m_devicesStatus);
    connect(m_backend, &QComboBox::currentIndexChanged, this,
            [this] { m_session->setBackend(ProbeBackend(m_backend->currentData().toInt())); });
    connect(m_discover, &QPushButton::clicked, this, [this] {
        showMessage({}, false);
        m_session->discover();
    });
    return box;
}

QWidget* EnginePanel::buildLadder()
{
    auto* box = new QGroupBox(tr("Validation ladder"), this);
    auto* layout = new QVBoxLayout(box);
    auto* note = wrappingLabel(box);
    note->setText(tr("Each step runs a few training steps of this scenario's layers, cut to two layers per stage, on "
                     "the devices attached. Climb it in order: a step that fails explains the ones above it."));
    layout->addWidget(note);
    m_ladder = new QTreeWidget(box);
    m_ladder->setRootIsDecorated(false);
    // Status before the configuration: in a narrow panel what a step is waiting for must stay visible.
    m_ladder->setHeaderLabels({ tr("Step"), tr("Status"), tr("Configuration") });
    m_ladder->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_ladder->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_ladder->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_ladder->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_ladder->setWordWrap(true);
    layout->addWidget(m_ladder, 1);
    auto* row = new QHBoxLayout;
    m_runSelected = button(tr("Run selected"), box);
    m_runAll = button(tr("Run all available"), box);
    row->addStretch(1);
    row->addWidget(m_runSelected);
    row->addWidget(m_runAll);
    layout->addLayout(row);
    connect(m_runSelected, &QPushButton::clicked, this, &EnginePanel::runSelected);
    connect(m_runAll, &QPushButton::clicked, this, &EnginePanel::runAll);
    connect(m_ladder, &QTreeWidget::itemDoubleClicked, this, [this] { runSelected(); });
    return box;
}

QWidget* EnginePanel::buildCluster()
{
    auto* box = new QGroupBox(tr("Cluster"), this);
    auto* layout = new QVBoxLayout(box);
    auto* note = wrappingLabel(box);
    note->setText(tr("For the full scenario on its own cluster: write the launch command or batch script, run it "
                     "there, then import the results file."));
    layout->addWidget(note);
    auto* row = new QHBoxLayout;
    QPushButton* mpirun = button(tr("Write mpirun command…"), box);
    QPushButton* slurm = button(tr("Write Slurm script…"), box);
    QPushButton* import = button(tr("Import results or log…"), box);
    row->addWidget(mpirun);
    row->addWidget(slurm);
    row->addWidget(import);
    layout->addLayout(row);
    connect(mpirun, &QPushButton::clicked, this, [this] { writeLaunch(false); });
    connect(slurm, &QPushButton::clicked, this, [this] { writeLaunch(true); });
    connect(import, &QPushButton::clicked, this, &EnginePanel::importResults);
    return box;
}

void EnginePanel::showDevices()
{
    m_devices->clear();
    const std::optional<io::ProbeLog>& discovery = m_session->discovery();
    QStringList status;
    if (discovery) {
        for (const io::ProbeDevice& d : discovery->devices) {
            auto* item = new QTreeWidgetItem(m_devices);
            item->setText(0, QString::number(d.rank));
            item->setText(1, QString::fromStdString(d.name));
            item->setText(2, formatGib(d.memoryBytes));
            item->setText(3, QString::number(d.multiprocessors));
            item->setText(4, d.computeCapability.empty() ? QStringLiteral("—") : QString::fromStdString(d.computeCapability));
            item->setText(5, QString::fromStdString(d.host));
            for (int c : { 0, 2, 3 })
                item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        }
        status << (discovery->cpu ? tr("%n CPU rank(s) attached (host backend).", nullptr, int(m_session->attachedDevices()))
                                  : tr("%n GPU(s) attached (%1 backend).", nullptr, int(m_session->attachedDevices()))
                                        .arg(QString::fromStdString(discovery->backend)));
        for (const std::string& note : discovery->notes)
            status << QString::fromStdString(note);
    } else {
        status << tr("No devices yet: press Discover.");
    }
    if (!m_session->devicesMessage().isEmpty())
        status.prepend(m_session->devicesMessage());
    m_devicesStatus->setText(status.join(QLatin1Char('\n')));
}

void EnginePanel::showLadder()
{
    const std::vector<LadderStep> ladder = m_session->ladder();
    QList<int> selected;
    for (const QTreeWidgetItem* item : m_ladder->selectedItems())
        selected << item->data(0, Qt::UserRole).toInt();
    m_ladder->clear();
    for (const LadderStep& step : ladder) {
        auto* item = new QTreeWidgetItem(m_ladder);
        item->setData(0, Qt::UserRole, int(step.id));
        item->setText(0, ladderStepName(step.id));
        item->setText(2, ladderStepConfiguration(step));
        item->setToolTip(2, ladderStepConfiguration(step));
        QString status;
        if (!step.enabled) {
            status = m_session->discovery() ? ladderStepBlocker(step, m_session->cpu()) : tr("discover the devices first");
            item->setDisabled(true);
        } else {
            status = tr("ready");
            for (const auto& run : m_session->runs())
                if (run->step == step.id)
                    status = runStateText(run->state); // the latest run of the step
        }
        item->setText(1, status);
        item->setToolTip(1, status);
        if (status == runStateText(EngineRun::State::Failed))
            item->setForeground(1, kErrorColour);
        item->setSelected(selected.contains(int(step.id)) && step.enabled);
    }
}

void EnginePanel::showCalibration()
{
    const CalibrationPtr calibration = m_session->workbench()->calibration();
    m_calibration->setText(calibrationSummary(calibration));
    QPalette palette = m_calibration->palette();
    palette.setColor(QPalette::WindowText, calibration && calibration->profile().cpu ? kWarningColour
                                                                                     : this->palette().color(QPalette::WindowText));
    m_calibration->setPalette(palette);
    m_saveProfile->setEnabled(bool(calibration));
    m_removeCalibration->setEnabled(bool(calibration));
}

void EnginePanel::showBusy(bool busy)
{
    m_discover->setEnabled(!busy);
    m_backend->setEnabled(!busy);
    m_runSelected->setEnabled(!busy);
    m_runAll->setEnabled(!busy);
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy); // an idle, empty bar would read as a run that never started
    if (busy) {
        m_progress->setRange(0, 0); // busy until the first progress event gives a count
        m_progressText->setText(tr("Starting…"));
    } else if (m_progress->maximum() == 0) {
        m_progress->setRange(0, 1);
        m_progressText->clear();
    }
    if (busy)
        m_apply->setEnabled(false);
}

void EnginePanel::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(kErrorColour.name())
                                   : QString());
    m_message->setVisible(!text.isEmpty());
}

void EnginePanel::appendLog(const QString& text, bool error, bool warning)
{
    const QString escaped = text.toHtmlEscaped();
    if (error)
        m_log->appendHtml(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(kErrorColour.name(), escaped));
    else if (warning)
        m_log->appendHtml(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(kWarningColour.name(), escaped));
    else
        m_log->appendHtml(QStringLiteral("<span>%1</span>").arg(escaped));
}

void EnginePanel::runSelected()
{
    std::vector<LadderStepId> steps;
    for (int i = 0; i < m_ladder->topLevelItemCount(); ++i) // in ladder order, whatever the click order
        if (m_ladder->topLevelItem(i)->isSelected() && !m_ladder->topLevelItem(i)->isDisabled())
            steps.push_back(LadderStepId(m_ladder->topLevelItem(i)->data(0, Qt::UserRole).toInt()));
    if (steps.empty()) {
        showMessage(tr("Select one or more available steps of the ladder first."), false);
        return;
    }
    showMessage({}, false);
    m_session->runSteps(steps);
}

void EnginePanel::runAll()
{
    std::vector<LadderStepId> steps;
    for (const LadderStep& step : m_session->ladder())
        if (step.enabled)
            steps.push_back(step.id);
    if (steps.empty()) {
        showMessage(m_session->discovery() ? tr("No step of the ladder fits the devices attached.")
                                           : tr("Discover the devices first."),
                    false);
        return;
    }
    showMessage({}, false);
    m_session->runSteps(steps);
}

void EnginePanel::importResults()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import probe results or a training log"), QString(),
        tr("Probe results and training logs (Megatron-LM, torchtitan, DeepSpeed) (*.jsonl *.json *.log *.txt *.out);;"
           "All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (m_session->importResults(path, &error))
        showMessage({}, false);
    else
        showMessage(error, true);
}

QString EnginePanel::mpirunText() const
{
    return mpirunCommand(m_session->workbench()->scenario(), LaunchSpec{});
}

QString EnginePanel::slurmText() const { return slurmScript(m_session->workbench()->scenario(), LaunchSpec{}); }

void EnginePanel::writeLaunch(bool slurm)
{
    const Workbench* workbench = m_session->workbench();
    if (!workbench->isCurrentValid()) {
        showMessage(tr("The scenario breaks a rule (see the banner above the plots): fix it before writing a launch "
                       "for it."),
                    true);
        return;
    }
    const QString explanation =
        tr("Run this on the cluster with paraplan-probe on every node's PATH and the scenario beside it as "
           "scenario.json (Save scenario…). One rank per GPU: %n GPU(s). Import results.jsonl here afterwards.",
           nullptr, int(workbench->scenario().cluster.gpuCount()));
    const QByteArray scenario = QByteArray::fromStdString(io::toJson(workbench->scenario()).dump(2) + "\n");
    LaunchDialog dialog(slurm ? tr("Slurm batch script") : tr("mpirun command"), explanation,
                        slurm ? slurmText() : mpirunText() + QLatin1Char('\n'),
                        slurm ? QStringLiteral("paraplan-confirm.sbatch") : QStringLiteral("paraplan-confirm.sh"), scenario,
                        this);
    dialog.exec();
}

void EnginePanel::applySelected()
{
    QString error;
    if (m_session->applyCalibration(m_results->selectedRun(), &error))
        showMessage({}, false);
    else
        showMessage(error, true);
}

void EnginePanel::loadProfile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load calibration profile"), QString(),
                                                      tr("Calibration profiles (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (m_session->loadProfile(path, &error))
        showMessage({}, false);
    else
        showMessage(error, true);
}

void EnginePanel::saveProfile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save calibration profile"),
                                                      QStringLiteral("calibration.json"),
                                                      tr("Calibration profiles (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_session->saveProfile(path, &error))
        showMessage(error, true);
}

} // namespace paraplan::widgets
