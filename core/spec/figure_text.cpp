// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/figure_text.h"

#include "core/spec/units.h"

#include <cmath>
#include <cstdio>

namespace paraplan {

std::string durationText(double seconds)
{
    char text[32];
    const double magnitude = std::fabs(seconds);
    if (magnitude >= 1)
        std::snprintf(text, sizeof text, "%.2f s", seconds);
    else if (magnitude >= 1e-3)
        std::snprintf(text, sizeof text, magnitude >= 0.1 ? "%.0f ms" : "%.1f ms", seconds * 1e3);
    else
        std::snprintf(text, sizeof text, magnitude >= 1e-4 ? "%.0f µs" : "%.1f µs", seconds * 1e6);
    return text;
}

std::string percentText(double share)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", 100 * share);
    return text;
}

std::string ratioText(double ratio)
{
    char text[32];
    std::snprintf(text, sizeof text, ratio >= 9.95 ? "%.0f×" : "%.1f×", ratio);
    return text;
}

std::string bandwidthText(double GBps)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GB/s", GBps);
    return text;
}

std::string tokenRateText(double tokensPerS)
{
    char text[32];
    if (tokensPerS >= 1e6)
        std::snprintf(text, sizeof text, "%.2fM", tokensPerS / 1e6);
    else if (tokensPerS >= 1e3)
        std::snprintf(text, sizeof text, "%.1fk", tokensPerS / 1e3);
    else
        std::snprintf(text, sizeof text, "%.0f", tokensPerS);
    return text;
}

std::string gibText(double bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", bytesToGib(bytes));
    return text;
}

std::string wallClockText(double seconds)
{
    char text[32];
    const double magnitude = std::fabs(seconds);
    if (magnitude >= kSecondsPerDay)
        std::snprintf(text, sizeof text, "%.1f days", seconds / kSecondsPerDay);
    else if (magnitude >= kSecondsPerHour)
        std::snprintf(text, sizeof text, "%.1f h", seconds / kSecondsPerHour);
    else
        return durationText(seconds);
    return text;
}

std::string usdText(double usd)
{
    char text[32];
    const double magnitude = std::fabs(usd);
    if (magnitude >= 1e9)
        std::snprintf(text, sizeof text, "$%.2fB", usd / 1e9);
    else if (magnitude >= 1e6)
        std::snprintf(text, sizeof text, "$%.2fM", usd / 1e6);
    else if (magnitude >= 1e3)
        std::snprintf(text, sizeof text, "$%.1fk", usd / 1e3);
    else
        std::snprintf(text, sizeof text, "$%.0f", usd);
    return text;
}

} // namespace paraplan
