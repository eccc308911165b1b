// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The bench plan measures what the cost model prices: the same shapes, the same groups, and the
// overlap slowdown beside the model's constant.
#include "engine/bench/bench_plan.h"

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/model/kernel_costs.h"
#include "core/network/placement.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

using namespace paraplan;
using namespace paraplan::engine;

namespace {

Scenario scenario(const std::string& json) { return io::readScenarioText(json, io::builtinCatalog()); }

Scenario llama70b() { return scenario(io::builtinDefaultScenarioText()); }

const CollectiveBench* find(const BenchPlan& plan, CommGroup group, Collective collective)
{
    for (const CollectiveBench& c : plan.collectives)
        if (c.group == group && c.collective == collective)
            return &c;
    return nullptr;
}

} // namespace

TEST(BenchPlan, GemmsAreTheLayersTpShard)
{
    const Scenario s = llama70b(); // tp 8, micro-batch 1, sequence 8192, GQA 64 / 8 heads
    const Result r = evaluate(s);
    const BenchPlan plan = planBench(s, r, {});
    // qkv, projection, mlp up and down, logits, attention scores and values; each forward, data
    // gradient and weight gradient.
    ASSERT_EQ(plan.gemms.size(), 7u * 3u);
    EXPECT_EQ(plan.gemms[0].shape.name, "qkv");
    EXPECT_DOUBLE_EQ(plan.gemms[0].shape.m, 8192);                    // tokens of the micro-batch
    EXPECT_DOUBLE_EQ(plan.gemms[0].shape.n, (64.0 / 8 + 2) * 128);    // 8 query + 2 KV heads of 128
    EXPECT_DOUBLE_EQ(plan.gemms[0].shape.k, 8192);
    EXPECT_EQ(plan.gemms[1].shape.name, "qkv (data gradient)");      // m x k x n
    EXPECT_DOUBLE_EQ(plan.gemms[1].shape.n, 8192);
    EXPECT_DOUBLE_EQ(plan.gemms[1].shape.k, 1280);
    EXPECT_EQ(plan.gemms[2].shape.name, "qkv (weight gradient)");    // k x n x m
    EXPECT_DOUBLE_EQ(plan.gemms[2].shape.m, 8192);
    EXPECT_DOUBLE_EQ(plan.gemms[2].shape.n, 1280);
    EXPECT_DOUBLE_EQ(plan.gemms[2].shape.k, 8192);
    EXPECT_EQ(plan.gemms[6].shape.name, "mlp up");
    EXPECT_DOUBLE_EQ(plan.gemms[6].shape.n, 2 * 28672.0 / 8); // gated: gate and up
    EXPECT_EQ(plan.gemms[12].shape.name, "logits");
    EXPECT_DOUBLE_EQ(plan.gemms[12].shape.n, 128256.0 / 8);
    EXPECT_EQ(plan.gemms[15].shape.name, "attention scores");
    EXPECT_DOUBLE_EQ(plan.gemms[15].shape.batch, 8); // micro-batch 1 x 8 local heads
    EXPECT_DOUBLE_EQ(plan.gemms[15].shape.n, 8192);
    const DeviceRates rates = deviceRates(s.cluster.gpu, s.training.precision, {});
    EXPECT_DOUBLE_EQ(plan.gemms[0].predictedSeconds, gemmSeconds(rates, 8192, 1280, 8192));
    EXPECT_EQ(plan.type, DataType::Bf16);
    EXPECT_EQ(plan.attention.batchHeads, 8);
    EXPECT_EQ(plan.attention.seq, 8192);
    EXPECT_EQ(plan.attention.headDim, 128);
}

TEST(BenchPlan, CollectivesAreTheConfigurationsGroupsAndMessages)
{
    const Scenario s = llama70b(); // SP, pp 4, dp 2, ZeRO-1
    const Result r = evaluate(s);
    const BenchPlan plan = planBench(s, r, {});
    const CollectiveBench* gather = find(plan, CommGroup::Tp, Collective::AllGather);
    ASSERT_TRUE(gather);
    EXPECT_EQ(gather->ranks, 8);
    EXPECT_DOUBLE_EQ(gather->bytes, 8192.0 * 8192 * 2); // the whole sequence's activation, bf16
    EXPECT_FALSE(gather->crossesNodes);
    EXPECT_TRUE(find(plan, CommGroup::Tp, Collective::ReduceScatter));
    EXPECT_FALSE(find(plan, CommGroup::Tp, Collective::AllReduce)); // SP replaces it
    const CollectiveBench* hop = find(plan, CommGroup::PipelineHop, Collective::SendRecv);
    ASSERT_TRUE(hop);
    EXPECT_DOUBLE_EQ(hop->bytes, 8192.0 * 8192 * 2 / 8); // each TP rank sends its share
    EXPECT_TRUE(hop->crossesNodes);                      // stages 16 ranks apart: another node
    const CollectiveBench* grads = find(plan, CommGroup::DataParallel, Collective::ReduceScatter);
    ASSERT_TRUE(grads);
    EXPECT_EQ(grads->ranks, 2);
    EXPECT_DOUBLE_EQ(grads->bytes, 40e6 * 4); // one 40M-parameter bucket of fp32 gradients
    const GroupPlacements groups = placeGroups(s, r.parallel.degrees, {}, nullptr);
    EXPECT_DOUBLE_EQ(grads->predictedBusGBps, groups[CommGroup::DataParallel].rate.busBytesPerS / 1e9);
    EXPECT_FALSE(find(plan, CommGroup::Ep, Collective::AllToAll)); // a dense model
}

TEST(BenchPlan, MixtureOfExpertsAddsTheAllToAll)
{
    const Scenario s = scenario(R"({
      "model": { "preset": "mixtral-8x7b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 2, "pp": 1, "ep": 8, "zero_stage": 1 } })");
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    const BenchPlan plan = planBench(s, r, {});
    const CollectiveBench* a2a = find(plan, CommGroup::Ep, Collective::AllToAll);
    ASSERT_TRUE(a2a);
    EXPECT_EQ(a2a->ranks, 8);
    EXPECT_EQ(plan.gemms[9].shape.name, "expert up"); // the fourth product (after the router), three shapes each
    EXPECT_DOUBLE_EQ(plan.gemms[9].shape.batch, 1); // 8 experts over ep 8: one expert per GPU
}

// The expert tensor split gathers the dispatched rows over its own group; the allgather
// dispatcher gathers every token over ETP and then EP instead of the all-to-all.
TEST(BenchPlan, MoeDispatchersBenchTheirOwnCollectives)
{
    Scenario s = scenario(R"({
      "model": { "preset": "qwen3-30b-a3b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 1, "pp": 1, "ep": 4, "etp": 2, "zero_stage": 1 } })");
    BenchPlan plan = planBench(s, evaluate(s), {});
    ASSERT_TRUE(find(plan, CommGroup::Ep, Collective::AllToAll));
    const CollectiveBench* gather = find(plan, CommGroup::ExpertTp, Collective::AllGather);
    ASSERT_TRUE(gather);
    EXPECT_EQ(gather->ranks, 2);
    s.parallel.moeDispatcher = MoeDispatcher::AllGather;
    plan = planBench(s, evaluate(s), {});
    EXPECT_FALSE(find(plan, CommGroup::Ep, Collective::AllToAll));
    ASSERT_TRUE(find(plan, CommGroup::Ep, Collective::AllGather));
    EXPECT_GT(find(plan, CommGroup::Ep, Collective::AllGather)->bytes, find(plan, CommGroup::ExpertTp, Collective::AllGather)->bytes);
}

TEST(BenchPlan, Fp8IsMeasuredAtBf16AndSaysSo)
{
    Scenario s = llama70b();
    s.training.precision = Precision::Fp8;
    const BenchPlan plan = planBench(s, evaluate(s), {});
    EXPECT_EQ(plan.type, DataType::Bf16);
    ASSERT_EQ(plan.notes.size(), 1u);
    EXPECT_NE(plan.notes.front().find("fp8"), std::string::npos);
}

TEST(BenchPlan, TheOverlapMeasurementStandsBesideTheModelsSlowdown)
{
    const Scenario s = llama70b();
    EfficiencyParams params;
    params.overlapSlowdown = 0.15;
    EXPECT_DOUBLE_EQ(planBench(s, evaluate(s), params).overlap.predictedSlowdown, 0.15);
}
