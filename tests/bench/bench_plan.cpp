// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// How fast the whole-run figures answer (issue #17): goodput (attached to every evaluation the
// workbench shows, so it must cost nothing beside the step), and the deadline and budget planner,
// a search per kind of hardware and node count. Run:
// build/release/tests/bench/bench_plan --benchmark_repetitions=3
#include "core/explore/run_plan.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/run/goodput.h"
#include "core/step/evaluator.h"

#include <benchmark/benchmark.h>

using namespace paraplan;

namespace {

Scenario fromJson(const std::string& text) { return io::readScenarioText(text, io::builtinCatalog()); }

void BM_GoodputOfLlama405bOn16kH100(benchmark::State& state)
{
    const Scenario s = fromJson(R"({"model": {"preset": "llama3.1-405b"},
        "training": {"seq_len": 8192, "global_batch": 2048, "train_tokens": 15.6e12},
        "cluster": {"preset": "dgx-h100", "nodes": 2048}, "parallel": {"tp": 8, "pp": 16}})");
    const Result r = evaluate(s);
    for (auto _ : state)
        benchmark::DoNotOptimize(goodputOf(s, r));
}
BENCHMARK(BM_GoodputOfLlama405bOn16kH100)->Unit(benchmark::kMicrosecond);

// Three kinds of hardware at the planner's node counts between `first` and `last`.
PlanRequest threeGpuTypes(const std::string& model, double tokens, int64_t seqLen, int64_t globalBatch, int64_t first,
                          int64_t last)
{
    PlanRequest request;
    request.scenario = fromJson(R"({"model": {"preset": ")" + model + R"("}, "training": {"seq_len": )"
                                + std::to_string(seqLen) + R"(, "global_batch": )" + std::to_string(globalBatch)
                                + R"(, "train_tokens": )" + std::to_string(tokens) + R"(}, "cluster": {"preset": "dgx-h100"}})");
    for (const char* preset : { "dgx-a100-80gb", "dgx-h100", "dgx-b200" }) {
        HardwareOption option;
        option.cluster = io::builtinCatalog().findCluster(preset)->spec;
        option.nodes = planNodeCounts(first, last);
        request.hardware.push_back(option);
    }
    request.deadlineS = 90 * 86400.0;
    return request;
}

void BM_PlanLlama70bOn3GpuTypes16To512Nodes(benchmark::State& state)
{
    const PlanRequest request = threeGpuTypes("llama3.1-70b", 15e12, 8192, 512, 16, 512);
    for (auto _ : state)
        benchmark::DoNotOptimize(planRun(request, {}));
}
BENCHMARK(BM_PlanLlama70bOn3GpuTypes16To512Nodes)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_PlanLlama405bOn3GpuTypes256To4096Nodes(benchmark::State& state)
{
    const PlanRequest request = threeGpuTypes("llama3.1-405b", 15.6e12, 8192, 2048, 256, 4096);
    for (auto _ : state)
        benchmark::DoNotOptimize(planRun(request, {}));
}
BENCHMARK(BM_PlanLlama405bOn3GpuTypes256To4096Nodes)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
