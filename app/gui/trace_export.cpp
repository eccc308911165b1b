// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/trace_export.h"

#include "widgets/common/file_writing.h"

#include "core/io/trace_json.h"
#include "core/step/evaluator.h"
#include "core/step/step_trace.h"

#include <QByteArray>

#include <string>

namespace paraplan::app {

bool writeStepTrace(const QString& path, const widgets::Evaluation& evaluation,
                    const std::shared_ptr<const Calibration>& calibration, QString* error)
{
    EvaluateOptions options;
    options.calibration = calibration;
    options.recordTimeline = true;
    // The views keep the timeline of a step only up to kMostDrawnTimelineOperations; a trace
    // holds every pass, so a longer step is simulated again, recording them all.
    const bool recorded = !evaluation.result.timeline.empty();
    const Result evaluated = recorded ? Result{} : evaluate(evaluation.scenario, options);
    const Result& result = recorded ? evaluation.result : evaluated;
    const std::string trace
        = io::stepTraceJson(evaluation.scenario, result, traceStep(evaluation.scenario, result, options)).dump();
    return widgets::writeWholeFile(path, QByteArray::fromStdString(trace), error);
}

} // namespace paraplan::app
