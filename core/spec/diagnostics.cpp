// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/diagnostics.h"

namespace paraplan {

std::string fillTemplate(const char* messageTemplate, const std::vector<DiagnosticArg>& args)
{
    std::string out;
    for (const char* c = messageTemplate; *c; ++c) {
        if (c[0] == '%' && c[1] >= '1' && c[1] <= '9') {
            const size_t index = size_t(c[1] - '1');
            if (index < args.size()) {
                out += args[index].text;
                ++c;
                continue;
            }
        }
        out += *c;
    }
    return out;
}

Diagnostic makeDiagnostic(Severity severity, std::string code, std::string path, const char* messageTemplate,
                          std::vector<DiagnosticArg> args)
{
    Diagnostic d{ severity, std::move(code), std::move(path), fillTemplate(messageTemplate, args), messageTemplate,
                  std::move(args) };
    return d;
}

Sentence makeSentence(const char* messageTemplate, std::vector<DiagnosticArg> args)
{
    std::string text = fillTemplate(messageTemplate, args);
    return Sentence{ messageTemplate, std::move(args), std::move(text) };
}

} // namespace paraplan
