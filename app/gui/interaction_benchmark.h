// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

// How long a slider move takes to reach the screen: moves the sliders `moves` times (offscreen,
// overview visible: four plots) and times each from the change to the last replot.
namespace paraplan::app {

class MainWindow;

struct InteractionTimings {
    std::vector<double> milliseconds;
    double median = 0;
    double p95 = 0;
};

[[nodiscard]] InteractionTimings benchmarkInteraction(MainWindow& window, int moves);

} // namespace paraplan::app
