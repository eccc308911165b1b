// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QPlainTextEdit;

// Shows a generated command or script to copy or save (to run on the cluster, not here), and saves
// the scenario file it names.
namespace paraplan::widgets {

class LaunchDialog : public QDialog {
    Q_OBJECT
public:
    LaunchDialog(const QString& title, const QString& explanation, const QString& text, const QString& suggestedFile,
                 const QByteArray& scenarioJson, QWidget* parent = nullptr);
    [[nodiscard]] QString text() const;

private:
    QPlainTextEdit* m_text;
    QString m_suggestedFile;
    QByteArray m_scenarioJson;
};

} // namespace paraplan::widgets
