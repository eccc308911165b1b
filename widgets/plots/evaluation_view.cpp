// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/evaluation_view.h"

namespace paraplan::widgets {

void EvaluationView::showEvaluation(const EvaluationPtr& evaluation)
{
    m_evaluation = evaluation;
    dataChanged();
}

} // namespace paraplan::widgets
