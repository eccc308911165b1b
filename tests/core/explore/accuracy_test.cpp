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
#include <map>
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

// All `count` cases predicted, within `bound` mean absolute percentage error.
void expectWithin(const std::vector<ValidationCase>& cases, size_t count, double bound)
{
    ASSERT_EQ(cases.size(), count);
    EXPECT_LE(mapeOf(cases), bound);
}

void expectFileWithin(const std::string& file, size_t count, double bound) { expectWithin(loadCases(file), count, bound); }

} // namespace

TEST(Accuracy, CalibrationCases) { expectFileWithin("calibration_cases.json", 28u, 0.048); }

TEST(Accuracy, VTrainMultiNode) { expectWithin(withIdPrefix(loadCases("vtrain/cases.json"), "vtrain-multi"), 109u, 0.090); }

TEST(Accuracy, VTrainSingleNode) { expectWithin(withIdPrefix(loadCases("vtrain/cases.json"), "vtrain-single"), 1440u, 0.090); }

TEST(Accuracy, DgxCloudRecipes) { expectFileWithin("dgxc_h100_cases.json", 13u, 0.053); }

TEST(Accuracy, PublicRunsFromOtherSources)
{
    std::vector<ValidationCase> cases;
    for (const char* file : { "public/torchtitan_cases.json", "public/megatron_bridge_cases.json",
                              "public/nemo_perf_cases.json", "public/bloom_cases.json", "public/mtnlg_cases.json" }) {
        std::vector<ValidationCase> more = loadCases(file);
        cases.insert(cases.end(), more.begin(), more.end());
    }
    expectWithin(cases, 60u, 0.110);
}

// Issue #13's MoE runs: the mechanisms no scenario field gives yet (the host's cost of dropless MoE
// layers, deferred weight gradients) keep the error high; the bound guards what is modelled
// (DeepSeek-V3's own run under DualPipe since issue #14: 7 % where 1F1B gave 36 %).
TEST(Accuracy, MoePretrainingRuns) { expectFileWithin("moe_cases.json", 31u, 0.25); }

// torchtitan's per-operator selective checkpointing and its loss's bytes per logit (eager or
// compiled) priced as torchtitan runs them; the full-AC TP and PP runs are still predicted low.
TEST(Accuracy, TorchtitansMeasuredPeakMemory) { expectFileWithin("memory/torchtitan_memory_cases.json", 18u, 0.095); }

// Issue #14: one model under four schedules on 8 H800 (zero-bubble repository issue #21). Its
// batch and layout are reconstructed, which moves every step alike: what is held is each schedule's
// speed-up and memory over 1F1B, predicted against measured (docs: validation/schedules/README.md).
TEST(Accuracy, ZeroBubbleSchedules)
{
    const auto byId = [](const std::vector<ValidationCase>& cases) {
        const std::vector<CaseOutcome> outcomes = predictCases(cases, EfficiencyParams{});
        std::map<std::string, std::pair<double, double>> published; // id suffix -> (published, predicted)
        for (const CaseOutcome& o : outcomes) {
            EXPECT_TRUE(o.evaluated) << o.validationCase->id;
            const std::string& id = o.validationCase->id;
            published[id.substr(id.rfind('-') + 1)] = { o.validationCase->published, o.predicted };
        }
        return published;
    };
    const auto steps = byId(loadCases("schedules/zero_bubble_cases.json"));
    const auto memory = byId(loadCases("schedules/zero_bubble_memory_cases.json"));
    ASSERT_EQ(steps.size(), 4u);
    ASSERT_EQ(memory.size(), 4u);
    for (const char* schedule : { "interleaved", "zb2p", "zbv" }) {
        const auto& [published, predicted] = steps.at(schedule);
        const auto& [published1f1b, predicted1f1b] = steps.at("1f1b");
        EXPECT_NEAR((predicted1f1b / predicted) / (published1f1b / published), 1.0, 0.05) << schedule << "'s speed-up";
        const auto& [held, priced] = memory.at(schedule);
        const auto& [held1f1b, priced1f1b] = memory.at("1f1b");
        EXPECT_NEAR((priced / priced1f1b) / (held / held1f1b), 1.0, 0.10) << schedule << "'s memory over 1F1B's";
    }
}
