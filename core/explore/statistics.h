// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

namespace paraplan {

// |predicted - actual| / actual.
[[nodiscard]] double absolutePercentageError(double predicted, double actual);
// Mean of the values (0 for none).
[[nodiscard]] double mean(const std::vector<double>& values);
// Median by linear interpolation between the two middle values.
[[nodiscard]] double median(std::vector<double> values);
// The q-quantile (0 <= q <= 1) by linear interpolation between the closest ranks (Hyndman & Fan
// 1996, definition 7, the default of R and NumPy); 0 for no values.
[[nodiscard]] double quantile(std::vector<double> values, double q);

} // namespace paraplan
