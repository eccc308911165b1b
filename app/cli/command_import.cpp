// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"

#include "core/frameworks/launch_formats.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"

#include <ostream>

namespace paraplan::cli {

using namespace paraplan::frameworks;

namespace {

constexpr const char* kImportUsage
    = "usage: paraplan-cli import FILE|FOLDER [--format FORMAT] [--base SCENARIO.json]\n"
      "FORMAT: hf-config, megatron, megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py\n";

} // namespace

int runImport(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> formatName = args.option("--format", error);
    const std::optional<std::string> basePath = args.option("--base", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() != 1)
        error = "import takes one file (or a folder holding a config.json)";
    const std::optional<ImportFormat> named = formatName ? importFormatNamed(*formatName) : std::nullopt;
    if (error.empty() && formatName && !named)
        error = "unknown format \"" + *formatName + "\"";
    if (!error.empty()) {
        err << "paraplan-cli import: " << error << "\n" << kImportUsage;
        return kExitUnreadable;
    }
    const std::string path = frameworkFileOf(files.front());
    const std::optional<std::string> text = readInputFile(path, error);
    const std::optional<std::string> baseText
        = basePath ? readInputFile(*basePath, error) : std::optional<std::string>(io::builtinDefaultScenarioText());
    if (!text || !baseText) {
        err << "paraplan-cli import: " << error << "\n";
        return kExitUnreadable;
    }
    try {
        const nlohmann::json base = io::parseJson(*baseText);
        (void)io::readScenario(base, io::builtinCatalog()); // a broken base is named as such, not as the file
        const ImportFormat format = named ? *named : detectImportFormat(path, *text);
        const Imported imported = importLaunch(*text, format, base);
        for (const std::string& note : imported.notes)
            err << "note: " << note << "\n";
        out << imported.document.dump(2) << "\n";
        return kExitOk;
    } catch (const io::ReadError& e) {
        err << "paraplan-cli import: " << path << ": " << e.what() << "\n";
        return kExitUnreadable;
    }
}

} // namespace paraplan::cli
