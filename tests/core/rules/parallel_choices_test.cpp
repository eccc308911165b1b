// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/rules/parallel_choices.h"
#include "core/rules/parallel_rules.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <limits>

using namespace paraplan;

TEST(ParallelChoices, TpDividesHeadsAndTheGpusLeftByPp)
{
    const Scenario s = test::llama70bOnDgxH100(); // 64 GPUs, 64 heads, 8 KV heads, pp 4
    const ParallelChoices c = parallelChoices(s);
    EXPECT_EQ(c.tp, (std::vector<int64_t>{ 1, 2, 4, 8, 16 }));
    EXPECT_EQ(c.dp, 2);
    for (int64_t pp : c.pp)
        EXPECT_EQ(64 % (pp * 8), 0);
}

TEST(ParallelChoices, EveryOfferedValueGivesAValidScenario)
{
    const Scenario base = test::llama70bOnDgxH100();
    const ParallelChoices c = parallelChoices(base);
    auto valid = [](Scenario s) {
        s.parallel.degrees.dp = 0;
        return evaluate(s).valid;
    };
    for (int64_t tp : c.tp) {
        Scenario s = base;
        s.parallel.degrees.tp = tp;
        s.parallel.degrees.vpp = 1;
        EXPECT_TRUE(valid(s)) << "tp " << tp;
    }
    for (int64_t pp : c.pp) {
        Scenario s = base;
        s.parallel.degrees.pp = pp;
        s.parallel.degrees.vpp = 1;
        EXPECT_TRUE(valid(s)) << "pp " << pp;
    }
    for (int64_t vpp : c.vpp) {
        Scenario s = base;
        s.parallel.degrees.vpp = vpp;
        EXPECT_TRUE(valid(s)) << "vpp " << vpp;
    }
    for (int64_t b : c.microBatch) {
        Scenario s = base;
        s.training.microBatch = b;
        s.parallel.degrees.vpp = 1;
        EXPECT_TRUE(valid(s)) << "micro-batch " << b;
    }
}

TEST(ParallelChoices, ExpertParallelismOnlyForMoe)
{
    EXPECT_EQ(parallelChoices(test::llama70bOnDgxH100()).ep, (std::vector<int64_t>{ 1 }));
    const Scenario moe = test::scenarioFromJson(R"({
      "model": { "preset": "mixtral-8x7b" }, "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 }, "parallel": { "tp": 2 } })");
    EXPECT_EQ(parallelChoices(moe).ep, (std::vector<int64_t>{ 1, 2, 4, 8 }));
    EXPECT_TRUE(parallelChoices(test::llama70bOnDgxH100()).etp.empty());
}

// The expert tensor split: etp x ep divides the 16 ranks of the stage and etp the expert width.
TEST(ParallelChoices, ExpertTensorParallelismEveryValueValid)
{
    Scenario moe = test::scenarioFromJson(R"({
      "model": { "preset": "qwen3-30b-a3b" }, "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 }, "parallel": { "tp": 2, "ep": 4, "sequence_parallel": true } })");
    const ParallelChoices c = parallelChoices(moe);
    EXPECT_EQ(c.etp, (std::vector<int64_t>{ 1, 2, 4 })); // 768 wide; 8 x 4 would exceed 16
    for (int64_t etp : c.etp) {
        moe.parallel.degrees.etp = etp;
        EXPECT_TRUE(evaluate(moe).valid) << "etp " << etp;
    }
}

TEST(ParallelChoices, NothingBeyondTheSupportedSizes)
{
    // Issue #12 (fuzz corpus crash-search-huge-global-batch): listing the micro-batches of a
    // global batch of 2^63 - 1 took minutes.
    Scenario s = test::llama70bOnDgxH100();
    s.training.globalBatch = std::numeric_limits<int64_t>::max();
    EXPECT_TRUE(parallelChoices(s).microBatch.empty());
    s = test::llama70bOnDgxH100();
    s.model.layers = std::numeric_limits<int64_t>::max();
    EXPECT_TRUE(parallelChoices(s).vpp.empty());
}

TEST(Divisors, AscendingAndComplete)
{
    EXPECT_EQ(divisorsOf(12), (std::vector<int64_t>{ 1, 2, 3, 4, 6, 12 }));
    EXPECT_EQ(divisorsOf(1), (std::vector<int64_t>{ 1 }));
    EXPECT_EQ(divisorsOf(49), (std::vector<int64_t>{ 1, 7, 49 }));
}
