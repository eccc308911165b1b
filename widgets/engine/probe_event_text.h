// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

// One line of paraplan-probe output (docs/engine-protocol.md) as a sentence for the engine panel's
// log, and the probe's error codes and exit statuses in words.
namespace paraplan::widgets {

struct ProbeLogLine {
    QString text;
    bool error = false;
    bool warning = false;
};

// The line as a person reads it; a line that is not a probe event comes back as it is.
[[nodiscard]] ProbeLogLine describeProbeLine(const QByteArray& line);
// What an error code means ("no_gpu" → "no GPU was found").
[[nodiscard]] QString probeErrorMeaning(const QString& code);
// What a non-zero exit status means when no error event explained it.
[[nodiscard]] QString probeExitMeaning(int status);

} // namespace paraplan::widgets
