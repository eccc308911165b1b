// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"

#include "app/document/language.h"
#include "app/document/report_document.h"
#include "app/import/trace_files.h"
#include "core/frameworks/log_measurement.h"
#include "core/frameworks/training_log.h"
#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/plan_json.h"
#include "core/io/catalog_reader.h"

#include <QApplication>

#include <cstdlib>
#include <memory>
#include <ostream>

namespace paraplan::cli {

namespace {

// What a plan recommends: the fastest plan within the budget, else the cheapest that meets the
// deadline, else (nothing priced, or phases only) the plan file's own scenario.
Scenario recommendedScenario(const app::ReportPlan& plan)
{
    const RunPlan& run = plan.outcome->run;
    for (const std::optional<size_t>& chosen : { run.fastestWithinBudget, run.cheapestMeetingDeadline })
        if (chosen)
            return run.points[*chosen].scenario;
    return plan.study.request.scenario;
}

constexpr const char* kReportUsage
    = "usage: paraplan-cli report [SCENARIO.json] -o REPORT.pdf|REPORT.html [--compare A.json] [--lang en|zh_CN] "
      "[--log TRAINING.log ...] [--trace RANK_TRACE ...] [--calibration PROFILE.json] [--plan PLAN.json]\n";

// The report draws its charts with Qt widgets: an application offscreen for the command's run,
// where the caller (a test, the GUI) has none. It must end before the program's statics do.
std::unique_ptr<QApplication> applicationForTheReport()
{
    if (QApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "paraplan-cli";
    static char* argv[] = { name, nullptr };
    return std::make_unique<QApplication>(argc, argv);
}

// A training log of the scenario's run as a measured step, or the reason it cannot be one.
std::optional<widgets::MeasuredStep> measuredFrom(const std::string& path, const Scenario& scenario, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> text = io::readInputFile(path, error);
    if (!text) {
        err << "paraplan-cli report: " << error << "\n";
        return std::nullopt;
    }
    try {
        const frameworks::LogMeasurement m = frameworks::measureLog(frameworks::readTrainingLog(*text), scenario);
        return widgets::MeasuredStep{ scenario, m.stepS, QString::fromStdString(path) };
    } catch (const io::ReadError& e) {
        err << "paraplan-cli report: " << path << ": " << e.message() << "\n";
        return std::nullopt;
    }
}

} // namespace

int runReport(Arguments args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const std::optional<std::string> output = args.option("-o", error);
    const std::optional<std::string> comparePath = args.option("--compare", error);
    const std::optional<std::string> language = args.option("--lang", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::optional<std::string> planPath = args.option("--plan", error);
    const auto repeated = [&](const char* option) {
        std::vector<std::string> values;
        while (error.empty())
            if (const std::optional<std::string> value = args.option(option, error))
                values.push_back(*value);
            else
                break;
        return values;
    };
    const std::vector<std::string> logs = repeated("--log");
    const std::vector<std::string> traces = repeated("--trace");
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() > 1)
        error = "report takes one scenario file";
    if (error.empty() && !output)
        error = "name the report with -o REPORT.pdf or -o REPORT.html";
    if (error.empty() && language && *language != "en" && *language != "zh_CN")
        error = "--lang takes en or zh_CN";
    if (!error.empty()) {
        err << "paraplan-cli report: " << error << "\n" << kReportUsage;
        return kExitUnreadable;
    }
    std::shared_ptr<const Calibration> calibration;
    if (calibrationPath && !(calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    std::optional<app::ReportPlan> plan;
    if (planPath) {
        try {
            plan = app::ReportPlan{ io::readPlanFile(*planPath, io::builtinCatalog()), std::nullopt };
        } catch (const io::ReadError& e) {
            // The file's name once: a file that cannot be read is the error's own path.
            err << "paraplan-cli report: " << (e.path() == *planPath ? "" : *planPath + ": ") << e.what() << "\n";
            return kExitUnreadable;
        }
    }
    if (plan) {
        PlanOptions options;
        options.calibration = calibration;
        plan->outcome = widgets::planStudy(plan->study, options);
    }
    // A plan's report without a scenario of its own reports on the configuration the plan recommends.
    const std::optional<Scenario> scenario = files.empty() && plan ? std::optional<Scenario>(recommendedScenario(*plan))
                                                                   : loadScenario(files.empty() ? std::string() : files.front(), err);
    if (!scenario)
        return kExitUnreadable;
    app::ReportInputs inputs{ *scenario, std::nullopt, nullptr, {}, {}, {} };
    inputs.plan = std::move(plan);
    if (comparePath && !(inputs.compareWith = loadScenario(*comparePath, err)))
        return kExitUnreadable;
    if (calibrationPath) {
        inputs.calibration = calibration;
        inputs.calibrationSource = QString::fromStdString(*calibrationPath);
    }
    for (const std::string& log : logs) {
        std::optional<widgets::MeasuredStep> measured = measuredFrom(log, *scenario, err);
        if (!measured)
            return kExitUnreadable;
        inputs.measured.push_back(std::move(*measured));
    }
    for (const std::string& trace : traces) {
        try {
            inputs.measuredTrace.push_back(import::readMeasuredTrace(trace));
        } catch (const std::exception& e) {
            err << "paraplan-cli report: " << e.what() << "\n";
            return kExitUnreadable;
        }
    }
    const std::unique_ptr<QApplication> application = applicationForTheReport();
    app::installLanguage(QString::fromStdString(language.value_or("en")));
    QString failure;
    if (!app::writeReportFile(inputs, QString::fromStdString(*output), &failure)) {
        err << "paraplan-cli report: " << failure.toStdString() << "\n";
        return failure.contains(QLatin1String("invalid")) ? kExitInvalid : kExitUnreadable;
    }
    out << *output << "\n";
    return kExitOk;
}

} // namespace paraplan::cli
