// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

// Rendering without a screen: screenshots of the window on one view or all of them, and the report
// (the evaluation printed, every view written as an image) that the main job produces where there
// is no display.
namespace paraplan::app {

class MainWindow;

// Shows the window (at `size`, when given) on the view `viewKey` ("all": every view, written as
// OUT-<view>.png beside `path`) and saves it. Returns the files written; empty on failure.
QStringList renderScreenshots(MainWindow& window, const QString& path, const QString& viewKey,
                              const std::optional<QSize>& size);

// Renders File ▸ Export launch files… for the export format `formatName` into the PNG `path`.
bool renderLaunchFilesDialog(MainWindow& window, const QString& formatName, const QString& path, QString* error);

// Prints the evaluation to stdout and writes every view into `directory`; exit code.
int writeReport(MainWindow& window, const QString& directory, const std::optional<QSize>& size);

// Compare needs an A: with none pinned, pins the fastest configuration the search finds, so the
// view answers "why is the current configuration slower than the best one?".
void pinBestIfNothingPinned(MainWindow& window);

// Waits (event loop) until the landscape of the current scenario has been priced.
void waitForLandscape(MainWindow& window);

} // namespace paraplan::app
