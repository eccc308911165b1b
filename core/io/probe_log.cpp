// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/probe_log.h"

#include "core/io/json_reader.h"

#include <nlohmann/json.hpp>

#include <set>

namespace paraplan::io {

namespace {

using nlohmann::json;

// The events are read with the project's ObjectReader, leniently: fields a newer probe adds are
// never asked for, so never rejected. A figure that must be there and is not is an error.
template <typename T>
T need(std::optional<T> value, const ObjectReader& in, const char* key)
{
    if (!value)
        in.fail(key, "missing");
    return *value;
}

ProbeTiming timingOf(ObjectReader& f)
{
    ProbeTiming t;
    t.medianS = need(f.number("median_s"), f, "median_s");
    t.minS = f.number("min_s").value_or(t.medianS);
    t.maxS = f.number("max_s").value_or(t.medianS);
    t.p10S = f.number("p10_s").value_or(t.minS);
    t.p90S = f.number("p90_s").value_or(t.maxS);
    t.spread = f.number("spread").value_or(0);
    t.runs = f.integer("runs").value_or(1);
    return t;
}

ProbeDevice deviceOf(ObjectReader& f)
{
    ProbeDevice d;
    d.rank = need(f.integer("rank"), f, "rank");
    d.host = f.string("host").value_or("");
    d.index = f.integer("index").value_or(0);
    d.name = need(f.string("name"), f, "name");
    d.memoryBytes = f.number("memory_bytes").value_or(0);
    d.multiprocessors = f.integer("multiprocessors").value_or(0);
    d.computeCapability = f.string("compute_capability").value_or("");
    d.clockMHz = f.number("clock_MHz").value_or(0);
    return d;
}

ProbeGemm gemmOf(ObjectReader& f)
{
    ProbeGemm g;
    g.name = need(f.string("name"), f, "name");
    g.m = need(f.number("m"), f, "m");
    g.n = need(f.number("n"), f, "n");
    g.k = need(f.number("k"), f, "k");
    g.batch = f.number("batch").value_or(1);
    g.precision = need(f.string("precision"), f, "precision");
    g.tflops = need(f.number("tflops"), f, "tflops");
    g.predictedS = f.number("predicted_s").value_or(0);
    g.correct = need(f.boolean("correct"), f, "correct");
    g.timing = timingOf(f);
    return g;
}

ProbeAttention attentionOf(ObjectReader& f)
{
    ProbeAttention a;
    a.batchHeads = need(f.number("batch_heads"), f, "batch_heads");
    a.seq = need(f.number("seq"), f, "seq");
    a.headDim = need(f.number("head_dim"), f, "head_dim");
    a.tflops = need(f.number("tflops"), f, "tflops");
    a.predictedS = f.number("predicted_s").value_or(0);
    a.correct = need(f.boolean("correct"), f, "correct");
    a.timing = timingOf(f);
    return a;
}

ProbeMemory memoryOf(ObjectReader& f)
{
    ProbeMemory m;
    m.bytes = need(f.number("bytes"), f, "bytes");
    m.GBps = need(f.number("GBps"), f, "GBps");
    m.predictedGBps = f.number("predicted_GBps").value_or(0);
    m.correct = need(f.boolean("correct"), f, "correct");
    m.timing = timingOf(f);
    return m;
}

ProbeCollective collectiveOf(ObjectReader& f)
{
    ProbeCollective c;
    c.group = need(f.string("group"), f, "group");
    c.collective = need(f.string("collective"), f, "collective");
    c.purpose = f.string("purpose").value_or("");
    c.ranks = need(f.integer("ranks"), f, "ranks");
    c.bytes = need(f.number("bytes"), f, "bytes");
    c.crossesNodes = f.boolean("crosses_nodes").value_or(false);
    c.asScenario = f.boolean("as_scenario").value_or(true);
    c.busGBps = need(f.number("bus_GBps"), f, "bus_GBps");
    c.predictedBusGBps = f.number("predicted_bus_GBps").value_or(0);
    c.predictedS = f.number("predicted_s").value_or(0);
    c.correct = need(f.boolean("correct"), f, "correct");
    c.timing = timingOf(f);
    return c;
}

ProbeStep stepOf(ObjectReader& step)
{
    ProbeStep s;
    s.stepS = need(step.number("step_s"), step, "step_s");
    s.bubbleFraction = step.number("bubble_fraction");
    for (ObjectReader& st : need(step.objectList("stages"), step, "stages"))
        s.stages.push_back({ need(st.integer("stage"), st, "stage"), need(st.number("busy_s"), st, "busy_s"),
                             need(st.number("idle_s"), st, "idle_s"), st.number("send_s").value_or(0),
                             st.number("tail_s").value_or(0) });
    return s;
}

// Each element of the list `key` read by `read`, or nullopt when the event has no such list.
template <typename Item, typename Read>
std::optional<std::vector<Item>> listOf(ObjectReader& f, const char* key, Read read)
{
    std::optional<std::vector<ObjectReader>> elements = f.objectList(key);
    if (!elements)
        return std::nullopt;
    std::vector<Item> items;
    for (ObjectReader& element : *elements)
        items.push_back(read(element));
    return items;
}

void addMeasurement(ProbeLog& log, ObjectReader& f)
{
    const std::string kind = need(f.string("kind"), f, "kind");
    if (kind == "device") {
        ObjectReader device = need(f.object("device"), f, "device");
        log.devices.push_back(deviceOf(device));
    } else if (kind == "gemm") {
        log.gemms.push_back(gemmOf(f));
    } else if (kind == "attention") {
        log.attention.push_back(attentionOf(f));
    } else if (kind == "memory") {
        log.memory = memoryOf(f);
    } else if (kind == "collective") {
        log.collectives.push_back(collectiveOf(f));
    } else if (kind == "step") {
        log.stepSeconds.push_back(need(f.number("seconds"), f, "seconds"));
    }
    // Kinds a newer probe adds are skipped: the protocol grows.
}

// The result event repeats the command's measurements: they replace what the measurement events
// gave, so a file holding only the result reads the same.
void addResult(ProbeLog& log, ObjectReader& f)
{
    log.command = need(f.string("command"), f, "command");
    log.backend = need(f.string("backend"), f, "backend");
    log.cpu = need(f.boolean("cpu"), f, "cpu");
    log.ranks = need(f.integer("ranks"), f, "ranks");
    if (auto devices = listOf<ProbeDevice>(f, "devices", deviceOf))
        log.devices = std::move(*devices);
    if (const json* topology = f.raw("topology"))
        log.topologyJson = topology->dump(2);
    if (const json* notes = f.raw("notes")) {
        if (!notes->is_array())
            f.fail("notes", std::string("expected a list of strings, got ") + typeName(*notes));
        log.notes.clear();
        for (const json& n : *notes)
            if (n.is_string())
                log.notes.push_back(n.get<std::string>());
    }
    if (auto gemms = listOf<ProbeGemm>(f, "gemms", gemmOf))
        log.gemms = std::move(*gemms);
    // One attention measurement, or a list of them.
    if (const json* attention = f.raw("attention"); attention && attention->is_array()) {
        log.attention = *listOf<ProbeAttention>(f, "attention", attentionOf);
    } else if (std::optional<ObjectReader> one = f.object("attention")) {
        log.attention = { attentionOf(*one) };
    }
    if (std::optional<ObjectReader> memory = f.object("memory"))
        log.memory = memoryOf(*memory);
    if (auto collectives = listOf<ProbeCollective>(f, "collectives", collectiveOf))
        log.collectives = std::move(*collectives);
    if (std::optional<ObjectReader> measured = f.object("measured"))
        log.measured = stepOf(*measured);
    if (std::optional<ObjectReader> predicted = f.object("predicted"))
        log.predicted = stepOf(*predicted);
    if (std::optional<ObjectReader> bare = f.object("predicted_without_framework"))
        log.predictedWithoutFramework = stepOf(*bare);
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
    std::string event;
    bool known = true;
    try {
        ObjectReader f(value, "");
        event = need(f.string("event"), f, "event");
        if (event == "progress")
            log.progress = ProbeProgress{ f.string("step").value_or(""), f.integer("done").value_or(0),
                                          f.integer("total").value_or(0), f.string("message").value_or("") };
        else if (event == "measurement")
            addMeasurement(log, f);
        else if (event == "result")
            addResult(log, f);
        else if (event == "warning" || event == "error")
            (event == "error" ? log.errors : log.warnings)
                .push_back({ f.integer("rank").value_or(0), need(f.string("code"), f, "code"),
                             need(f.string("message"), f, "message") });
        else
            known = false;
    } catch (const ReadError& e) {
        // The reader names the field ("measured.stages[1].busy_s: missing"); the user needs the line.
        throw ReadError(where, std::string(e.what()) + ": the line is not paraplan-probe output, or was cut off");
    }
    if (!known)
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
