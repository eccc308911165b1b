// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/fitting.h"
#include "core/explore/statistics.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;

TEST(Statistics, MeanAndMedian)
{
    EXPECT_DOUBLE_EQ(mean({ 1, 2, 3, 4 }), 2.5);
    EXPECT_DOUBLE_EQ(median({ 4, 1, 3, 2 }), 2.5);
    EXPECT_DOUBLE_EQ(median({ 5, 1, 3 }), 3.0);
    EXPECT_DOUBLE_EQ(mean({}), 0.0);
}

TEST(Statistics, AbsolutePercentageError)
{
    EXPECT_DOUBLE_EQ(absolutePercentageError(110, 100), 0.1);
    EXPECT_DOUBLE_EQ(absolutePercentageError(90, 100), 0.1);
}

TEST(NelderMead, FindsTheMinimumOfARosenbrockValley)
{
    auto rosenbrock = [](const std::vector<double>& x) {
        return 100 * std::pow(x[1] - x[0] * x[0], 2) + std::pow(1 - x[0], 2);
    };
    const std::vector<double> best = minimiseNelderMead(rosenbrock, { -1.2, 1.0 }, 0.5, 4000);
    EXPECT_NEAR(best[0], 1.0, 1e-3);
    EXPECT_NEAR(best[1], 1.0, 1e-3);
}
