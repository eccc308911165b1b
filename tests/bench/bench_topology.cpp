// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// How fast placement is priced on a topology (issue #4): building a cluster's fabric, pricing one
// kind of group over 16,384 GPUs the long way (every group, every link) and by the one-node
// shortcut, and a whole evaluation on a custom rank table. Run:
// build/tests/bench/bench_topology --benchmark_repetitions=5
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/network/cluster_topology.h"
#include "core/step/evaluator.h"

#include <benchmark/benchmark.h>

using namespace paraplan;

namespace {

ClusterSpec dgxH100(int64_t nodes)
{
    ClusterSpec cluster = io::builtinCatalog().findCluster("dgx-h100")->spec;
    cluster.nodes = nodes;
    return cluster;
}

// DP groups of 2,048 GPUs (tp 8, one GPU per node): the largest rings of the 405B search.
GroupShape dataParallelOn16k() { return groupShape(CommGroup::DataParallel, { .tp = 8, .dp = 2048 }, kMegatronOrder); }

void BM_BuildFabricDgxH100x2048(benchmark::State& state)
{
    const ClusterSpec cluster = dgxH100(2048);
    for (auto _ : state)
        benchmark::DoNotOptimize(Fabric(*cluster.topology, cluster.nodes));
}
BENCHMARK(BM_BuildFabricDgxH100x2048)->Unit(benchmark::kMillisecond);

void BM_BuildFabricGb200Nvl72(benchmark::State& state)
{
    const ClusterSpec cluster = io::builtinCatalog().findCluster("gb200-nvl72")->spec;
    for (auto _ : state)
        benchmark::DoNotOptimize(Fabric(*cluster.topology, 8));
}
BENCHMARK(BM_BuildFabricGb200Nvl72)->Unit(benchmark::kMillisecond);

void BM_PriceDataParallel16kEveryLink(benchmark::State& state)
{
    const auto fabric = fabricOf(dgxH100(2048));
    const GroupShape shape = dataParallelOn16k();
    const auto groups = fabric->gpuGroups(shape, {});
    for (auto _ : state)
        benchmark::DoNotOptimize(fabric->price(groups, shape.pattern));
}
BENCHMARK(BM_PriceDataParallel16kEveryLink)->Unit(benchmark::kMillisecond);

void BM_PriceDataParallel16kOneNode(benchmark::State& state)
{
    const ClusterSpec cluster = dgxH100(2048);
    const GroupShape shape = dataParallelOn16k();
    for (auto _ : state) {
        state.PauseTiming();
        const Fabric fabric(*cluster.topology, cluster.nodes); // a fresh memo every time
        state.ResumeTiming();
        benchmark::DoNotOptimize(fabric.priceGroups(shape, {}));
    }
}
BENCHMARK(BM_PriceDataParallel16kOneNode)->Unit(benchmark::kMicrosecond);

void BM_EvaluatePcieServerWithRankTable(benchmark::State& state)
{
    // Seed 000's example: TP pairs [0,2],[1,3],... on the 8 x H100 PCIe server (no shortcut: a table).
    Scenario s = io::readScenarioText(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "pcie-8x-h100", "nodes": 4 },
      "parallel": { "tp": 2, "recompute": "full" } })",
                                      io::builtinCatalog());
    std::vector<int64_t> table;
    for (int64_t node = 0; node < 4; ++node)
        for (int64_t local : { 0, 2, 1, 3, 4, 6, 5, 7 })
            table.push_back(node * 8 + local);
    s.parallel.placement.table = makeRankTable(table);
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(s));
}
BENCHMARK(BM_EvaluatePcieServerWithRankTable);

} // namespace

BENCHMARK_MAIN();
