// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/probe_log.h"

#include <QObject>
#include <QProcess>
#include <QStringList>

class QTimer;

// One run of paraplan-probe (directly, or under mpirun) as a child process: a driver fault or a
// hung NCCL call ends that process, never the GUI. Its stdout is read line by line into a
// ProbeLog as the events arrive; the run ends with a verdict, in words when it failed.
namespace paraplan::widgets {

struct ProbeInvocation {
    QString program;
    QStringList arguments;
    QString outputPath; // the probe's --output file, if it was given one
};

class ProbeProcess : public QObject {
    Q_OBJECT
public:
    explicit ProbeProcess(QObject* parent = nullptr);
    // Ends a run still going (its process group) before it goes.
    ~ProbeProcess() override;

    void start(const ProbeInvocation& invocation);
    // SIGTERM to the whole process group (mpirun and its ranks; the probe answers with a
    // "terminated" error event), SIGKILL after a grace period if anything is left.
    void cancel();

    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] bool wasCancelled() const { return m_cancelled; }
    [[nodiscard]] const io::ProbeLog& log() const { return m_log; }
    [[nodiscard]] const ProbeInvocation& invocation() const { return m_invocation; }
    // The command line as a person would type it.
    [[nodiscard]] QString commandLine() const;

    static constexpr int kGraceMs = 5000;

Q_SIGNALS:
    void logLine(const QString& text, bool error, bool warning);
    void progress(int done, int total, const QString& message);
    // The log has new events.
    void eventsRead();
    // `failure` is empty when the run succeeded.
    void finished(const QString& failure);

private:
    void readOutput();
    void consumeLine(const QByteArray& line);
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void processFailed(QProcess::ProcessError error);
    [[nodiscard]] QString verdict(int exitCode, QProcess::ExitStatus status) const;
    void signalGroup(int signal);

    QProcess* m_process;
    QTimer* m_killTimer;
    ProbeInvocation m_invocation;
    io::ProbeLog m_log;
    QByteArray m_pending; // a line not yet complete
    QByteArray m_stderr;  // the launcher's own complaints (mpirun writes there)
    QString m_parseError;
    int m_lineNumber = 0;
    bool m_cancelled = false;
    bool m_done = true;
};

} // namespace paraplan::widgets
