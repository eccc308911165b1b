// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/measured_trace.h"
#include "widgets/plots/plan_view.h"
#include "widgets/state/measured_step.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

// The report a tech lead hands to management (issue #16, docs/report.md): page one the summary
// (configuration, step, throughput and MFU with their bands, time and cost to train, the verdict,
// the top findings with their gains, one chart), then seed 000 §4.3's daily efficiency report, the
// memory per stage, the timeline, the topology with its groups coloured, the scaling and
// sensitivity charts, the plan against a deadline and a budget when one is given, and an appendix of
// assumptions. PDF with vector charts and the fonts embedded, or one self-contained HTML file; in
// the interface's current language.
namespace paraplan {
class Calibration;
}

namespace paraplan::app {

// A plan of the whole run (widgets/plots/plan_view.h): what was asked and, where it was planned
// already (the workbench's Plan view), what came of it; else the report plans it.
struct ReportPlan {
    widgets::PlanStudy study;
    std::optional<widgets::PlanOutcome> outcome;
};

struct ReportInputs {
    Scenario scenario; // B: the configuration reported on
    // A, the configuration it is compared with (the pinned one): the summary's chart is then the
    // comparison's waterfall and its verdict why B is slower or not.
    std::optional<Scenario> compareWith;
    std::shared_ptr<const Calibration> calibration; // null: the model's own constants
    QString calibrationSource;                      // where the profile came from, for the appendix
    std::vector<widgets::MeasuredStep> measured;    // steps measured outside the model (training logs)
    // A profiler trace of the run reported on, a rank per file (core/step/measured_trace.h): the
    // efficiency report then holds the measured idle of each stage against the predicted bubble.
    std::vector<MeasuredRank> measuredTrace;
    // The plan section: the frontier of time against cost, the optima, the phases.
    std::optional<ReportPlan> plan = std::nullopt;
};

// Writes the report to `path`: PDF for ".pdf", HTML for ".html" / ".htm". Needs a QApplication
// (charts are widgets drawn offscreen). On failure returns false with the reason in `error`.
bool writeReportFile(const ReportInputs& inputs, const QString& path, QString* error);

} // namespace paraplan::app
