// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// How fast the cost model answers: one evaluation (the inner loop of every slider move) and a
// whole search (issue #2's target: Llama 3.1 405B on 16,384 H100, global batch 2048, sequence
// 8192, in under a second). Run: build/tests/bench/bench_cost_model --benchmark_repetitions=5
#include "core/explore/search.h"
#include "core/io/catalog_reader.h"
#include "core/io/nccl_tests_import.h"
#include "core/io/scenario_reader.h"
#include "core/network/calibration.h"
#include "core/step/evaluator.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

Scenario fromJson(const std::string& text) { return io::readScenarioText(text, io::builtinCatalog()); }

std::string textOf(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

Scenario fromFile(const std::string& name) { return fromJson(textOf(name)); }

void evaluateLoop(benchmark::State& state, const Scenario& scenario)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(scenario));
}

void BM_EvaluateDefaultScenario(benchmark::State& state)
{
    // Llama 3.1 70B, 64 H100, tp 8 pp 4 vpp 5: 128 micro-batches, 5,120 pipeline operations.
    evaluateLoop(state, fromJson(io::builtinDefaultScenarioText()));
}
BENCHMARK(BM_EvaluateDefaultScenario);

void BM_EvaluateDefaultScenarioCalibrated(benchmark::State& state)
{
    // The default scenario with a profile as the engine might write one: a 6 x 6 x 6 grid of GEMM
    // shapes and the nccl-tests samples' 62 bus bandwidths.
    CalibrationProfile profile;
    for (double m = 512; m <= 16384; m *= 2)
        for (double n = 512; n <= 16384; n *= 2)
            for (double k = 512; k <= 16384; k *= 2)
                profile.gemms.push_back({ m, n, k, Precision::Bf16, 2 * m * n * k / 600e12 });
    for (const char* sample : { "all_reduce_8xh100_one_node.txt", "all_reduce_16xh100_two_nodes.txt" }) {
        const io::NcclTestsRun run = io::importNcclTests(textOf(std::string("nccl_tests/") + sample));
        profile.collectives.insert(profile.collectives.end(), run.measurements.begin(), run.measurements.end());
    }
    const io::NcclTestsRun gather
        = io::importNcclTests(textOf("nccl_tests/all_gather_16xb200_two_nodes.txt"), Collective::AllGather);
    profile.collectives.insert(profile.collectives.end(), gather.measurements.begin(), gather.measurements.end());
    EvaluateOptions options;
    options.calibration = std::make_shared<const Calibration>(profile);
    const Scenario scenario = fromJson(io::builtinDefaultScenarioText());
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(scenario, options));
}
BENCHMARK(BM_EvaluateDefaultScenarioCalibrated);

void BM_EvaluateGpt3Megatron(benchmark::State& state)
{
    // GPT-3 175B on 1,536 A100 (tp 8, pp 12, dp 16): 96 micro-batches, 2,304 operations.
    evaluateLoop(state, fromJson(R"({
      "model": { "preset": "gpt3-175b" },
      "training": { "seq_len": 2048, "global_batch": 1536 },
      "cluster": { "preset": "dgx-a100-80gb", "nodes": 192 },
      "parallel": { "tp": 8, "pp": 12, "recompute": "full", "zero_stage": 1 }
    })"));
}
BENCHMARK(BM_EvaluateGpt3Megatron);

void BM_EvaluateLlama405bAtScale(benchmark::State& state)
{
    // Llama 3.1 405B on 16,384 H100 as Meta ran it (tp 8, pp 16, uneven first and last stages).
    evaluateLoop(state, fromJson(R"({
      "model": { "preset": "llama3.1-405b" },
      "training": { "seq_len": 8192, "global_batch": 2048 },
      "cluster": { "preset": "dgx-h100", "nodes": 2048 },
      "parallel": { "tp": 8, "pp": 16, "sequence_parallel": true, "recompute": "auto",
                    "layers_per_stage": [7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7] }
    })"));
}
BENCHMARK(BM_EvaluateLlama405bAtScale);

void BM_EvaluateDeepSeekV3On2048H800(benchmark::State& state)
{
    // DeepSeek-V3 as its report lays it out (arXiv:2412.19437 §3.2): 2,048 H800, pp 16, ep 64
    // over 8 nodes, ZeRO-1 data parallelism, no TP; 61 layers of two kinds and the MTP module.
    evaluateLoop(state, fromJson(R"({
      "model": { "preset": "deepseek-v3" },
      "training": { "seq_len": 4096, "global_batch": 15360 },
      "cluster": { "preset": "dgx-h800", "nodes": 256 },
      "parallel": { "tp": 1, "pp": 16, "ep": 64, "recompute": "selective", "zero_stage": 1 }
    })"));
}
BENCHMARK(BM_EvaluateDeepSeekV3On2048H800);

void BM_SearchLlama405bOn16kH100(benchmark::State& state)
{
    const Scenario scenario = fromFile("search_405b.json");
    SearchResult last;
    for (auto _ : state)
        benchmark::DoNotOptimize(last = searchConfigurations(scenario, {}));
    state.counters["grid_points"] = double(last.gridPoints);
    state.counters["rule_abiding"] = double(last.ruleAbiding);
    state.counters["fit"] = double(last.fits);
    state.counters["bounded"] = double(last.bounded);
    state.counters["simulated"] = double(last.simulated);
}
BENCHMARK(BM_SearchLlama405bOn16kH100)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
