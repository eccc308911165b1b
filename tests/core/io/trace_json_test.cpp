// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The simulated step as a Chrome trace (docs/trace.md): JSON that parses again, every event with
// the Trace Event Format's fields for its phase in the format's unit (microseconds), and tracks that
// add up to what the evaluation reports of each stage.
#include "tests/core/scenario_fixtures.h"

#include "core/io/trace_json.h"
#include "core/model/model_shape.h"
#include "core/step/evaluator.h"
#include "core/step/schedule_orders.h"
#include "core/step/step_trace.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace paraplan;

namespace {

// Llama 3.1 8B on two DGX H100 nodes: tp 2 x pp 4 x dp 2, 32 micro-batches.
Scenario llama8bOnFourStages(const std::string& schedule)
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 2, "pp": 4, "sequence_parallel": true, "schedule": ")"
                                  + schedule + R"(" }
    })");
}

// Qwen3 30B-A3B the same way with ep 2: DualPipe's pairs hide its all-to-all, and every stage runs
// micro-batches in both directions.
Scenario qwenMoeOnFourStagesDualPipe()
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "qwen3-30b-a3b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 2, "pp": 4, "ep": 2, "sequence_parallel": true, "schedule": "dualpipe" }
    })");
}

struct ExportedTrace {
    Scenario scenario;
    Result result;
    nlohmann::json json; // as a viewer reads it: written out and parsed again
};

ExportedTrace exportStepTrace(const Scenario& scenario)
{
    EvaluateOptions options;
    options.recordTimeline = true;
    ExportedTrace exported{ scenario, evaluate(scenario, options), {} };
    EXPECT_TRUE(exported.result.valid);
    const std::string text
        = io::stepTraceJson(scenario, exported.result, traceStep(scenario, exported.result, options)).dump();
    exported.json = nlohmann::json::parse(text);
    return exported;
}

std::vector<nlohmann::json> eventsOfPhase(const nlohmann::json& trace, const std::string& phase)
{
    std::vector<nlohmann::json> events;
    for (const nlohmann::json& e : trace["traceEvents"])
        if (e.value("ph", "") == phase)
            events.push_back(e);
    return events;
}

// The track names of each (pid, tid), from the thread_name metadata events.
std::map<std::pair<int64_t, int64_t>, std::string> traceThreadNames(const nlohmann::json& trace)
{
    std::map<std::pair<int64_t, int64_t>, std::string> names;
    for (const nlohmann::json& e : eventsOfPhase(trace, "M"))
        if (e["name"] == "thread_name")
            names[{ e["pid"].get<int64_t>(), e["tid"].get<int64_t>() }] = e["args"]["name"].get<std::string>();
    return names;
}

// The complete events on the track named `track`, on any stage.
std::vector<nlohmann::json> eventsOnTrack(const nlohmann::json& trace, const std::string& track)
{
    const auto names = traceThreadNames(trace);
    std::vector<nlohmann::json> events;
    for (const nlohmann::json& e : eventsOfPhase(trace, "X")) {
        const auto name = names.find({ e["pid"].get<int64_t>(), e["tid"].get<int64_t>() });
        if (name != names.end() && name->second == track)
            events.push_back(e);
    }
    return events;
}

// Per stage, the seconds of the events on a track (pid = stage + 1).
std::vector<double> secondsOnTrack(const ExportedTrace& t, const std::string& track)
{
    std::vector<double> seconds(t.result.stages.size(), 0.0);
    for (const nlohmann::json& e : eventsOnTrack(t.json, track))
        seconds[size_t(e["pid"].get<int64_t>() - 1)] += e["dur"].get<double>() * 1e-6;
    return seconds;
}

// The fields the Trace Event Format documents for the phases used: complete events ("X") with
// name, ph, ts, dur, pid and tid, ts and dur non-negative microseconds; metadata events ("M") that
// name or order processes and threads, with pid, their args, and tid for a thread's.
void expectTraceWellFormed(const nlohmann::json& trace)
{
    ASSERT_TRUE(trace.is_object());
    ASSERT_TRUE(trace["traceEvents"].is_array());
    EXPECT_EQ(trace["displayTimeUnit"], "ms");
    EXPECT_TRUE(trace["otherData"].is_object());
    const std::set<std::string> metadata{ "process_name", "thread_name", "process_sort_index", "thread_sort_index" };
    for (const nlohmann::json& e : trace["traceEvents"]) {
        ASSERT_TRUE(e.is_object()) << e;
        ASSERT_TRUE(e.contains("ph") && e["ph"].is_string()) << e;
        ASSERT_TRUE(e.contains("name") && e["name"].is_string()) << e;
        ASSERT_TRUE(e.contains("pid") && e["pid"].is_number_integer()) << e;
        EXPECT_GE(e["pid"].get<int64_t>(), 1) << e; // pid 0 is the idle task to Perfetto
        ASSERT_TRUE(e.contains("args") && e["args"].is_object()) << e;
        const std::string phase = e["ph"];
        if (phase == "X") {
            for (const char* field : { "ts", "dur" }) {
                ASSERT_TRUE(e.contains(field) && e[field].is_number()) << field << " in " << e;
                EXPECT_TRUE(std::isfinite(e[field].get<double>())) << e;
                EXPECT_GE(e[field].get<double>(), 0) << e;
            }
            EXPECT_GT(e["dur"].get<double>(), 0) << "empty events are left out: " << e;
            ASSERT_TRUE(e.contains("tid") && e["tid"].is_number_integer()) << e;
            EXPECT_TRUE(e.contains("cat") && e["cat"].is_string()) << e;
        } else {
            ASSERT_EQ(phase, "M") << e;
            EXPECT_TRUE(metadata.contains(e["name"].get<std::string>())) << e;
            const bool thread = e["name"] == "thread_name" || e["name"] == "thread_sort_index";
            EXPECT_EQ(e.contains("tid"), thread) << e;
            if (e["name"] == "process_name" || e["name"] == "thread_name")
                EXPECT_TRUE(e["args"]["name"].is_string()) << e;
            else
                EXPECT_TRUE(e["args"]["sort_index"].is_number_integer()) << e;
        }
    }
}

// The compute track holds each stage's passes and nothing else, the send track its sends: they add
// up to the stage's busy and send seconds of the evaluation.
void expectTracksAddUpToStages(const ExportedTrace& t)
{
    const std::vector<double> busy = secondsOnTrack(t, "Compute");
    const std::vector<double> send = secondsOnTrack(t, "PP send");
    for (size_t stage = 0; stage < t.result.stages.size(); ++stage) {
        const StageReport& report = t.result.stages[stage];
        EXPECT_GT(report.busy, 0);
        EXPECT_NEAR(busy[stage], report.busy, 1e-6 * report.busy) << "stage " << stage;
        EXPECT_NEAR(send[stage], report.send, 1e-6 * report.send) << "stage " << stage;
    }
}

// Every pass names its micro-batch, chunk, virtual stage and kind; the virtual stage is one its
// stage runs; a pass that ran alone lasts as long as its seconds by cause; and the passes' FLOPs on
// one GPU, times the GPUs that share each micro-batch and the replicas, are the step's model FLOPs.
void expectPassesCarryTheirArguments(const ExportedTrace& t)
{
    const ParallelDegrees& d = t.result.parallel.degrees;
    double flops = 0;
    for (const nlohmann::json& e : eventsOnTrack(t.json, "Compute")) {
        const nlohmann::json& args = e["args"];
        for (const char* key : { "micro_batch", "chunk", "virtual_stage", "direction", "kind", "flops", "seconds" })
            ASSERT_TRUE(args.contains(key)) << key << " in " << e;
        EXPECT_EQ(
            stageOfVirtual(t.result.schedule, d.pp, args["virtual_stage"].get<int64_t>(), args["direction"].get<int>()),
            e["pid"].get<int64_t>() - 1)
            << e;
        EXPECT_NEAR(args["seconds"].get<double>() * 1e6, e["dur"].get<double>(), 1e-9 * e["dur"].get<double>()) << e;
        if (!args.value("overlapped", false)) {
            double parts = 0;
            for (const char* key : { "compute_s", "recompute_s", "tp_comm_s", "cp_comm_s", "ep_comm_s", "dp_comm_s" })
                parts += args.value(key, 0.0);
            EXPECT_NEAR(parts, args["seconds"].get<double>(), 1e-9 * parts) << e;
        }
        EXPECT_GT(args["flops"].get<double>(), 0) << e;
        flops += args["flops"].get<double>();
    }
    const TrainingSpec& training = t.scenario.training;
    const double modelFlops = double(training.globalBatch) * modelFlopsPerSequence(t.scenario.model, training.seqLen);
    EXPECT_NEAR(flops * double(d.tp * d.cp * d.dp), modelFlops, 1e-9 * modelFlops);
}

std::set<std::string> passKinds(const nlohmann::json& trace)
{
    std::set<std::string> kinds;
    for (const nlohmann::json& e : eventsOnTrack(trace, "Compute"))
        kinds.insert(e["args"]["kind"].get<std::string>());
    return kinds;
}

} // namespace

TEST(TraceJson, EveryEventHasTheFieldsOfItsPhaseInMicroseconds)
{
    const ExportedTrace t = exportStepTrace(llama8bOnFourStages("1f1b"));
    expectTraceWellFormed(t.json);
    EXPECT_FALSE(eventsOfPhase(t.json, "X").empty());
    // The last event ends with the predicted step, in microseconds: the critical stage's passes,
    // its tail, then the step's overhead.
    double end = 0;
    for (const nlohmann::json& e : eventsOfPhase(t.json, "X"))
        end = std::max(end, e["ts"].get<double>() + e["dur"].get<double>());
    EXPECT_NEAR(end, t.result.time.step * 1e6, 1e-6 * t.result.time.step * 1e6);
    EXPECT_NEAR(t.json["otherData"]["step_s"].get<double>(), t.result.time.step, 1e-12 * t.result.time.step);
    EXPECT_EQ(t.json["otherData"]["schedule"], "1f1b");
}

TEST(TraceJson, NamesAProcessPerStageWithItsGpusAndAThreadPerTrack)
{
    const ExportedTrace t = exportStepTrace(llama8bOnFourStages("1f1b"));
    std::map<int64_t, std::string> processes;
    for (const nlohmann::json& e : eventsOfPhase(t.json, "M"))
        if (e["name"] == "process_name")
            processes[e["pid"].get<int64_t>()] = e["args"]["name"].get<std::string>();
    ASSERT_EQ(processes.size(), 4u);
    // Megatron's rank order puts pp slowest: each stage's tp 2 x dp 2 ranks on neighbouring GPUs.
    EXPECT_EQ(processes[1], "Stage 0 (GPUs 0-3)");
    EXPECT_EQ(processes[4], "Stage 3 (GPUs 12-15)");
    std::set<std::string> tracks;
    for (const auto& [thread, name] : traceThreadNames(t.json))
        tracks.insert(name);
    for (const char* track : { "Compute", "PP send", "TP", "DP / optimizer tail" })
        EXPECT_TRUE(tracks.contains(track)) << track;
    EXPECT_FALSE(tracks.contains("EP")); // a dense model moves no tokens between experts
}

TEST(TraceJson, OneFOneBTracksAddUpToTheStagesBusyAndSendTimes)
{
    const ExportedTrace t = exportStepTrace(llama8bOnFourStages("1f1b"));
    expectTracksAddUpToStages(t);
    expectPassesCarryTheirArguments(t);
    EXPECT_EQ(passKinds(t.json), (std::set<std::string>{ "F", "B" }));
}

TEST(TraceJson, CommunicationIsMarkedExposedOrHidden)
{
    const ExportedTrace t = exportStepTrace(llama8bOnFourStages("1f1b"));
    const std::vector<nlohmann::json> tp = eventsOnTrack(t.json, "TP");
    ASSERT_FALSE(tp.empty());
    for (const char* track : { "TP", "CP", "EP", "DP", "DP / optimizer tail" })
        for (const nlohmann::json& e : eventsOnTrack(t.json, track)) {
            const std::string name = e["name"];
            const std::string category = e["cat"];
            if (category == "hidden")
                EXPECT_NE(name.find("(hidden)"), std::string::npos) << e;
            else if (category == "exposed")
                EXPECT_NE(name.find("(exposed)"), std::string::npos) << e;
            else
                EXPECT_TRUE(category == "optimizer" || category == "weight_cast" || category == "overhead") << e;
        }
    // The forward's TP collectives lie on the critical path; the backward hides some of its own
    // behind its weight-gradient GEMMs.
    const auto marked = [&](const char* category) {
        return std::any_of(tp.begin(), tp.end(), [&](const nlohmann::json& e) { return e["cat"] == category; });
    };
    EXPECT_TRUE(marked("exposed"));
    EXPECT_TRUE(marked("hidden"));
    const std::vector<nlohmann::json> tail = eventsOnTrack(t.json, "DP / optimizer tail");
    EXPECT_TRUE(std::any_of(tail.begin(), tail.end(), [](const nlohmann::json& e) {
        return e["name"] == "Optimizer step" && e["args"]["bytes"].get<double>() > 0;
    }));
}

TEST(TraceJson, ZeroBubbleH1DrawsItsWeightGradientPasses)
{
    const ExportedTrace t = exportStepTrace(llama8bOnFourStages("zb-h1"));
    expectTraceWellFormed(t.json);
    expectTracksAddUpToStages(t);
    expectPassesCarryTheirArguments(t);
    EXPECT_EQ(passKinds(t.json), (std::set<std::string>{ "F", "B", "W" }));
    for (const nlohmann::json& e : eventsOnTrack(t.json, "Compute"))
        if (e["args"]["kind"] == "W") {
            EXPECT_EQ(e["cat"], "weight_gradient");
            EXPECT_EQ(e["name"].get<std::string>().front(), 'W');
        }
}

TEST(TraceJson, DualPipeDrawsBothDirectionsAndItsOverlappedPairs)
{
    const ExportedTrace t = exportStepTrace(qwenMoeOnFourStagesDualPipe());
    ASSERT_EQ(t.result.schedule, PipelineSchedule::DualPipe);
    expectTraceWellFormed(t.json);
    expectTracksAddUpToStages(t);
    expectPassesCarryTheirArguments(t);
    const std::vector<nlohmann::json> passes = eventsOnTrack(t.json, "Compute");
    EXPECT_TRUE(
        std::any_of(passes.begin(), passes.end(), [](const nlohmann::json& e) { return e["args"]["direction"] == 1; }));
    EXPECT_TRUE(std::any_of(passes.begin(), passes.end(),
                            [](const nlohmann::json& e) { return e["args"].value("overlapped", false); }));
    // A pair runs each pass's all-to-all under the other's compute: hidden slices on the EP track.
    const std::vector<nlohmann::json> ep = eventsOnTrack(t.json, "EP");
    EXPECT_TRUE(std::any_of(ep.begin(), ep.end(), [](const nlohmann::json& e) { return e["cat"] == "hidden"; }));
}

TEST(TraceJson, AnInvalidScenarioGivesATraceWithoutEvents)
{
    Scenario s = llama8bOnFourStages("1f1b");
    s.parallel.degrees.tp = 3; // 16 GPUs do not split into tp 3 x pp 4
    EvaluateOptions options;
    options.recordTimeline = true;
    const Result r = evaluate(s, options);
    ASSERT_FALSE(r.valid);
    const nlohmann::json j = nlohmann::json::parse(io::stepTraceJson(s, r, traceStep(s, r, options)).dump());
    ASSERT_TRUE(j["traceEvents"].is_array());
    EXPECT_TRUE(j["traceEvents"].empty());
}
