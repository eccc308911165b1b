// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/sensitivity.h"
#include "widgets/common/plot_view.h"
#include "widgets/state/evaluation.h"
#include "widgets/state/workbench.h"

#include <optional>

class QCPItemStraightLine;
class QLabel;
class QTableWidget;

// Which assumption the prediction rests on (docs/sensitivity.md): a tornado chart of the step when
// each input the model cannot know exactly (bandwidths, kernel efficiencies, micro-batch, sequence
// length, stragglers, overheads) moves down and up by a realistic amount, largest swing on top,
// around the step as evaluated. With a configuration pinned as A, whether any such move reverses
// which of A and the current configuration B is faster, and whether their 80 % bands overlap.
namespace paraplan::widgets {

class SensitivityView : public PlotView {
    Q_OBJECT
public:
    explicit SensitivityView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

    // The current configuration, the pinned one (A; null: none) and the calibration to price every
    // move with. The analysis (some twenty evaluations, about 10 ms; twice that with a pin) runs
    // when the view is next drawn: at once if it is open.
    void showEvaluation(const EvaluationPtr& current, const EvaluationPtr& pinned, const CalibrationPtr& calibration);
    // Draws an analysis made elsewhere (a report); `flips` null: no pinned configuration.
    void showSensitivity(const Sensitivity& sensitivity, const OrderFlips* flips);

    // What is drawn (null before the first draw or without a valid configuration).
    [[nodiscard]] const Sensitivity* sensitivity() const { return m_sensitivity ? &*m_sensitivity : nullptr; }
    [[nodiscard]] const OrderFlips* flips() const { return m_flips ? &*m_flips : nullptr; }
    // The order-flip verdict and the bands' verdict under the plot, as shown.
    [[nodiscard]] QString verdictText() const;
    // The step the base line stands at (none without a valid base).
    [[nodiscard]] std::optional<double> baseLineStep() const;
    // The number of bars drawn, one per input.
    [[nodiscard]] int barCount() const;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    void analyse();
    void drawBar(size_t row, const SensitivityBar& bar, double base, double stub);
    void showFlips();

    QLabel* m_verdict;
    QLabel* m_bandVerdict;
    QTableWidget* m_flipTable;
    EvaluationPtr m_current;
    EvaluationPtr m_pinned;
    CalibrationPtr m_calibration;
    bool m_analysisStale = false; // new inputs, not yet analysed
    std::optional<Sensitivity> m_sensitivity;
    std::optional<OrderFlips> m_flips;
    QCPItemStraightLine* m_baseLine = nullptr; // owned by the plot, until the next redraw
    int m_barsDrawn = 0;
};

} // namespace paraplan::widgets
