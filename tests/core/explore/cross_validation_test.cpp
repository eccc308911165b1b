// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/explore/cross_validation.h"
#include "core/explore/statistics.h"
#include "core/io/cases_reader.h"
#include "core/io/input_file.h"
#include "core/spec/units.h"

#include <gtest/gtest.h>

using namespace paraplan;

namespace {

std::vector<ValidationCase> calibrationCases()
{
    std::string error;
    const std::optional<std::string> text
        = io::readInputFile(PARAPLAN_TEST_DATA_DIR "/validation/calibration_cases.json", error);
    EXPECT_TRUE(text) << error;
    return io::readValidationCases(*text, io::builtinCatalog());
}

CrossValidationOptions quick()
{
    CrossValidationOptions options;
    options.names = { "gemm_ceiling", "attention_efficiency" };
    options.maxEvaluations = 40;
    options.threads = 2;
    return options;
}

} // namespace

TEST(CaseGroups, TheIdsSourceUnlessTheFileNamesOne)
{
    EXPECT_EQ(defaultCaseGroup("vtrain-single-r0001"), "vtrain");
    EXPECT_EQ(defaultCaseGroup("sc21-t1-1.7B"), "sc21");
    EXPECT_EQ(defaultCaseGroup("solo"), "solo");
    const std::vector<ValidationCase> cases = io::readValidationCases(R"([
      { "id": "a-1", "scenario": { "model": { "preset": "llama3.1-8b" }, "training": { "seq_len": 4096, "global_batch": 64 },
        "cluster": { "preset": "dgx-h100" } }, "published": { "metric": "step_s", "value": 1 } },
      { "id": "a-2", "group": "other", "scenario": { "model": { "preset": "llama3.1-8b" },
        "training": { "seq_len": 4096, "global_batch": 64 }, "cluster": { "preset": "dgx-h100" } },
        "published": { "metric": "step_s", "value": 1 } } ])",
                                                                      io::builtinCatalog());
    EXPECT_EQ(cases[0].group, "a");
    EXPECT_EQ(cases[1].group, "other");
}

TEST(ErrorSummaries, CountMeanMedianP90AndMaxPerGroup)
{
    std::vector<ValidationCase> cases(5);
    const char* groups[] = { "x", "y", "x", "x", "y" };
    const double errors[] = { 0.1, 0.2, 0.3, 0.5, 0.4 };
    std::vector<CaseOutcome> outcomes(5);
    for (size_t i = 0; i < 5; ++i) {
        cases[i].group = groups[i];
        outcomes[i] = { &cases[i], true, 0, errors[i], {} };
    }
    outcomes.push_back({ &cases[0], false, 0, 0, {} }); // broke a rule: counted apart
    const ErrorSummary all = summarizeErrors(outcomes);
    EXPECT_EQ(all.count, 5);
    EXPECT_EQ(all.invalid, 1);
    EXPECT_DOUBLE_EQ(all.mape, 0.3);
    EXPECT_DOUBLE_EQ(all.medianApe, 0.3);
    EXPECT_DOUBLE_EQ(all.p90Ape, quantile({ 0.1, 0.2, 0.3, 0.4, 0.5 }, 0.9));
    EXPECT_DOUBLE_EQ(all.maxApe, 0.5);
    const std::vector<GroupErrors> byGroup = summarizeByGroup(outcomes);
    ASSERT_EQ(byGroup.size(), 2u);
    EXPECT_EQ(byGroup[0].group, "x"); // in order of first appearance
    EXPECT_DOUBLE_EQ(byGroup[0].errors.mape, 0.3);
    EXPECT_DOUBLE_EQ(byGroup[1].errors.mape, 0.3);
    EXPECT_EQ(byGroup[1].errors.count, 2);
}

TEST(CrossValidation, EachGroupIsPredictedByConstantsFittedWithoutIt)
{
    const std::vector<ValidationCase> cases = calibrationCases();
    const CrossValidationOptions options = quick();
    const CrossValidation cv = crossValidate(cases, options);
    ASSERT_EQ(cv.folds.size(), 3u);
    ASSERT_EQ(cv.outcomes.size(), cases.size());
    for (const CrossValidationFold& fold : cv.folds) {
        std::vector<ValidationCase> others, left;
        for (const ValidationCase& c : cases)
            (c.group == fold.group ? left : others).push_back(c);
        const FitResult fit = fitEfficiency(others, options.start, options.names, options.maxEvaluations, FitWeighting::EachGroup);
        EXPECT_DOUBLE_EQ(fold.params.gemmCeiling, fit.params.gemmCeiling) << fold.group;
        EXPECT_DOUBLE_EQ(fold.params.attentionEfficiency, fit.params.attentionEfficiency) << fold.group;
        const std::vector<CaseOutcome> predicted = predictCases(left, fold.params);
        size_t k = 0;
        for (size_t i = 0; i < cases.size(); ++i)
            if (cases[i].group == fold.group) {
                EXPECT_EQ(cv.outcomes[i].validationCase, &cases[i]);
                EXPECT_DOUBLE_EQ(cv.outcomes[i].predicted, predicted[k++].predicted) << cases[i].id;
            }
    }
}

TEST(CrossValidation, AGroupThatDisagreesWithTheOthersShowsUp)
{
    // A fourth "source" reporting every SC21 run twice as slow. Fitted on the other three, whose
    // runs agree with each other, its runs are predicted at about half their time: leaving a
    // source out exposes what an in-sample fit, which sees it, would absorb into the constants.
    std::vector<ValidationCase> cases = calibrationCases();
    for (const ValidationCase& c : calibrationCases())
        if (c.group == "sc21") {
            ValidationCase slow = c;
            slow.id = "slow-" + c.id;
            slow.group = "slow";
            slow.published = c.metric == PublishedMetric::StepSeconds ? 2 * c.published : c.published / 2;
            cases.push_back(slow);
        }
    const CrossValidation cv = crossValidate(cases, quick());
    const std::vector<GroupErrors> groups = summarizeByGroup(cv.outcomes);
    ASSERT_EQ(groups.back().group, "slow");
    EXPECT_GT(groups.back().errors.mape, 0.35);
    EXPECT_LT(groups.front().errors.mape, groups.back().errors.mape); // SC21 itself
}

TEST(Quantiles, InterpolateBetweenTheClosestRanks)
{
    EXPECT_DOUBLE_EQ(quantile({ 1, 2, 3, 4 }, 0.5), 2.5);
    EXPECT_DOUBLE_EQ(quantile({ 1, 2, 3, 4, 5 }, 0.9), 4.6);
    EXPECT_DOUBLE_EQ(quantile({ 5, 1, 3 }, 0), 1);
    EXPECT_DOUBLE_EQ(quantile({ 5, 1, 3 }, 1), 5);
    EXPECT_DOUBLE_EQ(quantile({}, 0.5), 0);
}

TEST(MemoryCases, ComparePytorchsReservedPeakAndStayOutOfTheFits)
{
    ValidationCase memory;
    memory.id = "mem-70b";
    memory.group = "mem";
    memory.scenario = test::llama70bOnDgxH100();
    memory.metric = PublishedMetric::PeakMemoryGib;
    memory.published = 60;
    const std::vector<CaseOutcome> outcome = predictCases({ memory }, EfficiencyParams{});
    ASSERT_TRUE(outcome[0].evaluated);
    EXPECT_DOUBLE_EQ(outcome[0].predicted, bytesToGib(outcome[0].result.memory.allocatorReserved()));
    EXPECT_LT(outcome[0].predicted, bytesToGib(outcome[0].result.memory.total()));

    // A fit on memory cases alone has nothing to fit: the constants stay where they started.
    const FitResult fit = fitEfficiency({ memory }, EfficiencyParams{}, { "gemm_ceiling" }, 30);
    EXPECT_DOUBLE_EQ(fit.params.gemmCeiling, EfficiencyParams{}.gemmCeiling);
    EXPECT_FALSE(dependsOnEfficiency(PublishedMetric::PeakMemoryGib));
    EXPECT_TRUE(dependsOnEfficiency(PublishedMetric::StepSeconds));
}
