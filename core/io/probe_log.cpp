// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/probe_log.h"

#include "core/io/json_reader.h"
#include "core/io/probe_json.h"

#include <set>

namespace paraplan::io {

namespace {

// Each event into the log. The result event repeats the command's measurements: what it has
// replaces what the measurement events gave, so a file holding only the result reads the same.
struct AddToLog {
    ProbeLog& log;
    int64_t rank;

    void operator()(const ProbeProgress& p) const { log.progress = p; }
    void operator()(const ProbeDevice& d) const { log.devices.push_back(d); }
    void operator()(const ProbeGemm& g) const { log.gemms.push_back(g); }
    void operator()(const ProbeAttention& a) const { log.attention.push_back(a); }
    void operator()(const ProbeMemory& m) const { log.memory = m; }
    void operator()(const ProbeCollective& c) const { log.collectives.push_back(c); }
    void operator()(const ProbeOverlap& o) const { log.overlap = o; }
    void operator()(const ProbeStepTime& s) const { log.stepSeconds.push_back(s.seconds); }
    void operator()(const ProbeOtherMeasurement&) const {} // a newer probe's kind: nothing to keep
    void operator()(const ProbeWarning& w) const { log.warnings.push_back({ rank, w.code, w.message }); }
    void operator()(const ProbeError& e) const { log.errors.push_back({ rank, e.code, e.message }); }
    void operator()(const ProbeResult& r) const
    {
        log.command = r.command;
        log.backend = r.backend;
        log.cpu = r.cpu;
        log.ranks = r.ranks;
        replace(log.devices, r.devices);
        replace(log.topology, r.topology);
        replace(log.notes, r.notes);
        replace(log.gemms, r.gemms);
        replace(log.attention, r.attention);
        replace(log.memory, r.memory);
        replace(log.collectives, r.collectives);
        replace(log.overlap, r.overlap);
        replace(log.measured, r.measured);
        replace(log.predicted, r.predicted);
        replace(log.predictedWithoutFramework, r.predictedWithoutFramework);
    }

    template <typename Kept, typename Given>
    static void replace(Kept& kept, const std::optional<Given>& given)
    {
        if (given)
            kept = *given;
    }
};

// The precisions a measured GEMM stands for. A CPU's BLAS computes every precision in fp32, so the
// host backend's fp32 GEMMs are what a CPU stand-in takes for each of them.
std::vector<Precision> precisionsOf(const std::string& asRun)
{
    if (asRun == "bf16")
        return { Precision::Bf16 };
    if (asRun == "fp16")
        return { Precision::Fp16 };
    if (asRun == "fp8")
        return { Precision::Fp8 };
    if (asRun == "fp32")
        return { Precision::Bf16, Precision::Fp16, Precision::Fp8 };
    return {};
}

std::string deviceNames(const ProbeLog& log)
{
    std::set<std::string> names;
    for (const ProbeDevice& d : log.devices)
        names.insert(d.name);
    std::string joined;
    for (const std::string& n : names)
        joined += (joined.empty() ? "" : ", ") + n;
    return joined;
}

} // namespace

void addProbeEvent(ProbeLog& log, const ProbeLine& line) { std::visit(AddToLog{ log, line.rank }, line.event); }

void addProbeLine(ProbeLog& log, std::string_view line, int lineNumber)
{
    if (const std::optional<ProbeLine> parsed = parseProbeLine(line, lineNumber))
        addProbeEvent(log, *parsed);
}

ProbeLog readProbeLog(const std::string& text)
{
    ProbeLog log;
    size_t start = 0;
    int line = 1;
    while (start < text.size()) {
        const size_t end = text.find('\n', start);
        // The last line without its newline was being written when the run died: what came before
        // is whole, and is kept.
        if (end == std::string::npos)
            break;
        addProbeLine(log, std::string_view(text).substr(start, end - start), line++);
        start = end + 1;
    }
    if (start < text.size()) {
        try {
            addProbeLine(log, std::string_view(text).substr(start), line);
        } catch (const ReadError&) {
        }
    }
    return log;
}

CalibrationProfile calibrationFromProbe(const ProbeLog& log, const std::string& source)
{
    if (log.gemms.empty() && log.collectives.empty() && !log.memory && !log.overlap)
        throw ReadError("(file)", "no GEMM or collective measurements: a calibration profile comes from "
                                  "`paraplan-probe bench` output");
    CalibrationProfile profile;
    profile.device = deviceNames(log);
    profile.source = source;
    profile.cpu = log.cpu;
    // Only what a profile can hold (calibration.h's ranges): the profile is written for
    // --calibration, whose reader refuses the rest.
    for (const ProbeGemm& g : log.gemms) {
        if (!g.correct)
            continue;
        // A batched GEMM is `batch` products one after another: its rate is that of one tall one.
        for (const Precision p : precisionsOf(g.precision))
            if (const GemmMeasurement gemm{ g.m * g.batch, g.n, g.k, p, g.timing.medianS }; isPlausible(gemm))
                profile.gemms.push_back(gemm);
    }
    if (log.memory && log.memory->correct && kMemoryGBpsRange.holds(log.memory->GBps))
        profile.memoryGBps = log.memory->GBps;
    for (const ProbeCollective& c : log.collectives) {
        const std::optional<Collective> collective = collectiveNamed(c.collective);
        if (!c.correct || !collective)
            continue;
        if (const CollectiveMeasurement measured{ *collective, c.ranks, c.crossesNodes, c.bytes, c.busGBps };
            isPlausible(measured))
            profile.collectives.push_back(measured);
    }
    if (log.overlap && log.overlap->correct && kOverlapSlowdownRange.holds(log.overlap->slowdown))
        profile.overlapSlowdown = log.overlap->slowdown;
    if (profile.gemms.empty() && profile.collectives.empty() && profile.memoryGBps <= 0 && !profile.overlapSlowdown)
        throw ReadError("(file)", "none of the run's measurements is both correct and plausible: a profile needs one");
    return profile;
}

} // namespace paraplan::io
