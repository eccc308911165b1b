// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/evaluation_view.h"

#include "core/step/trace_comparison.h"

#include <memory>
#include <vector>

class QLabel;

// The pipeline timeline: every stage's passes per micro-batch as the core's schedule simulator
// placed them under the scenario's schedule; the gaps are the bubble. A measured trace, once
// imported, runs under it on the same time axis, kernel by kernel.
namespace paraplan::widgets {

class GanttPlottable;
class KernelPlottable;
using MeasuredTracePtr = std::shared_ptr<const std::vector<MeasuredRank>>;

class TimelineView : public EvaluationView {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;
    // A measured trace (one entry per traced rank) drawn under the prediction on the same time axis,
    // with what differs per component said below; null: none.
    void setMeasuredTrace(MeasuredTracePtr ranks);
    [[nodiscard]] const MeasuredTracePtr& measuredTrace() const { return m_measured; }

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    [[nodiscard]] std::optional<HighlightBand> highlightBand(const FindingFocus& focus) const override;
    void redraw() override;

private:
    void drawMeasured(const Evaluation& evaluation);

    GanttPlottable* m_gantt = nullptr;
    KernelPlottable* m_kernels = nullptr;
    MeasuredTracePtr m_measured;
    TraceComparison m_comparison; // of the measured trace against the current evaluation
    QLabel* m_findings;
};

} // namespace paraplan::widgets
