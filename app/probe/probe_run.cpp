// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

#include "core/io/calibration_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/step/evaluator.h"

#include <chrono>
#include <csignal>
#include <optional>
#include <thread>

namespace paraplan::probe {

namespace {

std::string readFile(const std::string& path, io::ProbeCode code, const char* what)
{
    std::string error;
    std::optional<std::string> text = io::readInputFile(path, error);
    if (!text)
        throw engine::EngineError(code, std::string("the ") + what + ": " + error);
    return std::move(*text);
}

} // namespace

LoadedScenario loadScenario(const std::string& path, const std::string& calibrationPath)
{
    LoadedScenario loaded;
    try {
        loaded.scenario = io::readScenarioText(readFile(path, io::ProbeCode::UnreadableScenario, "scenario"),
                                               io::builtinCatalog());
    } catch (const io::ReadError& e) {
        throw engine::EngineError(io::ProbeCode::UnreadableScenario, path + ": " + e.what());
    }
    if (!calibrationPath.empty()) {
        try {
            loaded.calibration = std::make_shared<const Calibration>(io::readCalibrationProfile(
                readFile(calibrationPath, io::ProbeCode::UnreadableCalibration, "calibration profile")));
        } catch (const io::ReadError& e) {
            throw engine::EngineError(io::ProbeCode::UnreadableCalibration, calibrationPath + ": " + e.what());
        }
    }
    EvaluateOptions options;
    options.calibration = loaded.calibration;
    loaded.predicted = evaluate(loaded.scenario, options);
    if (!loaded.predicted.valid) {
        std::string rules;
        for (const Diagnostic& d : loaded.predicted.diagnostics)
            if (d.severity == Severity::Error)
                rules += (rules.empty() ? "" : "; ") + d.path + ": " + d.message;
        throw engine::EngineError(io::ProbeCode::InvalidScenario, path + " breaks the rules: " + rules);
    }
    return loaded;
}

void injectFaults(const ProbeRun& run)
{
    const int me = run.world.rank();
    if (run.options.crashRank == me)
        std::raise(SIGKILL);
    if (run.options.stallRank == me)
        std::this_thread::sleep_for(std::chrono::hours(24 * 365)); // the watchdogs end the run
}

} // namespace paraplan::probe
