// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The frameworks' files (core/frameworks/launch_import), as `paraplan-cli import` reads them: the
// same bytes read as every format, each refusing with a ReadError or giving a finite document that
// the scenario reader reads or refuses with its own ReadError.
#include "tests/fuzz/fuzz_target.h"

#include "core/frameworks/launch_formats.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    static const nlohmann::json base = io::parseJson(io::builtinDefaultScenarioText());
    const std::string text = textOf(data, size);
    for (size_t i = 0; i < frameworks::kImportFormatNames.size(); ++i) {
        const auto format = frameworks::ImportFormat(i);
        const std::optional<frameworks::Imported> imported
            = readOrRefuse([&] { return frameworks::importLaunch(text, format, base); });
        if (!imported)
            continue;
        requireFinite(imported->document, std::string("an imported ") + frameworks::kImportFormatNames[i]);
        nlohmann::json scenario = imported->document;
        if (imported->modelOnly) {
            scenario = base;
            scenario["model"] = imported->document;
        }
        (void)readOrRefuse([&] { return io::readScenario(scenario, io::builtinCatalog()); });
    }
    (void)readOrRefuse([&] { return frameworks::detectImportFormat("input", text); });
    return 0;
}

} // namespace paraplan::fuzz
