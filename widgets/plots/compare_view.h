// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/common/plot_view.h"
#include "widgets/state/evaluation.h"
#include "widgets/state/measured_step.h"

class QLabel;
class QTableWidget;

// "Why is this slower?": configuration A (pinned) beside B (the current one), a waterfall of the
// step-time difference by component, and one plain sentence naming the largest cause.
namespace paraplan::widgets {

class CompareView : public PlotView {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;
    // `measured`: steps measured outside the model (training logs); those of A's or B's scenario
    // are shown beside the predictions.
    void showComparison(const EvaluationPtr& a, const EvaluationPtr& b, std::vector<MeasuredStep> measured = {});
    // The sentence shown, for tests and reports.
    [[nodiscard]] QString verdict() const;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    void fillTable();

    EvaluationPtr m_a, m_b;
    std::vector<MeasuredStep> m_measured;
    QLabel* m_verdict;
    QTableWidget* m_table;
    std::vector<TimeComponent> m_bars; // the component of each waterfall bar between the two totals
};

} // namespace paraplan::widgets
