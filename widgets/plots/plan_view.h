// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/phase_plan.h"
#include "core/explore/run_plan.h"
#include "core/io/plan_json.h"
#include "widgets/common/plot_view.h"
#include "widgets/state/evaluation.h"
#include "widgets/state/workbench.h"

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QCPAxisRect;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;
class QToolButton;

// The whole run planned against a deadline and a budget (seed 000 §5.3, docs/plan-view.md): every
// kind of hardware at every node count with its best configuration, priced through failures,
// checkpoints and restarts, drawn as wall-clock days against cost with the time-cost frontier, the
// deadline and the budget, the fastest plan within the budget and the cheapest that meets the
// deadline marked; under it the two optima, the token budget against Chinchilla's point and the
// planner's notes; a run in phases (a plan file's) as a bar of its phases beside the same run in one
// configuration. Planning takes seconds: it runs off the GUI thread and can be cancelled.
namespace paraplan::widgets {

class MessageBanner;

// What is planned: the request (scenario, hardware, deadline, budget) and the run's phases with the
// configuration they are compared with, as a plan file holds them.
using PlanStudy = io::PlanFile;

// What the planner made of a study.
struct PlanOutcome {
    RunPlan run;
    std::optional<PhasePlan> phases; // with the study's phases
};

// The planner's work for a study, here and now (the view's background job, reports, tests).
// Without bands in `options` the built-in ones are attached: every plan shown carries its band.
[[nodiscard]] PlanOutcome planStudy(const PlanStudy& study, const PlanOptions& options);

class PlanView : public PlotView {
    Q_OBJECT
public:
    explicit PlanView(QWidget* parent = nullptr);
    ~PlanView() override;
    [[nodiscard]] QString title() const override;

    // The workbench's last valid configuration to plan (its model, training and pins) and the
    // calibration to price it with; planned now if the view is open, else once it is shown. A plan
    // file opened in the view holds until "Follow the workbench".
    void showEvaluation(const EvaluationPtr& evaluation, const CalibrationPtr& calibration);
    // Reads a plan file (docs/plan.md): its study replaces the controls' and is planned. False with
    // the reader's message (the JSON path and what to fix) in the banner, and in `error`, when it
    // cannot be read.
    bool openPlanFile(const QString& path, QString* error = nullptr);
    // A study and its outcome computed elsewhere (a report): drawn as given.
    void setPlan(const PlanStudy& study, const PlanOutcome& outcome);
    // Plans the current study here and now, blocking (reports, screenshots, tests).
    void computeNow();
    void cancel();

    [[nodiscard]] bool isComputing() const;
    // The study of the controls (or the plan file) as it would be planned now; none without a
    // scenario.
    [[nodiscard]] std::optional<PlanStudy> study() const;
    // The study drawn and its outcome; null while none is known.
    [[nodiscard]] const PlanStudy* plannedStudy() const { return m_planned.get(); }
    [[nodiscard]] const PlanOutcome* plan() const { return m_outcome.get(); }
    // The text under the plot (the optima, the token budget, the notes) and the banner's, as shown.
    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QString bannerText() const;

    // The controls, for scripts and tests as a user would set them.
    void setTokenBudget(std::optional<double> tokens);
    void setDeadlineDays(std::optional<double> days);
    void setBudgetUsd(std::optional<double> usd);
    void setNodeRange(int64_t first, int64_t last);
    // Checks or unchecks a hardware row by its catalog id (the scenario's own cluster: "scenario").
    void setHardwareChecked(const QString& id, bool checked);
    void setNodeHourUsd(const QString& id, double usd);

protected:
    [[nodiscard]] QString toolTipAt(const QPointF& position) const override;
    void redraw() override;
    void showEvent(QShowEvent* event) override;

private:
    // A row of the hardware table: a cluster to plan on, its price and, from a plan file, its counts.
    struct HardwareRow {
        QString id; // the catalog id, or "scenario" / "file-N"
        ClusterSpec cluster;
        std::optional<double> nodeHourUsd;
        std::vector<int64_t> nodes; // a plan file's own counts; empty: the range of the controls
        bool checked = false;
    };
    // A plan as drawn, for its tooltip.
    struct DrawnPlan {
        double x = 0, y = 0;
        size_t point = 0;
    };
    struct DrawnSegment {
        QRectF area; // in the phase axis's coordinates (days, row)
        size_t phase = 0;
        bool fixed = false;
        bool isSwitch = false;
    };
    enum class Progress { Idle, Computing, Stopped };

    void buildControls();
    void buildHardwareTable();
    void fillHardwareTable();
    void readHardwareTable();
    void updateHardwareButton();
    // The hardware rows for a scenario: its own cluster and the catalog's presets.
    void offerHardwareFor(const Scenario& scenario);
    void showTokenBudgetOf(const Scenario& scenario);
    void suggestRange(int64_t nodes);
    void controlsChanged();
    void scheduleStudy();
    void requestPlan();
    void adopt(std::shared_ptr<const PlanStudy> study, std::shared_ptr<const PlanOutcome> outcome);
    void stopComputing();
    void updateProgress();
    void followWorkbench();
    [[nodiscard]] QString progressNote() const;
    // The reason the study cannot be planned, for the banner; empty when it can.
    [[nodiscard]] QString studyProblem(const std::optional<PlanStudy>& study) const;

    void drawFrontierPlot();
    void drawHardwareSeries(double costFactor);
    void drawFrontier(double costFactor);
    void drawLimits(double costFactor);
    void drawOptima(double costFactor);
    void drawPhases();
    void placePhaseRect(bool shown);
    void shareHeightWithPhases(bool frontierShown);
    void showSummary();
    [[nodiscard]] QString hardwareName(size_t hardware) const;
    [[nodiscard]] QString placeText(const PlanPoint& point) const;
    [[nodiscard]] QString planToolTip(const PlanPoint& point) const;
    [[nodiscard]] QString phaseToolTip(const DrawnSegment& segment) const;

    QDoubleSpinBox* m_tokens = nullptr;
    QSpinBox* m_deadline = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QToolButton* m_hardwareButton = nullptr;
    QTableWidget* m_hardwareTable = nullptr;
    QSpinBox* m_from = nullptr;
    QSpinBox* m_to = nullptr;
    QPushButton* m_progressButton = nullptr;
    QPushButton* m_openButton = nullptr;
    QLabel* m_fileLabel = nullptr;
    QPushButton* m_followButton = nullptr;
    MessageBanner* m_banner = nullptr;
    QLabel* m_summary = nullptr;
    QTimer* m_settle = nullptr;
    QCPAxisRect* m_phaseRect = nullptr;

    EvaluationPtr m_evaluation;
    CalibrationPtr m_calibration;
    std::vector<HardwareRow> m_hardware;
    std::optional<PlanStudy> m_file; // a plan file's study, while it replaces the workbench's scenario
    QString m_filePath;
    bool m_rangeChosen = false;
    bool m_tokensChosen = false;
    std::shared_ptr<const PlanStudy> m_planned;  // what m_outcome was planned from
    std::shared_ptr<const PlanOutcome> m_outcome;
    bool m_inputsChanged = true; // the controls or the scenario changed since m_outcome was planned
    Progress m_progress = Progress::Idle;
    uint64_t m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<DrawnPlan> m_drawn;
    std::vector<DrawnSegment> m_segments;
};

} // namespace paraplan::widgets
