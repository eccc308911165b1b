// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/evaluation_view.h"

#include <QSize>

class QCPAxisRect;

// The pipeline bubble against the number of micro-batches per step: the current configuration's
// curve from the schedule simulator (non-uniform stages, sends), the textbook (p−1)/(v·m+p−1)
// beside it, and the current point marked. Below it every pipeline schedule at this configuration,
// its bubble and its memory side by side (a schedule trades one for the other), or why it cannot
// run here.
namespace paraplan::widgets {

class BubbleView : public EvaluationView {
    Q_OBJECT
public:
    explicit BubbleView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    void drawSchedules();
    [[nodiscard]] QString scheduleToolTip(const QPointF& position) const;

    QCPAxisRect* m_schedules; // below the curve, while there is a pipeline
    // The smallest plot whose legend leaves the curve room.
    static constexpr QSize kLegendMinimumSize{ 420, 300 };
};

} // namespace paraplan::widgets
