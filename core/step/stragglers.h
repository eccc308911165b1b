// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

// A synchronous step ends when its slowest rank does. With each rank's step time scattered about
// its mean with relative standard deviation sigma (clock and thermal throttling, OS noise, network
// jitter), the slowest of n ranks lags the mean by about sigma * c(n), c(n) the expected largest of
// n standard normal draws: 1.42 for 8 ranks, 2.8 for 256, 3.9 for 16,384 (extreme-value theory;
// docs/cost-model.md, "Stragglers").
namespace paraplan {

// c(n): exact up to 16 ranks, above by Blom's approximation Phi^-1((n - 0.375) / (n + 0.25)),
// within 0.5 % of the exact value there. 0 for a single rank.
[[nodiscard]] double expectedMaxOfNormals(int64_t n);

// How far behind the mean the slowest of `ranks` ranks ends, as a fraction of the step's work:
// sigma * c(n), sigma the relative jitter of one rank. The evaluator and the search's lower bound
// both add it, so the bound stays exact.
[[nodiscard]] inline double stragglerLag(double rankJitter, int64_t ranks)
{
    return rankJitter * expectedMaxOfNormals(ranks);
}

// The inverse of the standard normal distribution function, for 0 < p < 1 (Acklam's rational
// approximation refined by one Newton-Halley step: relative error below 1e-12).
[[nodiscard]] double normalQuantile(double p);

} // namespace paraplan
