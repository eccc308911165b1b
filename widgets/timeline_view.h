// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "plot_view.h"

// The pipeline timeline: every stage's forward and backward blocks per micro-batch as the core's
// schedule simulator placed them under 1F1B or interleaved 1F1B; the gaps are the bubble.
namespace paraplan::widgets {

class GanttPlottable;

class TimelineView : public PlotView {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;
    void showEvaluation(const EvaluationPtr& evaluation);
    void resetZoom() override;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    EvaluationPtr m_evaluation;
    GanttPlottable* m_gantt = nullptr;
};

} // namespace paraplan::widgets
