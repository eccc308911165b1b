// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Figures as the views print them, in the C locale (the fixture sets it).
#include "widgets/common/formatting.h"

#include <gtest/gtest.h>

#include <QLocale>

#include <limits>

using namespace paraplan::widgets;

namespace {
struct CLocale : ::testing::Test {
    void SetUp() override { QLocale::setDefault(QLocale::c()); }
};
} // namespace

TEST_F(CLocale, ARangeSharesTheUnitOfItsLargerEnd)
{
    // Issue #10: "35.37–43.27 s", one unit for both ends.
    EXPECT_EQ(formatSecondsRange(35.3661, 43.2692), QStringLiteral("35.37–43.27 s"));
    EXPECT_EQ(formatSecondsRange(0.4, 1.2), QStringLiteral("0.40–1.20 s"));
    EXPECT_EQ(formatSecondsRange(0.0004, 0.002), QStringLiteral("0.4–2.0 ms"));
    EXPECT_EQ(formatSecondsRange(2.5, 2.5), formatSeconds(2.5));
    EXPECT_EQ(formatSecondsRange(1, std::numeric_limits<double>::infinity()), QStringLiteral("–"));
    EXPECT_EQ(formatPercentRange(0.368, 0.451), QStringLiteral("36.8–45.1 %"));
}

TEST_F(CLocale, ADifferenceThatRoundsToNothingHasNoSign)
{
    EXPECT_EQ(formatSeconds(-1e-12), QStringLiteral("0.0 µs"));
    EXPECT_EQ(formatSeconds(-0.25), QStringLiteral("-250.0 ms"));
}
