// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Accuracy regression guard: the model's mean absolute percentage error on published, measured
// training runs (tests/data/validation, copied from shared/validation). The bounds sit just above
// the figures recorded in BENCHMARKS.md, so a change to the physics that loses accuracy fails here.
#include "core/explore/validation_cases.h"
#include "core/io/cases_reader.h"
#include "core/io/catalog_reader.h"
#include "core/spec/efficiency_params.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

std::vector<ValidationCase> loadCases(const std::string& relative)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/validation/" + relative);
    std::stringstream text;
    text << in.rdbuf();
    return io::readValidationCases(text.str(), io::builtinCatalog());
}

std::vector<ValidationCase> withIdPrefix(const std::vector<ValidationCase>& cases, const std::string& prefix)
{
    std::vector<ValidationCase> selected;
    for (const ValidationCase& c : cases)
        if (c.id.rfind(prefix, 0) == 0)
            selected.push_back(c);
    return selected;
}

double mapeOf(const std::vector<ValidationCase>& cases)
{
    const std::vector<CaseOutcome> outcomes = predictCases(cases, EfficiencyParams{});
    for (const CaseOutcome& o : outcomes)
        EXPECT_TRUE(o.evaluated) << o.validationCase->id;
    return meanAbsolutePercentageError(outcomes);
}

} // namespace

TEST(Accuracy, CalibrationCases)
{
    const std::vector<ValidationCase> cases = loadCases("calibration_cases.json");
    ASSERT_EQ(cases.size(), 28u);
    EXPECT_LE(mapeOf(cases), 0.053);
}

TEST(Accuracy, VTrainMultiNode)
{
    const std::vector<ValidationCase> cases = withIdPrefix(loadCases("vtrain/cases.json"), "vtrain-multi");
    ASSERT_EQ(cases.size(), 109u);
    EXPECT_LE(mapeOf(cases), 0.100);
}

TEST(Accuracy, VTrainSingleNode)
{
    const std::vector<ValidationCase> cases = withIdPrefix(loadCases("vtrain/cases.json"), "vtrain-single");
    ASSERT_EQ(cases.size(), 1440u);
    EXPECT_LE(mapeOf(cases), 0.094);
}

TEST(Accuracy, DgxCloudRecipes)
{
    const std::vector<ValidationCase> cases = loadCases("dgxc_h100_cases.json");
    ASSERT_EQ(cases.size(), 13u);
    EXPECT_LE(mapeOf(cases), 0.053);
}

TEST(Accuracy, PublicRunsFromOtherSources)
{
    std::vector<ValidationCase> cases;
    for (const char* file : { "public/torchtitan_cases.json", "public/megatron_bridge_cases.json",
                              "public/nemo_perf_cases.json", "public/bloom_cases.json", "public/mtnlg_cases.json" }) {
        std::vector<ValidationCase> more = loadCases(file);
        cases.insert(cases.end(), more.begin(), more.end());
    }
    ASSERT_EQ(cases.size(), 60u);
    EXPECT_LE(mapeOf(cases), 0.120);
}

TEST(Accuracy, TorchtitansMeasuredPeakMemory)
{
    const std::vector<ValidationCase> cases = loadCases("memory/torchtitan_memory_cases.json");
    ASSERT_EQ(cases.size(), 18u);
    EXPECT_LE(mapeOf(cases), 0.41);
}
