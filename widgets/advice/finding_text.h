// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/advisor.h"
#include "core/explore/symptoms.h"

#include <QColor>
#include <QString>

// The advisor's findings and a symptom's causes in the interface's language: a title for each
// code, the core's sentences translated, the severity's name and colour.
namespace paraplan::widgets {

[[nodiscard]] QString findingTitle(const std::string& code);
[[nodiscard]] QString severityName(FindingSeverity severity);
[[nodiscard]] QColor severityColour(FindingSeverity severity);
[[nodiscard]] QString evidenceText(const Finding& finding);
[[nodiscard]] QString changeText(const Finding& finding);
// "saves 2.71 s (23.6 %)", or "costs …" for a safety finding that buys room with time.
[[nodiscard]] QString gainText(const Finding& finding);

[[nodiscard]] QString symptomName(Symptom symptom);
[[nodiscard]] QString causeTitle(const std::string& code);

} // namespace paraplan::widgets
