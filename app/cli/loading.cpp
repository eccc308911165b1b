// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/loading.h"

#include "app/cli/cli_input.h"

#include "core/io/calibration_json.h"
#include "core/io/cases_reader.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"

#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <sstream>

namespace paraplan::cli {

std::optional<Scenario> loadScenario(const std::string& path, std::ostream& err)
{
    std::string error;
    std::optional<std::string> text
        = path.empty() ? std::optional<std::string>(io::builtinDefaultScenarioText()) : readInputFile(path, error);
    if (!text) {
        err << "paraplan-cli: " << error << "\n";
        return std::nullopt;
    }
    try {
        return io::readScenarioText(*text, io::builtinCatalog());
    } catch (const io::ReadError& e) {
        err << "paraplan-cli: " << (path.empty() ? "built-in scenario" : path) << ": " << e.what() << "\n";
        return std::nullopt;
    }
}

std::shared_ptr<const Calibration> loadCalibration(const std::string& path, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> text = readInputFile(path, error);
    if (!text) {
        err << "paraplan-cli: " << error << "\n";
        return nullptr;
    }
    try {
        CalibrationProfile profile = io::readCalibrationProfile(*text);
        if (profile.cpu) {
            err << "paraplan-cli: " << path << ": cpu: the profile was measured on CPUs (\"" << profile.device
                << "\"), whose GEMM rates and bandwidths say nothing about the scenario's GPUs; calibrate with "
                   "a profile measured on GPUs\n";
            return nullptr;
        }
        return std::make_shared<const Calibration>(std::move(profile));
    } catch (const io::ReadError& e) {
        err << "paraplan-cli: " << path << ": " << e.what() << "\n";
        return nullptr;
    }
}

CaseSelection takeCaseSelection(Arguments& args, std::string& error)
{
    CaseSelection selection;
    while (std::optional<std::string> set = args.option("--set", error))
        selection.overrides.push_back(*set);
    if (std::optional<std::string> only = args.option("--only", error)) {
        std::stringstream list(*only);
        for (std::string prefix; std::getline(list, prefix, ',');)
            if (!prefix.empty())
                selection.idPrefixes.push_back(prefix);
    }
    selection.files = args.positional(error);
    return selection;
}

std::optional<std::vector<ValidationCase>> loadCases(const CaseSelection& selection, std::ostream& err)
{
    std::vector<io::ScenarioOverride> overrides;
    try {
        for (const std::string& text : selection.overrides)
            overrides.push_back(io::parseScenarioOverride(text));
    } catch (const io::ReadError& e) {
        err << "paraplan-cli: --set " << e.what() << "\n";
        return std::nullopt;
    }
    auto selected = [&](const ValidationCase& c) {
        return selection.idPrefixes.empty()
            || std::any_of(selection.idPrefixes.begin(), selection.idPrefixes.end(),
                           [&](const std::string& prefix) { return c.id.rfind(prefix, 0) == 0; });
    };
    std::vector<ValidationCase> cases;
    for (const std::string& file : selection.files) {
        std::string error;
        const std::optional<std::string> text = readInputFile(file, error);
        if (!text) {
            err << "paraplan-cli: " << error << "\n";
            return std::nullopt;
        }
        try {
            for (ValidationCase& c : io::readValidationCases(*text, io::builtinCatalog(), overrides))
                if (selected(c))
                    cases.push_back(std::move(c));
        } catch (const io::ReadError& e) {
            err << "paraplan-cli: " << file << ": " << e.what() << "\n";
            return std::nullopt;
        }
    }
    if (cases.empty()) {
        err << "paraplan-cli: no case matches --only\n";
        return std::nullopt;
    }
    return cases;
}

FitSettings takeFitSettings(Arguments& args, std::string& error)
{
    FitSettings settings;
    const std::optional<std::string> params = args.option("--params", error);
    const std::optional<std::string> evaluations = args.option("--evaluations", error);
    if (evaluations && error.empty())
        if (const auto n = parsePositive(*evaluations, "--evaluations", error))
            settings.evaluations = int(std::min<long long>(*n, 1'000'000));
    std::string known;
    for (const EfficiencyParamInfo& info : kEfficiencyParamInfo) {
        known += (known.empty() ? "" : ", ") + std::string(info.name);
        if (!params)
            settings.names.push_back(info.name);
    }
    if (params) {
        std::stringstream list(*params);
        for (std::string name; std::getline(list, name, ',');)
            if (!name.empty())
                settings.names.push_back(name);
    }
    for (const std::string& name : settings.names) {
        const bool isKnown = std::any_of(kEfficiencyParamInfo.begin(), kEfficiencyParamInfo.end(),
                                         [&](const EfficiencyParamInfo& info) { return name == info.name; });
        if (!isKnown && error.empty())
            error = "unknown constant \"" + name + "\"; known: " + known;
    }
    return settings;
}

EfficiencyParams takeConstants(Arguments& args, std::string& error)
{
    EfficiencyParams params;
    while (std::optional<std::string> assignment = args.option("--constant", error)) {
        const size_t equals = assignment->find('=');
        const std::string name = assignment->substr(0, equals);
        const auto info = std::find_if(kEfficiencyParamInfo.begin(), kEfficiencyParamInfo.end(),
                                       [&](const EfficiencyParamInfo& i) { return name == i.name; });
        char* end = nullptr;
        const double value = equals == std::string::npos ? 0 : std::strtod(assignment->c_str() + equals + 1, &end);
        if (info == kEfficiencyParamInfo.end()) {
            error = "--constant " + *assignment + ": unknown constant \"" + name + "\"";
        } else if (equals == std::string::npos || end == assignment->c_str() + equals + 1 || *end != '\0') {
            error = "--constant " + *assignment + ": give NAME=NUMBER";
        } else if (!(value >= info->lower && value <= info->upper)) {
            error = "--constant " + *assignment + ": " + name + " must lie between " + std::to_string(info->lower)
                + " and " + std::to_string(info->upper);
        } else {
            params.*(info->member) = value;
        }
    }
    return params;
}

} // namespace paraplan::cli
