// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "diagnostics.h"

#include <QString>

// A diagnostic for people, in the interface's language: its title for the code and the core's
// sentence with the figures (which stays in English where no translation of it exists).
namespace paraplan::widgets {

[[nodiscard]] QString diagnosticTitle(const Diagnostic& diagnostic);
[[nodiscard]] QString diagnosticText(const Diagnostic& diagnostic);

} // namespace paraplan::widgets
