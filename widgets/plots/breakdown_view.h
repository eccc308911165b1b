// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/evaluation_view.h"

#include <array>

class QGridLayout;
class QLabel;

// Where the step goes: the exposed time of each component on the critical stage with the
// communication that ran hidden under compute beside it, the step with its 80 % band as a whisker,
// and the key figures (step, MFU, TFLOP/s per GPU, tokens/s) with their bands, large enough to read
// across a room.
namespace paraplan::widgets {

class FittingLabel;

class BreakdownView : public EvaluationView {
    Q_OBJECT
public:
    explicit BreakdownView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    [[nodiscard]] std::optional<HighlightBand> highlightBand(const FindingFocus& focus) const override;
    void redraw() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Narrower cards go two a row and show the figure alone; caption and band move to its tooltip.
    static constexpr int kRoomyCardWidth = 110;
    void arrangeCards();

    QGridLayout* m_cards = nullptr;
    std::array<FittingLabel*, 5> m_figures{};
    std::array<QLabel*, 5> m_captions{};
    std::array<QLabel*, 5> m_bands{};
    std::vector<TimeComponent> m_shown; // components drawn, bottom to top; the step above them
};

} // namespace paraplan::widgets
