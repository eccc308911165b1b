// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/engine/probe_event_text.h"

#include "widgets/common/formatting.h"

#include "core/io/probe_codes.h"
#include "core/spec/units.h"

#include <QCoreApplication>

namespace paraplan::widgets {

namespace {

// The context of these sentences and of the error titles in core/io/probe_codes.cpp.
struct ProbeText {
    Q_DECLARE_TR_FUNCTIONS(ProbeText)
};

QString text(const std::string& utf8) { return QString::fromStdString(utf8); }

struct EventText {
    int64_t rank; // the rank that wrote the event

    ProbeLogLine operator()(const io::ProbeProgress& p) const
    {
        return { ProbeText::tr("[%1/%2] %3").arg(p.done).arg(p.total).arg(text(p.message)) };
    }
    ProbeLogLine operator()(const io::ProbeDevice& d) const
    {
        return { ProbeText::tr("rank %1: %2 on %3, %4")
                     .arg(d.rank)
                     .arg(text(d.name), text(d.host), formatGib(d.memoryBytes)) };
    }
    ProbeLogLine operator()(const io::ProbeGemm& g) const
    {
        return { ProbeText::tr("GEMM %1 (%2×%3×%4, %5): %6 TFLOP/s, %7")
                     .arg(text(g.name))
                     .arg(g.m)
                     .arg(g.n)
                     .arg(g.k)
                     .arg(text(g.precision))
                     .arg(g.tflops, 0, 'g', 3)
                     .arg(formatSeconds(g.timing.medianS)) };
    }
    ProbeLogLine operator()(const io::ProbeAttention& a) const
    {
        return { ProbeText::tr("attention (sequence %1, head %2): %3 TFLOP/s")
                     .arg(a.seq)
                     .arg(a.headDim)
                     .arg(a.tflops, 0, 'g', 3) };
    }
    ProbeLogLine operator()(const io::ProbeMemory&) const { return measurement("memory"); }
    ProbeLogLine operator()(const io::ProbeCollective& c) const
    {
        return { ProbeText::tr("%1 %2 over %3 ranks, %4 bytes: bus %5 (model %6)")
                     .arg(text(c.group), text(c.collective))
                     .arg(c.ranks)
                     .arg(formatCount(c.bytes))
                     .arg(formatGBps(c.busGBps), formatGBps(c.predictedBusGBps)) };
    }
    ProbeLogLine operator()(const io::ProbeOverlap& o) const
    {
        return { ProbeText::tr("GEMM %1 alone, %2 beside %3 × %4 MiB all-reduce over %5 ranks (bus %6): compute "
                               "%7 slower while overlapped (model %8)")
                     .arg(formatSeconds(o.gemmAloneS), formatSeconds(o.timing.medianS))
                     .arg(o.queued)
                     .arg(o.bytes / kBytesPerMiB, 0, 'f', 0)
                     .arg(o.ranks)
                     .arg(formatGBps(o.busGBps), formatPercent(o.slowdown, 0), formatPercent(o.predictedSlowdown, 0)) };
    }
    ProbeLogLine operator()(const io::ProbeStepTime& s) const
    {
        return { ProbeText::tr("step %1: %2").arg(s.step).arg(formatSeconds(s.seconds)) };
    }
    ProbeLogLine operator()(const io::ProbeOtherMeasurement& o) const { return measurement(o.kind); }
    ProbeLogLine operator()(const io::ProbeWarning& w) const
    {
        return { ProbeText::tr("warning: %1").arg(text(w.message)), false, true };
    }
    ProbeLogLine operator()(const io::ProbeError& e) const
    {
        return { ProbeText::tr("error on rank %1 (%2): %3").arg(rank).arg(probeErrorMeaning(e.code), text(e.message)),
                 true };
    }
    ProbeLogLine operator()(const io::ProbeResult& r) const
    {
        return { ProbeText::tr("%1 finished on %n rank(s) (%2 backend)", nullptr, int(r.ranks))
                     .arg(text(r.command), text(r.backend)) };
    }

    // A measurement without a sentence of its own.
    static ProbeLogLine measurement(const std::string& kind)
    {
        return { ProbeText::tr("measurement %1").arg(text(kind)) };
    }
};

} // namespace

ProbeLogLine describeProbeEvent(const io::ProbeLine& line) { return std::visit(EventText{ line.rank }, line.event); }

QString probeErrorMeaning(const std::string& code)
{
    if (const std::optional<io::ProbeCode> known = io::probeCodeNamed(code))
        return ProbeText::tr(io::entryOf(*known).title);
    return text(code);
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
