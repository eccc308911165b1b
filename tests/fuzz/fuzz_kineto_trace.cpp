// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A PyTorch profiler trace (core/io/kineto_trace), as `paraplan-cli import-trace` reads it: what it
// accepts is a rank's kernels on the step axis (finite, never negative, in order, inside the
// steps); written again as a trace it reads back the same; held against the prediction of a small
// pipeline, the comparison, its JSON and its report are finite.
#include "tests/fuzz/fuzz_target.h"

#include "app/report/trace_report.h"

#include "core/io/catalog_reader.h"
#include "core/io/kineto_trace.h"
#include "core/io/kineto_writer.h"
#include "core/io/scenario_reader.h"
#include "core/io/trace_comparison_json.h"
#include "core/step/evaluator.h"
#include "core/step/trace_comparison.h"

#include <cmath>
#include <initializer_list>

namespace paraplan::fuzz {

namespace {

// The traces' own scenario (tests/data/traces/tiny_pp4.json): 4 stages of one layer.
const Scenario& tracesScenario()
{
    static const Scenario scenario = io::readScenarioText(R"({
      "model": { "name": "tiny-pp4", "layers": 4, "hidden": 256, "heads": 4, "kv_heads": 4, "ffn_hidden": 1024,
                 "vocab": 1024, "gated_mlp": false, "tied_embeddings": false },
      "training": { "seq_len": 256, "global_batch": 4, "micro_batch": 1, "precision": "bf16", "flash_attention": false },
      "cluster": { "preset": "dgx-h100", "nodes": 1, "gpus_per_node": 4 },
      "parallel": { "tp": 1, "pp": 4, "zero_stage": 1, "recompute": "none" }
    })", io::builtinCatalog());
    return scenario;
}

void eraseNulls(nlohmann::json& object, std::initializer_list<const char*> keys)
{
    for (const char* key : keys)
        if (object.contains(key) && object[key].is_null())
            object.erase(key);
}

void requireOnTheStepAxis(const MeasuredRank& r)
{
    require(!r.steps.empty(), "an accepted trace has at least one step");
    require(std::isfinite(r.origin), "the origin is finite");
    double previous = -INFINITY;
    for (const StepWindow& step : r.steps)
        require(std::isfinite(step.start) && std::isfinite(step.end) && step.end >= step.start,
                "every step is a finite, ordered window");
    for (const MeasuredKernel& k : r.kernels) {
        require(std::isfinite(k.start) && std::isfinite(k.seconds) && k.seconds >= 0, "a kernel's figures are finite");
        require(k.start >= previous, "the kernels are in order");
        require(k.start >= r.steps.front().start - 1e-9, "no kernel starts before the first step");
        previous = k.start;
    }
}

} // namespace

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<MeasuredRank> rank = readOrRefuse([&] { return io::readKinetoTrace(textOf(data, size)); });
    if (!rank)
        return 0;
    requireOnTheStepAxis(*rank);
    const std::string written = io::kinetoTraceJson(*rank, io::KinetoTraceHeader{}).dump();
    const std::optional<MeasuredRank> back = readOrRefuse([&] { return io::readKinetoTrace(written); });
    require(back.has_value(), "a trace written from what was read reads back");
    require(back->kernels.size() == rank->kernels.size(), "the trace written back holds every kernel");
    for (size_t i = 0; i < rank->kernels.size(); ++i)
        require(back->kernels[i].kind == rank->kernels[i].kind && back->kernels[i].name == rank->kernels[i].name,
                "each kernel reads back as itself");

    const Scenario& scenario = tracesScenario();
    const Result result = evaluate(scenario);
    const std::vector<MeasuredRank> ranks{ *rank };
    const TraceComparison comparison = compareTrace(scenario, result, EvaluateOptions{}, ranks);
    nlohmann::json json = io::traceComparisonJson(comparison, ranks);
    // The contract's nulls (docs/trace.md): a trace's unknown rank, a stage's measured figures without
    // a trace, a ratio where nothing was predicted. The rest must be finite.
    for (nlohmann::json& stage : json["stages"]) {
        eraseNulls(stage, { "measured_step_s" });
        for (nlohmann::json& trace : stage["traces"])
            eraseNulls(trace, { "rank" });
        for (nlohmann::json& part : stage["components"])
            eraseNulls(part, { "measured_s", "ratio" });
    }
    requireFinite(json, "the comparison's JSON");
    (void)report::renderTraceComparison(comparison, ranks);
    return 0;
}

} // namespace paraplan::fuzz
