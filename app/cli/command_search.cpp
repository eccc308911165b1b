// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"

#include "core/explore/search.h"
#include "core/explore/search_ties.h"
#include "core/io/bands_json.h"
#include "core/io/result_json.h"
#include "core/rules/validation.h"

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

    // The model, cluster and batch must be sound before their configurations can be searched;
    // rules about the parallel split itself are what the search explores.
    Scenario unsplit = *scenario;
    unsplit.parallel = ParallelSpec{};
    unsplit.parallel.degrees.dp = 0;
    unsplit.training.microBatch = 1;
    Diagnostics problems;
    for (const Diagnostic& d : validateScenario(unsplit)) {
        const bool aboutSplit = d.path.rfind("parallel", 0) == 0 || d.code == "global_batch_not_divisible"
            || d.code == "schedule_too_large";
        if (d.severity == Severity::Error && !aboutSplit)
            problems.push_back(d);
    }
    // A degree the scenario gives is one the search keeps: it must be one a split can have.
    for (const Diagnostic& d : validateScenario(*scenario))
        if (d.severity == Severity::Error && d.code == "invalid_parallel_degree")
            problems.push_back(d);
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
