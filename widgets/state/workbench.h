// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/landscape.h"
#include "widgets/state/evaluation.h"
#include "widgets/state/measured_step.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

// The workbench's state: the scenario being designed, its last valid evaluation, the configuration
// pinned for comparison, the landscape of all configurations (computed off the GUI thread), and
// the calibration (measured GEMM rates and bandwidths) every one of them is priced with.
// Views and panels listen to its signals; nothing else owns scenario state.
namespace paraplan {
class Calibration;
}

namespace paraplan::widgets {

using CalibrationPtr = std::shared_ptr<const Calibration>;
using LandscapePtr = std::shared_ptr<const Landscape>;

class Workbench : public QObject {
    Q_OBJECT
public:
    explicit Workbench(QObject* parent = nullptr);
    ~Workbench() override;

    [[nodiscard]] const Scenario& scenario() const { return m_scenario; }
    // The last evaluation that was valid: what the plots show while the current one is not.
    [[nodiscard]] EvaluationPtr evaluation() const { return m_evaluation; }
    [[nodiscard]] EvaluationPtr pinned() const { return m_pinned; }
    [[nodiscard]] LandscapePtr landscape() const { return m_landscape; }
    [[nodiscard]] bool isCurrentValid() const { return m_current && m_current->result.valid; }
    // The current scenario's own evaluation, valid or not: its diagnostics are what the banner says.
    [[nodiscard]] EvaluationPtr current() const { return m_current; }
    // Null: the model's own efficiency figures.
    [[nodiscard]] CalibrationPtr calibration() const { return m_calibration; }

    // Evaluates (microseconds) and notifies; an invalid scenario is kept as the current one, but
    // the views keep showing the last valid evaluation.
    void setScenario(const Scenario& scenario);
    void pinCurrent();
    void clearPin();
    // Computes the landscape of the current model, cluster and batch unless it is known already.
    void requestLandscape();
    // Stops a landscape being computed (the user's Cancel): nothing of it arrives, and the next
    // request starts afresh.
    void stopLandscape();
    [[nodiscard]] bool isLandscapeComputing() const { return bool(m_landscapeCancel); }
    // Prices everything with `calibration` from now on (null removes it): the current and pinned
    // configurations are evaluated again, and a landscape already asked for is computed again.
    void setCalibration(CalibrationPtr calibration);
    // Steps measured outside the model (training logs), kept for the session.
    [[nodiscard]] const std::vector<MeasuredStep>& measuredSteps() const { return m_measuredSteps; }
    void addMeasuredStep(MeasuredStep step);

Q_SIGNALS:
    void scenarioChanged(const paraplan::Scenario& scenario);
    void evaluationAvailable(const paraplan::widgets::EvaluationPtr& evaluation);
    // The current scenario breaks a rule; `evaluation` holds its diagnostics.
    void evaluationRejected(const paraplan::widgets::EvaluationPtr& evaluation);
    void pinnedChanged(const paraplan::widgets::EvaluationPtr& pinned);
    void landscapeStarted();
    void landscapeAvailable(const paraplan::widgets::LandscapePtr& landscape);
    void landscapeStopped();
    void calibrationChanged(const paraplan::widgets::CalibrationPtr& calibration);
    void measuredStepsChanged();

private:
    void cancelLandscape();
    // Forgets the landscape, known or on its way, so that none for other inputs ever arrives.
    void forgetLandscape();
    void evaluateCurrent();

    Scenario m_scenario;
    EvaluationPtr m_evaluation;
    EvaluationPtr m_current;
    EvaluationPtr m_pinned;
    LandscapePtr m_landscape;
    CalibrationPtr m_calibration;
    std::vector<MeasuredStep> m_measuredSteps;
    std::optional<Scenario> m_landscapeInputs; // what the landscape was computed for (landscapeInputs)
    uint64_t m_landscapeGeneration = 0;
    std::shared_ptr<std::atomic<bool>> m_landscapeCancel;
};

} // namespace paraplan::widgets

Q_DECLARE_METATYPE(paraplan::widgets::EvaluationPtr)
Q_DECLARE_METATYPE(paraplan::widgets::LandscapePtr)
Q_DECLARE_METATYPE(paraplan::widgets::CalibrationPtr)
