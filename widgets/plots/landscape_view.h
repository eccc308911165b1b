// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/plots/evaluation_view.h"
#include "widgets/state/workbench.h"

class QPushButton;

// Every configuration of the current model, cluster and batch that fits in memory, as step time
// against memory per GPU, with the Pareto front and the current configuration marked. Clicking a
// point asks for that configuration. A landscape being computed can be cancelled (a large cluster
// takes seconds), and a cancelled one computed again.
namespace paraplan::widgets {

class LandscapeView : public EvaluationView {
    Q_OBJECT
public:
    explicit LandscapeView(QWidget* parent = nullptr);
    [[nodiscard]] QString title() const override;
    void showLandscape(const LandscapePtr& landscape);
    void showComputing();
    void showStopped();
    void resetZoom() override;
    // The landscape point nearest to a position in plot pixels (within a few pixels), or null.
    [[nodiscard]] const LandscapePoint* pointAt(const QPointF& position) const;

Q_SIGNALS:
    void candidateChosen(const paraplan::Candidate& candidate);
    void cancelRequested();
    void computeRequested();

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;

private:
    enum class Progress { NotAsked, Computing, Stopped };
    [[nodiscard]] QString progressNote() const;
    // Cancel while computing, compute again once stopped; hidden otherwise.
    void updateProgressButton();

    LandscapePtr m_landscape;
    Progress m_progress = Progress::NotAsked;
    QPushButton* m_progressButton;
    bool m_rescale = false;
};

} // namespace paraplan::widgets
