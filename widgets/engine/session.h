// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/engine/ladder.h"
#include "widgets/engine/probe_locator.h"

#include "core/io/probe_log.h"

#include <QObject>
#include <QTemporaryDir>

#include <deque>
#include <memory>
#include <optional>
#include <vector>

// The engine panel's state, kept apart from its widgets (which are rebuilt when the language
// changes) and alive as long as the window: the devices paraplan-probe found, the runs of the
// validation ladder (local ones as their events arrive, imported ones whole), the log, and the
// probe process of the run going on. Calibrations it makes go to the Workbench.
namespace paraplan::widgets {

class ProbeProcess;
class Workbench;

enum class ProbeBackend { Automatic, Cuda, Host };

struct EngineRun {
    enum class State { Running, Succeeded, Failed, Cancelled };
    QString title;
    std::optional<LadderStepId> step; // none: discovery or an imported file
    int64_t ranks = 0;
    QString source;      // "local", or the file it was imported from
    State state = State::Running;
    QString failure;     // for people, when it failed
    io::ProbeLog log;
};

struct EngineLogEntry {
    QString text;
    bool error = false;
    bool warning = false;
};

class EngineSession : public QObject {
    Q_OBJECT
public:
    EngineSession(Workbench* workbench, QObject* parent = nullptr);
    ~EngineSession() override;

    [[nodiscard]] Workbench* workbench() const { return m_workbench; }

    // The probe program; found next to the application unless set (tests set it).
    [[nodiscard]] ProgramSearch probeSearch() const;
    void setProbeProgram(const QString& path) { m_probeOverride = path; }
    [[nodiscard]] ProbeBackend backend() const { return m_backend; }
    void setBackend(ProbeBackend backend) { m_backend = backend; }

    // Devices: asks the probe (on the host backend under mpirun, one rank per CPU worker).
    void discover();
    [[nodiscard]] const std::optional<io::ProbeLog>& discovery() const { return m_discovery; }
    [[nodiscard]] int64_t attachedDevices() const { return m_attached; }
    [[nodiscard]] bool cpu() const { return m_discovery && m_discovery->cpu; }
    // What the last discovery said beyond its devices (not found, fell back to CPUs, failed).
    [[nodiscard]] const QString& devicesMessage() const { return m_devicesMessage; }

    // The ladder for the workbench's scenario on the devices found.
    [[nodiscard]] std::vector<LadderStep> ladder() const;
    // Runs the steps one after another; the first that fails stops the rest (seed 000: "每步失败立即止损").
    void runSteps(const std::vector<LadderStepId>& steps);
    void cancel();
    [[nodiscard]] bool isBusy() const { return m_process != nullptr; }

    [[nodiscard]] const std::vector<std::shared_ptr<EngineRun>>& runs() const { return m_runs; }
    // A results file a cluster run left (--output, or its stdout), or a training log (Megatron-LM,
    // torchtitan, DeepSpeed) measured against the current scenario's prediction; on a problem
    // nothing changes and the error names the file and line.
    bool importResults(const QString& path, QString* error = nullptr);

    // The calibration profile made from a run's bench measurements, applied to the workbench.
    bool applyCalibration(int runIndex, QString* error = nullptr);
    bool loadProfile(const QString& path, QString* error = nullptr);
    bool saveProfile(const QString& path, QString* error = nullptr) const;

    [[nodiscard]] const std::deque<EngineLogEntry>& logEntries() const { return m_logEntries; }

Q_SIGNALS:
    void devicesChanged();
    void runsChanged();
    void runUpdated(int index);
    void busyChanged(bool busy);
    void logLine(const QString& text, bool error, bool warning);
    void progress(int done, int total, const QString& message);
    // A problem to show in the panel (never a modal).
    void problem(const QString& message);

private:
    void startDiscovery(const QString& backend);
    void discoveryFinished(const QString& failure);
    void runNext();
    void startProcess(const QString& program, const QStringList& arguments, const QString& outputPath);
    void appendLog(const QString& text, bool error, bool warning);
    // Adds a training log as a measured run of the current scenario: nullopt when `text` is no
    // training log, else empty or why it cannot be a measurement.
    std::optional<QString> importTrainingLog(const QString& path, const std::string& text);
    void setBusy(ProbeProcess* process);
    [[nodiscard]] QString backendArgument() const;

    Workbench* m_workbench;
    QString m_probeOverride;
    ProbeBackend m_backend = ProbeBackend::Automatic;
    std::optional<io::ProbeLog> m_discovery;
    int64_t m_attached = 0;
    QString m_devicesMessage;
    bool m_fellBack = false;
    std::vector<std::shared_ptr<EngineRun>> m_runs;
    std::deque<LadderStepId> m_queue;
    ProbeProcess* m_process = nullptr;
    int m_runIndex = -1; // the run m_process feeds; -1 for discovery
    std::deque<EngineLogEntry> m_logEntries;
    QTemporaryDir m_files; // the scenarios and results of local runs
    int m_fileCounter = 0;
};

} // namespace paraplan::widgets
