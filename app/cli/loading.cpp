// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "loading.h"

#include "cli_input.h"

#include "io/cases_reader.h"
#include "io/catalog_reader.h"
#include "io/json_reader.h"
#include "io/scenario_reader.h"

#include <ostream>

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

std::optional<std::vector<ValidationCase>> loadCases(const std::vector<std::string>& files, std::ostream& err)
{
    std::vector<ValidationCase> cases;
    for (const std::string& file : files) {
        std::string error;
        const std::optional<std::string> text = readInputFile(file, error);
        if (!text) {
            err << "paraplan-cli: " << error << "\n";
            return std::nullopt;
        }
        try {
            std::vector<ValidationCase> more = io::readValidationCases(*text, io::builtinCatalog());
            cases.insert(cases.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
        } catch (const io::ReadError& e) {
            err << "paraplan-cli: " << file << ": " << e.what() << "\n";
            return std::nullopt;
        }
    }
    return cases;
}

} // namespace paraplan::cli
