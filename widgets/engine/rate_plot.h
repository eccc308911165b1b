// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/common/plot_view.h"

#include "core/io/probe_log.h"

#include <vector>

// A bench run's rates next to the model's: GEMM and attention TFLOP/s, or collective bus GB/s and
// the memory copy's GB/s, one row per product of the layer (its forward and both gradients
// together) or per measurement, measured and predicted joined by a line on a logarithmic axis (a
// CPU measurement and an H100 prediction lie orders of magnitude apart).
namespace paraplan::widgets {

class EngineRatePlot : public PlotView {
    Q_OBJECT
public:
    enum class Kind { Compute, Collectives };
    explicit EngineRatePlot(Kind kind, QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

    void showRun(const io::ProbeLog& log);

    struct Row {
        QString label;
        double measured = 0, predicted = 0; // TFLOP/s or GB/s
        bool correct = true;
    };
    [[nodiscard]] const std::vector<Row>& rows() const { return m_rows; }

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    [[nodiscard]] QString format(double value) const;

    Kind m_kind;
    bool m_cpu = false;
    std::vector<Row> m_rows;
};

} // namespace paraplan::widgets
