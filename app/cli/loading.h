// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/cli_input.h"

#include "core/explore/validation_cases.h"
#include "core/network/calibration.h"
#include "core/spec/scenario.h"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// Input files of the commands, with every read failure reported on `err` naming the file and the
// JSON path; nullopt means the command exits with kExitUnreadable.
namespace paraplan::cli {

// The scenario at `path`, or the built-in default scenario when `path` is empty.
[[nodiscard]] std::optional<Scenario> loadScenario(const std::string& path, std::ostream& err);

// The calibration profile at `path`, prepared for the model; null after reporting why on `err`.
// A CPU profile is refused: it describes the host's processors, and every scenario runs on GPUs.
[[nodiscard]] std::shared_ptr<const Calibration> loadCalibration(const std::string& path, std::ostream& err);

// What `validate` and `fit` read: case files, what-ifs applied to every scenario (--set), and the
// id prefixes to keep (--only; all when empty).
struct CaseSelection {
    std::vector<std::string> files;
    std::vector<std::string> overrides; // "PATH=VALUE"
    std::vector<std::string> idPrefixes;
};

// Takes --set PATH=VALUE (repeatable) and --only PREFIX[,PREFIX] from the arguments.
[[nodiscard]] CaseSelection takeCaseSelection(Arguments& args, std::string& error);

// Every selected case of every file, in order.
[[nodiscard]] std::optional<std::vector<ValidationCase>> loadCases(const CaseSelection& selection, std::ostream& err);

// How `fit` and `validate --cross-validate` fit the efficiency constants: which (--params a,b,...;
// all when absent) and with how many evaluations of the error (--evaluations N).
struct FitSettings {
    std::vector<std::string> names;
    int evaluations = 600;
};

// Takes --params and --evaluations from the arguments; sets `error` naming an unknown constant.
[[nodiscard]] FitSettings takeFitSettings(Arguments& args, std::string& error);

// The built-in efficiency constants with --constant NAME=VALUE (repeatable) applied: a what-if on
// the model's own constants; sets `error` naming an unknown constant or a value out of its range.
[[nodiscard]] EfficiencyParams takeConstants(Arguments& args, std::string& error);

} // namespace paraplan::cli
