// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/import/trace_files.h"
#include "app/report/text_report.h"
#include "app/report/trace_report.h"

#include "core/io/json_reader.h"
#include "core/io/trace_comparison_json.h"
#include "core/step/evaluator.h"
#include "core/step/trace_comparison.h"

#include <ostream>

namespace paraplan::cli {

namespace {

constexpr const char* kImportTraceUsage
    = "usage: paraplan-cli import-trace SCENARIO.json TRACE... [--steps N] [--calibration PROFILE.json] [--json]\n"
      "       TRACE: a PyTorch profiler trace (Chrome trace JSON) or an Nsight Systems export\n"
      "       (nsys export --type=sqlite), one per rank: one rank per stage, or all of them\n";

} // namespace

int runImportTrace(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const bool json = args.flag("--json");
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::optional<std::string> stepsText = args.option("--steps", error);
    std::optional<long long> steps = 1;
    if (stepsText && error.empty())
        steps = parsePositive(*stepsText, "--steps", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() < 2)
        error = "import-trace takes a scenario file and at least one trace";
    if (!error.empty()) {
        err << "paraplan-cli import-trace: " << error << "\n" << kImportTraceUsage;
        return kExitUnreadable;
    }
    const std::optional<Scenario> scenario = loadScenario(files.front(), err);
    if (!scenario)
        return kExitUnreadable;
    EvaluateOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    std::vector<MeasuredRank> ranks;
    for (size_t i = 1; i < files.size(); ++i) {
        try {
            ranks.push_back(import::readMeasuredTrace(files[i], int64_t(steps.value_or(1))));
        } catch (const io::ReadError& e) {
            err << "paraplan-cli: " << files[i] << ": " << e.what() << "\n";
            return kExitUnreadable;
        }
    }
    const Result result = evaluate(*scenario, options);
    if (!result.valid) {
        err << "paraplan-cli import-trace: the scenario is invalid:\n" << report::renderDiagnostics(result);
        return kExitInvalid;
    }
    const TraceComparison comparison = compareTrace(*scenario, result, options, ranks);
    if (json)
        out << io::traceComparisonJson(comparison, ranks).dump(2) << "\n";
    else
        out << report::renderTraceComparison(comparison, ranks);
    return kExitOk;
}

} // namespace paraplan::cli
