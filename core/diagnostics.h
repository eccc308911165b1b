// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace paraplan {

enum class Severity { Error, Warning };

// One broken rule: a stable code for programs, the offending field as a JSON path, and a sentence
// for people that says what is wrong and what to change.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string code;
    std::string path;
    std::string message;
};

using Diagnostics = std::vector<Diagnostic>;

[[nodiscard]] inline bool hasErrors(const Diagnostics& diagnostics)
{
    for (const auto& d : diagnostics)
        if (d.severity == Severity::Error)
            return true;
    return false;
}

} // namespace paraplan
