// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// How fast the analyses that explain a configuration answer (issue #16): the advisor (every
// proposal re-evaluated), a symptom's causes, the scaling curve and the sensitivity bars. The GUI
// recomputes the advisor's panel after a slider move settles, so it must stay well under a
// second. Run: build/release/tests/bench/bench_advice --benchmark_repetitions=3
#include "core/explore/advisor.h"
#include "core/explore/scaling.h"
#include "core/explore/sensitivity.h"
#include "core/explore/symptoms.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

Scenario fromJson(const std::string& text) { return io::readScenarioText(text, io::builtinCatalog()); }

Scenario fromFile(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return fromJson(text.str());
}

void BM_AdviseDefaultScenario(benchmark::State& state)
{
    const Scenario s = fromJson(io::builtinDefaultScenarioText()); // Llama 3.1 70B, 64 H100
    for (auto _ : state)
        benchmark::DoNotOptimize(advise(s, {}));
}
BENCHMARK(BM_AdviseDefaultScenario)->Unit(benchmark::kMillisecond);

void BM_AdviseSeedPcieSwappedRanks(benchmark::State& state)
{
    const Scenario s = fromFile("advice/seed_pcie_swapped_ranks.json"); // a rank table, every placement order tried
    for (auto _ : state)
        benchmark::DoNotOptimize(advise(s, {}));
}
BENCHMARK(BM_AdviseSeedPcieSwappedRanks)->Unit(benchmark::kMillisecond);

void BM_AdviseLlama405bOn16kH100(benchmark::State& state)
{
    Scenario s = fromFile("search_405b.json"); // 16,384 GPUs: each proposal prices the fabric again
    s.parallel.degrees.tp = 8;
    s.parallel.degrees.pp = 16;
    s.parallel.degrees.dp = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(advise(s, {}));
}
BENCHMARK(BM_AdviseLlama405bOn16kH100)->Unit(benchmark::kMillisecond);

void BM_DiagnoseLowUtilisationDefault(benchmark::State& state)
{
    const Scenario s = fromJson(io::builtinDefaultScenarioText());
    for (auto _ : state)
        benchmark::DoNotOptimize(diagnoseSymptom(Symptom::LowGpuUtilization, s, {}));
}
BENCHMARK(BM_DiagnoseLowUtilisationDefault)->Unit(benchmark::kMicrosecond);

void BM_ScaleDefault1To32NodesPinned(benchmark::State& state)
{
    // The scaling view's default: the configuration held and the best with the scenario's pins.
    const Scenario s = fromJson(io::builtinDefaultScenarioText());
    ScalingOptions options;
    options.nodes = nodeRange(1, 32);
    for (auto _ : state)
        benchmark::DoNotOptimize(scaleNodes(s, options));
}
BENCHMARK(BM_ScaleDefault1To32NodesPinned)->Unit(benchmark::kMillisecond);

void BM_ScaleDefault1To32NodesEveryField(benchmark::State& state)
{
    // "Search pinned fields too": a full search at each of the 32 counts.
    const Scenario s = fromJson(io::builtinDefaultScenarioText());
    ScalingOptions options;
    options.nodes = nodeRange(1, 32);
    options.keepPins = false;
    for (auto _ : state)
        benchmark::DoNotOptimize(scaleNodes(s, options));
}
BENCHMARK(BM_ScaleDefault1To32NodesEveryField)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_SensitivityDefault(benchmark::State& state)
{
    const Scenario s = fromJson(io::builtinDefaultScenarioText());
    for (auto _ : state)
        benchmark::DoNotOptimize(sensitivityOf(s, {}));
}
BENCHMARK(BM_SensitivityDefault)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
