// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/formatting.h"

#include "core/spec/units.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace paraplan::widgets {

namespace {
QString number(double value, int decimals) { return QLocale().toString(value, 'f', decimals); }
// The translation context of these free functions (lupdate files their strings under it).
struct Formatting {
    Q_DECLARE_TR_FUNCTIONS(Formatting)
};
} // namespace

QString formatSeconds(double seconds)
{
    if (!std::isfinite(seconds))
        return QStringLiteral("–");
    if (std::fabs(seconds) < 1e-3)
        return Formatting::tr("%1 µs").arg(number(secondsToUs(seconds), 1));
    if (std::fabs(seconds) < 1)
        return Formatting::tr("%1 ms").arg(number(seconds * 1e3, 1));
    return Formatting::tr("%1 s").arg(number(seconds, 2));
}

QString formatGib(double bytes, int decimals) { return Formatting::tr("%1 GiB").arg(number(bytesToGib(bytes), decimals)); }

QString formatPercent(double fraction, int decimals) { return Formatting::tr("%1 %").arg(number(fraction * 100, decimals)); }

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
