// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>

// Figures as core's sentences write them (the advisor's evidence, a scaling curve's explanation, a
// trace's findings): one format per unit, so every sentence a front end translates reads alike.
namespace paraplan {

// "2.31 s", "412 ms", "38.5 ms", "870 µs": three significant figures at most, in the unit that keeps
// them above one.
[[nodiscard]] std::string durationText(double seconds);
// A share as a percentage with one decimal: 0.447 → "44.7 %".
[[nodiscard]] std::string percentText(double share);
// A ratio: "2.3×" below ten, "12×" above.
[[nodiscard]] std::string ratioText(double ratio);
// "42.0 GB/s" (1e9 bytes per second).
[[nodiscard]] std::string bandwidthText(double GBps);
// Tokens per second with an SI suffix, the unit left to the sentence: "75.4k", "1.23M".
[[nodiscard]] std::string tokenRateText(double tokensPerS);
// "61.3 GiB" from bytes.
[[nodiscard]] std::string gibText(double bytes);
// A whole run's wall clock: "41.3 days" from a day up, "18.2 h" from an hour, durationText below.
[[nodiscard]] std::string wallClockText(double seconds);
// US dollars with an SI suffix: "$950", "$412k", "$1.23M", "$2.05B".
[[nodiscard]] std::string usdText(double usd);

} // namespace paraplan
