// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/session.h"

#include "widgets/common/file_writing.h"
#include "widgets/engine/probe_event_text.h"
#include "widgets/engine/probe_process.h"
#include "widgets/state/workbench.h"

#include "core/frameworks/log_measurement.h"
#include "core/io/calibration_json.h"
#include "core/io/json_reader.h"
#include "core/io/probe_codes.h"
#include "core/io/scenario_writer.h"
#include "core/network/calibration.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <algorithm>

namespace paraplan::widgets {

namespace {

constexpr size_t kLogKept = 5000;

// GPUs of the first node in discover's `cluster.topology`: one rank reports only its own device,
// while the node lists every GPU the host has.
int64_t gpusInTopology(const std::optional<TopologySpec>& topology)
{
    return topology && !topology->nodes.empty() ? topology->nodes.front().gpuCount() : 0;
}

bool writeFile(const QString& path, const QByteArray& data, QString* error)
{
    QString why;
    if (writeWholeFile(path, data, &why))
        return true;
    if (error)
        *error = QCoreApplication::translate("EngineSession", "Cannot write %1: %2").arg(path, why);
    return false;
}

// Errors that mean "no GPU to measure here": the host backend is then the way to go on.
bool noUsableGpu(const io::ProbeLog& log)
{
    using enum io::ProbeCode;
    return std::any_of(log.errors.begin(), log.errors.end(), [](const io::ProbeMessage& e) {
        const std::optional<io::ProbeCode> code = io::probeCodeNamed(e.code);
        return code == NoGpu || code == BackendUnavailable || code == DriverMismatch;
    });
}

} // namespace

EngineSession::EngineSession(Workbench* workbench, QObject* parent)
    : QObject(parent)
    , m_workbench(workbench)
{
}

EngineSession::~EngineSession() = default; // m_process (a child) ends its process group

ProgramSearch EngineSession::probeSearch() const
{
    if (!m_probeOverride.isEmpty())
        return { m_probeOverride, { m_probeOverride } };
    return findProbe(QCoreApplication::applicationDirPath());
}

QString EngineSession::backendArgument() const
{
    if (m_discovery && !m_discovery->backend.empty())
        return QString::fromStdString(m_discovery->backend); // what discovery found working
    switch (m_backend) {
    case ProbeBackend::Cuda:
        return QStringLiteral("cuda");
    case ProbeBackend::Host:
        return QStringLiteral("host");
    case ProbeBackend::Automatic:
        break;
    }
    return {};
}

void EngineSession::appendLog(const QString& text, bool error, bool warning)
{
    m_logEntries.push_back({ text, error, warning });
    if (m_logEntries.size() > kLogKept)
        m_logEntries.pop_front();
    Q_EMIT logLine(text, error, warning);
}

void EngineSession::setBusy(ProbeProcess* process)
{
    if (m_process)
        m_process->deleteLater();
    m_process = process;
    Q_EMIT busyChanged(process != nullptr);
}

void EngineSession::discover()
{
    if (isBusy())
        return;
    m_fellBack = false;
    startDiscovery(m_backend == ProbeBackend::Host ? QStringLiteral("host")
                   : m_backend == ProbeBackend::Cuda ? QStringLiteral("cuda")
                                                      : QString());
}

void EngineSession::startDiscovery(const QString& backend)
{
    const ProgramSearch probe = probeSearch();
    if (probe.path.isEmpty()) {
        m_devicesMessage = tr("paraplan-probe was not found (looked in %1). Build it (target paraplan-probe) or "
                              "install it beside paraplan, or put its folder on PATH.")
                               .arg(probe.places.join(QStringLiteral(", ")));
        appendLog(m_devicesMessage, true, false);
        Q_EMIT devicesChanged();
        Q_EMIT problem(m_devicesMessage);
        return;
    }
    QStringList arguments{ QStringLiteral("discover") };
    if (!backend.isEmpty())
        arguments << QStringLiteral("--backend") << backend;
    QString program = probe.path;
    int64_t ranks = 1;
    if (backend == QLatin1String("host")) {
        // As many CPU ranks as the ladder can use (8 at most), but no more than the machine has threads.
        ranks = std::clamp<int64_t>(QThread::idealThreadCount(), 2, 8);
        const ProgramSearch mpirun = findMpirun();
        if (mpirun.path.isEmpty()) {
            ranks = 1;
            appendLog(tr("mpirun was not found on PATH: one CPU rank only. Install Open MPI (mpirun) for "
                         "the multi-rank steps."),
                      false, true);
        } else {
            arguments.prepend(probe.path);
            arguments = QStringList{ QStringLiteral("-np"), QString::number(ranks), QStringLiteral("--oversubscribe") } + arguments;
            program = mpirun.path;
        }
    }
    m_runIndex = -1;
    auto* process = new ProbeProcess(this);
    connect(process, &ProbeProcess::logLine, this, &EngineSession::appendLog);
    connect(process, &ProbeProcess::progress, this, &EngineSession::progress);
    connect(process, &ProbeProcess::finished, this, &EngineSession::discoveryFinished);
    setBusy(process);
    process->start({ program, arguments, {} });
}

void EngineSession::discoveryFinished(const QString& failure)
{
    const io::ProbeLog log = m_process->log();
    const bool cancelled = m_process->wasCancelled();
    setBusy(nullptr);
    if (!failure.isEmpty() && !cancelled && m_backend == ProbeBackend::Automatic && !m_fellBack && noUsableGpu(log)) {
        m_fellBack = true;
        const QString reason = log.errors.empty() ? QString()
                                                  : probeErrorMeaning(log.errors.front().code);
        appendLog(tr("No usable GPU (%1): discovering with the host backend; its figures are CPU measurements.").arg(reason),
                  false, true);
        startDiscovery(QStringLiteral("host"));
        return;
    }
    if (!failure.isEmpty()) {
        m_devicesMessage = failure;
        Q_EMIT devicesChanged();
        Q_EMIT problem(failure);
        return;
    }
    m_discovery = log;
    m_attached = int64_t(log.devices.size());
    if (!log.cpu)
        m_attached = std::max(m_attached, gpusInTopology(log.topology));
    m_devicesMessage = log.cpu ? tr("CPU measurements: no GPU is used; each rank is a CPU worker standing in for one.")
                               : QString();
    if (m_fellBack)
        m_devicesMessage = tr("No usable GPU was found. ") + m_devicesMessage;
    Q_EMIT devicesChanged();
}

std::vector<LadderStep> EngineSession::ladder() const
{
    return buildLadder(m_workbench->scenario(), m_attached, cpu());
}

void EngineSession::runSteps(const std::vector<LadderStepId>& steps)
{
    if (isBusy() || steps.empty())
        return;
    m_queue.assign(steps.begin(), steps.end());
    runNext();
}

void EngineSession::runNext()
{
    if (m_queue.empty())
        return;
    const LadderStepId id = m_queue.front();
    m_queue.pop_front();
    std::optional<LadderStep> step;
    for (LadderStep& s : ladder())
        if (s.id == id)
            step = std::move(s);
    if (!step || !step->enabled) {
        runNext();
        return;
    }
    const ProgramSearch probe = probeSearch();
    const ProgramSearch mpirun = findMpirun();
    QString blocker;
    if (probe.path.isEmpty())
        blocker = tr("paraplan-probe was not found (looked in %1).").arg(probe.places.join(QStringLiteral(", ")));
    else if (step->degrees.ranks() > 1 && mpirun.path.isEmpty())
        blocker = tr("“%1” needs %2 ranks, started by mpirun, which is not on PATH. Install Open MPI.")
                      .arg(ladderStepName(id))
                      .arg(step->degrees.ranks());
    else if (!m_files.isValid())
        blocker = tr("No temporary folder for the run's files: %1").arg(m_files.errorString());
    const QString base = m_files.filePath(QStringLiteral("step%1").arg(++m_fileCounter));
    QStringList arguments;
    if (blocker.isEmpty()) {
        const QString scenarioPath = base + QStringLiteral("-scenario.json");
        if (writeFile(scenarioPath, QByteArray::fromStdString(io::toJson(step->scenario).dump(2)), &blocker)) {
            arguments = ladderProbeArguments(*step, scenarioPath, base + QStringLiteral("-results.jsonl"), backendArgument());
            // The prediction next to the measurement is the calibrated one when the workbench is calibrated.
            const CalibrationPtr calibration = m_workbench->calibration();
            if (calibration && step->command == ProbeCommand::Confirm) {
                const QString profilePath = base + QStringLiteral("-calibration.json");
                if (writeFile(profilePath, QByteArray::fromStdString(io::toJson(calibration->profile()).dump(2)), &blocker))
                    arguments << QStringLiteral("--calibration") << profilePath;
            }
        }
    }
    if (!blocker.isEmpty()) {
        m_queue.clear();
        appendLog(blocker, true, false);
        Q_EMIT problem(blocker);
        return;
    }
    auto run = std::make_shared<EngineRun>();
    run->title = ladderStepName(id);
    run->step = id;
    run->ranks = step->degrees.ranks();
    run->source = QStringLiteral("local");
    m_runs.push_back(run);
    Q_EMIT runsChanged();
    QString program = probe.path;
    if (step->degrees.ranks() > 1) {
        QStringList launcher{ QStringLiteral("-np"), QString::number(step->degrees.ranks()) };
        if (cpu())
            launcher << QStringLiteral("--oversubscribe"); // CPU ranks may outnumber the cores mpirun counts
        arguments = launcher + QStringList{ probe.path } + arguments;
        program = mpirun.path;
    }
    startProcess(program, arguments, base + QStringLiteral("-results.jsonl"));
}

void EngineSession::startProcess(const QString& program, const QStringList& arguments, const QString& outputPath)
{
    m_runIndex = int(m_runs.size()) - 1;
    auto* process = new ProbeProcess(this);
    connect(process, &ProbeProcess::logLine, this, &EngineSession::appendLog);
    connect(process, &ProbeProcess::progress, this, &EngineSession::progress);
    connect(process, &ProbeProcess::eventsRead, this, [this, process] {
        if (process != m_process || m_runIndex < 0)
            return;
        m_runs[size_t(m_runIndex)]->log = process->log();
        Q_EMIT runUpdated(m_runIndex);
    });
    connect(process, &ProbeProcess::finished, this, [this, process](const QString& failure) {
        if (process != m_process)
            return;
        EngineRun& run = *m_runs[size_t(m_runIndex)];
        run.log = process->log();
        run.state = process->wasCancelled() ? EngineRun::State::Cancelled
            : failure.isEmpty()             ? EngineRun::State::Succeeded
                                            : EngineRun::State::Failed;
        run.failure = failure;
        const int index = m_runIndex;
        setBusy(nullptr);
        Q_EMIT runUpdated(index);
        if (!failure.isEmpty()) {
            if (run.state == EngineRun::State::Failed)
                Q_EMIT problem(tr("“%1” failed: %2").arg(run.title, failure));
            m_queue.clear(); // a failed step makes the steps above it meaningless
            return;
        }
        runNext();
    });
    setBusy(process);
    process->start({ program, arguments, outputPath });
}

void EngineSession::cancel()
{
    m_queue.clear();
    if (m_process)
        m_process->cancel();
}

bool EngineSession::importResults(const QString& path, QString* error)
{
    QFile file(path);
    const QString name = QFileInfo(path).fileName();
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        appendLog(message, true, false);
        return false;
    };
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot open %1: %2").arg(name, file.errorString()));
    auto run = std::make_shared<EngineRun>();
    const std::string text = file.readAll().toStdString();
    try {
        run->log = io::readProbeLog(text);
    } catch (const io::ReadError& e) {
        if (const std::optional<QString> logFailure = importTrainingLog(path, text))
            return logFailure->isEmpty() || fail(*logFailure);
        return fail(tr("%1: %2").arg(name, QString::fromStdString(e.what())));
    }
    const io::ProbeLog& log = run->log;
    if (!log.finished() && log.gemms.empty() && log.collectives.empty() && !log.measured && log.devices.empty()
        && log.errors.empty())
        return fail(tr("%1 holds no paraplan-probe results.").arg(name));
    run->title = name;
    run->source = path;
    run->ranks = log.ranks > 0 ? log.ranks : int64_t(log.devices.size());
    run->state = log.finished() && log.errors.empty() ? EngineRun::State::Succeeded : EngineRun::State::Failed;
    if (!log.errors.empty())
        run->failure = tr("Rank %1 failed: %2 (%3)")
                           .arg(log.errors.front().rank)
                           .arg(probeErrorMeaning(log.errors.front().code),
                                QString::fromStdString(log.errors.front().message));
    else if (!log.finished())
        run->failure = tr("The run ended before its result (the file keeps what it measured until then).");
    m_runs.push_back(run);
    appendLog(tr("Imported %1: %2 on %n rank(s).", nullptr, int(run->ranks))
                  .arg(name, log.command.empty() ? tr("an unfinished run") : QString::fromStdString(log.command)),
              false, false);
    Q_EMIT runsChanged();
    return true;
}

// A training log (Megatron-LM, torchtitan, DeepSpeed) is a measured run of the current scenario:
// its steady-state step beside the step the model predicts for it (docs/frameworks/logs.md).
std::optional<QString> EngineSession::importTrainingLog(const QString& path, const std::string& text)
{
    const Scenario scenario = m_workbench->scenario();
    const EvaluationPtr evaluation = m_workbench->evaluation();
    std::optional<frameworks::TrainingLog> log;
    try {
        log = frameworks::readTrainingLog(text);
    } catch (const io::ReadError&) { // not a log at all: the caller names the probe reader's complaint
        return std::nullopt;
    }
    frameworks::LogMeasurement measured;
    const QString name = QFileInfo(path).fileName();
    try {
        measured = frameworks::measureLog(std::move(*log), scenario);
    } catch (const io::ReadError& e) {
        return tr("%1 is a training log, but %2").arg(name, QString::fromStdString(e.what()));
    }
    auto run = std::make_shared<EngineRun>();
    run->title = tr("%1 (training log)").arg(name);
    run->source = path;
    run->ranks = scenario.cluster.gpuCount();
    run->state = EngineRun::State::Succeeded;
    run->log.command = std::string("training log (") + frameworks::toString(measured.log.format) + ")";
    run->log.measured.emplace().stepS = measured.stepS;
    run->log.measured->steps = measured.steady.used;
    if (evaluation && evaluation->scenario == scenario)
        run->log.predicted.emplace().stepS = evaluation->result.time.step;
    m_runs.push_back(run);
    m_workbench->addMeasuredStep({ scenario, measured.stepS, run->title });
    appendLog(tr("Imported %1: %2 log, median of %3 steady steps (%4 warm-up skipped, %5 outliers).")
                  .arg(name, QString::fromLatin1(frameworks::toString(measured.log.format)))
                  .arg(measured.steady.used)
                  .arg(measured.steady.warmupSkipped)
                  .arg(measured.steady.outliers.size()),
              false, false);
    Q_EMIT runsChanged();
    return QString();
}

bool EngineSession::applyCalibration(int runIndex, QString* error)
{
    if (runIndex < 0 || runIndex >= int(m_runs.size()))
        return false;
    const EngineRun& run = *m_runs[size_t(runIndex)];
    const QString source = tr("paraplan-probe bench: %1, %2")
                               .arg(run.title, QDateTime::currentDateTime().toString(Qt::ISODate));
    try {
        auto calibration = std::make_shared<const Calibration>(io::calibrationFromProbe(run.log, source.toStdString()));
        m_workbench->setCalibration(std::move(calibration));
    } catch (const std::exception& e) {
        const QString message = tr("No calibration from “%1”: %2").arg(run.title, QString::fromStdString(e.what()));
        if (error)
            *error = message;
        Q_EMIT problem(message);
        return false;
    }
    return true;
}

bool EngineSession::loadProfile(const QString& path, QString* error)
{
    QFile file(path);
    const QString name = QFileInfo(path).fileName();
    QString message;
    if (!file.open(QIODevice::ReadOnly)) {
        message = tr("Cannot open %1: %2").arg(name, file.errorString());
    } else {
        try {
            m_workbench->setCalibration(
                std::make_shared<const Calibration>(io::readCalibrationProfile(file.readAll().toStdString())));
            return true;
        } catch (const std::exception& e) {
            message = tr("%1: %2").arg(name, QString::fromStdString(e.what()));
        }
    }
    if (error)
        *error = message;
    Q_EMIT problem(message);
    return false;
}

bool EngineSession::saveProfile(const QString& path, QString* error) const
{
    const CalibrationPtr calibration = m_workbench->calibration();
    if (!calibration)
        return false;
    return writeFile(path, QByteArray::fromStdString(io::toJson(calibration->profile()).dump(2) + "\n"), error);
}

} // namespace paraplan::widgets
