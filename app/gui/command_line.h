// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

class QCoreApplication;

// What `paraplan` was asked to do from the command line.
namespace paraplan::app {

inline constexpr QSize kDefaultRenderSize{ 1920, 1080 };

struct CommandLine {
    QString input;        // a project or scenario to open (--scenario or the positional argument)
    QString screenshot;   // --screenshot OUT.png: render offscreen and exit
    QString view = QStringLiteral("overview"); // --view: a view key, or "all"
    QString language;     // --lang
    // --size: the window's size for rendering. Without it, offscreen rendering uses
    // kDefaultRenderSize, and a real window keeps the size it opens at (its first-start size).
    std::optional<QSize> size;
    bool dark = false;
    int benchmarkMoves = 0; // --benchmark-interaction N
    QString reportDirectory; // --report DIR: the headless main job
    QStringList probeResults; // --probe-results FILE: shown in the engine panel as imported runs
    QString calibration;      // --calibration PROFILE: applied from the start
    QStringList measuredTraces; // --measured-trace FILE: drawn under the predicted timeline
    QStringList imports;  // --import FILE: a model config or launch file read into the scenario
    QString launchFiles;  // --launch-files FORMAT: with --screenshot, render that export's dialog
    int finding = 0;      // --finding N: the advisor's N-th finding chosen (1 = the first)
    QString symptom;      // --symptom CODE: the advisor's symptom chosen
    QString plan;         // --plan PLAN.json: opened in the Plan view
    QString error;        // a usage problem, for the user

    // Runs without a window: screenshot, benchmark or report.
    [[nodiscard]] bool headless() const { return !screenshot.isEmpty() || benchmarkMoves > 0 || !reportDirectory.isEmpty(); }
};

// True when the arguments ask for offscreen rendering; checked before QApplication exists, so the
// platform can be chosen.
[[nodiscard]] bool wantsOffscreen(int argc, char** argv);
[[nodiscard]] CommandLine parseCommandLine(const QCoreApplication& app);

} // namespace paraplan::app
