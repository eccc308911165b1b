// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/cli_input.h"

#include <iosfwd>

// The subcommands of paraplan-cli. Each returns the process exit code (cli_input.h) and writes
// its report to `out` and problems to `err`.
namespace paraplan::cli {

int runEvaluate(Arguments args, std::ostream& out, std::ostream& err);
int runSearch(Arguments args, std::ostream& out, std::ostream& err);
int runValidate(Arguments args, std::ostream& out, std::ostream& err);
int runFit(Arguments args, std::ostream& out, std::ostream& err);
int runPresets(Arguments args, std::ostream& out, std::ostream& err);
int runTopoImport(Arguments args, std::ostream& out, std::ostream& err);
int runCalibration(Arguments args, std::ostream& out, std::ostream& err);
int runTrace(Arguments args, std::ostream& out, std::ostream& err);
int runImportTrace(Arguments args, std::ostream& out, std::ostream& err);
int runExport(Arguments args, std::ostream& out, std::ostream& err);
int runImport(Arguments args, std::ostream& out, std::ostream& err);
int runImportLog(Arguments args, std::ostream& out, std::ostream& err);
int runAdvise(Arguments args, std::ostream& out, std::ostream& err);
int runScale(Arguments args, std::ostream& out, std::ostream& err);
int runPlan(Arguments args, std::ostream& out, std::ostream& err);
int runSensitivity(Arguments args, std::ostream& out, std::ostream& err);
// The report as PDF or HTML (app/cli/command_report.cpp; links Qt).
int runReport(Arguments args, std::ostream& out, std::ostream& err);

} // namespace paraplan::cli
