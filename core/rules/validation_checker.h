// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/translatable.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

// What the rule checks of core/rules/*validation.cpp share: the collected diagnostics and the checks of
// plausible numbers. Internal to core/rules (the sliders' choices stop at the same maxima).
namespace paraplan::validation {

// Sizes beyond these are typos, not clusters or models; rejecting them also keeps every product
// below in int64 range.
inline constexpr int64_t kMaxDimension = 10'000'000;
inline constexpr int64_t kMaxGpus = 10'000'000;
// Positive figures below a millionth of their unit (GB/s, TFLOP/s, GiB) are typos too, and the
// times derived from them overflow.
inline constexpr double kMinPositive = 1e-6;

inline DiagnosticArg num(int64_t v) { return { std::to_string(v) }; }

inline DiagnosticArg num(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
    return { buffer };
}

inline DiagnosticArg text(std::string s) { return { std::move(s) }; }
inline DiagnosticArg noun(const char* s) { return { s, true }; }

class Checker {
public:
    Diagnostics diagnostics;

    void error(const char* code, std::string path, const char* sentence, std::vector<DiagnosticArg> args = {})
    {
        diagnostics.push_back(makeDiagnostic(Severity::Error, code, std::move(path), sentence, std::move(args)));
    }
    void warning(const char* code, std::string path, const char* sentence, std::vector<DiagnosticArg> args = {})
    {
        diagnostics.push_back(makeDiagnostic(Severity::Warning, code, std::move(path), sentence, std::move(args)));
    }

    // A count that must be at least `minimum` and stay in the plausible range; `what` names it.
    bool count(const char* code, const std::string& path, int64_t value, int64_t minimum, const char* what)
    {
        if (value < minimum) {
            error(code, path, QT_TRANSLATE_NOOP("Diagnostics", "%1 is %2; it must be at least %3."), { noun(what), num(value), num(minimum) });
            return false;
        }
        if (value > kMaxDimension) {
            error("value_too_large", path, QT_TRANSLATE_NOOP("Diagnostics", "%1 is %2, above the supported %3; check the value for a typo."),
                  { noun(what), num(value), num(kMaxDimension) });
            return false;
        }
        return true;
    }

    bool positive(const char* code, const std::string& path, double value, const char* what, double maximum)
    {
        if (!(value > 0) || !std::isfinite(value)) {
            error(code, path, QT_TRANSLATE_NOOP("Diagnostics", "%1 is %2; it must be greater than 0."), { noun(what), num(value) });
            return false;
        }
        if (value < kMinPositive) {
            error(code, path,
                  QT_TRANSLATE_NOOP("Diagnostics", "%1 is %2, below the plausible %3; check the unit and the value."),
                  { noun(what), num(value), num(kMinPositive) });
            return false;
        }
        if (value > maximum) {
            error("value_too_large", path, QT_TRANSLATE_NOOP("Diagnostics", "%1 is %2, above the plausible %3; check the unit and the value."),
                  { noun(what), num(value), num(maximum) });
            return false;
        }
        return true;
    }
};

} // namespace paraplan::validation
