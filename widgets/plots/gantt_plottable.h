// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/pipeline_schedule.h"

#include <qcustomplot.h>

#include <vector>

// A QCustomPlot plottable that draws a pipeline schedule as a Gantt chart: one row per stage,
// one block per forward, backward, input-gradient (B) or weight-gradient (W) pass, later model
// chunks darker, DualPipe's second direction hatched and its overlapped pairs sharing the row (the
// forward above, the backward below), the blocking send after a pass shaded, idle time left blank.
// It draws thousands of blocks per replot, so it paints rectangles directly rather than creating an
// item for each.
namespace paraplan::widgets {

class GanttPlottable : public QCPAbstractPlottable { // no signals of its own, so no Q_OBJECT (and no moc)
public:
    GanttPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setOperations(std::vector<PipelineOp> operations, int64_t stages);
    void setColours(const QColor& forward, const QColor& backward, const QColor& weightGradient, const QColor& text);
    // The operation under (time, stage row), if any.
    [[nodiscard]] const PipelineOp* operationAt(double time, double row) const;

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    std::vector<PipelineOp> m_operations;
    std::vector<std::vector<size_t>> m_byStage; // indices sorted by start, per stage
    int64_t m_stages = 0;
    double m_end = 0;
    [[nodiscard]] QColor colourOf(const PipelineOp& op) const;

    QColor m_forward, m_backward, m_weightGradient, m_text;
};

} // namespace paraplan::widgets
