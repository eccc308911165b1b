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

} // namespace paraplan
