// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/probe_json.h"

#include "core/io/json_reader.h"
#include "core/io/topology_json.h"

#include <nlohmann/json.hpp>

namespace paraplan::io {

namespace {

using nlohmann::json;

// ---- Writing. The fields after the envelope come in alphabetical order (nlohmann::json keeps its
// keys sorted): the order the probe has always written, which results files on disk have.

void addTiming(json& j, const ProbeTiming& t)
{
    j["median_s"] = t.medianS;
    j["min_s"] = t.minS;
    j["max_s"] = t.maxS;
    j["p10_s"] = t.p10S;
    j["p90_s"] = t.p90S;
    j["spread"] = t.spread;
    j["runs"] = t.runs;
}

json deviceJson(const ProbeDevice& d)
{
    return { { "rank", d.rank },
             { "host", d.host },
             { "index", d.index },
             { "name", d.name },
             { "memory_bytes", d.memoryBytes },
             { "multiprocessors", d.multiprocessors },
             { "compute_capability", d.computeCapability },
             { "clock_MHz", d.clockMHz },
             { "memory_clock_MHz", d.memoryClockMHz },
             { "bus_id", d.busId } };
}

json gemmJson(const ProbeGemm& g)
{
    json j = { { "kind", "gemm" },
               { "name", g.name },
               { "m", g.m },
               { "n", g.n },
               { "k", g.k },
               { "batch", g.batch },
               { "precision", g.precision },
               { "tflops", g.tflops },
               { "predicted_s", g.predictedS },
               { "correct", g.correct } };
    addTiming(j, g.timing);
    return j;
}

json attentionJson(const ProbeAttention& a)
{
    json j = { { "kind", "attention" }, { "batch_heads", a.batchHeads }, { "seq", a.seq },
               { "head_dim", a.headDim }, { "tflops", a.tflops },          { "predicted_s", a.predictedS },
               { "correct", a.correct } };
    addTiming(j, a.timing);
    return j;
}

json memoryJson(const ProbeMemory& m)
{
    json j = { { "kind", "memory" },
               { "bytes", m.bytes },
               { "GBps", m.GBps },
               { "predicted_GBps", m.predictedGBps },
               { "correct", m.correct } };
    addTiming(j, m.timing);
    return j;
}

json collectiveJson(const ProbeCollective& c)
{
    json j = { { "kind", "collective" },
               { "group", c.group },
               { "collective", c.collective },
               { "purpose", c.purpose },
               { "ranks", c.ranks },
               { "bytes", c.bytes },
               { "crosses_nodes", c.crossesNodes },
               { "as_scenario", c.asScenario },
               { "bus_GBps", c.busGBps },
               { "predicted_bus_GBps", c.predictedBusGBps },
               { "predicted_s", c.predictedS },
               { "correct", c.correct } };
    addTiming(j, c.timing);
    return j;
}

json overlapJson(const ProbeOverlap& o)
{
    json j = { { "kind", "overlap" },
               { "m", o.m },
               { "n", o.n },
               { "k", o.k },
               { "precision", o.precision },
               { "collective", o.collective },
               { "ranks", o.ranks },
               { "bytes", o.bytes },
               { "crosses_nodes", o.crossesNodes },
               { "queued", o.queued },
               { "gemm_alone_s", o.gemmAloneS },
               { "slowdown", o.slowdown },
               { "predicted_slowdown", o.predictedSlowdown },
               { "bus_GBps", o.busGBps },
               { "bus_GBps_alone", o.busGBpsAlone },
               { "correct", o.correct } };
    addTiming(j, o.timing);
    return j;
}

json stepJson(const ProbeStep& s)
{
    json stages = json::array();
    for (const ProbeStage& st : s.stages)
        stages.push_back({ { "stage", st.stage }, { "busy_s", st.busyS }, { "idle_s", st.idleS },
                           { "send_s", st.sendS }, { "tail_s", st.tailS } });
    json j = { { "step_s", s.stepS }, { "stages", stages } };
    if (s.bubbleFraction)
        j["bubble_fraction"] = *s.bubbleFraction;
    if (s.stepMinS)
        j["step_min_s"] = *s.stepMinS;
    if (s.stepMaxS)
        j["step_max_s"] = *s.stepMaxS;
    if (s.steps)
        j["steps"] = *s.steps;
    if (s.reservedBytes)
        j["reserved_bytes"] = *s.reservedBytes;
    if (s.footprintBytes)
        j["footprint_bytes"] = *s.footprintBytes;
    return j;
}

template <typename Item, typename Write>
json listJson(const std::vector<Item>& items, Write write)
{
    json list = json::array();
    for (const Item& item : items)
        list.push_back(write(item));
    return list;
}

json resultJson(const ProbeResult& r)
{
    json j = { { "command", r.command }, { "backend", r.backend }, { "cpu", r.cpu }, { "ranks", r.ranks } };
    if (r.devices)
        j["devices"] = listJson(*r.devices, deviceJson);
    if (r.topology)
        j["topology"] = toJson(*r.topology);
    if (r.notes)
        j["notes"] = *r.notes;
    if (r.gemms)
        j["gemms"] = listJson(*r.gemms, gemmJson);
    if (r.attention)
        j["attention"] = r.attention->size() == 1 ? attentionJson(r.attention->front())
                                                  : listJson(*r.attention, attentionJson);
    if (r.memory)
        j["memory"] = memoryJson(*r.memory);
    if (r.collectives)
        j["collectives"] = listJson(*r.collectives, collectiveJson);
    if (r.overlap)
        j["overlap"] = overlapJson(*r.overlap);
    if (r.calibrated)
        j["calibrated"] = *r.calibrated;
    if (r.measured)
        j["measured"] = stepJson(*r.measured);
    if (r.predicted)
        j["predicted"] = stepJson(*r.predicted);
    if (r.predictedWithoutFramework)
        j["predicted_without_framework"] = stepJson(*r.predictedWithoutFramework);
    return j;
}

// The event's name and its own fields.
struct EventFields {
    const char* event;
    json fields;
};

struct FieldsOf {
    EventFields operator()(const ProbeProgress& p) const
    {
        return { "progress",
                 { { "step", p.step }, { "done", p.done }, { "total", p.total }, { "message", p.message } } };
    }
    EventFields operator()(const ProbeDevice& d) const
    {
        return { "measurement", { { "kind", "device" }, { "device", deviceJson(d) } } };
    }
    EventFields operator()(const ProbeGemm& g) const { return { "measurement", gemmJson(g) }; }
    EventFields operator()(const ProbeAttention& a) const { return { "measurement", attentionJson(a) }; }
    EventFields operator()(const ProbeMemory& m) const { return { "measurement", memoryJson(m) }; }
    EventFields operator()(const ProbeCollective& c) const { return { "measurement", collectiveJson(c) }; }
    EventFields operator()(const ProbeOverlap& o) const { return { "measurement", overlapJson(o) }; }
    EventFields operator()(const ProbeStepTime& s) const
    {
        return { "measurement", { { "kind", "step" }, { "step", s.step }, { "seconds", s.seconds } } };
    }
    EventFields operator()(const ProbeOtherMeasurement& o) const { return { "measurement", { { "kind", o.kind } } }; }
    EventFields operator()(const ProbeWarning& w) const
    {
        return { "warning", { { "code", w.code }, { "message", w.message } } };
    }
    EventFields operator()(const ProbeError& e) const
    {
        return { "error", { { "code", e.code }, { "message", e.message } } };
    }
    EventFields operator()(const ProbeResult& r) const { return { "result", resultJson(r) }; }
};

// ---- Reading.

// A field the record cannot do without, read by `read`: missing is an error naming it.
template <typename T>
T need(ObjectReader& in, std::optional<T> (ObjectReader::*read)(const char*), const char* key)
{
    std::optional<T> value = (in.*read)(key);
    if (!value)
        in.fail(key, "missing");
    return std::move(*value);
}

ProbeTiming timingOf(ObjectReader& f)
{
    ProbeTiming t;
    t.medianS = need(f, &ObjectReader::number, "median_s");
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
    d.rank = need(f, &ObjectReader::integer, "rank");
    d.host = f.string("host").value_or("");
    d.index = f.integer("index").value_or(0);
    d.name = need(f, &ObjectReader::string, "name");
    d.memoryBytes = f.number("memory_bytes").value_or(0);
    d.multiprocessors = f.integer("multiprocessors").value_or(0);
    d.computeCapability = f.string("compute_capability").value_or("");
    d.clockMHz = f.number("clock_MHz").value_or(0);
    d.memoryClockMHz = f.number("memory_clock_MHz").value_or(0);
    d.busId = f.string("bus_id").value_or("");
    return d;
}

ProbeGemm gemmOf(ObjectReader& f)
{
    ProbeGemm g;
    g.name = need(f, &ObjectReader::string, "name");
    g.m = need(f, &ObjectReader::number, "m");
    g.n = need(f, &ObjectReader::number, "n");
    g.k = need(f, &ObjectReader::number, "k");
    g.batch = f.number("batch").value_or(1);
    g.precision = need(f, &ObjectReader::string, "precision");
    g.tflops = need(f, &ObjectReader::number, "tflops");
    g.predictedS = f.number("predicted_s").value_or(0);
    g.correct = need(f, &ObjectReader::boolean, "correct");
    g.timing = timingOf(f);
    return g;
}

ProbeAttention attentionOf(ObjectReader& f)
{
    ProbeAttention a;
    a.batchHeads = need(f, &ObjectReader::integer, "batch_heads");
    a.seq = need(f, &ObjectReader::integer, "seq");
    a.headDim = need(f, &ObjectReader::integer, "head_dim");
    a.tflops = need(f, &ObjectReader::number, "tflops");
    a.predictedS = f.number("predicted_s").value_or(0);
    a.correct = need(f, &ObjectReader::boolean, "correct");
    a.timing = timingOf(f);
    return a;
}

ProbeMemory memoryOf(ObjectReader& f)
{
    ProbeMemory m;
    m.bytes = need(f, &ObjectReader::number, "bytes");
    m.GBps = need(f, &ObjectReader::number, "GBps");
    m.predictedGBps = f.number("predicted_GBps").value_or(0);
    m.correct = need(f, &ObjectReader::boolean, "correct");
    m.timing = timingOf(f);
    return m;
}

ProbeCollective collectiveOf(ObjectReader& f)
{
    ProbeCollective c;
    c.group = need(f, &ObjectReader::string, "group");
    c.collective = need(f, &ObjectReader::string, "collective");
    c.purpose = f.string("purpose").value_or("");
    c.ranks = need(f, &ObjectReader::integer, "ranks");
    c.bytes = need(f, &ObjectReader::number, "bytes");
    c.crossesNodes = f.boolean("crosses_nodes").value_or(false);
    c.asScenario = f.boolean("as_scenario").value_or(true);
    c.busGBps = need(f, &ObjectReader::number, "bus_GBps");
    c.predictedBusGBps = f.number("predicted_bus_GBps").value_or(0);
    c.predictedS = f.number("predicted_s").value_or(0);
    c.correct = need(f, &ObjectReader::boolean, "correct");
    c.timing = timingOf(f);
    return c;
}

ProbeOverlap overlapOf(ObjectReader& f)
{
    ProbeOverlap o;
    o.m = need(f, &ObjectReader::number, "m");
    o.n = need(f, &ObjectReader::number, "n");
    o.k = need(f, &ObjectReader::number, "k");
    o.precision = f.string("precision").value_or("");
    o.collective = f.string("collective").value_or("all_reduce");
    o.ranks = need(f, &ObjectReader::integer, "ranks");
    o.bytes = need(f, &ObjectReader::number, "bytes");
    o.crossesNodes = f.boolean("crosses_nodes").value_or(false);
    o.queued = f.integer("queued").value_or(1);
    o.gemmAloneS = need(f, &ObjectReader::number, "gemm_alone_s");
    o.slowdown = need(f, &ObjectReader::number, "slowdown");
    o.predictedSlowdown = f.number("predicted_slowdown").value_or(0);
    o.busGBps = f.number("bus_GBps").value_or(0);
    o.busGBpsAlone = f.number("bus_GBps_alone").value_or(0);
    o.correct = need(f, &ObjectReader::boolean, "correct");
    o.timing = timingOf(f);
    return o;
}

ProbeStep stepOf(ObjectReader& step)
{
    ProbeStep s;
    s.stepS = need(step, &ObjectReader::number, "step_s");
    for (ObjectReader& st : need(step, &ObjectReader::objectList, "stages"))
        s.stages.push_back({ need(st, &ObjectReader::integer, "stage"), need(st, &ObjectReader::number, "busy_s"),
                             need(st, &ObjectReader::number, "idle_s"), st.number("send_s").value_or(0),
                             st.number("tail_s").value_or(0) });
    s.bubbleFraction = step.number("bubble_fraction");
    s.stepMinS = step.number("step_min_s");
    s.stepMaxS = step.number("step_max_s");
    s.steps = step.integer("steps");
    s.reservedBytes = step.number("reserved_bytes");
    s.footprintBytes = step.number("footprint_bytes");
    return s;
}

// Each element of the list `key` read by `read`, or nullopt when there is no such list.
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

// Strings of the list `key`; elements of another type are skipped (notes are for people).
std::optional<std::vector<std::string>> stringsOf(ObjectReader& f, const char* key)
{
    const json* list = f.raw(key);
    if (!list)
        return std::nullopt;
    if (!list->is_array())
        f.fail(key, std::string("expected a list of strings, got ") + typeName(*list));
    std::vector<std::string> strings;
    for (const json& s : *list)
        if (s.is_string())
            strings.push_back(s.get<std::string>());
    return strings;
}

// Discover's `cluster.topology`. A discovery that could make no node (no host's links could be
// found out) writes an empty list of nodes: that is no topology, not a broken line.
std::optional<TopologySpec> topologyOf(ObjectReader& f)
{
    std::optional<ObjectReader> topology = f.object("topology");
    if (!topology)
        return std::nullopt;
    if (const json* nodes = topology->raw("nodes"); nodes && nodes->is_array() && nodes->empty()) {
        TopologySpec none;
        if (std::optional<ObjectReader> network = topology->object("network"))
            readNetworkFields(*network, none.network);
        return none;
    }
    return readTopology(*topology, {});
}

ProbeResult resultOf(ObjectReader& f)
{
    ProbeResult r;
    r.command = need(f, &ObjectReader::string, "command");
    r.backend = need(f, &ObjectReader::string, "backend");
    r.cpu = need(f, &ObjectReader::boolean, "cpu");
    r.ranks = need(f, &ObjectReader::integer, "ranks");
    r.devices = listOf<ProbeDevice>(f, "devices", deviceOf);
    r.topology = topologyOf(f);
    r.notes = stringsOf(f, "notes");
    r.gemms = listOf<ProbeGemm>(f, "gemms", gemmOf);
    // One attention measurement, or a list of them.
    if (const json* attention = f.raw("attention"); attention && attention->is_array())
        r.attention = listOf<ProbeAttention>(f, "attention", attentionOf);
    else if (std::optional<ObjectReader> one = f.object("attention"))
        r.attention = std::vector{ attentionOf(*one) };
    if (std::optional<ObjectReader> memory = f.object("memory"))
        r.memory = memoryOf(*memory);
    r.collectives = listOf<ProbeCollective>(f, "collectives", collectiveOf);
    if (std::optional<ObjectReader> overlap = f.object("overlap"))
        r.overlap = overlapOf(*overlap);
    r.calibrated = f.boolean("calibrated");
    if (std::optional<ObjectReader> measured = f.object("measured"))
        r.measured = stepOf(*measured);
    if (std::optional<ObjectReader> predicted = f.object("predicted"))
        r.predicted = stepOf(*predicted);
    if (std::optional<ObjectReader> bare = f.object("predicted_without_framework"))
        r.predictedWithoutFramework = stepOf(*bare);
    return r;
}

ProbeEvent measurementOf(ObjectReader& f)
{
    const std::string kind = need(f, &ObjectReader::string, "kind");
    if (kind == "device") {
        ObjectReader device = need(f, &ObjectReader::object, "device");
        return deviceOf(device);
    }
    if (kind == "gemm")
        return gemmOf(f);
    if (kind == "attention")
        return attentionOf(f);
    if (kind == "memory")
        return memoryOf(f);
    if (kind == "collective")
        return collectiveOf(f);
    if (kind == "overlap")
        return overlapOf(f);
    if (kind == "step")
        return ProbeStepTime{ f.integer("step").value_or(0), need(f, &ObjectReader::number, "seconds") };
    return ProbeOtherMeasurement{ kind }; // the protocol grows: a newer probe's kind is no error
}

// The event's own fields; nullopt for an event this reader does not know.
std::optional<ProbeEvent> eventOf(const std::string& event, ObjectReader& f)
{
    if (event == "progress")
        return ProbeProgress{ f.string("step").value_or(""), f.integer("done").value_or(0),
                              f.integer("total").value_or(0), f.string("message").value_or("") };
    if (event == "measurement")
        return measurementOf(f);
    if (event == "warning")
        return ProbeWarning{ need(f, &ObjectReader::string, "code"), need(f, &ObjectReader::string, "message") };
    if (event == "error")
        return ProbeError{ need(f, &ObjectReader::string, "code"), need(f, &ObjectReader::string, "message") };
    if (event == "result")
        return resultOf(f);
    return std::nullopt;
}

json hostJson(const HostDescription& h)
{
    json j = { { "gpu_bus_ids", h.gpuBusIds }, { "notes", h.notes } };
    if (h.node)
        j["node"] = toJson(*h.node);
    return j;
}

HostDescription hostOf(ObjectReader& f)
{
    HostDescription h;
    if (std::optional<ObjectReader> node = f.object("node"))
        h.node = readNode(*node);
    h.gpuBusIds = stringsOf(f, "gpu_bus_ids").value_or(std::vector<std::string>{});
    h.notes = stringsOf(f, "notes").value_or(std::vector<std::string>{});
    return h;
}

} // namespace

std::optional<ProbeLine> parseProbeLine(std::string_view line, int lineNumber)
{
    if (line.find_first_not_of(" \t\r") == std::string_view::npos)
        return std::nullopt;
    const std::string where = "line " + std::to_string(lineNumber);
    requireJsonNestingWithinLimit(line, where);
    json value;
    try {
        value = json::parse(line);
    } catch (const json::exception&) { // a syntax error, or a number out of range
        throw ReadError(where, "not JSON: paraplan-probe writes one JSON object per line (was the file cut off, "
                               "or is it some other program's output?)");
    }
    if (!value.is_object() || !value.contains("event"))
        throw ReadError(where, "no \"event\" field: this is not paraplan-probe output");
    std::string event;
    std::optional<ProbeEvent> fields;
    ProbeLine parsed;
    try {
        ObjectReader f(value, "");
        event = need(f, &ObjectReader::string, "event");
        parsed.timeS = f.number("time_s").value_or(0);
        parsed.rank = f.integer("rank").value_or(0);
        fields = eventOf(event, f);
    } catch (const ReadError& e) {
        // The reader names the field ("measured.stages[1].busy_s: missing"); the user needs the line.
        throw ReadError(where, std::string(e.what()) + ": the line is not paraplan-probe output, or was cut off");
    }
    if (!fields)
        throw ReadError(where, "unknown event \"" + event
                                   + "\": paraplan-probe writes progress, measurement, warning, error and result");
    parsed.event = std::move(*fields);
    return parsed;
}

std::string renderProbeLine(const ProbeLine& line)
{
    EventFields own = std::visit(FieldsOf{}, line.event);
    // What every event has comes first, so the lines read well.
    nlohmann::ordered_json out = { { "event", own.event }, { "time_s", line.timeS }, { "rank", line.rank } };
    for (auto& [key, value] : own.fields.items())
        out[key] = std::move(value);
    return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string writeRankDescription(const RankDescription& rank)
{
    json j = { { "device", deviceJson(rank.device) },
               { "local_rank", rank.localRank },
               { "link_GBps", rank.linkGBps } };
    if (rank.host)
        j["host"] = hostJson(*rank.host);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

RankDescription readRankDescription(std::string_view text)
{
    const json value = parseJson(std::string(text));
    ObjectReader f(value, "");
    RankDescription rank;
    ObjectReader device = need(f, &ObjectReader::object, "device");
    rank.device = deviceOf(device);
    rank.localRank = need(f, &ObjectReader::integer, "local_rank");
    rank.linkGBps = f.number("link_GBps").value_or(0);
    if (std::optional<ObjectReader> host = f.object("host"))
        rank.host = hostOf(*host);
    return rank;
}

} // namespace paraplan::io
