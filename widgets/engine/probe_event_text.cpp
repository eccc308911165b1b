// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/probe_event_text.h"

#include "widgets/common/formatting.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace paraplan::widgets {

namespace {

struct ProbeText {
    Q_DECLARE_TR_FUNCTIONS(ProbeText)
};

QString measurementText(const QJsonObject& e)
{
    const QString kind = e.value(QLatin1String("kind")).toString();
    if (kind == QLatin1String("device")) {
        const QJsonObject d = e.value(QLatin1String("device")).toObject();
        return ProbeText::tr("rank %1: %2 on %3, %4")
            .arg(d.value(QLatin1String("rank")).toInt())
            .arg(d.value(QLatin1String("name")).toString(), d.value(QLatin1String("host")).toString(),
                 formatGib(d.value(QLatin1String("memory_bytes")).toDouble()));
    }
    if (kind == QLatin1String("gemm"))
        return ProbeText::tr("GEMM %1 (%2×%3×%4, %5): %6 TFLOP/s, %7")
            .arg(e.value(QLatin1String("name")).toString())
            .arg(e.value(QLatin1String("m")).toDouble())
            .arg(e.value(QLatin1String("n")).toDouble())
            .arg(e.value(QLatin1String("k")).toDouble())
            .arg(e.value(QLatin1String("precision")).toString())
            .arg(e.value(QLatin1String("tflops")).toDouble(), 0, 'g', 3)
            .arg(formatSeconds(e.value(QLatin1String("median_s")).toDouble()));
    if (kind == QLatin1String("attention"))
        return ProbeText::tr("attention (sequence %1, head %2): %3 TFLOP/s")
            .arg(e.value(QLatin1String("seq")).toDouble())
            .arg(e.value(QLatin1String("head_dim")).toDouble())
            .arg(e.value(QLatin1String("tflops")).toDouble(), 0, 'g', 3);
    if (kind == QLatin1String("collective"))
        return ProbeText::tr("%1 %2 over %3 ranks, %4 bytes: bus %5 (model %6)")
            .arg(e.value(QLatin1String("group")).toString(), e.value(QLatin1String("collective")).toString())
            .arg(e.value(QLatin1String("ranks")).toInt())
            .arg(formatCount(e.value(QLatin1String("bytes")).toDouble()))
            .arg(formatGBps(e.value(QLatin1String("bus_GBps")).toDouble()),
                 formatGBps(e.value(QLatin1String("predicted_bus_GBps")).toDouble()));
    if (kind == QLatin1String("step"))
        return ProbeText::tr("step %1: %2")
            .arg(e.value(QLatin1String("step")).toInt())
            .arg(formatSeconds(e.value(QLatin1String("seconds")).toDouble()));
    return ProbeText::tr("measurement %1").arg(kind);
}

} // namespace

ProbeLogLine describeProbeLine(const QByteArray& line)
{
    const QJsonDocument document = QJsonDocument::fromJson(line);
    const QJsonObject e = document.object();
    const QString event = e.value(QLatin1String("event")).toString();
    if (event.isEmpty())
        return { QString::fromUtf8(line).trimmed() };
    if (event == QLatin1String("progress"))
        return { ProbeText::tr("[%1/%2] %3")
                     .arg(e.value(QLatin1String("done")).toInt())
                     .arg(e.value(QLatin1String("total")).toInt())
                     .arg(e.value(QLatin1String("message")).toString()) };
    if (event == QLatin1String("measurement"))
        return { measurementText(e) };
    if (event == QLatin1String("warning"))
        return { ProbeText::tr("warning: %1").arg(e.value(QLatin1String("message")).toString()), false, true };
    if (event == QLatin1String("error"))
        return { ProbeText::tr("error on rank %1 (%2): %3")
                     .arg(e.value(QLatin1String("rank")).toInt())
                     .arg(probeErrorMeaning(e.value(QLatin1String("code")).toString()),
                          e.value(QLatin1String("message")).toString()),
                 true };
    if (event == QLatin1String("result"))
        return { ProbeText::tr("%1 finished on %n rank(s) (%2 backend)", nullptr, e.value(QLatin1String("ranks")).toInt())
                     .arg(e.value(QLatin1String("command")).toString(), e.value(QLatin1String("backend")).toString()) };
    return { QString::fromUtf8(line).trimmed() };
}

QString probeErrorMeaning(const QString& code)
{
    static const struct {
        const char* code;
        const char* text;
    } meanings[] = {
        { "no_gpu", QT_TRANSLATE_NOOP("ProbeText", "no GPU was found") },
        { "driver_mismatch", QT_TRANSLATE_NOOP("ProbeText", "the GPU driver is older than the CUDA runtime") },
        { "backend_unavailable", QT_TRANSLATE_NOOP("ProbeText", "this probe was built without that backend") },
        { "unknown_backend", QT_TRANSLATE_NOOP("ProbeText", "unknown backend") },
        { "unreadable_scenario", QT_TRANSLATE_NOOP("ProbeText", "the scenario file cannot be read") },
        { "invalid_scenario", QT_TRANSLATE_NOOP("ProbeText", "the scenario breaks a rule") },
        { "world_size_mismatch", QT_TRANSLATE_NOOP("ProbeText", "the number of ranks does not match the scenario") },
        { "out_of_memory", QT_TRANSLATE_NOOP("ProbeText", "out of memory") },
        { "cuda_failed", QT_TRANSLATE_NOOP("ProbeText", "a CUDA call failed") },
        { "cublas_failed", QT_TRANSLATE_NOOP("ProbeText", "a cuBLAS call failed") },
        { "nccl_failed", QT_TRANSLATE_NOOP("ProbeText", "an NCCL call failed") },
        { "mpi_failed", QT_TRANSLATE_NOOP("ProbeText", "an MPI call failed") },
        { "watchdog_timeout", QT_TRANSLATE_NOOP("ProbeText", "a step took longer than the watchdog allows") },
        { "terminated", QT_TRANSLATE_NOOP("ProbeText", "stopped (cancelled, or another rank failed)") },
        { "internal_error", QT_TRANSLATE_NOOP("ProbeText", "internal error") },
    };
    for (const auto& m : meanings)
        if (code == QLatin1String(m.code))
            return ProbeText::tr(m.text);
    return code;
}

QString probeExitMeaning(int status)
{
    switch (status) {
    case 1:
        return ProbeText::tr("the probe failed (exit status 1)");
    case 2:
        return ProbeText::tr("the scenario breaks a rule (exit status 2)");
    case 3:
        return ProbeText::tr("the watchdog aborted a stuck step (exit status 3)");
    default:
        return ProbeText::tr("the probe ended with exit status %1").arg(status);
    }
}

} // namespace paraplan::widgets
