// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/scaling.h"
#include "widgets/common/plot_view.h"
#include "widgets/state/evaluation.h"
#include "widgets/state/workbench.h"

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

// What more nodes buy (seed 000 §1: "why adding four machines made training slower"): step time,
// tokens/s, MFU, cost per token or time to train against the node count, the GPUs or dp, for the
// current configuration held and for the best configuration at each count, with the scenario's own
// count and the points where adding nodes stops paying and where throughput peaks marked and
// explained under the plot (docs/scaling.md). Best searches take seconds on large clusters: the
// curve is computed off the GUI thread, can be cancelled, and is computed again when the scenario
// or the range changes while the view is open.
namespace paraplan::widgets {

using ScalingCurvePtr = std::shared_ptr<const ScalingCurve>;

class ScalingView : public PlotView {
    Q_OBJECT
public:
    explicit ScalingView(QWidget* parent = nullptr);
    ~ScalingView() override;
    [[nodiscard]] QString title() const override;

    // The configuration to scale (the last valid evaluation) and the calibration to price every
    // count with; the curve is computed now if the view is open, else once it is shown.
    void showEvaluation(const EvaluationPtr& evaluation, const CalibrationPtr& calibration);
    // Draws a curve computed elsewhere (a report); the view follows no evaluation until handed one.
    void showCurve(const ScalingCurve& curve);
    // Computes the curve of the controls' range here and now, blocking (tests, reports, screenshots).
    void computeNow();
    // Stops a curve on its way; "Compute again" restarts it.
    void cancel();

    // A curve is on its way: being computed, or waiting for the edits to pause.
    [[nodiscard]] bool isComputing() const;
    // The curve drawn; null while none is known.
    [[nodiscard]] const ScalingCurve* curve() const { return m_curve.get(); }
    // The marks' explanation under the plot, as shown.
    [[nodiscard]] QString explanationText() const;

    // The controls, for scripts and tests as a user would set them.
    void setQuantity(ScalingQuantity quantity);
    void setAxis(ScalingAxis axis);
    void setNodeRange(int64_t first, int64_t last);
    void setBatchScaling(BatchScaling batch);
    void setBestShown(bool best);

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // What a curve is computed from: equal inputs give the same curve, so none is computed twice.
    struct Inputs {
        Scenario scenario;
        CalibrationPtr calibration;
        std::vector<int64_t> nodes;
        BatchScaling batch = BatchScaling::FixedGlobalBatch;
        bool best = true;
        bool keepPins = true;
        bool operator==(const Inputs&) const = default;
    };
    // A point as drawn, for its tooltip.
    struct DrawnPoint {
        double x = 0, y = 0;
        size_t point = 0;
        bool best = false;
        bool usable = true; // false: a cross on the axis where the configuration does not run or fit
    };
    enum class Progress { Idle, Computing, Stopped };

    void buildControls();
    void arrangeControls();
    // The controls' range for a scenario of `nodes` nodes, unless the user chose one.
    void suggestRange(int64_t nodes);
    // The spin boxes at a range, without asking for a curve.
    void showRange(int64_t first, int64_t last);
    [[nodiscard]] std::optional<Inputs> inputs() const;
    // Starts the curve of the current inputs off the GUI thread unless it is known or on its way.
    void requestCurve();
    // The same once the edits pause (an edit of the scenario or of the controls while shown).
    void scheduleCurve();
    void controlsChanged();
    void adoptCurve(ScalingCurvePtr curve);
    void stopComputing();
    void updateProgress();
    [[nodiscard]] QString progressNote() const;
    [[nodiscard]] ScalingQuantity quantity() const;
    [[nodiscard]] ScalingAxis axis() const;
    // One configuration's series, its values times `factor` (the y axis's unit).
    void drawSeries(const ScalingSeries& series, bool best, double factor, const QString& name);
    void drawUnusableCounts();
    void drawScenarioCount();
    void drawMarks();
    // A label in a row of its own at the top of the plot, at `x`, kept inside the plot near its edges.
    void addTopLabel(double x, const QString& text, const QColor& colour);
    [[nodiscard]] Qt::Alignment labelAlignmentAt(double x) const;
    void showExplanation();
    // Where a curve's point lies on the chosen x axis (none: no dp to place it by).
    [[nodiscard]] std::optional<double> xOf(size_t point, bool best) const;

    QComboBox* m_quantity = nullptr;
    QComboBox* m_axis = nullptr;
    QSpinBox* m_from = nullptr;
    QSpinBox* m_to = nullptr;
    QComboBox* m_batch = nullptr;
    QCheckBox* m_best = nullptr;
    QCheckBox* m_unpinned = nullptr;
    QPushButton* m_progressButton = nullptr;
    QHBoxLayout* m_secondRow = nullptr;
    QHBoxLayout* m_thirdRow = nullptr;
    QLabel* m_explanation = nullptr;
    QTimer* m_settle = nullptr;

    EvaluationPtr m_evaluation;
    CalibrationPtr m_calibration;
    bool m_rangeChosen = false; // the user set the range: a new scenario keeps it
    ScalingCurvePtr m_curve;
    std::optional<Inputs> m_inputs; // what m_curve is, or the curve on its way will be, computed from
    Progress m_progress = Progress::Idle;
    uint64_t m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<DrawnPoint> m_drawn;
    int m_markRows = 0; // label rows at the top of the plot taken by the marks
};

} // namespace paraplan::widgets
