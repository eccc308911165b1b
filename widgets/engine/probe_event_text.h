// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/probe_records.h"

#include <QString>

#include <string>

// One event of paraplan-probe (docs/engine-protocol.md) as a sentence for the engine panel's log,
// and the probe's error codes and exit statuses in words.
namespace paraplan::widgets {

struct ProbeLogLine {
    QString text;
    bool error = false;
    bool warning = false;
};

// The event as a person reads it.
[[nodiscard]] ProbeLogLine describeProbeEvent(const io::ProbeLine& line);
// What an error code means ("no_gpu" → "no GPU was found"); a code this build does not know comes
// back as it is.
[[nodiscard]] QString probeErrorMeaning(const std::string& code);
// What a non-zero exit status means when no error event explained it.
[[nodiscard]] QString probeExitMeaning(int status);

} // namespace paraplan::widgets
