// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/kernel_plottable.h"

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

KernelPlottable::KernelPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
}

void KernelPlottable::setKernels(std::vector<std::vector<MeasuredKernel>> rows, const PlotTheme& theme)
{
    m_rows = std::move(rows);
    m_theme = theme;
    m_end = 0;
    for (const auto& row : m_rows)
        for (const MeasuredKernel& k : row)
            m_end = std::max(m_end, k.start + k.seconds);
}

QColor KernelPlottable::colourOf(KernelClass kind) const
{
    switch (kind) {
    case KernelClass::Gemm:
    case KernelClass::Attention:
        return m_theme.component(TimeComponent::Compute);
    case KernelClass::Norm:
    case KernelClass::Elementwise:
        return m_theme.component(TimeComponent::Recompute); // memory-bound work: the breakdown's second compute colour
    case KernelClass::Optimizer:
        return m_theme.component(TimeComponent::Optimizer);
    case KernelClass::AllReduce:
    case KernelClass::AllGather:
    case KernelClass::ReduceScatter:
        return m_theme.component(TimeComponent::TpComm);
    case KernelClass::AllToAll:
        return m_theme.component(TimeComponent::EpComm);
    case KernelClass::SendRecv:
        return m_theme.component(TimeComponent::PpComm);
    case KernelClass::OtherCollective:
        return m_theme.component(TimeComponent::DpComm);
    case KernelClass::Memcpy:
    case KernelClass::Other:
        break;
    }
    return m_theme.subtle;
}

const MeasuredKernel* KernelPlottable::kernelAt(double time, double row) const
{
    const double shifted = row - kStripOffset;
    const auto stage = int64_t(std::lround(shifted));
    if (stage < 0 || stage >= int64_t(m_rows.size()) || std::fabs(shifted - double(stage)) > kStripHalfHeight)
        return nullptr;
    for (const MeasuredKernel& k : m_rows[size_t(stage)])
        if (time >= k.start && time <= k.start + k.seconds)
            return &k;
    return nullptr;
}

double KernelPlottable::selectTest(const QPointF& pos, bool onlySelectable, QVariant*) const
{
    if (onlySelectable && !mSelectable)
        return -1;
    return kernelAt(mKeyAxis->pixelToCoord(pos.x()), mValueAxis->pixelToCoord(pos.y())) ? 0 : -1;
}

QCPRange KernelPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const
{
    foundRange = m_end > 0;
    return QCPRange(0, m_end);
}

QCPRange KernelPlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = !m_rows.empty();
    return QCPRange(kStripOffset - kStripHalfHeight, double(m_rows.size()) - 1 + kStripOffset + kStripHalfHeight);
}

void KernelPlottable::draw(QCPPainter* painter)
{
    const QCPRange visible = mKeyAxis->range();
    painter->setPen(Qt::NoPen);
    for (size_t stage = 0; stage < m_rows.size(); ++stage) {
        const double top = mValueAxis->coordToPixel(double(stage) + kStripOffset - kStripHalfHeight);
        const double bottom = mValueAxis->coordToPixel(double(stage) + kStripOffset + kStripHalfHeight);
        const double y = std::min(top, bottom), height = std::fabs(bottom - top);
        for (const MeasuredKernel& k : m_rows[stage]) {
            if (k.start + k.seconds < visible.lower || k.start > visible.upper)
                continue;
            const double x0 = mKeyAxis->coordToPixel(k.start), x1 = mKeyAxis->coordToPixel(k.start + k.seconds);
            painter->fillRect(QRectF(x0, y, std::max(x1 - x0, 0.6), height), colourOf(k.kind));
        }
    }
}

void KernelPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    const double third = rect.width() / 3;
    painter->fillRect(QRectF(rect.left(), rect.top(), third, rect.height()), colourOf(KernelClass::Gemm));
    painter->fillRect(QRectF(rect.left() + third, rect.top(), third, rect.height()), colourOf(KernelClass::Norm));
    painter->fillRect(QRectF(rect.left() + 2 * third, rect.top(), third, rect.height()), colourOf(KernelClass::AllReduce));
}

} // namespace paraplan::widgets
