// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"

#include <QFrame>

class QLabel;

// An inline banner above the plots for what is wrong with the current configuration and what to
// change; never a modal dialog. Hidden when there is nothing to say.
namespace paraplan::widgets {

class MessageBanner : public QFrame {
    Q_OBJECT
public:
    explicit MessageBanner(QWidget* parent = nullptr);

    // Shows the errors (or, if none, the warnings) of an evaluation; hides for none.
    void showDiagnostics(const Diagnostics& diagnostics, bool plotsAreStale);
    // A problem outside the scenario (a file that cannot be opened or saved).
    void showMessage(const QString& message);
    [[nodiscard]] QString text() const;

private:
    void style(Severity severity);

    QLabel* m_text;
};

} // namespace paraplan::widgets
