// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/plan_json.h"

#include "core/explore/scaling.h"
#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/result_json.h"
#include "core/io/scenario_reader.h"
#include "core/run/token_budget.h"
#include "core/spec/units.h"

#include <algorithm>
#include <cmath>

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace paraplan::io::plan_parts {

namespace {

// ---- reading --------------------------------------------------------------------------------------

// The scenario's JSON: inline, or the file a path names (relative to the plan's folder). `origin`
// names where its read errors point: "scenario" inline, the file otherwise.
struct ScenarioDocument {
    nlohmann::json json;
    std::string origin;
    bool inFile = false;
};

ScenarioDocument scenarioDocument(ObjectReader& root, const std::optional<std::filesystem::path>& folder)
{
    const nlohmann::json* value = root.raw("scenario");
    if (!value)
        root.fail("scenario", "give the scenario: an object as a scenario file holds, or the path of one");
    if (value->is_object())
        return { *value, "scenario", false };
    if (!value->is_string())
        root.fail("scenario", std::string("expected a scenario object or the path of a scenario file, got ") + typeName(*value));
    if (!folder)
        root.fail("scenario", "a plan read without its file cannot name a scenario file: give the scenario inline");
    std::filesystem::path file = value->get<std::string>();
    if (file.is_relative())
        file = *folder / file;
    std::string error;
    const std::optional<std::string> text = readInputFile(file.string(), error);
    if (!text)
        root.fail("scenario", error);
    nlohmann::json json;
    try {
        json = parseJson(*text);
    } catch (const ReadError& e) {
        throw ReadError(file.string() + ": " + e.path(), e.message());
    }
    if (!json.is_object())
        root.fail("scenario", file.string() + " holds " + typeName(json) + ", not a scenario object");
    return { std::move(json), file.string(), true };
}

// Where an error in the scenario's own fields lies: "scenario.training.seq_len", or the file's path.
std::string scenarioPath(const ScenarioDocument& document, const std::string& path)
{
    return document.inFile ? document.origin + ": " + path : "scenario." + path;
}

// A read of part of the scenario document, its errors re-pointed from `part` (where the reader saw
// it) to `path` (where the plan holds it); errors in the scenario's own fields point into it.
template <typename Read>
auto readPart(Read read, const std::string& part, const std::string& path, const ScenarioDocument& document)
{
    try {
        return read();
    } catch (const ReadError& e) {
        if (e.path().rfind(part, 0) == 0)
            throw ReadError(path + e.path().substr(part.size()), e.message());
        throw ReadError(scenarioPath(document, e.path()), e.message());
    }
}

// The scenario document with `key` replaced by `value` (a hardware's cluster, a phase's parallel
// block), read as a scenario: the model and training give the reader what it checks them against.
Scenario scenarioWith(const nlohmann::json& scenario, const char* key, const nlohmann::json& value, const Catalog& catalog)
{
    nlohmann::json document = nlohmann::json::object();
    for (const char* part : { "model", "training", "cluster", "framework" })
        if (scenario.contains(part))
            document[part] = scenario.at(part);
    document[key] = value;
    return readScenario(document, catalog, "");
}

ParallelSpec parallelIn(const ScenarioDocument& scenario, ObjectReader& in, const char* key, const Catalog& catalog)
{
    const nlohmann::json* value = in.raw(key);
    return readPart([&] { return scenarioWith(scenario.json, "parallel", *value, catalog).parallel; }, "parallel",
                    in.pathOf(key), scenario);
}

int64_t positiveInteger(ObjectReader& in, const char* key, const char* what)
{
    const int64_t v = *in.integer(key);
    if (v < 1)
        in.fail(key, std::string("give ") + what + " of at least 1");
    return v;
}

double positiveNumber(ObjectReader& in, const char* key, const char* what)
{
    const double v = *in.number(key);
    if (!(v > 0))
        in.fail(key, std::string("give ") + what + " above zero");
    return v;
}

int64_t nodeCount(int64_t n, const std::string& path)
{
    if (n < 1 || n > kMostScalingNodes)
        throw ReadError(path, "a node count lies between 1 and " + std::to_string(kMostScalingNodes) + ", not " + std::to_string(n));
    return n;
}

// "nodes": [16, 32, 64], or {"from": 16, "to": 512} for planNodeCounts' powers of two and halfway points.
std::vector<int64_t> nodeCounts(ObjectReader& option)
{
    const nlohmann::json* value = option.raw("nodes");
    if (!value)
        option.fail("nodes", "give the node counts to try: a list, or {\"from\": A, \"to\": B}");
    std::vector<int64_t> counts;
    if (value->is_object()) {
        ObjectReader range(*value, option.pathOf("nodes"));
        if (!range.has("from") || !range.has("to"))
            range.fail(range.has("from") ? "to" : "from", "give both ends of the range");
        const int64_t from = nodeCount(*range.integer("from"), range.pathOf("from"));
        const int64_t to = nodeCount(*range.integer("to"), range.pathOf("to"));
        range.rejectUnknownFields();
        if (to < from)
            range.fail("to", "the range ends below its start, " + std::to_string(from));
        counts = planNodeCounts(from, to);
    } else {
        counts = *option.integerList("nodes");
        for (size_t i = 0; i < counts.size(); ++i)
            nodeCount(counts[i], option.pathOf("nodes") + "[" + std::to_string(i) + "]");
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    }
    if (counts.empty())
        option.fail("nodes", "give at least one node count");
    if (counts.size() > kMostPlanNodeCounts)
        option.fail("nodes", "gives " + std::to_string(counts.size()) + " node counts, more than the "
                                 + std::to_string(kMostPlanNodeCounts) + " a plan takes: narrow the range or list fewer");
    return counts;
}

// A kind of hardware; its cluster JSON is kept for a scenario that has none of its own.
struct HardwareRead {
    HardwareOption option;
    nlohmann::json clusterJson;
};

HardwareRead readHardware(ObjectReader in, const ScenarioDocument& scenario, const Catalog& catalog)
{
    HardwareRead read;
    const nlohmann::json* cluster = in.raw("cluster");
    if (!cluster)
        in.fail("cluster", "give the cluster: {\"preset\": \"dgx-h100\"} or a cluster as a scenario describes one");
    read.clusterJson = *cluster;
    read.option.cluster = readPart([&] { return scenarioWith(scenario.json, "cluster", *cluster, catalog).cluster; }, "cluster",
                                   in.pathOf("cluster"), scenario);
    read.option.nodes = nodeCounts(in);
    if (in.has("node_hour_usd"))
        read.option.nodeHourUsd = positiveNumber(in, "node_hour_usd", "the price of a node-hour in US dollars");
    in.rejectUnknownFields();
    return read;
}

BatchRamp readRamp(ObjectReader in)
{
    BatchRamp ramp;
    for (const char* key : { "start", "increment", "samples" })
        if (!in.has(key))
            in.fail(key, "a ramp needs start, increment and samples (Megatron's --rampup-batch-size START INCREMENT SAMPLES)");
    ramp.start = positiveInteger(in, "start", "the ramp's first global batch");
    ramp.increment = positiveInteger(in, "increment", "the ramp's increment");
    ramp.samples = positiveNumber(in, "samples", "the sequences the ramp takes");
    in.rejectUnknownFields();
    return ramp;
}

PlanPhase readPhase(ObjectReader in, const ScenarioDocument& scenario, const Catalog& catalog)
{
    PlanPhase phase;
    if (auto v = in.string("name"))
        phase.name = *v;
    const bool steps = in.has("steps"), tokens = in.has("tokens");
    if (steps == tokens)
        in.fail(steps ? "tokens" : "steps", "give the phase's length as steps or as tokens, one of them");
    if (steps)
        phase.steps = positiveInteger(in, "steps", "the phase's steps");
    else
        phase.tokens = positiveNumber(in, "tokens", "the phase's tokens");
    if (in.has("seq_len"))
        phase.seqLen = positiveInteger(in, "seq_len", "the sequence length");
    if (in.has("global_batch"))
        phase.globalBatch = positiveInteger(in, "global_batch", "the global batch");
    if (std::optional<ObjectReader> ramp = in.object("ramp"))
        phase.ramp = readRamp(*ramp);
    if (in.has("nodes"))
        phase.nodes = nodeCount(*in.integer("nodes"), in.pathOf("nodes"));
    if (in.has("parallel"))
        phase.parallel = parallelIn(scenario, in, "parallel", catalog);
    if (in.has("micro_batch")) {
        if (!phase.parallel)
            in.fail("micro_batch", "the search chooses the micro-batch of a phase without a parallel block: give both, or neither");
        phase.microBatch = positiveInteger(in, "micro_batch", "the micro-batch");
    }
    in.rejectUnknownFields();
    return phase;
}

// The scenario read as the plan holds it; its read errors name the file it came from.
Scenario readPlanScenario(const ScenarioDocument& document, const Catalog& catalog)
{
    if (!document.inFile)
        return readScenario(document.json, catalog, "scenario");
    try {
        return readScenario(document.json, catalog, "");
    } catch (const ReadError& e) {
        throw ReadError(scenarioPath(document, e.path()), e.message());
    }
}

// A scenario without a cluster takes the first hardware's at its smallest count; whether it did.
bool completeCluster(ScenarioDocument& document, const std::vector<HardwareRead>& hardware, ObjectReader& root)
{
    if (document.json.contains("cluster"))
        return false;
    if (hardware.empty())
        root.fail("scenario", "the scenario has no cluster and the plan lists no hardware: describe scenario.cluster, or "
                              "list hardware (the scenario takes the first's)");
    nlohmann::json cluster = hardware.front().clusterJson;
    cluster["nodes"] = hardware.front().option.nodes.front();
    document.json["cluster"] = std::move(cluster);
    return true;
}

// ---- writing --------------------------------------------------------------------------------------

// The contract forbids NaN and infinities: a figure that is not finite is written as absent.
nlohmann::json planNumber(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }
nlohmann::json planNumber(const std::optional<double>& value) { return value ? planNumber(*value) : nlohmann::json(); }
nlohmann::json planIndex(const std::optional<size_t>& index) { return index ? nlohmann::json(*index) : nlohmann::json(); }

nlohmann::json sentences(const std::vector<Sentence>& list)
{
    nlohmann::json texts = nlohmann::json::array();
    for (const Sentence& s : list)
        texts.push_back(s.text);
    return texts;
}

// Why a plan has no configuration here: the first error, or the memory it lacks.
nlohmann::json whyNot(const Result& r)
{
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error)
            return d.message;
    if (r.valid && !r.fits)
        return "it does not fit in GPU memory";
    return nullptr;
}

nlohmann::json pointJson(const PlanPoint& p, const PlanRequest& request)
{
    const Result& r = p.result;
    const bool runs = r.valid && r.fits;
    const HardwareOption& option = request.hardware.at(p.hardware);
    return { { "hardware", p.hardware },
             { "cluster", p.scenario.cluster.name },
             { "preset", p.scenario.cluster.preset },
             { "gpu", p.scenario.cluster.gpu.name },
             { "nodes", p.nodes },
             { "gpus", p.scenario.cluster.gpuCount() },
             { "gpu_hour_usd", planNumber(option.gpuHourUsd()) },
             { "valid", r.valid },
             { "fits", r.fits },
             { "why", whyNot(r) },
             { "parallel", runs ? toJson(r.parallel) : nlohmann::json() },
             { "micro_batch", runs ? nlohmann::json(p.scenario.training.microBatch) : nlohmann::json() },
             { "step_s", runs ? planNumber(r.time.step) : nlohmann::json() },
             { "tokens_per_s", runs ? planNumber(r.tokensPerS) : nlohmann::json() },
             { "mfu", runs ? planNumber(r.mfu) : nlohmann::json() },
             { "goodput", r.goodput ? toJson(*r.goodput) : nlohmann::json() },
             { "time_s", planNumber(p.timeS) },
             { "time_band_s", p.timeLowS && p.timeHighS
                                  ? nlohmann::json{ { "low", planNumber(p.timeLowS) }, { "high", planNumber(p.timeHighS) } }
                                  : nlohmann::json() },
             { "cost_usd", planNumber(p.costUsd) },
             { "meets_deadline", p.meetsDeadline },
             { "within_budget", p.withinBudget },
             { "on_frontier", p.onFrontier } };
}

nlohmann::json chinchillaJson(const PlanRequest& request)
{
    const ChinchillaPoint point = chinchillaPoint(request.scenario.model);
    const std::optional<double> budget = tokenBudget(request.scenario.training);
    return { { "parameters", planNumber(point.parameters) },
             { "tokens", planNumber(point.tokens) },
             { "training_flops", planNumber(point.trainingFlops) },
             { "dense", point.dense },
             { "budget_over_optimal",
               budget && point.tokens > 0 ? planNumber(tokensOverChinchilla(*budget, request.scenario.model)) : nlohmann::json() } };
}

nlohmann::json phaseJson(const PhaseOutcome& p, const std::string& name)
{
    const Scenario& s = p.scenario;
    return { { "name", name },
             { "tokens", planNumber(p.tokens) },
             { "steps", planNumber(p.steps) },
             { "seq_len", s.training.seqLen },
             { "global_batch", s.training.globalBatch },
             { "nodes", s.cluster.nodes },
             { "gpus", s.cluster.gpuCount() },
             { "parallel", toJson(p.result.parallel) },
             { "micro_batch", s.training.microBatch },
             { "step_s", planNumber(p.result.time.step) },
             { "goodput_fraction", p.result.goodput ? planNumber(p.result.goodput->fraction) : nlohmann::json() },
             { "time_s", planNumber(p.timeS) },
             { "switch_s", planNumber(p.switchS) },
             { "cost_usd", planNumber(p.costUsd) } };
}

nlohmann::json phaseList(const std::vector<PhaseOutcome>& outcomes, const std::vector<PlanPhase>& phases)
{
    nlohmann::json list = nlohmann::json::array();
    for (size_t i = 0; i < outcomes.size(); ++i)
        list.push_back(phaseJson(outcomes[i], i < phases.size() ? phases[i].name : std::string()));
    return list;
}

} // namespace

} // namespace paraplan::io::plan_parts

namespace paraplan::io {

PlanFile readPlan(const nlohmann::json& document, const Catalog& catalog, const std::optional<std::filesystem::path>& folder)
{
    using namespace plan_parts;
    ObjectReader root(document, "");
    (void)root.string("description");
    ScenarioDocument scenario = scenarioDocument(root, folder);
    PlanFile plan;
    std::vector<HardwareRead> hardware;
    if (std::optional<std::vector<ObjectReader>> list = root.objectList("hardware")) {
        if (list->size() > kMostPlanHardware)
            root.fail("hardware", "lists " + std::to_string(list->size()) + " kinds of hardware, more than the "
                                      + std::to_string(kMostPlanHardware) + " a plan takes");
        for (ObjectReader& option : *list)
            hardware.push_back(readHardware(option, scenario, catalog));
    }
    const bool clusterFromHardware = completeCluster(scenario, hardware, root);
    plan.request.scenario = readPlanScenario(scenario, catalog);
    if (clusterFromHardware)
        plan.request.scenario.cluster.gpuHourCostUsd = hardware.front().option.gpuHourUsd();
    for (HardwareRead& read : hardware)
        plan.request.hardware.push_back(std::move(read.option));
    if (root.has("deadline_days"))
        plan.request.deadlineS = positiveNumber(root, "deadline_days", "the deadline in days") * kSecondsPerDay;
    if (root.has("budget_usd"))
        plan.request.budgetUsd = positiveNumber(root, "budget_usd", "the budget in US dollars");
    if (std::optional<std::vector<ObjectReader>> list = root.objectList("phases")) {
        if (list->size() > kMostPlanPhases)
            root.fail("phases", "lists " + std::to_string(list->size()) + " phases, more than the "
                                    + std::to_string(kMostPlanPhases) + " a plan takes");
        for (ObjectReader& phase : *list)
            plan.phases.push_back(readPhase(phase, scenario, catalog));
    }
    if (root.has("fixed_parallel")) {
        if (plan.phases.empty())
            root.fail("fixed_parallel", "the fixed configuration is the phases' comparison: give phases, or leave it out");
        plan.fixedParallel = parallelIn(scenario, root, "fixed_parallel", catalog);
    }
    // Phases with a configuration of their own keep the scenario's micro-batch; the fixed run takes
    // fixed_micro_batch in its place (planPhases runs the fixed configuration at the scenario's).
    for (PlanPhase& phase : plan.phases)
        if (phase.parallel && !phase.microBatch)
            phase.microBatch = plan.request.scenario.training.microBatch;
    if (root.has("fixed_micro_batch")) {
        if (!plan.fixedParallel)
            root.fail("fixed_micro_batch", "give fixed_parallel with it; without one the fixed run takes the longest phase's "
                                           "configuration and micro-batch");
        plan.request.scenario.training.microBatch = positiveInteger(root, "fixed_micro_batch", "the fixed run's micro-batch");
    }
    if (hardware.empty() && plan.phases.empty())
        root.fail("hardware", "give the hardware to choose among, or the phases of the run, or both");
    root.rejectUnknownFields();
    return plan;
}

PlanFile readPlanFile(const std::string& path, const Catalog& catalog)
{
    std::string error;
    const std::optional<std::string> text = readInputFile(path, error);
    if (!text)
        throw ReadError(path, error);
    return readPlan(parseJson(*text), catalog, std::filesystem::path(path).parent_path());
}

nlohmann::json toJson(const PlanFile& file, const RunPlan& plan, const std::optional<PhasePlan>& phases)
{
    using namespace plan_parts;
    const PlanRequest& request = file.request;
    nlohmann::json points = nlohmann::json::array();
    for (const PlanPoint& p : plan.points)
        points.push_back(pointJson(p, request));
    nlohmann::json j = { { "token_budget", planNumber(tokenBudget(request.scenario.training)) },
                         { "chinchilla", chinchillaJson(request) },
                         { "deadline_s", planNumber(request.deadlineS) },
                         { "budget_usd", planNumber(request.budgetUsd) },
                         { "points", std::move(points) },
                         { "frontier", plan.frontier },
                         { "fastest_within_budget", planIndex(plan.fastestWithinBudget) },
                         { "cheapest_meeting_deadline", planIndex(plan.cheapestMeetingDeadline) },
                         { "notes", sentences(plan.notes) },
                         { "problem", plan.problem ? nlohmann::json(plan.problem->text) : nlohmann::json() } };
    if (phases)
        j["phases"] = toJson(*phases, file.phases);
    return j;
}

nlohmann::json toJson(const PhasePlan& plan, const std::vector<PlanPhase>& phases)
{
    using namespace plan_parts;
    nlohmann::json j = { { "phases", phaseList(plan.phases, phases) },
                         { "notes", sentences(plan.notes) },
                         { "problem", plan.problem ? nlohmann::json(plan.problem->text) : nlohmann::json() } };
    if (plan.problem) { // the phases before the one that cannot run; no totals
        j["total_s"] = j["total_cost_usd"] = j["fixed"] = j["saving_fraction"] = nullptr;
        return j;
    }
    j["total_s"] = planNumber(plan.totalS);
    j["total_cost_usd"] = planNumber(plan.totalCostUsd);
    j["fixed"] = { { "parallel", toJson(plan.fixedParallel) },
                   { "micro_batch", plan.fixedMicroBatch },
                   { "phases", phaseList(plan.fixedPhases, phases) },
                   { "total_s", planNumber(plan.fixedTotalS) },
                   { "total_cost_usd", planNumber(plan.fixedTotalCostUsd) } };
    j["saving_fraction"] = plan.fixedTotalS > 0 ? planNumber(1 - plan.totalS / plan.fixedTotalS) : nlohmann::json();
    return j;
}

} // namespace paraplan::io
