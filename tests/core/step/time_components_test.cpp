// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/core/scenario_fixtures.h"

#include "core/io/result_json.h"
#include "core/step/evaluator.h"
#include "core/step/time_components.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <set>
#include <string>

using namespace paraplan;

TEST(TimeComponents, EachHasItsOwnContractKey)
{
    std::set<std::string> keys;
    for (TimeComponent c : kTimeComponents)
        EXPECT_TRUE(keys.insert(componentKey(c)).second) << componentKey(c);
    EXPECT_EQ(keys.size(), kTimeComponents.size());
}

TEST(TimeComponents, SecondsReadEachFieldOnce)
{
    // A breakdown whose fields are 1, 2, 4, ...: each component must read a different one.
    TimeBreakdown t;
    double* fields[] = { &t.compute, &t.recompute, &t.tpComm, &t.cpComm,    &t.epComm,
                         &t.ppComm,  &t.dpComm,    &t.bubble, &t.optimizer, &t.other };
    double value = 1;
    for (double* field : fields) {
        *field = value;
        value *= 2;
    }
    std::set<double> seen;
    double sum = 0;
    for (TimeComponent c : kTimeComponents) {
        EXPECT_TRUE(seen.insert(componentSeconds(t, c)).second) << componentKey(c);
        sum += componentSeconds(t, c);
    }
    EXPECT_DOUBLE_EQ(sum, t.sumOfParts());
}

TEST(TimeComponents, HiddenSecondsAreTheCommunicationThatRanUnderCompute)
{
    TimeBreakdown t;
    t.hidden = { 1, 2, 4, 8 };
    EXPECT_DOUBLE_EQ(hiddenSeconds(t, TimeComponent::TpComm), 1);
    EXPECT_DOUBLE_EQ(hiddenSeconds(t, TimeComponent::CpComm), 2);
    EXPECT_DOUBLE_EQ(hiddenSeconds(t, TimeComponent::EpComm), 4);
    EXPECT_DOUBLE_EQ(hiddenSeconds(t, TimeComponent::DpComm), 8);
    double others = 0;
    for (TimeComponent c : kTimeComponents)
        if (c != TimeComponent::TpComm && c != TimeComponent::CpComm && c != TimeComponent::EpComm
            && c != TimeComponent::DpComm)
            others += hiddenSeconds(t, c);
    EXPECT_DOUBLE_EQ(others, 0);
}

TEST(TimeComponents, AnEvaluationsComponentsAddUpToItsStepAndMatchTheResultContract)
{
    const Result r = evaluate(test::llama70bOnDgxH100());
    ASSERT_TRUE(r.valid);
    double sum = 0;
    const nlohmann::json time = io::toJson(r)["time_s"];
    for (TimeComponent c : kTimeComponents) {
        sum += componentSeconds(r.time, c);
        ASSERT_TRUE(time.contains(componentKey(c))) << componentKey(c);
        EXPECT_NEAR(time[componentKey(c)].get<double>(), componentSeconds(r.time, c), 1e-12) << componentKey(c);
    }
    EXPECT_NEAR(sum, r.time.step, 1e-9 * r.time.step);
}
