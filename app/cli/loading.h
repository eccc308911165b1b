// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "scenario.h"
#include "validation_cases.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

// Input files of the commands, with every read failure reported on `err` naming the file and the
// JSON path; nullopt means the command exits with kExitUnreadable.
namespace paraplan::cli {

// The scenario at `path`, or the built-in default scenario when `path` is empty.
[[nodiscard]] std::optional<Scenario> loadScenario(const std::string& path, std::ostream& err);

// Every case of every file, in order.
[[nodiscard]] std::optional<std::vector<ValidationCase>> loadCases(const std::vector<std::string>& files,
                                                                  std::ostream& err);

} // namespace paraplan::cli
