// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/common/plot_view.h"
#include "widgets/state/evaluation.h"

// A plot of the current configuration's evaluation: memory, step time, timeline, bubble and the
// landscape all draw from the one evaluation the workbench hands out on every change.
namespace paraplan::widgets {

class EvaluationView : public PlotView {
    Q_OBJECT
public:
    using PlotView::PlotView;
    void showEvaluation(const EvaluationPtr& evaluation);

protected:
    [[nodiscard]] const EvaluationPtr& evaluation() const { return m_evaluation; }

private:
    EvaluationPtr m_evaluation;
};

} // namespace paraplan::widgets
