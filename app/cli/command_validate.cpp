// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/report/text_report.h"

#include "app/cli/loading.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::report;

int runValidate(Arguments args, std::ostream& out, std::ostream& err)
{
    const bool summary = args.flag("--summary");
    std::string error;
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const CaseSelection selection = takeCaseSelection(args, error);
    if (error.empty() && selection.files.empty())
        error = "validate needs at least one case file";
    if (!error.empty()) {
        err << "paraplan-cli validate: " << error
            << "\nusage: paraplan-cli validate CASES.json [MORE.json ...] [--summary] [--only PREFIX,...] "
               "[--set PATH=VALUE ...] [--calibration PROFILE.json]\n";
        return kExitUnreadable;
    }
    const std::optional<std::vector<ValidationCase>> cases = loadCases(selection, err);
    if (!cases)
        return kExitUnreadable;
    std::shared_ptr<const Calibration> calibration;
    if (calibrationPath && !(calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    const std::vector<CaseOutcome> outcomes = predictCases(*cases, EfficiencyParams{}, calibration);
    if (calibration)
        out << renderCalibrationNote(calibration->profile());
    out << renderValidation(outcomes, summary);
    return kExitOk;
}

} // namespace paraplan::cli
