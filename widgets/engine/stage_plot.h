// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/common/plot_view.h"

#include "core/io/probe_log.h"

#include <optional>

// A confirm run stage by stage: busy, idle (the measured bubble) and send time per step, the
// measured bar beside the model's prediction, so a stage that waits more than predicted stands out.
namespace paraplan::widgets {

class EngineStagePlot : public PlotView {
    Q_OBJECT
public:
    explicit EngineStagePlot(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;

    // Measured and predicted steps of one run (either may be missing while a run goes on).
    void showSteps(const std::optional<io::ProbeStep>& measured, const std::optional<io::ProbeStep>& predicted, bool cpu);

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    // Bar i: stage i / 2, measured when i is even.
    [[nodiscard]] const io::ProbeStage* stageAt(int bar) const;

    std::optional<io::ProbeStep> m_measured, m_predicted;
    bool m_cpu = false;
};

} // namespace paraplan::widgets
