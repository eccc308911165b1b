// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/uncertainty.h"
#include "core/frameworks/launch_formats.h"
#include "core/io/bands_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/scenario_writer.h"
#include "core/step/evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <concepts>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// What the tests of core/frameworks share: the scenarios every format is exported from (issue #15:
// the built-in default, a MoE one and a PCIe one with swapped ranks), their predictions, and the
// flag and key names extracted from the frameworks' sources (tests/data/frameworks/names/).
namespace paraplan::frameworks::test {

inline const std::string kFrameworksData = PARAPLAN_TEST_DATA_DIR "/frameworks/";

inline std::string fileText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct NamedScenario {
    std::string name;
    Scenario scenario;
};

inline std::vector<NamedScenario> exportScenarios()
{
    const Catalog& catalog = io::builtinCatalog();
    return {
        { "default", io::readScenarioText(io::builtinDefaultScenarioText(), catalog) },
        { "moe_mixtral", io::readScenarioText(fileText(kFrameworksData + "scenarios/moe_mixtral.json"), catalog) },
        { "pcie_swapped_ranks",
          io::readScenarioText(fileText(kFrameworksData + "scenarios/pcie_swapped_ranks.json"), catalog) },
    };
}

// evaluate() with diagnostics and the band attached, as the CLI's export does.
inline Result predictionOf(const Scenario& scenario)
{
    Result result = evaluate(scenario);
    result.uncertainty = uncertaintyOf(scenario, result, io::builtinUncertaintyBands(), false);
    return result;
}

inline LaunchBundle exported(const Scenario& scenario, ExportFormat format)
{
    return exportLaunch(scenario, predictionOf(scenario), format);
}

// The text of the one file of a bundle, which must be called `name`.
inline std::string onlyFileNamed(const LaunchBundle& bundle, const std::string& name)
{
    EXPECT_EQ(bundle.files.size(), 1u);
    EXPECT_EQ(bundle.files.at(0).name, name);
    return bundle.files.at(0).text;
}

// The names of tests/data/frameworks/names/FILE: one per line, `#` starts a comment (the file's
// provenance: repository, path and commit it was extracted from).
inline std::set<std::string> namesFrom(const std::string& file)
{
    std::set<std::string> names;
    std::istringstream lines(fileText(kFrameworksData + "names/" + file));
    for (std::string line; std::getline(lines, line);) {
        line = line.substr(0, line.find('#'));
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos)
            continue;
        names.insert(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
    }
    EXPECT_FALSE(names.empty()) << file << " lists no names";
    return names;
}

// A scenario unlike every export scenario in every field a launch file can carry (model, training,
// parallel, framework): an importer that fails to read a field returns the decoy's value.
inline Scenario decoyScenario()
{
    return io::readScenarioText(fileText(kFrameworksData + "scenarios/decoy.json"), io::builtinCatalog());
}

// The base an import of `scenario`'s export reads against: its own cluster (which most launch
// files do not describe), everything else from the decoy.
inline nlohmann::json roundTripBase(const Scenario& scenario)
{
    nlohmann::json base = io::toJson(decoyScenario());
    base["cluster"] = io::toJson(scenario)["cluster"];
    return base;
}

// What a round trip must give back exactly: the values, not the names a preset gave them (a
// launch file states a model's shape, not which catalog entry it came from), nor which fields
// were written explicitly, nor the framework (a scenario priced on one may be exported to another).
inline Scenario comparable(Scenario s)
{
    s.model.preset.clear();
    s.model.name.clear();
    s.pins = {};
    s.framework = {};
    return s;
}

// A scenario's values as the contract writes them: Scenario's == compares the topology and the
// rank table by identity (an edit makes a new one), so two readings of one file differ there.
inline std::string valuesOf(const Scenario& s) { return io::toJson(comparable(s)).dump(1); }

// The scenario with its "auto" recomputation as the evaluation chose it: a launch file states a
// recomputation, not "auto".
inline Scenario resolvedAuto(Scenario s, const Result& prediction)
{
    if (s.parallel.recompute == Recompute::Auto) {
        s.parallel.recompute = prediction.parallel.recompute;
        s.parallel.recomputeModules = prediction.parallel.recomputeModules;
    }
    return s;
}

inline Scenario readImported(const Imported& imported)
{
    return io::readScenario(imported.document, io::builtinCatalog());
}

// Whether one of an export's or an import's notes holds `words`.
inline bool anyNoteHas(const std::vector<std::string>& notes, std::string_view words)
{
    return std::any_of(
        notes.begin(), notes.end(), [&](const std::string& note) { return note.find(words) != std::string::npos; });
}

// The notes a line each, for a failed expectation's message.
inline std::string allNotes(const std::vector<std::string>& notes)
{
    std::string text;
    for (const std::string& note : notes)
        text += note + "\n";
    return text;
}

// What the io::ReadError that `read` throws says ("line 3: ...", "key: ..."); a failure, and
// "no error", where it throws none.
template <std::invocable Read>
std::string readErrorOf(Read read)
{
    try {
        read();
    } catch (const io::ReadError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no io::ReadError";
    return "no error";
}

// A mutated export for the importers' robustness tests: a byte changed, the file cut, brackets,
// quotes or signs inserted, or a run removed. Deterministic for a given `random`.
inline std::string mutated(const std::string& text, std::mt19937& random)
{
    std::string m = text;
    const size_t at = random() % m.size();
    switch (random() % 4) {
    case 0:
        m[at] = char(random() % 256);
        break;
    case 1:
        m.resize(at);
        break;
    case 2:
        m.insert(at, std::string(1 + random() % 5, "[]{}\"'$=#\n9-"[random() % 12]));
        break;
    default:
        m.erase(at, random() % 40);
        break;
    }
    return m;
}

} // namespace paraplan::frameworks::test
