// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"

#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/io/result_json.h"
#include "core/run/goodput.h"
#include "core/step/evaluator.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::report;

int runEvaluate(Arguments args, std::ostream& out, std::ostream& err)
{
    const bool json = args.flag("--json");
    std::string error;
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() > 1)
        error = "evaluate takes one scenario file";
    if (!error.empty()) {
        err << "paraplan-cli evaluate: " << error
            << "\nusage: paraplan-cli evaluate [SCENARIO.json] [--calibration PROFILE.json] [--json]\n";
        return kExitUnreadable;
    }
    const std::string path = files.empty() ? std::string() : files.front();
    const std::optional<Scenario> scenario = loadScenario(path, err);
    if (!scenario)
        return kExitUnreadable;
    EvaluateOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    Result result = evaluate(*scenario, options);
    result.uncertainty = uncertaintyOf(*scenario, result, io::builtinUncertaintyBands(), options.calibration != nullptr);
    if (result.valid)
        result.goodput = goodputOf(*scenario, result);
    if (json)
        out << io::toJson(result).dump(2) << "\n";
    else {
        if (path.empty())
            out << "(built-in default scenario; give a SCENARIO.json to evaluate your own)\n";
        if (options.calibration)
            out << renderCalibrationNote(options.calibration->profile());
        out << renderEvaluation(*scenario, result);
    }
    return result.valid ? kExitOk : kExitInvalid;
}

} // namespace paraplan::cli
