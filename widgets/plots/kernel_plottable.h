// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"
#include "widgets/common/plot_theme.h"

#include <qcustomplot.h>

#include <vector>

// A measured trace's kernels under the predicted timeline: for each pipeline stage a thin strip
// half a row below the stage's predicted row, one block per kernel of the stage's first traced
// rank in its first profiled step, coloured by what the kernel does (the colours of the step-time
// breakdown: compute, communication by kind, the rest grey). Painted directly, as GanttPlottable.
namespace paraplan::widgets {

class KernelPlottable : public QCPAbstractPlottable { // no signals of its own, so no Q_OBJECT
public:
    KernelPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // `rows[s]`: stage s's kernels (empty where no trace covers the stage), seconds from its step's start.
    void setKernels(std::vector<std::vector<MeasuredKernel>> rows, const PlotTheme& theme);
    [[nodiscard]] const MeasuredKernel* kernelAt(double time, double row) const;
    [[nodiscard]] QColor colourOf(KernelClass kind) const;
    // Where stage s's strip sits: s + kStripOffset.
    static constexpr double kStripOffset = 0.5;

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    static constexpr double kStripHalfHeight = 0.13;
    std::vector<std::vector<MeasuredKernel>> m_rows;
    PlotTheme m_theme;
    double m_end = 0;
};

} // namespace paraplan::widgets
