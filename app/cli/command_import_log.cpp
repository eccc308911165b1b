// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"
#include "app/report/text_table.h"

#include "core/explore/uncertainty.h"
#include "core/frameworks/log_measurement.h"
#include "core/io/atomic_file.h"
#include "core/io/bands_json.h"
#include "core/io/json_reader.h"
#include "core/step/evaluator.h"

#include <filesystem>
#include <ostream>

namespace paraplan::cli {

using namespace paraplan::frameworks;
using report::fixed;

namespace {

constexpr const char* kImportLogUsage
    = "usage: paraplan-cli import-log SCENARIO.json LOG [--format megatron|torchtitan|deepspeed]\n"
      "                               [--calibration PROFILE.json] [--cases-out CASES.json [--id ID]] [--json]\n";

std::optional<LogFormat> logFormatNamed(const std::string& name)
{
    for (const LogFormat f : { LogFormat::Megatron, LogFormat::Torchtitan, LogFormat::DeepSpeed })
        if (name == toString(f))
            return f;
    return std::nullopt;
}

// The case joins the file's others (one with the same id is replaced), so several logs of one
// cluster gather into one file for `fit`.
bool addCase(const std::string& path, const nlohmann::json& logCase, std::ostream& err)
{
    nlohmann::json cases = nlohmann::json::array();
    std::string error;
    if (std::filesystem::exists(path)) {
        const std::optional<std::string> text = readInputFile(path, error);
        try {
            cases = text ? io::parseJson(*text) : nlohmann::json();
        } catch (const io::ReadError& e) {
            error = e.what();
        }
        if (!text || !cases.is_array()) {
            err << "paraplan-cli import-log: " << path << " is not a case file (a JSON array): "
                << (error.empty() ? "not an array" : error) << "\n";
            return false;
        }
    }
    for (auto it = cases.begin(); it != cases.end();)
        it = it->is_object() && it->value("id", "") == logCase["id"] ? cases.erase(it) : it + 1;
    cases.push_back(logCase);
    if (!io::replaceFile(path, cases.dump(1) + "\n", &error)) {
        err << "paraplan-cli import-log: " << error << "\n";
        return false;
    }
    err << "added case " << logCase["id"].get<std::string>() << " to " << path << " (" << cases.size()
        << " case(s)); fit them with: paraplan-cli fit " << path << "\n";
    return true;
}

} // namespace

int runImportLog(Arguments args, std::ostream& out, std::ostream& err)
{
    const bool json = args.flag("--json");
    std::string error;
    const std::optional<std::string> formatName = args.option("--format", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::optional<std::string> casesOut = args.option("--cases-out", error);
    const std::optional<std::string> id = args.option("--id", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() != 2)
        error = "import-log takes the scenario the run trained and its log";
    const std::optional<LogFormat> format = formatName ? logFormatNamed(*formatName) : std::nullopt;
    if (error.empty() && formatName && !format)
        error = "unknown log format \"" + *formatName + "\"";
    if (!error.empty()) {
        err << "paraplan-cli import-log: " << error << "\n" << kImportLogUsage;
        return kExitUnreadable;
    }
    const std::optional<Scenario> scenario = loadScenario(files[0], err);
    if (!scenario)
        return kExitUnreadable;
    EvaluateOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    const std::optional<std::string> text = readInputFile(files[1], error);
    if (!text) {
        err << "paraplan-cli import-log: " << error << "\n";
        return kExitUnreadable;
    }
    LogMeasurement measured;
    try {
        measured = measureLog(readTrainingLog(*text, format), *scenario);
    } catch (const io::ReadError& e) {
        err << "paraplan-cli import-log: " << files[1] << ": " << e.what() << "\n";
        return kExitUnreadable;
    }
    Result prediction = evaluate(*scenario, options);
    if (!prediction.valid) {
        err << "paraplan-cli import-log: the scenario is invalid, so there is nothing to hold the log against:\n"
            << report::renderDiagnostics(prediction);
        return kExitInvalid;
    }
    prediction.uncertainty
        = uncertaintyOf(*scenario, prediction, io::builtinUncertaintyBands(), options.calibration != nullptr);
    for (const std::string& note : measured.log.notes)
        err << "note: " << note << "\n";
    for (const std::string& note : measured.steady.notes)
        err << "note: " << note << "\n";
    const double predicted = prediction.time.step;
    const double ratio = measured.stepS / predicted;
    const bool inBand = prediction.uncertainty && measured.stepS >= prediction.uncertainty->p10
        && measured.stepS <= prediction.uncertainty->p90;
    if (json) {
        nlohmann::json outliers = nlohmann::json::array();
        for (const StepOutlier& o : measured.steady.outliers)
            outliers.push_back({ { "iteration", o.step.iteration }, { "line", o.step.line }, { "ratio", o.ratioToMedian } });
        out << nlohmann::json{ { "format", toString(measured.log.format) },
                               { "measured_step_s", measured.stepS },
                               { "predicted_step_s", predicted },
                               { "measured_over_predicted", ratio },
                               { "inside_band", inBand },
                               { "steady_steps", measured.steady.used },
                               { "warmup_skipped", measured.steady.warmupSkipped },
                               { "spread", measured.steady.spread },
                               { "outliers", outliers } }
                   .dump(2)
            << "\n";
    } else {
        out << files[1] << ": " << toString(measured.log.format) << " log, " << measured.log.steps.size()
            << " iterations; " << measured.steady.warmupSkipped << " warm-up skipped, " << measured.steady.used
            << " steady, " << measured.steady.outliers.size() << " outlier(s)";
        for (const StepOutlier& o : measured.steady.outliers)
            out << " [iteration " << o.step.iteration << ", line " << o.step.line << ", " << fixed(o.ratioToMedian, 2)
                << "x the median]";
        out << "\nmeasured step    " << fixed(measured.stepS, 3) << " s (spread " << fixed(100 * measured.steady.spread, 1)
            << " %)\npredicted step   " << fixed(predicted, 3) << " s";
        if (prediction.uncertainty)
            out << " (80 % band " << fixed(prediction.uncertainty->p10, 3) << "-" << fixed(prediction.uncertainty->p90, 3)
                << " s)";
        out << "\nmeasured / predicted " << fixed(ratio, 3)
            << (prediction.uncertainty ? (inBand ? ", inside the band" : ", outside the band") : "") << "\n";
    }
    if (casesOut) {
        const std::string caseId = id ? *id : "log-" + std::filesystem::path(files[1]).stem().string();
        if (!addCase(*casesOut, logCase(caseId, files[1], *scenario, measured), err))
            return kExitUnreadable;
    }
    return kExitOk;
}

} // namespace paraplan::cli
