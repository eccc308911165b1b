// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/frameworks/launch_export.h"
#include "core/frameworks/launch_import.h"

#include <string>

// Every format behind one call each: the front ends (CLI, GUI) export and import through these;
// each format's own file knows its framework (docs/frameworks/).
namespace paraplan::frameworks {

// The scenario as `format`'s files. `prediction` is evaluate(scenario) with diagnostics, valid.
[[nodiscard]] LaunchBundle exportLaunch(const Scenario& scenario, const Result& prediction, ExportFormat format);

// Reads `text` as `format`. `base` is a scenario in the contract's shape whose fields stand in for
// what the file does not say (each one named in the notes).
[[nodiscard]] Imported importLaunch(const std::string& text, ImportFormat format, const nlohmann::json& base);

} // namespace paraplan::frameworks
