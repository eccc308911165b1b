// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_table.h"

#include "core/explore/fitting.h"

#include <ostream>
#include <sstream>

namespace paraplan::cli {

using namespace paraplan::report;

int runFit(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const FitSettings settings = takeFitSettings(args, error);
    const CaseSelection selection = takeCaseSelection(args, error);
    if (error.empty() && selection.files.empty())
        error = "fit needs at least one case file";
    if (!error.empty()) {
        err << "paraplan-cli fit: " << error
            << "\nusage: paraplan-cli fit CASES.json [MORE.json ...] [--params a,b,...] [--evaluations N] [--only PREFIX,...] [--set PATH=VALUE ...]\n";
        return kExitUnreadable;
    }
    const std::optional<std::vector<ValidationCase>> cases = loadCases(selection, err);
    if (!cases)
        return kExitUnreadable;

    const FitResult fit = fitEfficiency(*cases, EfficiencyParams{}, settings.names, settings.evaluations, FitWeighting::EachGroup);
    out << "Fitted " << settings.names.size() << " constants on " << cases->size() << " cases with " << fit.evaluations
        << " evaluations of the model.\n";
    out << "Mean over groups of their MAPE (each source of runs weighing the same): " << percent(fit.before, 2)
        << " with the built-in constants, " << percent(fit.after, 2) << " fitted (each constant pulled towards its "
        << "physical prior).\n\n";
    TextTable table({ "constant", "prior", "built-in", "fitted" }, { false, true, true, true });
    const EfficiencyParams defaults;
    for (const EfficiencyParamInfo& info : kEfficiencyParamInfo) {
        auto show = [](double v) {
            std::ostringstream s;
            s.precision(4);
            s << v;
            return s.str();
        };
        table.addRow({ info.name, show(info.prior) + " ± " + show(info.priorSpread), show(defaults.*(info.member)),
                       show(fit.params.*(info.member)) });
    }
    out << table.render();
    return kExitOk;
}

} // namespace paraplan::cli
