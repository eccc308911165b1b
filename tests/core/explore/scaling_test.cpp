// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/scaling.h"
#include "core/io/bands_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/input_file.h"
#include "core/rules/validation.h"
#include "core/spec/figure_text.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace paraplan;

// Unity builds merge the anonymous namespaces of a batch's test files: these helpers keep their own.
namespace scaling_test {
namespace {

Scenario dataScenario(const std::string& name)
{
    std::string error;
    const std::optional<std::string> text
        = io::readInputFile((std::filesystem::path(PARAPLAN_TEST_DATA_DIR) / name).string(), error);
    if (!text)
        throw std::runtime_error(error);
    return io::readScenarioText(*text, io::builtinCatalog());
}

// Llama 3.1 8B, tp 2, global batch 16 on DGX H100 nodes joined by 25 Gb/s RoCE per GPU.
Scenario moreNodesSlower() { return dataScenario("advice/scaling_more_nodes_slower.json"); }

// Llama 3.1 8B with tp 2 and pp 2 pinned on two DGX H100 nodes (InfiniBand).
Scenario llama8bOnTwoDgxH100()
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": { "tp": 2, "pp": 2 }
    })");
}

ScalingOptions countsFrom(int64_t first, int64_t last, bool best = true)
{
    ScalingOptions options;
    options.nodes = nodeRange(first, last);
    options.best = best;
    return options;
}

const ScalingPoint& pointAt(const ScalingCurve& curve, int64_t nodes)
{
    const auto it = std::find_if(curve.points.begin(), curve.points.end(), [&](const ScalingPoint& p) { return p.nodes == nodes; });
    if (it == curve.points.end())
        throw std::runtime_error("no point at " + std::to_string(nodes) + " nodes");
    return *it;
}

bool hasError(const Result& r, const std::string& code)
{
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                       [&](const Diagnostic& d) { return d.severity == Severity::Error && d.code == code; });
}

} // namespace
} // namespace scaling_test

using namespace scaling_test;

// Issue #16's done-when: the scaling view reproduces "more nodes, slower step" and names its cause.
TEST(Scaling, MoreNodesSlowerStepIsMarkedAndExplainedByTheDataParallelReductionCrossingNodes)
{
    const ScalingCurve curve = scaleNodes(moreNodesSlower(), countsFrom(1, 4, false));
    const ScalingPoint &one = pointAt(curve, 1), &two = pointAt(curve, 2);
    ASSERT_TRUE(one.current.usable());
    ASSERT_TRUE(two.current.usable());
    EXPECT_GT(two.current.result.time.step, one.current.result.time.step); // twice the GPUs, a slower step

    ASSERT_TRUE(curve.current.stopsPaying);
    const ScalingMark& mark = *curve.current.stopsPaying;
    EXPECT_EQ(curve.points[mark.point].nodes, 2);
    EXPECT_EQ(curve.points[mark.from].nodes, 1);
    EXPECT_LT(mark.marginalEfficiency, 0); // the added GPUs take throughput away
    ASSERT_TRUE(curve.current.peak);
    EXPECT_EQ(curve.points[curve.current.peak->point].nodes, 1);

    // The cause is the DP reduction leaving NVSwitch for the NICs, in the group reports' own figures.
    const ScalingCause& cause = mark.cause;
    EXPECT_EQ(cause.component, TimeComponent::DpComm);
    ASSERT_TRUE(cause.groupBefore && cause.groupAfter);
    const GroupReport* dpBefore = findGroup(one.current.result.groups, CommGroup::DataParallel);
    const GroupReport* dpAfter = findGroup(two.current.result.groups, CommGroup::DataParallel);
    ASSERT_TRUE(dpBefore && dpAfter);
    EXPECT_FALSE(cause.groupBefore->crossesNodes);
    EXPECT_TRUE(cause.groupAfter->crossesNodes);
    EXPECT_EQ(cause.groupAfter->nodesSpanned, 2);
    EXPECT_EQ(cause.groupBefore->busGBps, dpBefore->busGBps);
    EXPECT_EQ(cause.groupAfter->busGBps, dpAfter->busGBps);
    // The network's 3.125 GB/s per GPU is far below NVSwitch's 450: the bus falls by more than 10×.
    EXPECT_GT(dpBefore->busGBps, 10 * dpAfter->busGBps);
    EXPECT_EQ(cause.secondsBefore, one.current.result.time.dpComm);
    EXPECT_EQ(cause.secondsAfter, two.current.result.time.dpComm);
    EXPECT_GT(cause.secondsAfter - cause.secondsBefore, 0.5 * (two.current.result.time.step - one.current.result.time.step));

    const std::string& text = mark.explanation.text;
    EXPECT_NE(text.find("From 2 nodes the data-parallel gradient reduction crosses nodes"), std::string::npos) << text;
    EXPECT_NE(text.find(bandwidthText(dpBefore->busGBps)), std::string::npos) << text;
    EXPECT_NE(text.find(bandwidthText(dpAfter->busGBps)), std::string::npos) << text;
    EXPECT_NE(text.find(dpAfter->boundBy), std::string::npos) << text;
    EXPECT_NE(text.find(durationText(two.current.result.time.dpComm)), std::string::npos) << text;
    EXPECT_NE(mark.summary.text.find("more nodes, slower training"), std::string::npos) << mark.summary.text;
    EXPECT_NE(mark.explanation.messageTemplate, nullptr);
}

TEST(Scaling, HeldConfigurationIsExactlyWhatEvaluateSaysAtEachCount)
{
    for (const Scenario& s : { moreNodesSlower(), test::llama70bOnDgxH100() }) {
        ScalingOptions options = countsFrom(1, 12, false);
        const ScalingCurve curve = scaleNodes(s, options);
        ASSERT_EQ(curve.points.size(), 12u);
        for (const ScalingPoint& p : curve.points) {
            const Scenario held = scenarioAtNodes(s, p.nodes, BatchScaling::FixedGlobalBatch);
            EXPECT_EQ(held.cluster.nodes, p.nodes);
            EXPECT_EQ(held.parallel.degrees.tp, s.parallel.degrees.tp);
            EXPECT_EQ(held.parallel.degrees.pp, s.parallel.degrees.pp);
            EXPECT_EQ(held.parallel.degrees.vpp, s.parallel.degrees.vpp);
            EXPECT_EQ(held.training.globalBatch, s.training.globalBatch);
            const Result r = evaluate(held);
            EXPECT_EQ(p.current.result.valid, r.valid) << p.nodes;
            EXPECT_EQ(p.gpus, p.nodes * s.cluster.gpusPerNode);
            if (r.valid) {
                EXPECT_EQ(p.current.result.time.step, r.time.step) << p.nodes;
                EXPECT_EQ(p.current.result.tokensPerS, r.tokensPerS) << p.nodes;
                EXPECT_EQ(p.current.result.mfu, r.mfu) << p.nodes;
                EXPECT_EQ(p.dp, p.gpus / (s.parallel.degrees.tp * s.parallel.degrees.pp * s.parallel.degrees.cp));
            }
        }
    }
}

TEST(Scaling, InvalidCountsCarryTheValidatorsOwnReason)
{
    const Scenario s = moreNodesSlower(); // 16 sequences over tp 2: dp 12 at 3 nodes does not divide them
    const ScalingCurve curve = scaleNodes(s, countsFrom(3, 3));
    const ScalingPoint& three = pointAt(curve, 3);
    EXPECT_FALSE(three.current.result.valid);
    EXPECT_TRUE(hasError(three.current.result, "global_batch_not_divisible"));
    const Diagnostics validator = validateScenario(scenarioAtNodes(s, 3, BatchScaling::FixedGlobalBatch));
    ASSERT_FALSE(validator.empty());
    EXPECT_EQ(three.current.result.diagnostics.front().message, validator.front().message);
    // Neither can the best: tp and pp are pinned, and no dp divides 16 over 24 GPUs' worth of them.
    ASSERT_TRUE(three.best);
    EXPECT_FALSE(three.best->result.valid);
    EXPECT_TRUE(hasError(three.best->result, "no_configuration"));
    EXPECT_NE(three.best->result.diagnostics.front().message.find("tp, pp"), std::string::npos);
    EXPECT_FALSE(three.current.costPerMillionTokensUsd);
}

TEST(Scaling, TheBestIsNeverSlowerThanTheHeldConfigurationAndReappliesToItsOwnResult)
{
    for (const Scenario& s : { moreNodesSlower(), llama8bOnTwoDgxH100() }) {
        const ScalingCurve curve = scaleNodes(s, countsFrom(1, 4));
        for (const ScalingPoint& p : curve.points) {
            ASSERT_TRUE(p.best);
            if (!p.best->result.valid)
                continue;
            EXPECT_TRUE(p.best->result.fits);
            if (p.current.usable()) {
                EXPECT_LE(p.best->result.time.step, p.current.result.time.step) << p.nodes;
            }
            const Result again = evaluate(p.best->scenario);
            EXPECT_EQ(again.time.step, p.best->result.time.step) << p.nodes;
            // The scenario's pins hold: tp 2 and pp 2 (fixture) or tp 2 (data file) stay.
            EXPECT_EQ(p.best->result.parallel.degrees.tp, 2) << p.nodes;
        }
    }
}

TEST(Scaling, SettingThePinsAsideLetsTheBestChooseEveryField)
{
    ScalingOptions options = countsFrom(2, 2);
    const ScalingPoint pinned = pointAt(scaleNodes(test::llama70bOnDgxH100(), options), 2);
    options.keepPins = false;
    const ScalingPoint free = pointAt(scaleNodes(test::llama70bOnDgxH100(), options), 2);
    // tp 8 · pp 4 needs 32 GPUs: pinned, 2 nodes hold no configuration; free, one fits.
    EXPECT_FALSE(pinned.best->result.valid);
    ASSERT_TRUE(free.best->result.valid);
    EXPECT_TRUE(free.best->result.fits);
}

TEST(Scaling, PerReplicaBatchGrowsTheGlobalBatchWithDp)
{
    const Scenario s = moreNodesSlower(); // dp 4 on one node: 4 sequences per replica
    ASSERT_EQ(batchPerReplica(s), 4);
    ScalingOptions options = countsFrom(1, 4, false);
    options.batch = BatchScaling::FixedBatchPerReplica;
    const ScalingCurve curve = scaleNodes(s, options);
    EXPECT_FALSE(curve.problem);
    for (const ScalingPoint& p : curve.points) {
        EXPECT_EQ(p.dp, 4 * p.nodes);
        EXPECT_EQ(p.current.scenario.training.globalBatch, 4 * p.dp) << p.nodes;
        EXPECT_TRUE(p.current.result.valid) << p.nodes; // every count divides now, 3 nodes included
        EXPECT_EQ(p.current.result.microBatches, 4);    // each pipeline's work stays the same
    }
    // Weak scaling: tokens per step grow with the GPUs, so throughput rises even where the step does.
    EXPECT_GT(pointAt(curve, 4).current.result.tokensPerS, pointAt(curve, 1).current.result.tokensPerS);
    const ScalingCurve fixed = scaleNodes(s, countsFrom(1, 4, false));
    for (const ScalingPoint& p : fixed.points)
        EXPECT_EQ(p.current.scenario.training.globalBatch, 16);
}

TEST(Scaling, PerReplicaNeedsAWholeBatchPerReplicaAtTheScenariosOwnSize)
{
    Scenario s = moreNodesSlower();
    s.training.globalBatch = 18; // dp 4 does not divide 18
    EXPECT_FALSE(batchPerReplica(s));
    ScalingOptions options = countsFrom(1, 4, false);
    options.batch = BatchScaling::FixedBatchPerReplica;
    const ScalingCurve curve = scaleNodes(s, options);
    ASSERT_TRUE(curve.problem);
    EXPECT_TRUE(curve.points.empty());
    EXPECT_NE(curve.problem->text.find("18"), std::string::npos);
}

TEST(Scaling, MarginalEfficiencyFollowsItsDefinitionAndMarksTheFirstCountBelowHalf)
{
    const ScalingCurve curve = scaleNodes(moreNodesSlower(), countsFrom(1, 2, false));
    ASSERT_TRUE(curve.current.stopsPaying);
    const Result &a = curve.points[0].current.result, &b = curve.points[1].current.result;
    // Per added GPU, (T2 − T1) / (G2 − G1), over a GPU's share at the smallest count, T1 / G1.
    const double expected = (b.tokensPerS - a.tokensPerS) / double(b.gpus - a.gpus) / (a.tokensPerS / double(a.gpus));
    EXPECT_DOUBLE_EQ(curve.current.stopsPaying->marginalEfficiency, expected);
}

TEST(Scaling, NoMarkWhereEveryStepUpPays)
{
    // The built-in default's shape: tp 8 · pp 4 over 4, 8 and 16 DGX H100 nodes on InfiniBand scales
    // nearly linearly (12 nodes: dp 3 does not divide the batch).
    ScalingOptions options = countsFrom(4, 16, false);
    options.nodes = { 4, 8, 12, 16 };
    const ScalingCurve curve = scaleNodes(test::llama70bOnDgxH100(), options);
    ASSERT_TRUE(pointAt(curve, 4).current.usable());
    ASSERT_TRUE(pointAt(curve, 16).current.usable());
    EXPECT_GT(pointAt(curve, 16).current.result.tokensPerS, 3.5 * pointAt(curve, 4).current.result.tokensPerS);
    EXPECT_FALSE(curve.current.stopsPaying);
    EXPECT_FALSE(curve.current.peak);
}

TEST(Scaling, CostPerMillionTokensIsTheClustersHourlyPriceOverItsThroughput)
{
    Scenario s = moreNodesSlower();
    s.cluster.gpuHourCostUsd = 2.5;
    const ScalingCurve priced = scaleNodes(s, countsFrom(2, 2, false));
    const ScalingSample& two = priced.points.front().current;
    ASSERT_TRUE(two.costPerMillionTokensUsd);
    // 16 GPUs at $2.50 an hour: $40 an hour, over the tokens an hour brings.
    EXPECT_DOUBLE_EQ(*two.costPerMillionTokensUsd, 40.0 / (two.result.tokensPerS * 3600) * 1e6);
    s.cluster.gpuHourCostUsd.reset();
    EXPECT_FALSE(scaleNodes(s, countsFrom(2, 2, false)).points.front().current.costPerMillionTokensUsd);
}

TEST(Scaling, ARankTableOfOneNodesPatternIsRepeatedAtEveryCount)
{
    const Scenario s = dataScenario("advice/seed_pcie_swapped_ranks.json"); // 2 nodes, ranks 1/2 and 5/6 swapped
    const Scenario four = scenarioAtNodes(s, 4, BatchScaling::FixedGlobalBatch);
    ASSERT_TRUE(four.parallel.placement.table);
    const std::vector<int64_t>& table = four.parallel.placement.table->gpuOfRank;
    ASSERT_EQ(table.size(), 32u);
    const std::vector<int64_t> nodeThree(table.begin() + 24, table.end());
    EXPECT_EQ(nodeThree, (std::vector<int64_t>{ 24, 26, 25, 27, 28, 30, 29, 31 }));
    EXPECT_TRUE(evaluate(four).valid);
    const ScalingCurve curve = scaleNodes(s, countsFrom(1, 1, false));
    ASSERT_EQ(curve.notes.size(), 1u);
    EXPECT_NE(curve.notes.front().text.find("repeats that pattern"), std::string::npos);
    EXPECT_EQ(pointAt(curve, 1).current.scenario.parallel.placement.table->gpuOfRank.size(), 8u);
}

TEST(Scaling, ARankTableThatIsNoPerNodePatternIsDroppedElsewhereWithANote)
{
    Scenario s = llama8bOnTwoDgxH100();
    std::vector<int64_t> crossNodes(16);
    for (int64_t r = 0; r < 16; ++r)
        crossNodes[size_t(r)] = (r + 8) % 16; // node 0's ranks on node 1 and back
    s.parallel.placement.table = makeRankTable(crossNodes);
    EXPECT_EQ(scenarioAtNodes(s, 2, BatchScaling::FixedGlobalBatch).parallel.placement.table, s.parallel.placement.table);
    EXPECT_FALSE(scenarioAtNodes(s, 4, BatchScaling::FixedGlobalBatch).parallel.placement.table);
    const ScalingCurve curve = scaleNodes(s, countsFrom(4, 4, false));
    ASSERT_EQ(curve.notes.size(), 1u);
    EXPECT_NE(curve.notes.front().text.find("rank r runs on GPU r"), std::string::npos);
    EXPECT_TRUE(pointAt(curve, 4).current.result.valid);
}

TEST(Scaling, ATopologyOfSeveralNodeKindsIsCutAndExtendedInItsOwnOrder)
{
    Scenario s = llama8bOnTwoDgxH100();
    ASSERT_TRUE(s.cluster.topology);
    auto twoKinds = std::make_shared<TopologySpec>(*s.cluster.topology);
    twoKinds->nodes.push_back(twoKinds->nodes.front());
    twoKinds->nodes[0].name = "first";
    twoKinds->nodes[1].name = "second";
    twoKinds->nodes[0].count = twoKinds->nodes[1].count = 1;
    s.cluster.topology = twoKinds;
    ASSERT_TRUE(evaluate(s).valid);

    const Scenario one = scenarioAtNodes(s, 1, BatchScaling::FixedGlobalBatch);
    ASSERT_EQ(one.cluster.topology->nodes.size(), 1u);
    EXPECT_EQ(one.cluster.topology->nodes[0].name, "first");
    const Scenario five = scenarioAtNodes(s, 5, BatchScaling::FixedGlobalBatch);
    ASSERT_EQ(five.cluster.topology->nodes.size(), 2u);
    EXPECT_EQ(five.cluster.topology->nodes[0].count, 1);
    EXPECT_EQ(five.cluster.topology->nodes[1].count, 4);
    for (const Scenario& resized : { one, five })
        for (const Diagnostic& d : validateScenario(resized))
            EXPECT_NE(d.code, "topology_node_count") << d.message;
    const ScalingCurve curve = scaleNodes(s, countsFrom(1, 1, false));
    ASSERT_EQ(curve.notes.size(), 1u);
    EXPECT_NE(curve.notes.front().text.find("second"), std::string::npos);
}

TEST(Scaling, APinnedDpFollowsTheNodeCountWithANote)
{
    Scenario s = llama8bOnTwoDgxH100(); // tp 2 · pp 2 on 16 GPUs: dp 4
    s.parallel.degrees.dp = 4;
    s.pins.dp = true;
    const ScalingCurve curve = scaleNodes(s, countsFrom(4, 4, false));
    EXPECT_EQ(pointAt(curve, 4).dp, 8);
    EXPECT_EQ(pointAt(curve, 4).current.result.parallel.degrees.dp, 8);
    ASSERT_EQ(curve.notes.size(), 1u);
    EXPECT_NE(curve.notes.front().text.find("parallel.dp"), std::string::npos);
}

TEST(Scaling, CountsAreWalkedAscendingOnceAndBandsAttachWhereGiven)
{
    ScalingOptions options;
    options.nodes = { 4, 2, 2, 0, 1 };
    options.best = false;
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
    const ScalingCurve curve = scaleNodes(moreNodesSlower(), options);
    ASSERT_EQ(curve.points.size(), 3u);
    EXPECT_EQ(curve.points[0].nodes, 1);
    EXPECT_EQ(curve.points[2].nodes, 4);
    EXPECT_TRUE(curve.points[0].current.result.uncertainty);
    EXPECT_FALSE(curve.points[0].best);
    EXPECT_EQ(nodeRange(3, 9, 3), (std::vector<int64_t>{ 3, 6, 9 }));

    const std::atomic<bool> cancelled{ true };
    options.cancel = &cancelled;
    const ScalingCurve stopped = scaleNodes(moreNodesSlower(), options);
    EXPECT_TRUE(stopped.cancelled);
    EXPECT_TRUE(stopped.points.empty());
}

TEST(Scaling, SeriesHoldOneQuantityOfOneConfigurationWhereItRunsAndFits)
{
    const ScalingCurve curve = scaleNodes(moreNodesSlower(), countsFrom(1, 4));
    const ScalingSeries step = seriesOf(curve, ScalingConfiguration::Held, ScalingQuantity::StepS);
    EXPECT_EQ(step.x, (std::vector<double>{ 1, 2, 4 })); // 3 nodes: the batch does not divide
    ASSERT_EQ(step.points, (std::vector<size_t>{ 0, 1, 3 }));
    for (size_t i = 0; i < step.y.size(); ++i)
        EXPECT_EQ(step.y[i], curve.points[step.points[i]].current.result.time.step);
    const ScalingSeries byDp = seriesOf(curve, ScalingConfiguration::Best, ScalingQuantity::TokensPerS, ScalingAxis::DataParallel);
    ASSERT_FALSE(byDp.x.empty());
    EXPECT_EQ(byDp.x.front(), curve.points[byDp.points.front()].best->result.parallel.degrees.dp);
    const ScalingSeries gpus = seriesOf(curve, ScalingConfiguration::Held, ScalingQuantity::Mfu, ScalingAxis::Gpus);
    EXPECT_EQ(gpus.x, (std::vector<double>{ 8, 16, 32 }));
    // No train_tokens in the scenario: no time to train to plot.
    EXPECT_TRUE(seriesOf(curve, ScalingConfiguration::Held, ScalingQuantity::TimeToTrainS).x.empty());
    EXPECT_FALSE(quantityOf(curve.points[2].current, ScalingQuantity::StepS));
}
