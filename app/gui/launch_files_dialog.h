// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/state/evaluation.h"

#include "core/frameworks/launch_formats.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QTabWidget;

// File ▸ Export launch files…: the configuration the views show as the files that launch it on a
// training framework (core/frameworks, docs/frameworks/), one tab per file, with what the format
// could not say listed above them; Copy takes the shown file, Save… writes the whole export.
namespace paraplan::app {

class LaunchFilesDialog : public QDialog {
    Q_OBJECT
public:
    LaunchFilesDialog(widgets::EvaluationPtr evaluation, QString lastDirectory, QWidget* parent = nullptr);

    void setFormat(frameworks::ExportFormat format);
    [[nodiscard]] const frameworks::LaunchBundle& bundle() const { return m_bundle; }
    // Writes the export: one file to `path`, several into the folder `path`. False with `error`
    // saying why (for the user) when a file cannot be written.
    bool saveTo(const QString& path, QString* error = nullptr);
    [[nodiscard]] const QString& lastDirectory() const { return m_lastDirectory; }

private:
    void showExport();
    void copyShownFile();
    void chooseWhereToSave();

    widgets::EvaluationPtr m_evaluation;
    QString m_lastDirectory;
    frameworks::LaunchBundle m_bundle;
    QComboBox* m_format = nullptr;
    QLabel* m_notes = nullptr;
    QTabWidget* m_files = nullptr;
};

} // namespace paraplan::app
