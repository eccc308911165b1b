// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "probe_log.h"

#include "json_reader.h"

#include <nlohmann/json.hpp>

#include <set>

namespace paraplan::io {

namespace {

using nlohmann::json;

// Reads the fields of one event; every failure names the line and the field.
class EventFields {
public:
    EventFields(const json& value, int line)
        : m_value(value)
        , m_line(line)
    {
    }

    [[nodiscard]] double number(const char* key) const
    {
        const json* v = find(key);
        if (!v || !v->is_number())
            fail(key, "a number");
        return v->get<double>();
    }
    [[nodiscard]] double numberOr(const char* key, double fallback) const
    {
        return find(key) ? number(key) : fallback;
    }
    [[nodiscard]] int64_t integer(const char* key) const { return int64_t(number(key)); }
    [[nodiscard]] bool boolean(const char* key) const
    {
        const json* v = find(key);
        if (!v || !v->is_boolean())
            fail(key, "true or false");
        return v->get<bool>();
    }
    [[nodiscard]] std::string string(const char* key) const
    {
        const json* v = find(key);
        if (!v || !v->is_string())
            fail(key, "a string");
        return v->get<std::string>();
    }
    [[nodiscard]] std::string stringOr(const char* key, const std::string& fallback) const
    {
        return find(key) ? string(key) : fallback;
    }
    [[nodiscard]] const json& array(const char* key) const
    {
        const json* v = find(key);
        if (!v || !v->is_array())
            fail(key, "a list");
        return *v;
    }
    [[nodiscard]] const json* find(const char* key) const
    {
        const auto it = m_value.find(key);
        return it == m_value.end() ? nullptr : &*it;
    }
    [[nodiscard]] EventFields nested(const json& value) const
    {
        if (!value.is_object())
            throw ReadError(where(), "a list entry is not an object: this is not paraplan-probe output");
        return { value, m_line };
    }
    [[nodiscard]] std::string where() const { return "line " + std::to_string(m_line); }

private:
    [[noreturn]] void fail(const char* key, const char* expected) const
    {
        throw ReadError(where(), std::string("the event's \"") + key + "\" should be " + expected
                                     + ": the line is not paraplan-probe output, or was cut off");
    }

    const json& m_value;
    int m_line;
};

ProbeTiming timingOf(const EventFields& f)
{
    ProbeTiming t;
    t.medianS = f.number("median_s");
    t.minS = f.numberOr("min_s", t.medianS);
    t.maxS = f.numberOr("max_s", t.medianS);
    t.p10S = f.numberOr("p10_s", t.minS);
    t.p90S = f.numberOr("p90_s", t.maxS);
    t.spread = f.numberOr("spread", 0);
    t.runs = int64_t(f.numberOr("runs", 1));
    return t;
}

ProbeDevice deviceOf(const EventFields& f)
{
    ProbeDevice d;
    d.rank = f.integer("rank");
    d.host = f.stringOr("host", "");
    d.index = int64_t(f.numberOr("index", 0));
    d.name = f.string("name");
    d.memoryBytes = f.numberOr("memory_bytes", 0);
    d.multiprocessors = int64_t(f.numberOr("multiprocessors", 0));
    d.computeCapability = f.stringOr("compute_capability", "");
    d.clockMHz = f.numberOr("clock_MHz", 0);
    return d;
}

ProbeGemm gemmOf(const EventFields& f)
{
    ProbeGemm g;
    g.name = f.string("name");
    g.m = f.number("m");
    g.n = f.number("n");
    g.k = f.number("k");
    g.batch = f.numberOr("batch", 1);
    g.precision = f.string("precision");
    g.tflops = f.number("tflops");
    g.predictedS = f.numberOr("predicted_s", 0);
    g.correct = f.boolean("correct");
    g.timing = timingOf(f);
    return g;
}

ProbeAttention attentionOf(const EventFields& f)
{
    ProbeAttention a;
    a.batchHeads = f.number("batch_heads");
    a.seq = f.number("seq");
    a.headDim = f.number("head_dim");
    a.tflops = f.number("tflops");
    a.predictedS = f.numberOr("predicted_s", 0);
    a.correct = f.boolean("correct");
    a.timing = timingOf(f);
    return a;
}

ProbeMemory memoryOf(const EventFields& f)
{
    ProbeMemory m;
    m.bytes = f.number("bytes");
    m.GBps = f.number("GBps");
    m.predictedGBps = f.numberOr("predicted_GBps", 0);
    m.correct = f.boolean("correct");
    m.timing = timingOf(f);
    return m;
}

ProbeCollective collectiveOf(const EventFields& f)
{
    ProbeCollective c;
    c.group = f.string("group");
    c.collective = f.string("collective");
    c.purpose = f.stringOr("purpose", "");
    c.ranks = f.integer("ranks");
    c.bytes = f.number("bytes");
    const json* crosses = f.find("crosses_nodes");
    c.crossesNodes = crosses && f.boolean("crosses_nodes");
    const json* asScenario = f.find("as_scenario");
    c.asScenario = !asScenario || f.boolean("as_scenario");
    c.busGBps = f.number("bus_GBps");
    c.predictedBusGBps = f.numberOr("predicted_bus_GBps", 0);
    c.predictedS = f.numberOr("predicted_s", 0);
    c.correct = f.boolean("correct");
    c.timing = timingOf(f);
    return c;
}

ProbeStep stepOf(const EventFields& f, const json& value)
{
    const EventFields step = f.nested(value);
    ProbeStep s;
    s.stepS = step.number("step_s");
    if (step.find("bubble_fraction"))
        s.bubbleFraction = step.number("bubble_fraction");
    for (const json& stage : step.array("stages")) {
        const EventFields st = f.nested(stage);
        s.stages.push_back({ st.integer("stage"), st.number("busy_s"), st.number("idle_s"), st.numberOr("send_s", 0),
                             st.numberOr("tail_s", 0) });
    }
    return s;
}

void addMeasurement(ProbeLog& log, const EventFields& f)
{
    const std::string kind = f.string("kind");
    if (kind == "device") {
        const json* device = f.find("device");
        if (!device)
            (void)f.string("device"); // names the missing field
        log.devices.push_back(deviceOf(f.nested(*device)));
    } else if (kind == "gemm") {
        log.gemms.push_back(gemmOf(f));
    } else if (kind == "attention") {
        log.attention.push_back(attentionOf(f));
    } else if (kind == "memory") {
        log.memory = memoryOf(f);
    } else if (kind == "collective") {
        log.collectives.push_back(collectiveOf(f));
    } else if (kind == "step") {
        log.stepSeconds.push_back(f.number("seconds"));
    }
    // Kinds a newer probe adds are skipped: the protocol grows.
}

// The result event repeats the command's measurements: they replace what the measurement events
// gave, so a file holding only the result reads the same.
void addResult(ProbeLog& log, const EventFields& f)
{
    log.command = f.string("command");
    log.backend = f.string("backend");
    log.cpu = f.boolean("cpu");
    log.ranks = f.integer("ranks");
    if (f.find("devices")) {
        log.devices.clear();
        for (const json& d : f.array("devices"))
            log.devices.push_back(deviceOf(f.nested(d)));
    }
    if (const json* topology = f.find("topology"))
        log.topologyJson = topology->dump(2);
    if (f.find("notes")) {
        log.notes.clear();
        for (const json& n : f.array("notes"))
            if (n.is_string())
                log.notes.push_back(n.get<std::string>());
    }
    if (f.find("gemms")) {
        log.gemms.clear();
        for (const json& g : f.array("gemms"))
            log.gemms.push_back(gemmOf(f.nested(g)));
    }
    if (const json* attention = f.find("attention")) {
        log.attention.clear();
        if (attention->is_array())
            for (const json& a : *attention)
                log.attention.push_back(attentionOf(f.nested(a)));
        else
            log.attention.push_back(attentionOf(f.nested(*attention)));
    }
    if (const json* memory = f.find("memory"))
        log.memory = memoryOf(f.nested(*memory));
    if (f.find("collectives")) {
        log.collectives.clear();
        for (const json& c : f.array("collectives"))
            log.collectives.push_back(collectiveOf(f.nested(c)));
    }
    if (const json* measured = f.find("measured"))
        log.measured = stepOf(f, *measured);
    if (const json* predicted = f.find("predicted"))
        log.predicted = stepOf(f, *predicted);
    if (const json* bare = f.find("predicted_without_framework"))
        log.predictedWithoutFramework = stepOf(f, *bare);
}

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

void addProbeLine(ProbeLog& log, std::string_view line, int lineNumber)
{
    if (line.find_first_not_of(" \t\r") == std::string_view::npos)
        return;
    const std::string where = "line " + std::to_string(lineNumber);
    json value;
    try {
        value = json::parse(line);
    } catch (const json::parse_error&) {
        throw ReadError(where, "not JSON: paraplan-probe writes one JSON object per line (was the file cut off, "
                               "or is it some other program's output?)");
    }
    if (!value.is_object() || !value.contains("event"))
        throw ReadError(where, "no \"event\" field: this is not paraplan-probe output");
    const EventFields f(value, lineNumber);
    const std::string event = f.string("event");
    if (event == "progress")
        log.progress = ProbeProgress{ f.stringOr("step", ""), int64_t(f.numberOr("done", 0)),
                                      int64_t(f.numberOr("total", 0)), f.stringOr("message", "") };
    else if (event == "measurement")
        addMeasurement(log, f);
    else if (event == "warning" || event == "error")
        (event == "error" ? log.errors : log.warnings)
            .push_back({ int64_t(f.numberOr("rank", 0)), f.string("code"), f.string("message") });
    else if (event == "result")
        addResult(log, f);
    else
        throw ReadError(where, "unknown event \"" + event
                                   + "\": paraplan-probe writes progress, measurement, warning, error and result");
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
    if (log.gemms.empty() && log.collectives.empty() && !log.memory)
        throw ReadError("(file)", "no GEMM or collective measurements: a calibration profile comes from "
                                  "`paraplan-probe bench` output");
    CalibrationProfile profile;
    profile.device = deviceNames(log);
    profile.source = source;
    profile.cpu = log.cpu;
    for (const ProbeGemm& g : log.gemms) {
        if (!g.correct || g.timing.medianS <= 0)
            continue;
        // A batched GEMM is `batch` products one after another: its rate is that of one tall one.
        for (const Precision p : precisionsOf(g.precision))
            profile.gemms.push_back({ g.m * g.batch, g.n, g.k, p, g.timing.medianS });
    }
    if (log.memory && log.memory->correct)
        profile.memoryGBps = log.memory->GBps;
    for (const ProbeCollective& c : log.collectives) {
        const std::optional<Collective> collective = collectiveNamed(c.collective);
        if (!c.correct || !collective || c.busGBps <= 0)
            continue;
        profile.collectives.push_back({ *collective, c.ranks, c.crossesNodes, c.bytes, c.busGBps });
    }
    return profile;
}

} // namespace paraplan::io
