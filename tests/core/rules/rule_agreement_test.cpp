// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Validation, the sliders' choices, the search and the landscape (with its bubble curve) judge a
// split of the work by one set of rules (core/rules/parallel_rules.h). On a sweep of random
// scenarios, legal and not, they must agree: the search finds exactly the configurations
// validation accepts, a slider never skips a value that would be valid, the landscape holds every
// valid configuration, and the bubble curve runs exactly the micro-batch counts validation allows.
#include "tests/core/scenario_fixtures.h"

#include "core/explore/landscape.h"
#include "core/explore/search.h"
#include "core/rules/parallel_choices.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"
#include "core/rules/validation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <sstream>
#include <string>

using namespace paraplan;

namespace {

constexpr int kScenarios = 3000;
constexpr int kLandscapeScenarios = 200; // each enumerates the whole grid
constexpr int64_t kLargestTriedValue = 12;

template <typename T>
T pick(std::mt19937& random, std::initializer_list<T> values)
{
    std::uniform_int_distribution<size_t> index(0, values.size() - 1);
    return *(values.begin() + index(random));
}

// A small model, dense or mixture-of-experts, on a summary cluster of up to 32 GPUs; degrees,
// batch and split drawn from values that are sometimes legal and often not.
Scenario randomScenario(std::mt19937& random)
{
    Scenario s = test::llama70bOnDgxH100();
    ModelSpec& m = s.model;
    m.preset.clear();
    m.layers = pick<int64_t>(random, { 6, 8, 12, 30, 32 });
    m.heads = pick<int64_t>(random, { 8, 12, 16, 32 });
    m.kvHeads = pick<int64_t>(random, { 1, 2, 4, 8 });
    if (m.heads % m.kvHeads != 0)
        m.kvHeads = m.heads;
    m.hidden = m.heads * 64;
    m.ffnHidden = pick<int64_t>(random, { 4 * m.hidden, 4 * m.hidden, 3 * m.hidden + 64, 1000 });
    m.vocab = 32000;
    m.moe = pick<int>(random, { 0, 0, 1 }) ? MoeSpec{ pick<int64_t>(random, { 4, 6, 8 }), 2, 2 * m.hidden } : MoeSpec{};

    TrainingSpec& t = s.training;
    t.seqLen = pick<int64_t>(random, { 1024, 2048, 4096, 3000 });
    t.globalBatch = pick<int64_t>(random, { 8, 12, 16, 24, 32, 64, 96 });
    t.microBatch = pick<int64_t>(random, { 1, 1, 1, 2, 4, 3 });

    ClusterSpec& c = s.cluster;
    c.topology.reset(); // the intra/inter-node summary: any GPU count per node
    c.gpusPerNode = pick<int64_t>(random, { 2, 4, 8 });
    c.nodes = pick<int64_t>(random, { 1, 2, 3, 4 });

    ParallelSpec& p = s.parallel;
    p.degrees.tp = pick<int64_t>(random, { 1, 1, 2, 2, 4, 8, 3 });
    p.degrees.pp = pick<int64_t>(random, { 1, 1, 2, 2, 4, 3 });
    p.degrees.cp = pick<int64_t>(random, { 1, 1, 1, 1, 2, 3 });
    p.degrees.ep = pick<int64_t>(random, { 1, 1, 1, 2, 4 });
    p.degrees.vpp = pick<int64_t>(random, { 1, 1, 1, 2, 3 });
    p.degrees.etp = m.isMoe() ? pick<int64_t>(random, { 0, 0, 1, 2, 3 }) : 0;
    p.degrees.dp = pick<int64_t>(random, { 0, 0, 0, 0, 0, 1, 2, 4 });
    s.framework.name = pick<Framework>(random, { Framework::MegatronCore, Framework::MegatronCore, Framework::MegatronCore, Framework::DeepSpeed });
    p.sequenceParallel = pick<int>(random, { 0, 1 });
    p.recompute = pick<Recompute>(random, { Recompute::None, Recompute::Selective, Recompute::Full });
    p.zeroStage = pick<int>(random, { 0, 1, 2, 3 });
    p.layersPerStage.clear();
    if (pick<int>(random, { 0, 0, 0, 0, 0, 1 })) { // an explicit split, right or wrong in count or sum
        const int64_t stages = p.degrees.virtualStages() + pick<int64_t>(random, { 0, 0, 1 });
        for (int64_t i = 0; i < stages; ++i)
            p.layersPerStage.push_back(std::max<int64_t>(1, m.layers / stages + pick<int64_t>(random, { 0, 0, 1 })));
    }
    return s;
}

bool isValid(const Scenario& s) { return !hasErrors(validateScenario(s)); }

std::string describe(const Scenario& s)
{
    const ParallelDegrees& d = s.parallel.degrees;
    std::ostringstream out;
    out << "L " << s.model.layers << " heads " << s.model.heads << "/" << s.model.kvHeads << " ffn " << s.model.ffnHidden
        << " experts " << s.model.moe.experts << " seq " << s.training.seqLen << " B " << s.training.globalBatch << " b "
        << s.training.microBatch << " GPUs " << s.cluster.gpuCount() << " | tp " << d.tp << " pp " << d.pp << " cp " << d.cp
        << " ep " << d.ep << " etp " << d.etp << " vpp " << d.vpp << " dp " << d.dp << " sp " << s.parallel.sequenceParallel << " split "
        << s.parallel.layersPerStage.size();
    return out.str();
}

// The configuration as the search would enumerate it.
Candidate candidateOf(const Scenario& s)
{
    ParallelDegrees degrees = s.parallel.degrees;
    degrees.dp = dataParallelOf(s);
    return { degrees,
             s.training.microBatch,
             s.parallel.zeroStage,
             s.parallel.recompute,
             s.parallel.recomputeModules,
             s.parallel.sequenceParallel,
             s.parallel.moeDispatcher,
             s.parallel.schedule,
             // The search's even split where the scenario gives none (its lighter ends are others).
             s.parallel.layersPerStage.empty() && !usesMegatronSplit(s.parallel) ? std::optional<int64_t>(0) : std::nullopt };
}

// An etp equal to tp is the default "as tp" (etp 0) the search enumerates.
ParallelDegrees withEtpAsTp(ParallelDegrees d)
{
    if (d.etp == d.tp)
        d.etp = 0;
    return d;
}

bool sameConfiguration(const Candidate& a, const Candidate& b)
{
    return withEtpAsTp(a.degrees) == withEtpAsTp(b.degrees) && a.microBatch == b.microBatch && a.zeroStage == b.zeroStage && a.recompute == b.recompute
        && (a.recompute != Recompute::Selective || a.recomputeModules == b.recomputeModules)
        && a.sequenceParallel == b.sequenceParallel && a.moeDispatcher == b.moeDispatcher && a.schedule == b.schedule && a.endTrim == b.endTrim;
}

class RuleAgreement : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::mt19937 random(20261201);
        for (int i = 0; i < kScenarios; ++i)
            scenarios.push_back(randomScenario(random));
        const auto valid = std::count_if(scenarios.begin(), scenarios.end(), isValid);
        // A sweep worth the name holds both kinds in good measure.
        ASSERT_GT(valid, kScenarios / 12);
        ASSERT_LT(valid, kScenarios - kScenarios / 10);
    }

    std::vector<Scenario> scenarios;
};

} // namespace

TEST_F(RuleAgreement, TheSearchFindsExactlyWhatValidationAccepts)
{
    for (const Scenario& s : scenarios) {
        Scenario pinned = s;
        pinned.pins = ParallelPins{ true, true, s.parallel.degrees.dp > 0, true, true, true, true, true, true, true, true };
        const Candidate wanted = candidateOf(s);
        const std::vector<Candidate> candidates = enumerateCandidates(pinned);
        const bool found = std::any_of(candidates.begin(), candidates.end(),
                                       [&](const Candidate& c) { return sameConfiguration(c, wanted); });
        EXPECT_EQ(found, isValid(s)) << describe(s);
    }
}

TEST_F(RuleAgreement, ASliderNeverSkipsAValueThatWouldBeValid)
{
    using Set = std::function<void(Scenario&, int64_t)>;
    const std::pair<const char*, Set> sliders[] = {
        { "tp", [](Scenario& s, int64_t v) { s.parallel.degrees.tp = v; } },
        // The pp slider starts interleaving again from none (scenario_panel.cpp).
        { "pp", [](Scenario& s, int64_t v) { s.parallel.degrees.pp = v; s.parallel.degrees.vpp = 1; } },
        { "cp", [](Scenario& s, int64_t v) { s.parallel.degrees.cp = v; } },
        { "ep", [](Scenario& s, int64_t v) { s.parallel.degrees.ep = v; } },
        { "etp", [](Scenario& s, int64_t v) { s.parallel.degrees.etp = v; } },
        { "vpp", [](Scenario& s, int64_t v) { s.parallel.degrees.vpp = v; } },
        { "micro-batch", [](Scenario& s, int64_t v) { s.training.microBatch = v; } },
    };
    auto offered = [](const ParallelChoices& c, const std::string& name) -> const std::vector<int64_t>& {
        if (name == "tp")
            return c.tp;
        if (name == "pp")
            return c.pp;
        if (name == "cp")
            return c.cp;
        if (name == "ep")
            return c.ep;
        if (name == "etp")
            return c.etp;
        if (name == "vpp")
            return c.vpp;
        return c.microBatch;
    };
    for (const Scenario& s : scenarios) {
        const ParallelChoices choices = parallelChoices(s);
        if (isValid(s)) {
            EXPECT_EQ(choices.dp, dataParallelOf(s)) << describe(s);
        }
        for (const auto& [name, set] : sliders) {
            const std::vector<int64_t>& values = offered(choices, name);
            for (int64_t v = 1; v <= kLargestTriedValue; ++v) {
                if (std::find(values.begin(), values.end(), v) != values.end())
                    continue;
                Scenario moved = s;
                set(moved, v);
                EXPECT_FALSE(isValid(moved)) << name << " " << v << " is valid but not offered: " << describe(s);
            }
        }
    }
}

TEST_F(RuleAgreement, TheLandscapeHoldsEveryValidConfiguration)
{
    int checked = 0;
    for (const Scenario& s : scenarios) {
        if (!isValid(s))
            continue;
        if (++checked > kLandscapeScenarios)
            break;
        // The one split the grid leaves out: an expert tensor split a node cannot hold whole (search.cpp).
        const ParallelDegrees& d = s.parallel.degrees;
        if (d.etp > 0 && s.cluster.gpusPerNode % d.etp != 0 && d.etp != d.tp)
            continue;
        const Candidate wanted = candidateOf(s);
        const std::vector<Candidate> landscape = enumerateCandidates(landscapeInputs(s));
        // The landscape prices each split once per ZeRO stage, recomputation and SP it considers
        // worth it: the split itself (degrees and micro-batch) must be there.
        const bool found = std::any_of(landscape.begin(), landscape.end(), [&](const Candidate& c) {
            return withEtpAsTp(c.degrees) == withEtpAsTp(wanted.degrees) && c.microBatch == wanted.microBatch;
        });
        EXPECT_TRUE(found) << describe(s);
    }
    EXPECT_GT(checked, kLandscapeScenarios / 2);
}

TEST_F(RuleAgreement, TheBubbleCurveRunsExactlyTheMicroBatchCountsValidationAllows)
{
    for (const Scenario& s : scenarios) {
        if (!isValid(s))
            continue;
        const int64_t dp = dataParallelOf(s);
        std::vector<int64_t> counts;
        for (int64_t m = 1; m <= 3 * s.parallel.degrees.pp + 2; ++m)
            counts.push_back(m);
        const std::vector<double> fractions = bubbleFractionByMicroBatches(s, counts);
        ASSERT_EQ(fractions.size(), counts.size());
        for (size_t i = 0; i < counts.size(); ++i) {
            Scenario resized = s;
            resized.training.globalBatch = counts[i] * s.training.microBatch * dp;
            EXPECT_EQ(fractions[i] >= 0, isValid(resized)) << counts[i] << " micro-batches: " << describe(s);
        }
    }
}
