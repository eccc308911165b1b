// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/report/advice_report.h"

#include "app/report/text_table.h"

#include <sstream>

namespace paraplan::report {

std::string renderAdvice(const Advice& advice)
{
    std::ostringstream out;
    out << "Advice for a step of " << duration(advice.stepS) << "\n";
    if (advice.findings.empty()) {
        out << "  Nothing to change: no finding gains more than the model can resolve.\n";
        return out.str();
    }
    int index = 1;
    for (const Finding& f : advice.findings) {
        out << "\n" << index++ << ". [" << toString(f.severity) << "] " << f.code << " (see the " << toString(f.view)
            << " view)\n";
        out << "   " << f.evidence.text << "\n";
        out << "   → " << f.change.text << "\n";
        out << "   step " << duration(f.stepBefore) << " → " << duration(f.stepAfter) << " (" << (f.gainS >= 0 ? "saves " : "costs ")
            << duration(f.gainS >= 0 ? f.gainS : -f.gainS) << ", " << percent(f.gainS / f.stepBefore) << ")\n";
    }
    return out.str();
}

std::string renderSymptom(const SymptomDiagnosis& diagnosis)
{
    std::ostringstream out;
    out << "Symptom: " << symptomTitle(diagnosis.symptom) << " (" << toString(diagnosis.symptom) << ")\n";
    if (diagnosis.causes.empty()) {
        out << "  The scenario is invalid: no cause can be weighed.\n";
        return out.str();
    }
    int index = 1;
    for (const SymptomCause& c : diagnosis.causes) {
        out << "\n" << index++ << ". " << c.code << " — "
            << (c.weight ? "weight " + percent(*c.weight) : std::string("not in the model: check it")) << "\n";
        out << "   " << c.why.text << "\n";
        for (const std::string& check : c.checks)
            out << "   $ " << check << "\n";
        out << "   fix: " << c.fix.text << "\n";
    }
    return out.str();
}

} // namespace paraplan::report
