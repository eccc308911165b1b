// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/search.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <set>

using namespace paraplan;

namespace {
Scenario llama8bOnTwoNodes(const std::string& parallel = "{}")
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 },
      "parallel": )" + parallel + "}");
}
} // namespace

// Search and the landscape take scenarios as read; a pinned degree of 0 must give an empty search,
// never a division by zero.
TEST(Search, APinnedDegreeBelowOneLeavesNothingToSearch)
{
    for (const char* pinned : { R"({"pp": 0})", R"({"vpp": 0})", R"({"tp": 0})", R"({"cp": 0})", R"({"tp": -2})" }) {
        const SearchResult r = searchConfigurations(llama8bOnTwoNodes(pinned));
        EXPECT_TRUE(r.best.empty()) << pinned;
        EXPECT_EQ(r.ruleAbiding, 0) << pinned;
        EXPECT_TRUE(enumerateCandidates(llama8bOnTwoNodes(pinned)).empty()) << pinned;
    }
}

// Issue #12 (fuzz corpus crash-search-short-rank-table, crash-landscape-fp8-on-a100): a rank table
// that does not place a rank on every GPU was read past its end, and a model, cluster or batch
// that breaks a rule was priced at infinity; neither can be searched.
TEST(Search, ABrokenRankTableModelClusterOrBatchLeavesNothingToSearch)
{
    Scenario shortTable = llama8bOnTwoNodes(R"({"tp": 2, "placement": {"rank_to_gpu": [0, 2, 1, 7]}})");
    Scenario fp8WithoutFp8 = llama8bOnTwoNodes();
    fp8WithoutFp8.training.precision = Precision::Fp8;
    fp8WithoutFp8.cluster.gpu.peakFp8Tflops = 0;
    Scenario hugeBatch = llama8bOnTwoNodes();
    hugeBatch.training.globalBatch = std::numeric_limits<int64_t>::max();
    for (const Scenario& s : { shortTable, fp8WithoutFp8, hugeBatch }) {
        EXPECT_FALSE(problemsBeforeSearch(s).empty());
        EXPECT_TRUE(enumerateCandidates(s).empty());
        EXPECT_TRUE(searchConfigurations(s).best.empty());
    }
}

TEST(Search, RanksFittingConfigurationsByThroughput)
{
    SearchOptions options;
    options.topK = 10;
    const SearchResult r = searchConfigurations(llama8bOnTwoNodes(), options);
    ASSERT_EQ(r.best.size(), 10u);
    EXPECT_GE(r.gridPoints, r.ruleAbiding);
    EXPECT_GE(r.ruleAbiding, r.fits);
    EXPECT_GT(r.fits, 10);
    for (size_t i = 0; i < r.best.size(); ++i) {
        EXPECT_TRUE(r.best[i].result.valid);
        EXPECT_TRUE(r.best[i].result.fits);
        EXPECT_EQ(r.best[i].result.gpus, 16);
        if (i > 0) {
            EXPECT_GE(r.best[i - 1].result.tokensPerS, r.best[i].result.tokensPerS);
        }
    }
}

TEST(Search, NothingItSkippedIsFasterThanItsBest)
{
    const Scenario base = llama8bOnTwoNodes();
    const SearchResult r = searchConfigurations(base, {});
    ASSERT_FALSE(r.best.empty());
    const double best = r.best.front().result.tokensPerS;
    const std::vector<Candidate> all = enumerateCandidates(base);
    ASSERT_EQ(int64_t(all.size()), r.ruleAbiding);
    EvaluateOptions quiet;
    quiet.diagnostics = false;
    for (size_t i = 0; i < all.size(); i += 7) { // a spread sample of the space
        Scenario s = base;
        applyCandidate(s, all[i]);
        const Result result = evaluate(s, quiet);
        if (result.fits) {
            EXPECT_LE(result.tokensPerS, best * (1 + 1e-12));
        }
    }
}

// The second pass finds the candidates it reaches a batch at a time (the first 4,096 floors, then
// twice as many): a top K that reaches past the first batch must still be the K fastest of all.
TEST(Search, ATopKBeyondTheFirstBatchIsTheFastestOfAll)
{
    const Scenario base = llama8bOnTwoNodes();
    SearchOptions options;
    options.topK = 5000;
    const SearchResult r = searchConfigurations(base, options);
    ASSERT_GT(r.fits, 5000);
    ASSERT_EQ(r.best.size(), 5000u);
    EXPECT_GT(r.bounded, 4096);
    EvaluateOptions quiet;
    quiet.diagnostics = false;
    std::vector<double> steps;
    for (const Candidate& c : enumerateCandidates(base)) {
        Scenario s = base;
        applyCandidate(s, c);
        if (const Result result = evaluate(s, quiet); result.fits)
            steps.push_back(result.time.step);
    }
    ASSERT_EQ(int64_t(steps.size()), r.fits);
    std::sort(steps.begin(), steps.end());
    for (size_t i = 0; i < r.best.size(); ++i)
        ASSERT_DOUBLE_EQ(r.best[i].result.time.step, steps[i]) << "rank " << i;
}

TEST(Search, EveryEnumeratedCandidateAbidesByTheRules)
{
    const Scenario base = llama8bOnTwoNodes();
    for (const Candidate& c : enumerateCandidates(base)) {
        Scenario s = base;
        applyCandidate(s, c);
        EXPECT_TRUE(evaluate(s).valid) << "tp " << c.degrees.tp << " pp " << c.degrees.pp << " vpp " << c.degrees.vpp << " mb " << c.microBatch;
    }
}

TEST(Search, PinnedFieldsAreHeldFixed)
{
    const SearchResult r = searchConfigurations(llama8bOnTwoNodes(R"({ "tp": 2, "zero_stage": 3 })"), {});
    ASSERT_FALSE(r.best.empty());
    for (const SearchEntry& e : r.best) {
        EXPECT_EQ(e.result.parallel.degrees.tp, 2);
        EXPECT_EQ(e.result.parallel.zeroStage, 3);
    }
}

// A fine-grained MoE: the search walks EP, the expert tensor split and the dispatcher, every
// candidate valid, and a pinned etp and dispatcher stay as given.
TEST(Search, ExploresExpertParallelismTheExpertTensorSplitAndTheDispatcher)
{
    const std::string moe = R"({
      "model": { "preset": "qwen3-30b-a3b" }, "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 2 }, "parallel": { "pp": 1, "cp": 1, "recompute": "none", "zero_stage": 1 } })";
    const Scenario base = test::scenarioFromJson(moe);
    std::set<int64_t> eps, etps;
    std::set<MoeDispatcher> dispatchers;
    for (const Candidate& c : enumerateCandidates(base)) {
        eps.insert(c.degrees.ep);
        etps.insert(c.degrees.expertTp());
        dispatchers.insert(c.moeDispatcher);
        Scenario s = base;
        applyCandidate(s, c);
        EXPECT_TRUE(evaluate(s).valid) << "tp " << c.degrees.tp << " ep " << c.degrees.ep << " etp " << c.degrees.etp;
    }
    EXPECT_EQ(eps, (std::set<int64_t>{ 1, 2, 4, 8, 16 }));
    EXPECT_EQ(etps, (std::set<int64_t>{ 1, 2, 4, 8, 16 }));
    // allgather where the ETP x EP group fits in a node, flex where it spans the two.
    EXPECT_EQ(dispatchers, (std::set<MoeDispatcher>{ MoeDispatcher::AllToAll, MoeDispatcher::AllGather, MoeDispatcher::Flex }));

    Scenario pinned = test::scenarioFromJson(moe);
    pinned.parallel.degrees.etp = 1;
    pinned.pins.etp = true;
    pinned.parallel.moeDispatcher = MoeDispatcher::AllGather;
    pinned.pins.moeDispatcher = true;
    const SearchResult r = searchConfigurations(pinned, {});
    ASSERT_FALSE(r.best.empty());
    for (const SearchEntry& e : r.best) {
        EXPECT_EQ(e.result.parallel.degrees.expertTp(), 1);
        EXPECT_EQ(e.result.parallel.moeDispatcher, MoeDispatcher::AllGather);
    }
}

TEST(Search, ReportsNothingWhenNothingFits)
{
    Scenario s = test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-405b" },
      "training": { "seq_len": 8192, "global_batch": 8 },
      "cluster": { "preset": "workstation-4x-rtx4090" }
    })");
    const SearchResult r = searchConfigurations(s, {});
    EXPECT_GT(r.gridPoints, 0);
    EXPECT_EQ(r.fits, 0);
    EXPECT_EQ(r.simulated, 0);
    EXPECT_TRUE(r.best.empty());
}

TEST(Search, CountsEachStageApart)
{
    // Issue #10: grid points the integer rules reject are not "priced"; each stage has its count.
    const Scenario s = llama8bOnTwoNodes();
    const SearchResult r = searchConfigurations(s, {});
    EXPECT_GT(r.gridPoints, r.ruleAbiding); // the rules reject some points without pricing them
    EXPECT_EQ(r.ruleAbiding, int64_t(enumerateCandidates(s).size()));
    EXPECT_EQ(r.memoryPriced, r.ruleAbiding); // every rule-abiding point has its memory priced
    EXPECT_GE(r.memoryPriced, r.fits);
    EXPECT_GE(r.fits, r.bounded);
    EXPECT_GE(r.bounded, r.simulated);
    EXPECT_GE(r.simulated, int64_t(r.best.size())); // the winners were all simulated
    EXPECT_LT(r.bounded, r.fits);                   // the floor spared some of the full bounds
    EXPECT_LT(r.simulated, r.bounded);              // and the bound most of the simulations
}

// A hundred thousand layers give as many interleaving depths per split: billions of candidates,
// which the landscape must neither hold in memory nor wait for once it is cancelled.
TEST(Search, AHugeGridIsSampledEvenlyAndAWalkCancelled)
{
    Scenario s = test::llama8bOnDgxH100(1);
    s.model.layers = 4096;
    int64_t total = 0;
    const std::vector<Candidate> all = enumerateCandidates(s, nullptr, SIZE_MAX, &total);
    ASSERT_GT(all.size(), 1000u);
    EXPECT_EQ(int64_t(all.size()), total);

    const std::vector<Candidate> sample = enumerateCandidates(s, nullptr, 100, &total);
    EXPECT_EQ(sample.size(), 100u);
    EXPECT_EQ(int64_t(all.size()), total);
    // An even spread in the grid's order: the first kept ends the first hundredth, the last
    // is the last.
    const auto at = [&](const Candidate& c) {
        return std::find_if(all.begin(), all.end(), [&](const Candidate& a) {
                   return a.degrees == c.degrees && a.microBatch == c.microBatch && a.zeroStage == c.zeroStage
                       && a.recompute == c.recompute && a.sequenceParallel == c.sequenceParallel;
               }) - all.begin();
    };
    EXPECT_LE(at(sample.front()), std::ptrdiff_t(all.size() / 100));
    EXPECT_EQ(at(sample.back()), std::ptrdiff_t(all.size() - 1));

    const std::atomic<bool> cancelled{ true };
    EXPECT_TRUE(enumerateCandidates(s, &cancelled).empty());
}

// Issue #14: a schedule is part of a configuration. The search tries, for each pipeline, the
// schedules its chunks allow besides the one vpp implies (GPipe never: 1F1B's bubble, all the
// micro-batches held); a pinned schedule is the only one it tries.
TEST(Search, ExploresTheSchedulesEachPipelineCanRun)
{
    Scenario s = test::llama8bOnDgxH100(2);
    s.parallel.degrees.pp = 4;
    s.pins.pp = true;
    std::set<std::optional<PipelineSchedule>> seen;
    for (const Candidate& c : enumerateCandidates(s)) {
        seen.insert(c.schedule);
        if (c.schedule == PipelineSchedule::ZbV || c.schedule == PipelineSchedule::DualPipeV) {
            EXPECT_EQ(c.degrees.vpp, 2);
        }
        if (c.schedule == PipelineSchedule::ZbH1 || c.schedule == PipelineSchedule::DualPipe) {
            EXPECT_EQ(c.degrees.vpp, 1);
        }
    }
    const std::set<std::optional<PipelineSchedule>> expected{ std::nullopt,           PipelineSchedule::ZbH1,
                                                              PipelineSchedule::ZbH2, PipelineSchedule::ZbV,
                                                              PipelineSchedule::DualPipe, PipelineSchedule::DualPipeV };
    EXPECT_EQ(seen, expected);

    s.parallel.schedule = PipelineSchedule::ZbH1;
    s.pins.schedule = true;
    for (const Candidate& c : enumerateCandidates(s))
        EXPECT_EQ(c.schedule, PipelineSchedule::ZbH1);
    SearchOptions options;
    options.topK = 3;
    const SearchResult found = searchConfigurations(s, options);
    ASSERT_FALSE(found.best.empty());
    for (const SearchEntry& e : found.best)
        EXPECT_EQ(e.result.schedule, PipelineSchedule::ZbH1);
}
