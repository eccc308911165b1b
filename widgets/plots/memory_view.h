// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/evaluation_view.h"

// Memory per GPU on every pipeline stage, stacked by kind (weights, gradients, optimizer states,
// activations, runtime and reserve), against the HBM capacity and the 80 % safe margin; whatever
// stands above the capacity is drawn in the warning colour.
namespace paraplan::widgets {

class MemoryView : public EvaluationView {
    Q_OBJECT
public:
    explicit MemoryView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    [[nodiscard]] std::optional<HighlightBand> highlightBand(const FindingFocus& focus) const override;
    void redraw() override;
};

} // namespace paraplan::widgets
