// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/interaction_benchmark.h"

#include "app/gui/main_window.h"
#include "widgets/common/value_slider.h"
#include "widgets/scenario_panel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>

#include <algorithm>

namespace paraplan::app {

InteractionTimings benchmarkInteraction(MainWindow& window, int moves)
{
    using Degree = widgets::ScenarioPanel::Degree;
    window.deck()->showView(widgets::ViewId::Overview);
    QApplication::processEvents();
    InteractionTimings timings;
    const Degree degrees[] = { Degree::Tp, Degree::Pp, Degree::MicroBatch, Degree::Vpp };
    int next = 0;
    for (int i = 0; i < moves; ++i) {
        // The next slider in turn that can move (a single-valued one, e.g. vpp at pp 1, is skipped).
        widgets::ValueSlider* slider = nullptr;
        for (int tries = 0; tries < 4 && !slider; ++tries) {
            widgets::ValueSlider* candidate = window.panel()->slider(degrees[next++ % 4]);
            if (candidate->values().size() >= 2)
                slider = candidate;
        }
        if (!slider)
            break;
        const int count = int(slider->values().size());
        // Alternate up and down so the configuration stays in a realistic range.
        const int index = slider->slider()->value();
        const int target = index + 1 < count ? index + 1 : index - 1;
        QElapsedTimer timer;
        timer.start();
        slider->moveToIndex(target); // evaluation, signals and immediate replots all happen in here
        timings.milliseconds.push_back(double(timer.nsecsElapsed()) / 1e6);
        QApplication::processEvents();
    }
    std::vector<double> sorted = timings.milliseconds;
    std::sort(sorted.begin(), sorted.end());
    if (!sorted.empty()) {
        timings.median = sorted[sorted.size() / 2];
        timings.p95 = sorted[std::min(sorted.size() - 1, size_t(double(sorted.size()) * 0.95))];
    }
    return timings;
}

} // namespace paraplan::app
