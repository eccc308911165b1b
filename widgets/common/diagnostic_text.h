// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"

#include <QString>

// A diagnostic for people, in the interface's language: a title for its code, and the core's
// sentence translated by its English template, with the figures filled in.
namespace paraplan::widgets {

[[nodiscard]] QString diagnosticTitle(const Diagnostic& diagnostic);
// The sentence in the interface's language, figures filled in.
[[nodiscard]] QString diagnosticMessage(const Diagnostic& diagnostic);
// Any core sentence made the same way (an English template, the translation key in `context`, and
// its arguments); `english` where there is no template.
[[nodiscard]] QString translatedSentence(const char* context, const char* messageTemplate,
                                         const std::vector<DiagnosticArg>& args, const std::string& english);
// A core Sentence (an advisor's evidence, a scaling curve's explanation) in the interface's language.
[[nodiscard]] QString translatedSentence(const char* context, const Sentence& sentence);
[[nodiscard]] QString diagnosticText(const Diagnostic& diagnostic);

} // namespace paraplan::widgets
