// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/time_components.h"

#include <QColor>
#include <QPalette>
#include <QString>

// One colour per quantity, the same in every plot, in a light and a dark variant. The hues are
// the Okabe-Ito set (distinguishable with colour-vision deficiencies) extended with greys.
namespace paraplan::widgets {

enum class MemoryPart { Weights, Gradients, Optimizer, Activations, Other };

struct PlotTheme {
    bool dark = false;
    QColor background, foreground, grid, subtle;
    QColor warning; // over capacity, errors
    QColor caution; // above the safe margin
    QColor highlight; // the current configuration
    QColor tied;      // configurations the model cannot tell from the fastest

    [[nodiscard]] QColor component(TimeComponent component) const;
    [[nodiscard]] QColor memory(MemoryPart part) const;
    [[nodiscard]] QColor forward() const;
    [[nodiscard]] QColor backward() const;
    // A zero-bubble schedule's weight-gradient pass (W), split from its backward.
    [[nodiscard]] QColor weightGradient() const;

    // From the widget's palette: dark when its window colour is dark.
    [[nodiscard]] static PlotTheme fromPalette(const QPalette& palette);
};

[[nodiscard]] QString componentName(TimeComponent component);
[[nodiscard]] QString memoryPartName(MemoryPart part);

} // namespace paraplan::widgets
