// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/probe_process.h"

#include "widgets/engine/probe_event_text.h"

#include "core/io/json_reader.h"
#include "core/io/probe_codes.h"
#include "core/io/probe_json.h"

#include <QFileInfo>
#include <QTimer>

#ifdef Q_OS_UNIX
#include <csignal>
#include <unistd.h>
#endif

namespace paraplan::widgets {

namespace {
constexpr qsizetype kStderrKept = 8192;
}

ProbeProcess::ProbeProcess(QObject* parent)
    : QObject(parent)
    , m_process(new QProcess(this))
    , m_killTimer(new QTimer(this))
{
    m_killTimer->setSingleShot(true);
    connect(m_killTimer, &QTimer::timeout, this, [this] {
#ifdef Q_OS_UNIX
        signalGroup(SIGKILL);
#else
        m_process->kill();
#endif
    });
#ifdef Q_OS_UNIX
    // Its own process group, so cancelling reaches mpirun's ranks too, not only the launcher.
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
#endif
    connect(m_process, &QProcess::readyReadStandardOutput, this, &ProbeProcess::readOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderr += m_process->readAllStandardError();
        if (m_stderr.size() > kStderrKept)
            m_stderr = m_stderr.right(kStderrKept);
    });
    connect(m_process, &QProcess::finished, this, &ProbeProcess::processFinished);
    connect(m_process, &QProcess::errorOccurred, this, &ProbeProcess::processFailed);
}

ProbeProcess::~ProbeProcess()
{
    if (!isRunning())
        return;
    m_process->disconnect(this);
#ifdef Q_OS_UNIX
    signalGroup(SIGKILL);
#else
    m_process->kill();
#endif
    m_process->waitForFinished(2000);
}

void ProbeProcess::start(const ProbeInvocation& invocation)
{
    m_invocation = invocation;
    m_log = {};
    m_pending.clear();
    m_stderr.clear();
    m_parseError.clear();
    m_lineNumber = 0;
    m_cancelled = false;
    m_done = false;
    Q_EMIT logLine(QStringLiteral("$ ") + commandLine(), false, false);
    m_process->start(invocation.program, invocation.arguments, QIODevice::ReadOnly);
}

bool ProbeProcess::isRunning() const { return !m_done; }

QString ProbeProcess::commandLine() const
{
    QStringList words{ QFileInfo(m_invocation.program).fileName() };
    for (const QString& a : m_invocation.arguments)
        words << (a.contains(QLatin1Char(' ')) ? QLatin1Char('"') + a + QLatin1Char('"') : a);
    return words.join(QLatin1Char(' '));
}

void ProbeProcess::cancel()
{
    if (m_done || m_cancelled)
        return;
    m_cancelled = true;
    Q_EMIT logLine(tr("Cancelling…"), false, true);
#ifdef Q_OS_UNIX
    signalGroup(SIGTERM);
#else
    m_process->terminate();
#endif
    m_killTimer->start(kGraceMs);
}

void ProbeProcess::signalGroup(int signal)
{
#ifdef Q_OS_UNIX
    const qint64 pid = m_process->processId();
    if (pid > 0)
        ::kill(-pid_t(pid), signal);
#else
    Q_UNUSED(signal)
#endif
}

void ProbeProcess::readOutput()
{
    m_pending += m_process->readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(newline);
        m_pending.remove(0, newline + 1);
        consumeLine(line);
    }
}

void ProbeProcess::consumeLine(const QByteArray& line)
{
    ++m_lineNumber;
    std::optional<io::ProbeLine> event;
    try {
        event = io::parseProbeLine(std::string_view(line.constData(), size_t(line.size())), m_lineNumber);
    } catch (const io::ReadError& e) {
        // Kept going: one garbled line (a rank's stray print) should not hide the rest of the run.
        const QString message = QString::fromStdString(e.what());
        if (m_parseError.isEmpty())
            m_parseError = message;
        Q_EMIT logLine(tr("Unreadable probe output, %1").arg(message), true, false);
        return;
    }
    if (!event)
        return; // a blank line
    const std::optional<io::ProbeProgress> before = m_log.progress;
    io::addProbeEvent(m_log, *event);
    const ProbeLogLine text = describeProbeEvent(*event);
    Q_EMIT logLine(text.text, text.error, text.warning);
    const std::optional<io::ProbeProgress>& now = m_log.progress;
    if (now && (!before || before->done != now->done || before->total != now->total || before->message != now->message))
        Q_EMIT progress(int(now->done), int(now->total), QString::fromStdString(now->message));
    Q_EMIT eventsRead();
}

void ProbeProcess::processFinished(int exitCode, QProcess::ExitStatus status)
{
    if (m_done)
        return;
    readOutput();
    if (!m_pending.trimmed().isEmpty()) { // the last line, cut off when the process died
        consumeLine(m_pending);
        m_pending.clear();
    }
    m_killTimer->stop();
    m_done = true;
    const QString failure = verdict(exitCode, status);
    if (!failure.isEmpty())
        Q_EMIT logLine(failure, true, false);
    Q_EMIT finished(failure);
}

void ProbeProcess::processFailed(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || m_done)
        return; // the others arrive with finished()
    m_done = true;
    const QString failure = tr("Cannot start %1: %2").arg(m_invocation.program, m_process->errorString());
    Q_EMIT logLine(failure, true, false);
    Q_EMIT finished(failure);
}

QString ProbeProcess::verdict(int exitCode, QProcess::ExitStatus status) const
{
    if (m_cancelled)
        return tr("Cancelled.");
    if (status == QProcess::NormalExit && exitCode == 0) {
        if (!m_parseError.isEmpty())
            return tr("The probe's output could not be read: %1").arg(m_parseError);
        if (!m_log.finished())
            return tr("The probe ended without a result.");
        return {};
    }
    // The first rank's own failure explains the run; "terminated" ones only follow it.
    const std::string terminated = io::toString(io::ProbeCode::Terminated);
    const io::ProbeMessage* cause = nullptr;
    for (const io::ProbeMessage& e : m_log.errors)
        if (!cause || (cause->code == terminated && e.code != terminated))
            cause = &e;
    if (cause)
        return tr("Rank %1 failed: %2 (%3)")
            .arg(cause->rank)
            .arg(probeErrorMeaning(cause->code), QString::fromStdString(cause->message));
    const QString launcher = QString::fromUtf8(m_stderr).trimmed().section(QLatin1Char('\n'), -3);
    const QString what = status == QProcess::CrashExit ? tr("The probe crashed.") : probeExitMeaning(exitCode);
    return launcher.isEmpty() ? what : what + QLatin1Char(' ') + launcher;
}

} // namespace paraplan::widgets
