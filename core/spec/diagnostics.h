// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace paraplan {

enum class Severity { Error, Warning };

// A value filled into a diagnostic's sentence; nouns (field names in words) are translatable.
struct DiagnosticArg {
    std::string text;
    bool translatable = false;
};

// Figures as sentence arguments: a formatted figure (core/spec/figure_text.h) or a count.
[[nodiscard]] inline DiagnosticArg textArg(std::string text) { return { std::move(text), false }; }
[[nodiscard]] inline DiagnosticArg countArg(int64_t value) { return { std::to_string(value), false }; }

// One broken rule: a stable code for programs, the offending field as a JSON path, and a sentence
// for people that says what is wrong and what to change. The sentence exists as an English
// template with %1, %2, ... (the key front ends translate it by) and the figures that fill it.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string code;
    std::string path;
    std::string message; // the template filled in, in English
    const char* messageTemplate = nullptr;
    std::vector<DiagnosticArg> args;
};

using Diagnostics = std::vector<Diagnostic>;

[[nodiscard]] inline bool hasErrors(const Diagnostics& diagnostics)
{
    for (const auto& d : diagnostics)
        if (d.severity == Severity::Error)
            return true;
    return false;
}

// Replaces %1 ... %9 in `messageTemplate` with the arguments' text.
[[nodiscard]] std::string fillTemplate(const char* messageTemplate, const std::vector<DiagnosticArg>& args);

// A sentence for people that is not a broken rule (an advisor's evidence, a scaling curve's
// explanation): the same English template with %1, %2, ... that front ends translate under the
// context its maker names, its figures, and the template filled in for the CLI.
struct Sentence {
    const char* messageTemplate = nullptr;
    std::vector<DiagnosticArg> args;
    std::string text;
};
[[nodiscard]] Sentence makeSentence(const char* messageTemplate, std::vector<DiagnosticArg> args = {});

[[nodiscard]] Diagnostic makeDiagnostic(Severity severity, std::string code, std::string path, const char* messageTemplate,
                                        std::vector<DiagnosticArg> args = {});

} // namespace paraplan
