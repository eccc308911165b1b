// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Project files (.paraplan.json), what their reader leaves to core (the reader itself,
// app::parseProject, is Qt code: fuzz_project_reader.cpp, where the GUI is built): the document's
// JSON and the scenarios under "scenario" and "pinned", read with their place in the project,
// whose errors must name a path inside it (the workbench cuts the message after the path), and
// written back as a save writes them.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<nlohmann::json> document = readOrRefuse([&] { return io::parseJson(textOf(data, size)); });
    if (!document || !document->is_object())
        return 0;
    for (const char* key : { "scenario", "pinned" }) {
        const auto member = document->find(key);
        if (member == document->end())
            continue;
        std::optional<Scenario> scenario;
        try {
            scenario = io::readScenario(*member, io::builtinCatalog(), key);
        } catch (const io::ReadError& e) {
            require(e.path().rfind(key, 0) == 0, std::string("an error in \"") + key + "\" names " + e.path());
            continue;
        }
        requireWrittenScenarioReadsBack(*scenario);
    }
    return 0;
}

} // namespace paraplan::fuzz
