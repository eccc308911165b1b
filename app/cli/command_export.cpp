// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"

#include "core/explore/uncertainty.h"
#include "core/frameworks/launch_formats.h"
#include "core/io/atomic_file.h"
#include "core/io/bands_json.h"
#include "core/step/evaluator.h"

#include <filesystem>
#include <ostream>

namespace paraplan::cli {

using namespace paraplan::frameworks;

namespace {

constexpr const char* kExportUsage
    = "usage: paraplan-cli export [SCENARIO.json] --to FORMAT [-o PATH] [--calibration PROFILE.json]\n"
      "FORMAT: megatron, megatron-bridge, nemo-yaml, deepspeed, torchtitan-toml, torchtitan-py, env, slurm\n";

std::string formatList()
{
    std::string list;
    for (const char* name : kExportFormatNames)
        list += (list.empty() ? "" : ", ") + std::string(name);
    return list;
}

// A bundle of one file goes to PATH itself; of several, into the folder PATH, made if need be.
bool writeBundle(const LaunchBundle& bundle, const std::string& path, std::ostream& err)
{
    std::string error;
    const bool folder = bundle.files.size() > 1;
    if (folder) {
        std::error_code code;
        std::filesystem::create_directories(path, code);
        if (code) {
            err << "paraplan-cli export: cannot make the folder " << path << ": " << code.message() << "\n";
            return false;
        }
    }
    for (const LaunchFile& file : bundle.files) {
        const std::string target = folder ? (std::filesystem::path(path) / file.name).string() : path;
        if (!io::replaceFile(target, file.text, &error)) {
            err << "paraplan-cli export: " << error << "\n";
            return false;
        }
        err << "wrote " << target << "\n";
    }
    return true;
}

} // namespace

int runExport(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> to = args.option("--to", error);
    const std::optional<std::string> output = args.option("-o", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() > 1)
        error = "export takes one scenario file";
    if (error.empty() && !to)
        error = "say which format with --to FORMAT";
    const std::optional<ExportFormat> format = to ? exportFormatNamed(*to) : std::nullopt;
    if (error.empty() && !format)
        error = "unknown format \"" + *to + "\"; the formats are " + formatList();
    if (!error.empty()) {
        err << "paraplan-cli export: " << error << "\n" << kExportUsage;
        return kExitUnreadable;
    }
    const std::optional<Scenario> scenario = loadScenario(files.empty() ? std::string() : files.front(), err);
    if (!scenario)
        return kExitUnreadable;
    EvaluateOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    Result prediction = evaluate(*scenario, options);
    if (!prediction.valid) {
        err << "paraplan-cli export: the scenario is invalid, so no launch file would run it:\n"
            << report::renderDiagnostics(prediction);
        return kExitInvalid;
    }
    prediction.uncertainty
        = uncertaintyOf(*scenario, prediction, io::builtinUncertaintyBands(), options.calibration != nullptr);
    const LaunchBundle bundle = exportLaunch(*scenario, prediction, *format);
    for (const std::string& note : bundle.notes)
        err << "note: " << note << "\n";
    if (output && *output != "-")
        return writeBundle(bundle, *output, err) ? kExitOk : kExitUnreadable;
    for (const LaunchFile& file : bundle.files) {
        if (bundle.files.size() > 1)
            out << "==> " << file.name << " <==\n";
        out << file.text;
    }
    return kExitOk;
}

} // namespace paraplan::cli
