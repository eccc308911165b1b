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

namespace {

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty())
            items.push_back(item);
    return items;
}

std::string knownParams()
{
    std::string list;
    for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
        list += (list.empty() ? "" : ", ") + std::string(info.name);
    return list;
}

} // namespace

int runFit(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> paramsOption = args.option("--params", error);
    const std::optional<std::string> evaluationsOption = args.option("--evaluations", error);
    const CaseSelection selection = takeCaseSelection(args, error);
    long long evaluations = 600;
    if (evaluationsOption && error.empty())
        if (const auto n = parsePositive(*evaluationsOption, "--evaluations", error))
            evaluations = *n;
    std::vector<std::string> names = paramsOption ? splitList(*paramsOption) : std::vector<std::string>{};
    if (!paramsOption)
        for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
            names.push_back(info.name);
    for (const std::string& name : names) {
        bool known = false;
        for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
            known |= name == info.name;
        if (!known && error.empty())
            error = "unknown constant \"" + name + "\"; known: " + knownParams();
    }
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

    const FitResult fit = fitEfficiency(*cases, EfficiencyParams{}, names, int(evaluations));
    out << "Fitted " << names.size() << " constants on " << cases->size() << " cases with " << fit.evaluations
        << " evaluations of the model.\n";
    out << "MAPE " << percent(fit.before, 2) << " with the built-in constants, " << percent(fit.after, 2)
        << " fitted.\n\n";
    TextTable table({ "constant", "built-in", "fitted" }, { false, true, true });
    const EfficiencyParams defaults;
    for (const EfficiencyParamInfo& info : kEfficiencyParamInfo) {
        auto show = [](double v) {
            std::ostringstream s;
            s.precision(4);
            s << v;
            return s.str();
        };
        table.addRow({ info.name, show(defaults.*(info.member)), show(fit.params.*(info.member)) });
    }
    out << table.render();
    return kExitOk;
}

} // namespace paraplan::cli
