// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/symptoms.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

const SymptomCause* causeOf(const SymptomDiagnosis& d, const std::string& code)
{
    for (const SymptomCause& c : d.causes)
        if (c.code == code)
            return &c;
    return nullptr;
}

} // namespace

TEST(Symptoms, EveryCodeParsesBackAndHasATitle)
{
    for (const char* code : kSymptomCodes) {
        const std::optional<Symptom> symptom = parseSymptom(code);
        ASSERT_TRUE(symptom) << code;
        EXPECT_STREQ(toString(*symptom), code);
        EXPECT_GT(std::string(symptomTitle(*symptom)).size(), 10u);
    }
    EXPECT_FALSE(parseSymptom("slow"));
}

TEST(Symptoms, EverySymptomListsWeighedCausesFirstEachWithAFixAndChecks)
{
    for (const char* code : kSymptomCodes) {
        const SymptomDiagnosis d = diagnoseSymptom(*parseSymptom(code), test::llama70bOnDgxH100(), {});
        ASSERT_FALSE(d.causes.empty()) << code;
        bool unweighedSeen = false;
        double previous = 1;
        for (const SymptomCause& c : d.causes) {
            EXPECT_FALSE(c.why.text.empty()) << c.code;
            EXPECT_FALSE(c.fix.text.empty()) << c.code;
            EXPECT_FALSE(c.checks.empty()) << c.code;
            if (!c.weight) {
                unweighedSeen = true;
                continue;
            }
            EXPECT_FALSE(unweighedSeen) << code << ": a weighed cause after one the model does not see";
            EXPECT_GE(*c.weight, 0);
            EXPECT_LE(*c.weight, previous) << c.code;
            previous = *c.weight;
        }
    }
}

// The weights are the evaluation's own shares: a pipeline that idles a third of the step puts the
// bubble first among the causes of low utilisation.
TEST(Symptoms, LowUtilisationWeighsTheBubbleByItsShareOfTheStep)
{
    Scenario s = test::llama70bOnDgxH100();
    s.training.globalBatch = 16; // few micro-batches, not interleaved: a large bubble
    s.parallel.degrees.vpp = 1;
    s.parallel.schedule.reset();
    const Result r = evaluate(s, {});
    ASSERT_TRUE(r.valid);
    const SymptomDiagnosis d = diagnoseSymptom(Symptom::LowGpuUtilization, s, {});
    const SymptomCause* bubble = causeOf(d, "pipeline_bubble");
    ASSERT_NE(bubble, nullptr);
    EXPECT_NEAR(*bubble->weight, r.time.bubble / r.time.step, 1e-12);
    EXPECT_EQ(d.causes.front().code, "pipeline_bubble");
    EXPECT_FALSE(causeOf(d, "data_loading")->weight); // not in the model
}

TEST(Symptoms, AHangOnRoceNamesTheGidIndex)
{
    Scenario s = test::llama70bOnDgxH100();
    s.cluster.interNode.kind = LinkKind::RoCE;
    const SymptomDiagnosis d = diagnoseSymptom(Symptom::HangAtStep, s, {});
    EXPECT_EQ(d.causes.front().code, "nccl_network_settings");
    EXPECT_NE(d.causes.front().why.text.find("NCCL_IB_GID_INDEX"), std::string::npos);
}

TEST(Symptoms, LossSpikesNameTheBatchChangeWhenTheBaselineShowsIt)
{
    const Scenario before = test::llama70bOnDgxH100();
    Scenario after = before;
    after.cluster.nodes *= 2;
    after.training.globalBatch *= 2;
    const SymptomDiagnosis withBaseline = diagnoseSymptom(Symptom::LossSpikesAfterDpChange, after, {}, before);
    const SymptomCause* lr = causeOf(withBaseline, "learning_rate_not_scaled");
    ASSERT_NE(lr, nullptr);
    EXPECT_EQ(lr->weight, 1.0);
    EXPECT_NE(lr->why.text.find("2.0×"), std::string::npos) << lr->why.text;
    const SymptomDiagnosis withoutBaseline = diagnoseSymptom(Symptom::LossSpikesAfterDpChange, after, {});
    EXPECT_FALSE(causeOf(withoutBaseline, "learning_rate_not_scaled")->weight);
}

TEST(Symptoms, OneGpuHigherComparesTheFullestStageWithTheMedian)
{
    const Scenario s = test::llama70bOnDgxH100(); // pp 4: the first stage holds the most in flight
    const SymptomDiagnosis d = diagnoseSymptom(Symptom::OneGpuMemoryHigher, s, {});
    const SymptomCause* end = causeOf(d, "pipeline_end_stage");
    ASSERT_NE(end, nullptr);
    EXPECT_GT(*end->weight, 0);
    EXPECT_NE(end->why.text.find("Stage 0"), std::string::npos) << end->why.text;
}

TEST(Symptoms, AnInvalidScenarioHasNoCauses)
{
    Scenario s = test::llama70bOnDgxH100();
    s.parallel.degrees.tp = 3;
    EXPECT_TRUE(diagnoseSymptom(Symptom::HangAtStep, s, {}).causes.empty());
}
