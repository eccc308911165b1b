// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

// Human formatting of the core's SI values (bytes, seconds, FLOP/s), done only here: the core
// stays in base units.
namespace paraplan::widgets {

[[nodiscard]] QString formatSeconds(double seconds);
[[nodiscard]] QString formatGib(double bytes, int decimals = 1);
[[nodiscard]] QString formatPercent(double fraction, int decimals = 1);
[[nodiscard]] QString formatTokensPerSecond(double tokensPerSecond);
[[nodiscard]] QString formatTflops(double tflops);
// Ranges with the unit once: "35.04–42.76 s", "37.3–45.5 %".
[[nodiscard]] QString formatSecondsRange(double low, double high);
[[nodiscard]] QString formatPercentRange(double low, double high);
[[nodiscard]] QString formatCount(double value); // 1.2k, 3.4M
[[nodiscard]] QString formatGBps(double gigabytesPerSecond);
[[nodiscard]] QString formatDuration(double seconds); // long spans: hours, days

} // namespace paraplan::widgets
