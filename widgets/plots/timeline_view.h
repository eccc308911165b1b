// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/evaluation_view.h"

// The pipeline timeline: every stage's forward and backward blocks per micro-batch as the core's
// schedule simulator placed them under 1F1B or interleaved 1F1B; the gaps are the bubble.
namespace paraplan::widgets {

class GanttPlottable;

class TimelineView : public EvaluationView {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    GanttPlottable* m_gantt = nullptr;
};

} // namespace paraplan::widgets
