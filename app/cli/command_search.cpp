// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"

#include "core/explore/search.h"
#include "core/explore/search_ties.h"
#include "core/io/bands_json.h"
#include "core/io/result_json.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::report;

int runSearch(Arguments args, std::ostream& out, std::ostream& err)
{
    const bool json = args.flag("--json");
    std::string error;
    const std::optional<std::string> top = args.option("--top", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    SearchOptions options;
    if (top && error.empty())
        if (const auto k = parsePositive(*top, "--top", error))
            options.topK = *k;
    if (error.empty() && files.size() != 1)
        error = "search takes one scenario file";
    if (!error.empty()) {
        err << "paraplan-cli search: " << error
            << "\nusage: paraplan-cli search SCENARIO.json [--top K] [--calibration PROFILE.json] [--json]\n";
        return kExitUnreadable;
    }
    const std::optional<Scenario> scenario = loadScenario(files.front(), err);
    if (!scenario)
        return kExitUnreadable;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;

    const Diagnostics problems = problemsBeforeSearch(*scenario);
    if (!problems.empty()) {
        Result invalid;
        invalid.diagnostics = problems;
        err << "paraplan-cli search: the scenario is invalid:\n" << renderDiagnostics(invalid);
        return kExitInvalid;
    }

    SearchResult search = searchConfigurations(*scenario, options);
    rankTiesByRobustness(search, *scenario, io::builtinUncertaintyBands(), options.calibration != nullptr);
    if (json)
        out << io::toJson(search).dump(2) << "\n";
    else {
        if (options.calibration)
            out << renderCalibrationNote(options.calibration->profile());
        out << renderSearch(*scenario, search);
    }
    return kExitOk;
}

} // namespace paraplan::cli
