// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/advisor.h"
#include "core/io/advice_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/model/memory_model.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

std::string adviceFile(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/advice/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

Scenario adviceScenario(const std::string& name) { return test::scenarioFromJson(adviceFile(name)); }

const Finding* findingOf(const Advice& advice, const std::string& code)
{
    for (const Finding& f : advice.findings)
        if (f.code == code)
            return &f;
    return nullptr;
}

std::string codesOf(const Advice& advice)
{
    std::string codes;
    for (const Finding& f : advice.findings)
        codes += f.code + " (" + f.change.text + ") ";
    return codes;
}

EvaluateOptions detailed()
{
    EvaluateOptions options;
    options.diagnostics = true;
    return options;
}

} // namespace

// Seed 000 §3.2: TP pairs [0,2] and [1,3] instead of [0,1] and [2,3] cross their PCIe switches and
// share the switch's uplink; the fix is the swap back, and its gain is what the swap back gains.
TEST(Advisor, FindsTheSharedUplinkOfSwappedRanksAndSwapsThemBack)
{
    const Scenario swapped = adviceScenario("seed_pcie_swapped_ranks.json");
    const Advice advice = advise(swapped, {});
    const Finding* f = findingOf(advice, "tp_group_on_shared_link");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    EXPECT_NE(f->evidence.text.find("pcie0 – cpu0"), std::string::npos) << f->evidence.text;
    EXPECT_FALSE(f->changed.parallel.placement.table) << f->change.text; // the swap back: ranks on GPUs in order
    EXPECT_EQ(f->changed.parallel.degrees, swapped.parallel.degrees);
    Scenario inOrder = swapped;
    inOrder.parallel.placement.table.reset();
    const Result before = evaluate(swapped, detailed());
    const Result after = evaluate(inOrder, detailed());
    EXPECT_DOUBLE_EQ(f->stepBefore, before.time.step);
    EXPECT_DOUBLE_EQ(f->stepAfter, after.time.step);
    EXPECT_DOUBLE_EQ(f->gainS, before.time.step - after.time.step);
    EXPECT_GT(f->gainS, 0.05 * before.time.step); // the TP traffic at twice the bandwidth
    EXPECT_EQ(f->view, FindingView::Topology);
    EXPECT_EQ(f->focus.group, CommGroup::Tp);
}

// Seed 000 §2.1: pp 8 with 16 micro-batches idles about a third of the step; fewer stages and more
// micro-batches bring it down.
TEST(Advisor, FindsTheSeedsBubbleAndABetterPipelineAndMicroBatch)
{
    const Scenario s = adviceScenario("seed000_pp8_m16.json");
    const Advice advice = advise(s, {});
    const Finding* f = findingOf(advice, "bubble_high");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    const Result before = evaluate(s, detailed());
    const Result after = evaluate(f->changed, detailed());
    EXPECT_GT(before.bubbleFraction, 0.25);
    EXPECT_GE(after.parallel.degrees.pp, 2) << f->change.text; // still a pipeline
    EXPECT_LT(after.parallel.degrees.pp * 1.0 / after.microBatches, 8.0 / 16) << f->change.text; // fewer stages per micro-batch
    EXPECT_LT(after.time.bubble / after.time.step, before.time.bubble / before.time.step / 2) << f->change.text;
    EXPECT_TRUE(after.fits);
    EXPECT_DOUBLE_EQ(f->gainS, before.time.step - after.time.step);
    EXPECT_EQ(f->severity, FindingSeverity::High);
    EXPECT_EQ(f->view, FindingView::Bubble);
    EXPECT_NE(f->evidence.text.find("30.4 %"), std::string::npos) << f->evidence.text; // the textbook figure of the seed
}

// Every finding's gain is its change re-evaluated, whatever the finding: on the seeds' cases, the
// default scenario and a deliberately poor one.
TEST(Advisor, EveryGainIsTheChangedScenarioReEvaluated)
{
    Scenario poor = test::llama70bOnDgxH100();
    poor.parallel.degrees = ParallelDegrees{ .tp = 16, .dp = 0, .pp = 2 }; // TP across nodes, KV heads replicated
    poor.parallel.overlapGradReduce = false;
    const Scenario scenarios[] = { adviceScenario("seed_pcie_swapped_ranks.json"), adviceScenario("seed000_pp8_m16.json"),
                                   test::llama70bOnDgxH100(), poor };
    size_t checked = 0;
    for (const Scenario& s : scenarios) {
        const Advice advice = advise(s, {});
        EXPECT_DOUBLE_EQ(advice.stepS, evaluate(s, detailed()).time.step);
        for (const Finding& f : advice.findings) {
            const Result after = evaluate(f.changed, detailed());
            ASSERT_TRUE(after.valid) << f.code;
            EXPECT_DOUBLE_EQ(f.stepAfter, after.time.step) << f.code;
            EXPECT_DOUBLE_EQ(f.gainS, advice.stepS - after.time.step) << f.code;
            EXPECT_DOUBLE_EQ(f.peakMemoryAfter, after.memory.total()) << f.code;
            EXPECT_FALSE(f.evidence.text.empty());
            EXPECT_FALSE(f.change.text.empty());
            EXPECT_EQ(f.evidence.text.find('%' + std::string("1")), std::string::npos) << f.evidence.text;
            ++checked;
        }
        for (size_t i = 1; i < advice.findings.size(); ++i)
            EXPECT_FALSE(advice.findings[i].changed == advice.findings[i - 1].changed);
    }
    EXPECT_GE(checked, 4u);
}

TEST(Advisor, NamesTpAcrossNodesAndReplicatedKvHeads)
{
    Scenario s = test::llama70bOnDgxH100(); // 8 KV heads
    s.parallel.degrees = ParallelDegrees{ .tp = 16, .dp = 0, .pp = 2 };
    s.parallel.degrees.vpp = 1;
    s.parallel.schedule.reset();
    const Advice advice = advise(s, {});
    const Finding* crossing = findingOf(advice, "tp_group_crosses_nodes");
    const Finding* kv = findingOf(advice, "kv_heads_replicated");
    ASSERT_TRUE(crossing || kv) << codesOf(advice); // both propose tp 8; the first keeps the change
    const Finding* f = crossing ? crossing : kv;
    EXPECT_LE(evaluate(f->changed, detailed()).parallel.degrees.tp, 8) << f->change.text;
    EXPECT_GT(f->gainS, 0);
}

TEST(Advisor, AsksForOverlapThatIsOff)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.overlapGradReduce = false;
    s.parallel.overlapParamGather = false;
    s.cluster.nodes *= 4; // more data parallelism, more to hide
    const Advice advice = advise(s, {});
    const Finding* f = findingOf(advice, "exposed_communication");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    EXPECT_TRUE(f->changed.parallel.overlapGradReduce || f->changed.parallel.overlapParamGather);
    EXPECT_NE(f->evidence.text.find("overlap_grad_reduce"), std::string::npos) << f->evidence.text;
}

TEST(Advisor, WarnsAboveTheSafeMarginAndPaysForRoom)
{
    Scenario s = adviceScenario("seed000_pp8_m16.json");
    s.parallel.recompute = Recompute::None;
    s.pins.recompute = true;
    s.training.microBatch = 8;
    const Result r = evaluate(s, detailed());
    ASSERT_GT(r.memory.total(), kSafeMemoryFraction * r.capacityBytes);
    const Advice advice = advise(s, {});
    const Finding* f = findingOf(advice, r.fits ? "memory_above_safe_margin" : "out_of_memory");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    EXPECT_EQ(f->severity, FindingSeverity::High);
    EXPECT_LE(f->peakMemoryAfter, kSafeMemoryFraction * r.capacityBytes);
    EXPECT_EQ(advice.findings.front().code, f->code) << codesOf(advice);
}

TEST(Advisor, SaysWhatAGlobalBatchGrownWithDataParallelismAsksOfTheOptimiser)
{
    const Scenario before = test::llama70bOnDgxH100();
    Scenario after = before;
    after.cluster.nodes *= 2;
    after.training.globalBatch *= 2; // the batch grew with dp
    const Advice advice = advise(after, {}, before);
    const Finding* f = findingOf(advice, "global_batch_changed");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    EXPECT_NE(f->evidence.text.find("1.41"), std::string::npos) << f->evidence.text; // √2
    EXPECT_NE(f->evidence.text.find("50.0 %"), std::string::npos) << f->evidence.text; // half the warm-up steps
    EXPECT_EQ(f->changed.training.globalBatch, before.training.globalBatch);
    EXPECT_EQ(findingOf(advise(after, {}), "global_batch_changed"), nullptr); // no baseline, nothing to compare
}

TEST(Advisor, AnInvalidScenarioHasNoFindings)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.tp = 3;
    EXPECT_TRUE(advise(s, {}).findings.empty());
}

// The contract's patch: applied to the scenario as written, it reads back as the changed scenario.
TEST(AdviceJson, EachChangeIsAMergePatchThatReadsBackAsTheChangedScenario)
{
    for (const char* file : { "seed_pcie_swapped_ranks.json", "seed000_pp8_m16.json" }) {
        const nlohmann::json original = nlohmann::json::parse(adviceFile(file));
        const Scenario s = io::readScenario(original, io::builtinCatalog());
        const Advice advice = advise(s, {});
        const nlohmann::json document = io::toJson(advice, s);
        ASSERT_EQ(document["findings"].size(), advice.findings.size());
        for (size_t i = 0; i < advice.findings.size(); ++i) {
            const nlohmann::json& f = document["findings"][i];
            for (const char* key : { "code", "severity", "evidence", "change", "step_s_after", "gain_s" })
                EXPECT_TRUE(f.contains(key)) << key;
            nlohmann::json patched = original;
            patched.merge_patch(f["change"]);
            const Result r = evaluate(io::readScenario(patched, io::builtinCatalog()), detailed());
            EXPECT_DOUBLE_EQ(r.time.step, f["step_s_after"].get<double>()) << f["code"] << ": " << f["change"].dump();
            EXPECT_DOUBLE_EQ(f["gain_s"].get<double>(), advice.stepS - r.time.step);
        }
    }
}

// A 128k vocabulary makes the last stage's logits a layer's worth of work or more: lighter end
// stages let the others stop waiting for it.
TEST(Advisor, BalancesEndStagesThatCarryTheEmbeddingAndTheLogits)
{
    Scenario s = test::llama8bOnDgxH100(1); // 128,256-token vocabulary
    s.parallel.degrees = ParallelDegrees{ .tp = 1, .dp = 0, .pp = 4 };
    s.parallel.recompute = Recompute::Full;
    s.parallel.schedule.reset();
    const Advice advice = advise(s, {});
    const Finding* f = findingOf(advice, "uneven_stages");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    EXPECT_TRUE(!f->changed.parallel.layersPerStage.empty() || f->changed.parallel.lossAsLayer) << f->change.text;
    EXPECT_EQ(f->view, FindingView::Timeline);
    ASSERT_TRUE(f->focus.stage);
    EXPECT_TRUE(*f->focus.stage == 0 || *f->focus.stage == 3) << *f->focus.stage; // an end stage is the busiest
    EXPECT_GT(f->gainS, 0);
}

TEST(Advisor, SpendsUnusedMemoryOnLessRecomputation)
{
    Scenario s = test::llama8bOnDgxH100(1);
    s.parallel.degrees = ParallelDegrees{ .tp = 2, .dp = 0, .pp = 1 };
    s.parallel.recompute = Recompute::Full;
    s.pins.recompute = true;
    const Result r = evaluate(s, detailed());
    ASSERT_LT(r.memory.total(), 0.6 * r.capacityBytes);
    const Advice advice = advise(s, {});
    const Finding* f = findingOf(advice, "memory_unused");
    ASSERT_NE(f, nullptr) << codesOf(advice);
    const Result after = evaluate(f->changed, detailed());
    EXPECT_TRUE(after.recomputeChosen != Recompute::Full || f->changed.training.microBatch > s.training.microBatch)
        << f->change.text;
    EXPECT_LE(after.memory.total(), kSafeMemoryFraction * after.capacityBytes);
}
