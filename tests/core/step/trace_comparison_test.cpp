// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A measured trace held against the prediction (core/step/trace_comparison.h) and what the model
// predicts a profiler would see (core/step/component_prediction.h): on traces made from the
// prediction itself, where nothing may stand out until one part of one stage is slowed, and on the
// traces paraplan-probe recorded (tests/data/traces), where stage 3's deliberately slow norms must
// be what the comparison says.
#include "core/io/input_file.h"
#include "core/io/kineto_trace.h"
#include "core/step/component_prediction.h"
#include "core/step/evaluator.h"
#include "core/step/measured_trace.h"
#include "core/step/trace_comparison.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace paraplan;

namespace {

const std::string kTraces = PARAPLAN_TEST_DATA_DIR "/traces/";

Scenario traceScenario()
{
    std::string error;
    const std::optional<std::string> text = io::readInputFile(kTraces + "tiny_pp4.json", error);
    if (!text)
        throw std::runtime_error(error);
    return test::scenarioFromJson(*text);
}

// A 4-stage Llama-like pipeline with TP and sequence parallelism, for the prediction's arithmetic.
Scenario llamaPipeline()
{
    return test::scenarioFromJson(R"({
      "model": { "preset": "llama3.1-8b" },
      "training": { "seq_len": 4096, "global_batch": 64 },
      "cluster": { "preset": "dgx-h100", "nodes": 4 },
      "parallel": { "tp": 2, "pp": 4, "sequence_parallel": true, "zero_stage": 1 }
    })");
}

const char* kernelNameOf(KernelClass kind)
{
    switch (kind) {
    case KernelClass::Gemm:
        return "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64";
    case KernelClass::Attention:
        return "flash_fwd_kernel";
    case KernelClass::Norm:
        return "rmsnorm_fwd_tuned_kernel";
    case KernelClass::Elementwise:
        return "vectorized_elementwise_kernel";
    case KernelClass::Optimizer:
        return "multi_tensor_apply_kernel";
    case KernelClass::AllReduce:
        return "ncclDevKernel_AllReduce_Sum_bf16_RING_LL";
    case KernelClass::AllGather:
        return "ncclDevKernel_AllGather_RING_LL";
    case KernelClass::ReduceScatter:
        return "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL";
    case KernelClass::AllToAll:
        return "ncclDevKernel_AllToAll";
    case KernelClass::SendRecv:
        return "ncclDevKernel_SendRecv";
    default:
        return "some_kernel";
    }
}

// One rank per stage whose kernels take exactly what the model predicts, `scale` times over for
// `slowKind` on `slowStage`: each class as 10 kernels of a tenth each, one after the other, the
// step as long as predicted.
std::vector<MeasuredRank> ranksFromPrediction(const Scenario& s, const Result& r, int64_t slowStage = -1,
                                              KernelClass slowKind = KernelClass::Norm, double scale = 1)
{
    const std::vector<PredictedStage> predicted = predictKernelClasses(s, r, EvaluateOptions{});
    std::vector<MeasuredRank> ranks;
    for (size_t stage = 0; stage < predicted.size(); ++stage) {
        MeasuredRank rank;
        rank.source = "stage" + std::to_string(stage);
        rank.rank = int64_t(stage) * r.parallel.degrees.tp * r.parallel.degrees.dp; // Megatron's order: pp outermost
        double t = 0;
        for (const KernelClass kind : kAllKernelClasses) {
            const double seconds = predicted[stage].of(kind) * (int64_t(stage) == slowStage && kind == slowKind ? scale : 1.0);
            for (int i = 0; i < 10 && seconds > 0; ++i) {
                rank.kernels.push_back({ kernelNameOf(kind), kind, t, seconds / 10, 7, {} });
                t += seconds / 10;
            }
        }
        rank.steps.push_back({ 0, std::max(t + predicted[stage].idle, r.time.step) });
        ranks.push_back(std::move(rank));
    }
    return ranks;
}

bool mentions(const TraceFinding& f, const std::string& text) { return f.message.find(text) != std::string::npos; }

} // namespace

TEST(ComponentPrediction, AStagesKernelsAndIdleTimeMakeUpItsStep)
{
    for (const Scenario& s : { traceScenario(), llamaPipeline() }) {
        const Result r = evaluate(s);
        ASSERT_TRUE(r.valid);
        const std::vector<PredictedStage> stages = predictKernelClasses(s, r, EvaluateOptions{});
        ASSERT_EQ(stages.size(), size_t(r.parallel.degrees.pp));
        for (size_t i = 0; i < stages.size(); ++i) {
            const PredictedStage& p = stages[i];
            const StageReport& report = r.stages[i];
            // Every kernel's time and the idle time add up to the step, but for what ran hidden
            // under compute (counted in both) and the DP tail's hidden part.
            double sum = p.idle;
            for (const KernelClass kind : kAllKernelClasses) {
                EXPECT_GE(p.of(kind), 0) << toString(kind);
                sum += p.of(kind);
            }
            EXPECT_GE(sum, r.time.step * 0.999) << "stage " << i;
            EXPECT_GT(p.of(KernelClass::Gemm), 0);
            EXPECT_GT(p.of(KernelClass::Attention), 0);
            EXPECT_GT(p.of(KernelClass::Norm), 0);
            EXPECT_GT(p.of(KernelClass::Elementwise), 0);
            EXPECT_GT(p.of(KernelClass::Optimizer), 0);
            // The pipeline's waiting shows in its receives.
            EXPECT_GE(p.of(KernelClass::SendRecv), report.idle + report.send - 1e-12);
            EXPECT_EQ(p.of(KernelClass::AllToAll), 0); // dense models move no tokens
        }
    }
}

TEST(ComponentPrediction, SequenceParallelTpIsGathersAndScattersWithoutItAllReduces)
{
    Scenario s = llamaPipeline();
    Result r = evaluate(s);
    std::vector<PredictedStage> p = predictKernelClasses(s, r, EvaluateOptions{});
    const double gathers = p[1].of(KernelClass::AllGather);
    EXPECT_GT(gathers, 0);
    EXPECT_GT(p[1].of(KernelClass::ReduceScatter), 0);
    EXPECT_EQ(p[1].of(KernelClass::AllReduce), 0); // ZeRO-1's DP tail reduce-scatters and gathers too
    s.parallel.sequenceParallel = false;
    r = evaluate(s);
    p = predictKernelClasses(s, r, EvaluateOptions{});
    EXPECT_GT(p[1].of(KernelClass::AllReduce), 0);
    EXPECT_LT(p[1].of(KernelClass::AllGather), gathers); // the DP tail's alone
}

TEST(TraceComparison, RanksLandOnTheirStagesAsThePlacementSays)
{
    const Scenario s = llamaPipeline(); // tp 2, pp 4, dp 4 on 32 GPUs
    const Result r = evaluate(s);
    const ParallelDegrees& d = r.parallel.degrees;
    EXPECT_EQ(stageOfRank(s, d, 0), 0);
    EXPECT_EQ(stageOfRank(s, d, 7), 0);  // tp·dp = 8 ranks per stage
    EXPECT_EQ(stageOfRank(s, d, 8), 1);
    EXPECT_EQ(stageOfRank(s, d, 31), 3);
}

TEST(TraceComparison, ATraceThatRunsAsPredictedStandsOutNowhere)
{
    const Scenario s = llamaPipeline();
    const Result r = evaluate(s);
    const std::vector<MeasuredRank> ranks = ranksFromPrediction(s, r);
    const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, ranks);
    ASSERT_EQ(c.stages.size(), 4u);
    EXPECT_NEAR(c.pace, 1, 0.05);
    ASSERT_EQ(c.findings.size(), 1u) << c.findings.back().message;
    EXPECT_EQ(c.findings.front().kind, TraceFindingKind::Pace);
    EXPECT_TRUE(mentions(c.findings.front(), "1.0× the prediction")) << c.findings.front().message;
    for (const StageComparison& stage : c.stages) {
        ASSERT_EQ(stage.ranks.size(), 1u);
        EXPECT_NEAR(stage.measured.of(KernelClass::Gemm), stage.predicted.of(KernelClass::Gemm),
                    1e-9 + 1e-6 * stage.predicted.of(KernelClass::Gemm));
    }
    EXPECT_TRUE(c.notes.empty()) << c.notes.front();
}

TEST(TraceComparison, OneStagesSlowNormsAreWhatItSays)
{
    const Scenario s = llamaPipeline();
    const Result r = evaluate(s);
    const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, ranksFromPrediction(s, r, 2, KernelClass::Norm, 2.3));
    ASSERT_GE(c.findings.size(), 2u);
    const TraceFinding& f = c.findings[1];
    EXPECT_EQ(f.kind, TraceFindingKind::StageOutlier);
    EXPECT_EQ(f.stage, 2);
    EXPECT_EQ(f.component, KernelClass::Norm);
    EXPECT_NEAR(f.versusOtherStages, 2.3, 1e-6);
    EXPECT_NEAR(f.versusPrediction, 2.3 / c.pace, 1e-6);
    EXPECT_TRUE(mentions(f, "Stage 2: norms (LayerNorm/RMSNorm) take 2.3× longer than on the other stages")) << f.message;
    EXPECT_STREQ(f.messageTemplate, "Stage %1: %2 take %3× longer than on the other stages (%4 a step, where the other "
                                    "stages' pace gives %5), %6× the prediction at the trace's pace.");
    for (size_t i = 2; i < c.findings.size(); ++i) // nothing else on that stage or elsewhere stands out
        EXPECT_NE(c.findings[i].kind, TraceFindingKind::StageOutlier) << c.findings[i].message;
}

TEST(TraceComparison, APartSlowOnEveryStageIsSystematicNotAnOutlier)
{
    const Scenario s = llamaPipeline();
    const Result r = evaluate(s);
    std::vector<MeasuredRank> ranks = ranksFromPrediction(s, r);
    for (MeasuredRank& rank : ranks)
        for (MeasuredKernel& k : rank.kernels)
            if (k.kind == KernelClass::Gemm)
                k.seconds *= 2;
    const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, ranks);
    bool systematic = false;
    for (const TraceFinding& f : c.findings) {
        EXPECT_NE(f.kind, TraceFindingKind::StageOutlier) << f.message;
        systematic = systematic || (f.kind == TraceFindingKind::Systematic && f.component == KernelClass::Gemm);
    }
    EXPECT_TRUE(systematic);
}

TEST(TraceComparison, KernelsTheModelHasNoPartForAreCalledOut)
{
    const Scenario s = llamaPipeline();
    const Result r = evaluate(s);
    std::vector<MeasuredRank> ranks = ranksFromPrediction(s, r);
    for (MeasuredRank& rank : ranks) // a tenth of the step in host-to-device copies
        rank.kernels.push_back({ "Memcpy HtoD (Pageable -> Device)", KernelClass::Memcpy, 0, 0.1 * r.time.step, 7, {} });
    const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, ranks);
    bool said = false;
    for (const TraceFinding& f : c.findings)
        if (f.kind == TraceFindingKind::Unmodelled && f.component == KernelClass::Memcpy)
            said = mentions(f, "Memcpy HtoD") && mentions(f, "copies");
    EXPECT_TRUE(said);
}

TEST(TraceComparison, MissingStagesUnnumberedRanksAndStrangersAreNoted)
{
    const Scenario s = llamaPipeline();
    const Result r = evaluate(s);
    std::vector<MeasuredRank> ranks = ranksFromPrediction(s, r);
    ranks.resize(2);
    ranks[1].rank.reset();  // taken as rank 1, its place: stage 0
    ranks[0].rank = 99;     // beyond 32 GPUs
    ranks[0].worldSize = 64;
    const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, ranks);
    std::string notes;
    for (const std::string& n : c.notes)
        notes += n + "\n";
    EXPECT_NE(notes.find("taken as rank 1"), std::string::npos) << notes;
    EXPECT_NE(notes.find("rank 99 is beyond"), std::string::npos) << notes;
    EXPECT_NE(notes.find("64 ranks"), std::string::npos) << notes;
    EXPECT_NE(notes.find("no trace of stage 1, 2, 3"), std::string::npos) << notes;
    EXPECT_EQ(c.stages[0].ranks.size(), 1u);
    // One traced stage: nothing to hold it against but the prediction.
    for (const TraceFinding& f : c.findings)
        EXPECT_NE(f.kind, TraceFindingKind::StageOutlier);
}

TEST(TraceComparison, NoTracesCompareNothing)
{
    const Scenario s = llamaPipeline();
    const Result r = evaluate(s);
    const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, {});
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.stages.size(), 4u);
    EXPECT_GT(c.stages[0].predicted.of(KernelClass::Gemm), 0);
}

// The probe's traces of tests/data/traces: the host backend ran the step on CPUs, a pace far from
// the H100s the model prices; the stages still compare with each other.
TEST(TraceComparison, TheProbesTraceWithSlowNormsOnStage3SaysSo)
{
    const Scenario s = traceScenario();
    const Result r = evaluate(s);
    ASSERT_TRUE(r.valid);
    for (const char* folder : { "pp4", "pp4_slow_norms" }) {
        std::vector<MeasuredRank> ranks;
        for (int rank = 0; rank < 4; ++rank) {
            std::string error;
            const std::string path = kTraces + folder + "/rank" + std::to_string(rank) + ".pt.trace.json";
            ranks.push_back(io::readKinetoTrace(io::readInputFile(path, error).value_or("")));
            ranks.back().source = path;
        }
        const TraceComparison c = compareTrace(s, r, EvaluateOptions{}, ranks);
        ASSERT_FALSE(c.findings.empty());
        EXPECT_EQ(c.findings.front().kind, TraceFindingKind::Pace);
        EXPECT_GT(c.pace, 2) << "CPUs against H100s";
        std::vector<const TraceFinding*> outliers;
        for (const TraceFinding& f : c.findings)
            if (f.kind == TraceFindingKind::StageOutlier)
                outliers.push_back(&f);
        if (std::string(folder) == "pp4") {
            EXPECT_TRUE(outliers.empty()) << outliers.front()->message;
            continue;
        }
        ASSERT_EQ(outliers.size(), 1u) << outliers.back()->message;
        EXPECT_EQ(outliers.front()->stage, 3);
        EXPECT_EQ(outliers.front()->component, KernelClass::Norm);
        EXPECT_GT(outliers.front()->versusOtherStages, kTraceOutlierRatio);
        EXPECT_TRUE(mentions(*outliers.front(), "Stage 3: norms (LayerNorm/RMSNorm) take ")) << outliers.front()->message;
        EXPECT_EQ(&c.findings[1], outliers.front()) << "the stage's story comes right after the pace";
    }
}

TEST(MeasuredTrace, IdleIsTheStepLessTheUnionOfItsKernels)
{
    MeasuredRank r;
    r.kernels = { { "a", KernelClass::Gemm, 1.0, 2.0, 7, {} },            // 1-3
                  { "b", KernelClass::AllReduce, 2.0, 2.0, 20, {} },      // 2-4, overlapping on another stream
                  { "c", KernelClass::Norm, 6.0, 1.0, 7, {} } };          // 6-7
    r.steps = { { 0.5, 10.5 } };
    placeOnStepAxis(r);
    EXPECT_NEAR(r.origin, 0.5, 1e-12);
    EXPECT_NEAR(r.kernels.front().start, 0.5, 1e-12);
    const MeasuredSeconds m = measuredSecondsPerStep(r);
    EXPECT_NEAR(m.window, 10, 1e-12);
    EXPECT_NEAR(m.of(KernelClass::Gemm), 2, 1e-12);
    EXPECT_NEAR(m.of(KernelClass::AllReduce), 2, 1e-12);
    EXPECT_NEAR(m.idle, 10 - 4, 1e-12); // busy 1-4 and 6-7
}

TEST(MeasuredTrace, TypicalTimeIgnoresAKernelHeldUpOnce)
{
    MeasuredRank r;
    for (int i = 0; i < 9; ++i)
        r.kernels.push_back({ "norm", KernelClass::Norm, double(i), 0.1, 7, {} });
    r.kernels.push_back({ "norm", KernelClass::Norm, 9.0, 5.0, 7, {} }); // preempted once
    placeOnStepAxis(r);
    const MeasuredSeconds m = measuredSecondsPerStep(r);
    EXPECT_NEAR(m.of(KernelClass::Norm), 0.9 + 5.0, 1e-12);
    EXPECT_NEAR(m.typicalOf(KernelClass::Norm), 1.0, 1e-12);
}

TEST(MeasuredTrace, KernelsBeforeTheFirstStepAreLeftOutAndTheLastStepHoldsItsKernels)
{
    MeasuredRank r;
    r.kernels = { { "early", KernelClass::Gemm, 0.0, 1.0, 7, {} }, { "late", KernelClass::Gemm, 4.0, 3.0, 7, {} } };
    r.steps = { { 2.0, 5.0 } };
    placeOnStepAxis(r);
    ASSERT_EQ(r.kernels.size(), 1u);
    EXPECT_EQ(r.kernels.front().name, "late");
    EXPECT_NEAR(r.steps.front().end, 5.0, 1e-12); // 7 - 2: the GPU finished the step's work after the host's mark
    ASSERT_EQ(r.notes.size(), 1u);
}
