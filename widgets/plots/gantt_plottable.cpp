// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/gantt_plottable.h"

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

namespace {
constexpr double kRowHalfHeight = 0.38;
}

GanttPlottable::GanttPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
}

void GanttPlottable::setOperations(std::vector<PipelineOp> operations, int64_t stages)
{
    m_operations = std::move(operations);
    m_stages = stages;
    m_byStage.assign(size_t(std::max<int64_t>(stages, 0)), {});
    m_end = 0;
    for (size_t i = 0; i < m_operations.size(); ++i) {
        const PipelineOp& op = m_operations[i];
        if (op.stage >= 0 && op.stage < stages)
            m_byStage[size_t(op.stage)].push_back(i);
        m_end = std::max(m_end, op.sendEnd);
    }
    for (auto& row : m_byStage)
        std::sort(row.begin(), row.end(), [&](size_t a, size_t b) { return m_operations[a].start < m_operations[b].start; });
}

void GanttPlottable::setColours(const QColor& forward, const QColor& backward, const QColor& weightGradient,
                                const QColor& text)
{
    m_forward = forward;
    m_backward = backward;
    m_weightGradient = weightGradient;
    m_text = text;
}

QColor GanttPlottable::colourOf(const PipelineOp& op) const
{
    const QColor base = op.kind == PipelineOpKind::Forward ? m_forward
        : op.kind == PipelineOpKind::WeightGradient        ? m_weightGradient
                                                           : m_backward;
    // Later chunks of an interleaved or V-shaped stage darker, one step per chunk.
    return op.direction == 0 && op.chunk > 0 ? base.darker(100 + int(std::min<int64_t>(op.chunk, 4)) * 22) : base;
}

const PipelineOp* GanttPlottable::operationAt(double time, double row) const
{
    const int64_t stage = int64_t(std::lround(row));
    if (stage < 0 || stage >= m_stages || std::fabs(row - double(stage)) > kRowHalfHeight)
        return nullptr;
    const std::vector<size_t>& ops = m_byStage[size_t(stage)];
    auto after = std::upper_bound(ops.begin(), ops.end(), time,
                                  [&](double t, size_t i) { return t < m_operations[i].start; });
    if (after == ops.begin())
        return nullptr;
    const PipelineOp& op = m_operations[*(after - 1)];
    if (time > op.sendEnd)
        return nullptr;
    if (!op.overlapped)
        return &op;
    // An overlapped pair starts together: the forward is the upper half of the row (rows grow down).
    const bool upper = row < double(stage);
    for (auto it = after; it != ops.begin() && m_operations[*(it - 1)].start == op.start; --it) {
        const PipelineOp& candidate = m_operations[*(it - 1)];
        if ((candidate.kind == PipelineOpKind::Forward) == upper)
            return &candidate;
    }
    return &op;
}

double GanttPlottable::selectTest(const QPointF& pos, bool onlySelectable, QVariant*) const
{
    if (onlySelectable && !mSelectable)
        return -1;
    const double time = mKeyAxis->pixelToCoord(pos.x());
    const double row = mValueAxis->pixelToCoord(pos.y());
    return operationAt(time, row) ? 0 : -1;
}

QCPRange GanttPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const
{
    foundRange = !m_operations.empty();
    return QCPRange(0, m_end);
}

QCPRange GanttPlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = m_stages > 0;
    return QCPRange(-0.5, double(m_stages) - 0.5);
}

void GanttPlottable::draw(QCPPainter* painter)
{
    const QCPRange visible = mKeyAxis->range();
    painter->setPen(Qt::NoPen);
    QColor sendColour = m_backward;
    sendColour.setAlpha(70);
    QFont small = painter->font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
    painter->setFont(small);
    for (int64_t stage = 0; stage < m_stages; ++stage) {
        const double top = mValueAxis->coordToPixel(double(stage) - kRowHalfHeight);
        const double bottom = mValueAxis->coordToPixel(double(stage) + kRowHalfHeight);
        const double y = std::min(top, bottom), height = std::fabs(bottom - top);
        for (size_t index : m_byStage[size_t(stage)]) {
            const PipelineOp& op = m_operations[index];
            if (op.sendEnd < visible.lower || op.start > visible.upper)
                continue;
            const double x0 = mKeyAxis->coordToPixel(op.start);
            const double x1 = mKeyAxis->coordToPixel(op.end);
            const double x2 = mKeyAxis->coordToPixel(op.sendEnd);
            const bool forward = op.kind == PipelineOpKind::Forward;
            // An overlapped pair shares the row: its forward above, its backward below.
            const double rowTop = op.overlapped && !forward ? y + height / 2 : y;
            const double rowHeight = op.overlapped ? height / 2 : height;
            // A hairline gap between neighbours keeps back-to-back blocks apart.
            const double gap = x1 - x0 > 4 ? 0.5 : 0.0;
            const QRectF block(x0 + gap, rowTop, std::max(x1 - x0 - 2 * gap, 0.6), rowHeight);
            const QColor colour = colourOf(op);
            painter->fillRect(block, colour);
            if (op.direction == 1) // DualPipe's micro-batches that entered at the last stage
                painter->fillRect(block, QBrush(colour.lightness() > 128 ? QColor(0, 0, 0, 90) : QColor(255, 255, 255, 110),
                                                Qt::BDiagPattern));
            if (x2 - x1 >= 1)
                painter->fillRect(QRectF(x1, rowTop, x2 - x1, rowHeight), sendColour);
            if (x1 - x0 > 22 && rowHeight > 9) {
                painter->setPen(colour.lightness() > 140 ? m_text : Qt::white);
                painter->drawText(block, Qt::AlignCenter, QString::number(op.microBatch));
                painter->setPen(Qt::NoPen);
            }
        }
    }
}

void GanttPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    const double third = rect.width() / 3;
    painter->fillRect(QRectF(rect.left(), rect.top(), third, rect.height()), m_forward);
    painter->fillRect(QRectF(rect.left() + third, rect.top(), third, rect.height()), m_backward);
    painter->fillRect(QRectF(rect.left() + 2 * third, rect.top(), third, rect.height()), m_weightGradient);
}

} // namespace paraplan::widgets
