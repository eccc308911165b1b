// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"

#include "core/explore/band_estimation.h"
#include "core/explore/cross_validation.h"
#include "core/io/atomic_file.h"
#include "core/io/bands_json.h"
#include "core/io/validation_json.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::report;

int runValidate(Arguments args, std::ostream& out, std::ostream& err)
{
    const bool summary = args.flag("--summary");
    const bool json = args.flag("--json");
    const bool crossValidation = args.flag("--cross-validate");
    std::string error;
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::optional<std::string> bandsPath = args.option("--bands-out", error);
    const FitSettings fit = takeFitSettings(args, error);
    const EfficiencyParams constants = takeConstants(args, error);
    const CaseSelection selection = takeCaseSelection(args, error);
    if (error.empty() && selection.files.empty())
        error = "validate needs at least one case file";
    if (error.empty() && crossValidation && calibrationPath)
        error = "--cross-validate refits the model's own constants; a calibration replaces them, so give one or the other";
    if (error.empty() && bandsPath && !crossValidation)
        error = "--bands-out needs --cross-validate: bands come from runs the constants never saw";
    if (!error.empty()) {
        err << "paraplan-cli validate: " << error
            << "\nusage: paraplan-cli validate CASES.json [MORE.json ...] [--summary] [--json] [--only PREFIX,...] "
               "[--set PATH=VALUE ...] [--constant NAME=VALUE ...] [--calibration PROFILE.json]\n"
               "       paraplan-cli validate CASES.json [MORE.json ...] --cross-validate [--params a,b,...] "
               "[--evaluations N] [--bands-out BANDS.json] [--json] [--only PREFIX,...] [--set PATH=VALUE ...]\n";
        return kExitUnreadable;
    }
    const std::optional<std::vector<ValidationCase>> cases = loadCases(selection, err);
    if (!cases)
        return kExitUnreadable;
    std::shared_ptr<const Calibration> calibration;
    if (calibrationPath && !(calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    const std::vector<CaseOutcome> outcomes = predictCases(*cases, constants, calibration);
    if (crossValidation) {
        CrossValidationOptions options;
        options.start = constants;
        options.names = fit.names;
        options.maxEvaluations = fit.evaluations;
        const CrossValidation cv = crossValidate(*cases, options);
        // The bands just written are judged on the runs they come from; otherwise the shipped ones.
        const UncertaintyBands bands = bandsPath ? bandsFromOutcomes(cv.outcomes) : io::builtinUncertaintyBands();
        if (bandsPath) {
            std::string error;
            if (!io::replaceFile(*bandsPath, io::toJson(bands).dump(2) + "\n", &error)) {
                err << "paraplan-cli validate: " << error << "\n";
                return kExitUnreadable;
            }
        }
        const BandCoverage coverage = bandCoverage(bands, cv.outcomes), heldOut = heldOutBandCoverage(cv.outcomes);
        if (json)
            out << io::toJson(cv, outcomes, coverage, heldOut).dump(2) << "\n";
        else
            out << renderCrossValidation(cv, outcomes, coverage, heldOut, bandsPath ? *bandsPath : std::string());
        return kExitOk;
    }
    if (json) {
        out << io::toJson(outcomes).dump(2) << "\n";
        return kExitOk;
    }
    if (calibration)
        out << renderCalibrationNote(calibration->profile());
    out << renderValidation(outcomes, summary);
    return kExitOk;
}

} // namespace paraplan::cli
