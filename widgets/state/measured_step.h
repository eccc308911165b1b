// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <QString>

#include <vector>

// A step measured outside the model (a training log, docs/frameworks/logs.md): the scenario that
// ran, how long its step took, and where the figure came from. The engine view adds them, the
// compare view sets them beside the predictions of the same scenarios.
namespace paraplan::widgets {

struct MeasuredStep {
    Scenario scenario;
    double stepS = 0;
    QString source;
};

// The latest measurement of `scenario` among `steps`, or null.
[[nodiscard]] inline const MeasuredStep* measuredStepOf(const std::vector<MeasuredStep>& steps, const Scenario& scenario)
{
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
        if (it->scenario == scenario)
            return &*it;
    return nullptr;
}

} // namespace paraplan::widgets
