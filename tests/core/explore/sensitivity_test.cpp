// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Issue #16, item 4: each input moved by its realistic range moves the step the way physics says,
// the ranges are the efficiency table's, absent sides say why, and two configurations' order is
// reported to flip exactly when a move reverses it.
#include "tests/core/scenario_fixtures.h"

#include "core/explore/sensitivity.h"
#include "core/step/stragglers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

using namespace paraplan;

// The helpers live in a namespace of their own: a unity build compiles this file with the other
// explore tests, whose anonymous namespaces would otherwise share these names.
namespace {
namespace tornado {

const SensitivityBar& barOf(const Sensitivity& s, SensitivityInput input)
{
    const auto it
        = std::find_if(s.bars.begin(), s.bars.end(), [&](const SensitivityBar& b) { return b.input == input; });
    if (it == s.bars.end())
        throw std::runtime_error(std::string("no bar for ") + codeOf(input));
    return *it;
}

double stepOf(const SensitivitySide& side) { return side.result->time.step; }

// The efficiency table's entry of that name: the test reads the ranges where the model keeps them.
const EfficiencyParamInfo& tableEntry(const std::string& name)
{
    for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
        if (name == info.name)
            return info;
    throw std::runtime_error("no constant " + name);
}

// Llama 3.1 8B on 2 DGX H100 nodes, tp 2, pp 2, dp 4, with the given micro-batch.
Scenario llama8bMicroBatch(int64_t microBatch)
{
    Scenario s = test::llama8bOnDgxH100(2);
    s.training.microBatch = microBatch;
    return s;
}

// Llama 3.1 8B on 4 DGX H100 nodes over an Ethernet of `GBps` per GPU, the gradient all-reduce not
// overlapped: tp 8 with dp 4 across the network (A) against tp 8 with pp 4 and no data parallelism
// (B). A's step carries the DP all-reduce over the network, B's a pipeline bubble.
Scenario overEthernet(double GBps, int64_t globalBatch, int64_t pp)
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": )"
                                  + std::to_string(globalBatch) + R"(, "micro_batch": 1 },
      "cluster": { "preset": "dgx-h100", "nodes": 4,
                   "inter_node": { "kind": "ethernet", "GBps_per_gpu": )"
                                  + std::to_string(GBps) + R"(, "latency_us": 10 } },
      "parallel": { "tp": 8, "pp": )"
                                  + std::to_string(pp) + R"(, "overlap_grad_reduce": false }
    })");
}

// One band for every uncalibrated regime: the real step lies within 0.9-1.1 of the prediction.
UncertaintyBands tenPercent()
{
    UncertaintyBands table;
    table.bands.push_back({ BandRegime{}, 100, 0.9, 1.0, 1.1 });
    return table;
}

const InputFlip& flipOf(const OrderFlips& f, SensitivityInput input)
{
    return *std::find_if(f.inputs.begin(), f.inputs.end(), [&](const InputFlip& i) { return i.input == input; });
}

} // namespace tornado
} // namespace

TEST(Sensitivity, BaseIsEvaluateItself)
{
    const Scenario s = test::llama70bOnDgxH100();
    const EvaluateOptions options;
    const Sensitivity sensitivity = sensitivityOf(s, options);
    const Result direct = evaluate(s, options);
    ASSERT_TRUE(sensitivity.base.valid);
    EXPECT_EQ(sensitivity.base.time.step, direct.time.step);
    EXPECT_EQ(sensitivity.base.tokensPerS, direct.tokensPerS);
}

TEST(Sensitivity, EveryInputHasOneBarSortedBySwing)
{
    const Sensitivity s = sensitivityOf(test::llama70bOnDgxH100(), {});
    ASSERT_EQ(s.bars.size(), kSensitivityInputs.size());
    for (const SensitivityInput input : kSensitivityInputs)
        EXPECT_NO_THROW((void)tornado::barOf(s, input)) << codeOf(input);
    for (size_t i = 1; i < s.bars.size(); ++i)
        EXPECT_GE(s.bars[i - 1].swingS, s.bars[i].swingS) << codeOf(s.bars[i].input);
    for (const SensitivityBar& bar : s.bars) {
        if (bar.low.present() && bar.high.present()) {
            EXPECT_DOUBLE_EQ(bar.swingS, std::fabs(tornado::stepOf(bar.high) - tornado::stepOf(bar.low)))
                << codeOf(bar.input);
        }
        EXPECT_TRUE(std::isfinite(bar.swingS));
    }
    // Attention's prior is the loosest of the constants (±0.2 about a fitted 0.31): on an 8k
    // sequence it moves the step more than GEMM efficiency's ±0.05 does.
    EXPECT_GT(tornado::barOf(s, SensitivityInput::AttentionEfficiency).swingS,
        tornado::barOf(s, SensitivityInput::GemmEfficiency).swingS);
}

TEST(Sensitivity, ConstantsMoveOnePriorSpreadClippedToTheirPhysicalRange)
{
    EfficiencyParams params; // the shipped fit
    const std::pair<SensitivityInput, const char*> constants[] = {
        { SensitivityInput::InterNodeBandwidth, "nccl_inter_node_efficiency" },
        { SensitivityInput::IntraNodeBandwidth, "nccl_intra_node_efficiency" },
        { SensitivityInput::GemmEfficiency, "gemm_ceiling" },
        { SensitivityInput::AttentionEfficiency, "attention_efficiency" },
        { SensitivityInput::HbmEfficiency, "hbm_efficiency" },
        { SensitivityInput::StragglerJitter, "rank_jitter" },
        { SensitivityInput::FrameworkOverhead, "step_overhead_s" },
        { SensitivityInput::HostOverhead, "host_layer_overhead_s" },
    };
    EvaluateOptions options;
    options.params = params;
    const Sensitivity s = sensitivityOf(test::llama70bOnDgxH100(), options);
    for (const auto& [input, name] : constants) {
        const EfficiencyParamInfo& info = tornado::tableEntry(name);
        ASSERT_EQ(constantOf(input), &info) << name;
        const double value = params.*info.member;
        const SensitivityBar& bar = tornado::barOf(s, input);
        EXPECT_EQ(bar.baseValue, value) << name;
        EXPECT_DOUBLE_EQ(bar.low.value, std::max(info.lower, value - info.priorSpread)) << name;
        EXPECT_DOUBLE_EQ(bar.high.value, std::min(info.upper, value + info.priorSpread)) << name;
    }
    // The per-step overhead (17.6 ms, spread 50 ms) is clipped at nothing, its physical floor.
    EXPECT_EQ(tornado::barOf(s, SensitivityInput::FrameworkOverhead).low.value, 0.0);
    EXPECT_EQ(constantOf(SensitivityInput::MicroBatch), nullptr);
    EXPECT_EQ(constantOf(SensitivityInput::SequenceLength), nullptr);
}

TEST(Sensitivity, EachInputMovesTheStepInItsPhysicalDirection)
{
    const Scenario scenarios[]
        = { test::llama70bOnDgxH100(), test::llama8bOnDgxH100(2), tornado::overEthernet(12.5, 32, 1) };
    for (const Scenario& scenario : scenarios) {
        const Sensitivity s = sensitivityOf(scenario, {});
        const double base = s.base.time.step;
        // Less of a rate is never faster, more never slower.
        for (const SensitivityInput rate : { SensitivityInput::InterNodeBandwidth, SensitivityInput::IntraNodeBandwidth,
                 SensitivityInput::GemmEfficiency, SensitivityInput::AttentionEfficiency,
                 SensitivityInput::HbmEfficiency }) {
            const SensitivityBar& bar = tornado::barOf(s, rate);
            ASSERT_TRUE(bar.low.present() && bar.high.present()) << codeOf(rate);
            EXPECT_GE(tornado::stepOf(bar.low), base) << codeOf(rate);
            EXPECT_LE(tornado::stepOf(bar.high), base) << codeOf(rate);
        }
        // More jitter, more framework time and more host time are never faster.
        for (const SensitivityInput cost : { SensitivityInput::StragglerJitter, SensitivityInput::FrameworkOverhead,
                 SensitivityInput::HostOverhead }) {
            const SensitivityBar& bar = tornado::barOf(s, cost);
            ASSERT_TRUE(bar.low.present() && bar.high.present()) << codeOf(cost);
            EXPECT_LE(tornado::stepOf(bar.low), base) << codeOf(cost);
            EXPECT_GE(tornado::stepOf(bar.high), base) << codeOf(cost);
        }
        // Across nodes, DP's all-reduce crosses the network: less of it makes the step strictly slower.
        EXPECT_GT(tornado::stepOf(tornado::barOf(s, SensitivityInput::InterNodeBandwidth).low), base);
    }
}

TEST(Sensitivity, FrameworkOverheadAndJitterAddWhatTheCostModelSays)
{
    const EvaluateOptions options;
    const Sensitivity s = sensitivityOf(test::llama70bOnDgxH100(), options);
    const double base = s.base.time.step;
    // The per-step overhead adds itself to the step, second for second.
    const SensitivityBar& overhead = tornado::barOf(s, SensitivityInput::FrameworkOverhead);
    EXPECT_NEAR(tornado::stepOf(overhead.high) - base, overhead.high.value - overhead.baseValue, 1e-9);
    EXPECT_NEAR(tornado::stepOf(overhead.low) - base, overhead.low.value - overhead.baseValue, 1e-9);
    // The slowest of 64 ranks lags by sigma·c(64) of the pipeline's span (core/step/stragglers.h):
    // the step moves by the jitter's change times c(64) times that span.
    const SensitivityBar& jitter = tornado::barOf(s, SensitivityInput::StragglerJitter);
    const double lagPerSigma = expectedMaxOfNormals(s.base.gpus);
    const double span = (s.base.time.other - options.params.stepOverheadS) / (jitter.baseValue * lagPerSigma);
    EXPECT_NEAR(tornado::stepOf(jitter.high) - base, (jitter.high.value - jitter.baseValue) * lagPerSigma * span, 1e-9);
}

TEST(Sensitivity, MicroBatchHalvesAndDoublesWithTheMicroBatchCount)
{
    // Global batch 64 over dp 4: micro-batch 2 gives 8 micro-batches, 1 gives 16, 4 gives 4.
    const Sensitivity s = sensitivityOf(tornado::llama8bMicroBatch(2), {});
    ASSERT_EQ(s.base.microBatches, 8);
    const SensitivityBar& bar = tornado::barOf(s, SensitivityInput::MicroBatch);
    EXPECT_EQ(bar.baseValue, 2);
    ASSERT_TRUE(bar.low.present());
    ASSERT_TRUE(bar.high.present());
    EXPECT_EQ(bar.low.value, 1);
    EXPECT_EQ(bar.high.value, 4);
    EXPECT_EQ(bar.low.result->microBatches, 16);
    EXPECT_EQ(bar.high.result->microBatches, 4);
}

TEST(Sensitivity, SequenceLengthKeepsTheTokensPerStep)
{
    const Sensitivity s = sensitivityOf(test::llama8bOnDgxH100(2), {});
    const SensitivityBar& bar = tornado::barOf(s, SensitivityInput::SequenceLength);
    EXPECT_EQ(bar.low.value, 2048);
    EXPECT_EQ(bar.high.value, 8192);
    const double tokensPerStep = s.base.tokensPerS * s.base.time.step; // 64 sequences of 4096
    EXPECT_NEAR(tokensPerStep, 64.0 * 4096, 1e-6 * tokensPerStep);
    for (const SensitivitySide* side : { &bar.low, &bar.high }) {
        ASSERT_TRUE(side->present());
        EXPECT_NEAR(side->result->tokensPerS * tornado::stepOf(*side), tokensPerStep, 1e-6 * tokensPerStep);
    }
    // Attention grows with the sequence: the same tokens in longer sequences take longer.
    EXPECT_GT(tornado::stepOf(bar.high), s.base.time.step);
    EXPECT_LT(tornado::stepOf(bar.low), s.base.time.step);
}

TEST(Sensitivity, AbsentSidesSayWhy)
{
    // A micro-batch of one has no half.
    const Sensitivity one = sensitivityOf(tornado::llama8bMicroBatch(1), {});
    const SensitivityBar& unhalvable = tornado::barOf(one, SensitivityInput::MicroBatch);
    ASSERT_FALSE(unhalvable.low.present());
    EXPECT_EQ(unhalvable.low.absent->code, "no_half_micro_batch");
    EXPECT_NE(unhalvable.low.absent->reason.text.find("micro-batch of 1"), std::string::npos);
    ASSERT_NE(unhalvable.low.absent->reason.messageTemplate, nullptr);
    // With one side absent the swing is the other side's distance from the base.
    ASSERT_TRUE(unhalvable.high.present());
    EXPECT_DOUBLE_EQ(unhalvable.swingS, std::fabs(tornado::stepOf(unhalvable.high) - one.base.time.step));

    // 64 sequences over dp 4 in micro-batches of 32 leave no whole number of micro-batches: the rule says so.
    const Sensitivity sixteen = sensitivityOf(tornado::llama8bMicroBatch(16), {});
    ASSERT_TRUE(sixteen.base.valid);
    const SensitivitySide& doubled = tornado::barOf(sixteen, SensitivityInput::MicroBatch).high;
    ASSERT_FALSE(doubled.present());
    ASSERT_TRUE(doubled.absent->brokenRule);
    EXPECT_EQ(doubled.absent->code, doubled.absent->brokenRule->code);
    EXPECT_EQ(doubled.absent->code, "global_batch_not_divisible");
    EXPECT_NE(doubled.absent->reason.text.find(doubled.absent->brokenRule->message), std::string::npos);

    // A constant already at its physical floor cannot go lower.
    EvaluateOptions noOverhead;
    noOverhead.params.stepOverheadS = 0;
    const Sensitivity atFloor = sensitivityOf(test::llama8bOnDgxH100(2), noOverhead);
    const SensitivityBar& floor = tornado::barOf(atFloor, SensitivityInput::FrameworkOverhead);
    ASSERT_FALSE(floor.low.present());
    EXPECT_EQ(floor.low.absent->code, "at_physical_limit");
    EXPECT_TRUE(floor.high.present());
}

TEST(Sensitivity, AMoveThatNoLongerFitsIsAbsentWithTheMemoryItNeeds)
{
    // Llama 3.1 70B at tp 8, pp 4 without recomputation: two sequences of 8k tokens per
    // micro-batch fit in 80 GiB, four do not.
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.recompute = Recompute::None;
    s.parallel.degrees.vpp = 1;
    s.training.microBatch = 2;
    const Sensitivity sensitivity = sensitivityOf(s, {});
    ASSERT_TRUE(sensitivity.base.valid);
    ASSERT_TRUE(sensitivity.base.fits);
    const SensitivitySide& doubled = tornado::barOf(sensitivity, SensitivityInput::MicroBatch).high;
    ASSERT_FALSE(doubled.present());
    EXPECT_EQ(doubled.absent->code, "out_of_memory");
    EXPECT_NE(doubled.absent->reason.text.find("GiB"), std::string::npos);
    EXPECT_FALSE(doubled.absent->brokenRule);
    // The same tokens in sequences twice as long need twice the activations per micro-batch too.
    EXPECT_EQ(tornado::barOf(sensitivity, SensitivityInput::SequenceLength).high.absent->code, "out_of_memory");
}

TEST(Sensitivity, AnInvalidScenarioHasNoBars)
{
    Scenario s = test::llama8bOnDgxH100(2);
    s.parallel.degrees.tp = 3; // 32 heads do not split three ways
    const Sensitivity sensitivity = sensitivityOf(s, {});
    EXPECT_FALSE(sensitivity.base.valid);
    EXPECT_TRUE(sensitivity.bars.empty());
}

TEST(SensitivityFlips, LessInterNodeBandwidthReversesTwoCloseConfigurations)
{
    // A (dp over the network) is slower than B (pp) on a slow network and faster on a fast one: find
    // where they tie, then give A a hair's lead. Less inter-node bandwidth then slows A's
    // all-reduce more than B's pipeline sends, and B overtakes.
    const int64_t globalBatch = 32;
    double slow = 2, fast = 100;
    for (int i = 0; i < 60; ++i) {
        const double mid = std::sqrt(slow * fast);
        const bool aFaster = evaluate(tornado::overEthernet(mid, globalBatch, 1)).time.step
            < evaluate(tornado::overEthernet(mid, globalBatch, 4)).time.step;
        (aFaster ? fast : slow) = mid;
    }
    const double GBps = fast * 1.02;
    const OrderFlips f = orderFlips(tornado::overEthernet(GBps, globalBatch, 1),
        tornado::overEthernet(GBps, globalBatch, 4), {}, tornado::tenPercent());
    ASSERT_TRUE(f.valid);
    ASSERT_EQ(f.faster, Faster::A);
    const InputFlip& network = tornado::flipOf(f, SensitivityInput::InterNodeBandwidth);
    EXPECT_TRUE(network.low.flipped);
    EXPECT_EQ(network.low.faster, Faster::B);
    EXPECT_LT(network.low.marginS(), 0.0);
    EXPECT_LT(-network.low.marginS(), 0.02 * f.baseA.time.step); // a close call, as constructed
    EXPECT_FALSE(network.high.flipped); // more bandwidth widens A's lead
    EXPECT_GT(network.high.marginS(), f.baseB.time.step - f.baseA.time.step);
    EXPECT_GE(f.flips, 1);
    // Reversals are listed first, the largest first, and the verdict names it.
    EXPECT_TRUE(f.inputs.front().low.flipped || f.inputs.front().high.flipped);
    EXPECT_EQ(f.verdict.text.rfind("B becomes faster than A when the ", 0), 0u) << f.verdict.text;
    EXPECT_NE(f.verdict.text.find(labelOf(f.inputs.front().input)), std::string::npos) << f.verdict.text;
    EXPECT_NE(f.verdict.text.find(std::to_string(f.flips) + " of the "), std::string::npos) << f.verdict.text;
    // Two steps a fraction of a percent apart lie within each other's 10 % band.
    ASSERT_TRUE(f.bandsOverlap);
    EXPECT_TRUE(*f.bandsOverlap);
    ASSERT_TRUE(f.baseA.uncertainty);
}

TEST(SensitivityFlips, APairFarApartStaysInOrder)
{
    // On a 6.25 GB/s network A's all-reduce doubles its step: no realistic move brings it back.
    const OrderFlips f
        = orderFlips(tornado::overEthernet(6.25, 16, 1), tornado::overEthernet(6.25, 16, 4), {}, tornado::tenPercent());
    ASSERT_TRUE(f.valid);
    EXPECT_EQ(f.faster, Faster::B);
    EXPECT_EQ(f.flips, 0);
    for (const InputFlip& flip : f.inputs)
        for (const FlipSide* side : { &flip.low, &flip.high }) {
            EXPECT_FALSE(side->flipped) << codeOf(flip.input);
            if (!side->absent) {
                EXPECT_EQ(side->faster, Faster::B) << codeOf(flip.input);
            }
        }
    EXPECT_EQ(f.verdict.text.rfind("B stays faster than A under every input's realistic range", 0), 0u)
        << f.verdict.text;
    ASSERT_TRUE(f.bandsOverlap);
    EXPECT_FALSE(*f.bandsOverlap);
    ASSERT_TRUE(f.bandVerdict);
    EXPECT_NE(f.bandVerdict->text.find("do not overlap"), std::string::npos);
}

TEST(SensitivityFlips, NoBandTableNoBandVerdict)
{
    const OrderFlips f
        = orderFlips(tornado::overEthernet(6.25, 16, 1), tornado::overEthernet(6.25, 16, 4), {}, UncertaintyBands {});
    ASSERT_TRUE(f.valid);
    EXPECT_FALSE(f.bandsOverlap);
    EXPECT_FALSE(f.bandVerdict);
}

TEST(SensitivityFlips, AnInvalidConfigurationIsNamed)
{
    Scenario broken = test::llama8bOnDgxH100(2);
    broken.parallel.degrees.tp = 3;
    const OrderFlips f = orderFlips(test::llama8bOnDgxH100(2), broken, {}, tornado::tenPercent());
    EXPECT_FALSE(f.valid);
    EXPECT_TRUE(f.inputs.empty());
    EXPECT_EQ(f.verdict.text.rfind("B is not a valid configuration", 0), 0u) << f.verdict.text;
}
