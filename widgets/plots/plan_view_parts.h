// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// The pieces the plan view's files share (plan_view.cpp, plan_controls.cpp, plan_charts.cpp,
// plan_text.cpp): the units of its controls and the texts of days and dollars. Internal to those
// files; helpers one file alone needs stay file-local in it.
#include "core/spec/scenario.h"
#include "core/spec/units.h"
#include "widgets/common/formatting.h"

#include <QCoreApplication>
#include <QLocale>
#include <QString>

#include <optional>

namespace paraplan::widgets::plan_parts {

inline constexpr double kTokensPerControlUnit = 1e9; // the token budget is typed in billions

inline QString planUsdText(double usd) { return QStringLiteral("$%1").arg(formatCount(usd)); }

inline QString planDaysText(double seconds)
{
    // The view's own context: its translations hold this string under PlanView.
    return QCoreApplication::translate("PlanView", "%1 days").arg(QLocale().toString(seconds / kSecondsPerDay, 'f', seconds < 10 * kSecondsPerDay ? 1 : 0));
}

// A band of days with the unit once: "31–35 days".
inline QString planDaysRangeText(double lowS, double highS)
{
    const int decimals = highS < 10 * kSecondsPerDay ? 1 : 0;
    return QCoreApplication::translate("PlanView", "%1–%2 days")
        .arg(QLocale().toString(lowS / kSecondsPerDay, 'f', decimals), QLocale().toString(highS / kSecondsPerDay, 'f', decimals));
}

inline std::optional<double> planNodeHourUsdOf(const ClusterSpec& cluster)
{
    if (!cluster.gpuHourCostUsd)
        return std::nullopt;
    return *cluster.gpuHourCostUsd * double(cluster.gpusPerNode);
}

} // namespace paraplan::widgets::plan_parts
