// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"

#include "core/io/atomic_file.h"
#include "core/io/trace_json.h"
#include "core/step/evaluator.h"
#include "core/step/step_trace.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::report;

int runTrace(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> output = args.option("-o", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() > 1)
        error = "trace takes one scenario file";
    if (!error.empty()) {
        err << "paraplan-cli trace: " << error
            << "\nusage: paraplan-cli trace [SCENARIO.json] [-o TRACE.json] [--calibration PROFILE.json]\n";
        return kExitUnreadable;
    }
    const std::optional<Scenario> scenario = loadScenario(files.empty() ? std::string() : files.front(), err);
    if (!scenario)
        return kExitUnreadable;
    EvaluateOptions options;
    options.recordTimeline = true;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    const Result result = evaluate(*scenario, options);
    if (!result.valid) {
        err << "paraplan-cli trace: the scenario is invalid:\n" << renderDiagnostics(result);
        return kExitInvalid;
    }
    // Compact: a step of many micro-batches makes hundreds of thousands of events.
    const std::string trace = io::stepTraceJson(*scenario, result, traceStep(*scenario, result, options)).dump() + "\n";
    if (!output || *output == "-") {
        out << trace;
        return kExitOk;
    }
    if (!io::replaceFile(*output, trace, &error)) {
        err << "paraplan-cli trace: " << error << "\n";
        return kExitUnreadable;
    }
    return kExitOk;
}

} // namespace paraplan::cli
