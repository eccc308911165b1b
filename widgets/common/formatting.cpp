// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/formatting.h"

#include "core/spec/units.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace paraplan::widgets {

namespace {
QString number(double value, int decimals)
{
    // A difference that rounds to nothing reads "0.0", never "-0.0".
    const double rounded = std::round(value * std::pow(10.0, decimals)) == 0 ? 0.0 : value;
    return QLocale().toString(rounded, 'f', decimals);
}
// The translation context of these free functions (lupdate files their strings under it).
struct Formatting {
    Q_DECLARE_TR_FUNCTIONS(Formatting)
};
} // namespace

QString formatSeconds(double seconds) { return formatSecondsRange(seconds, seconds); }

QString formatSecondsRange(double low, double high)
{
    if (!std::isfinite(low) || !std::isfinite(high))
        return QStringLiteral("–");
    // Both ends in the unit of the larger; one number when they are the same.
    auto numbers = [&](double scale, int decimals) -> QString {
        const QString from = number(low * scale, decimals), to = number(high * scale, decimals);
        return low == high ? from : from + QStringLiteral("–") + to;
    };
    if (std::fabs(high) < 1e-3)
        return Formatting::tr("%1 µs").arg(numbers(secondsToUs(1), 1));
    if (std::fabs(high) < 1)
        return Formatting::tr("%1 ms").arg(numbers(1e3, 1));
    return Formatting::tr("%1 s").arg(numbers(1, 2));
}

QString formatGib(double bytes, int decimals) { return Formatting::tr("%1 GiB").arg(number(bytesToGib(bytes), decimals)); }

QString formatPercent(double fraction, int decimals) { return Formatting::tr("%1 %").arg(number(fraction * 100, decimals)); }

QString formatPercentRange(double low, double high)
{
    return Formatting::tr("%1 %").arg(number(low * 100, 1) + QStringLiteral("–") + number(high * 100, 1));
}

QString formatCount(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    static const char* suffixes[] = { "", "k", "M", "G", "T" };
    int i = 0;
    while (std::fabs(value) >= 1000 && i < 4) {
        value /= 1000;
        ++i;
    }
    return number(value, i == 0 ? 0 : (value < 10 ? 2 : (value < 100 ? 1 : 0))) + QLatin1String(suffixes[i]);
}

QString formatTokensPerSecond(double tokensPerSecond) { return Formatting::tr("%1 tokens/s").arg(formatCount(tokensPerSecond)); }

QString formatTflops(double tflops) { return Formatting::tr("%1 TFLOP/s").arg(number(tflops, 0)); }

QString formatGBps(double gigabytesPerSecond) { return Formatting::tr("%1 GB/s").arg(number(gigabytesPerSecond, gigabytesPerSecond < 10 ? 1 : 0)); }

QString formatDuration(double seconds)
{
    if (seconds < 600)
        return formatSeconds(seconds);
    if (seconds < 2 * 86400)
        return Formatting::tr("%1 h").arg(number(seconds / 3600, 1));
    return Formatting::tr("%1 days").arg(number(seconds / 86400, 1));
}

} // namespace paraplan::widgets
