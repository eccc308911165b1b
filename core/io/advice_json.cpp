// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/advice_json.h"

#include "core/io/scenario_writer.h"
#include "core/spec/units.h"

namespace paraplan::io {

nlohmann::json mergePatchBetween(const nlohmann::json& from, const nlohmann::json& to)
{
    if (!from.is_object() || !to.is_object())
        return to;
    nlohmann::json patch = nlohmann::json::object();
    for (const auto& [key, value] : from.items())
        if (!to.contains(key))
            patch[key] = nullptr;
    for (const auto& [key, value] : to.items()) {
        const auto before = from.find(key);
        if (before == from.end())
            patch[key] = value;
        else if (*before != value)
            patch[key] = before->is_object() && value.is_object() ? mergePatchBetween(*before, value) : value;
    }
    return patch;
}

namespace {

nlohmann::json focusJson(const FindingFocus& focus)
{
    nlohmann::json j = nlohmann::json::object();
    if (focus.stage)
        j["stage"] = *focus.stage;
    if (focus.group)
        j["group"] = toString(*focus.group);
    if (focus.component)
        j["component"] = componentKey(*focus.component);
    return j;
}

nlohmann::json findingJson(const Finding& f, const nlohmann::json& scenario)
{
    nlohmann::json figures = nlohmann::json::object();
    for (const auto& [name, value] : f.figures)
        figures[name] = value;
    return { { "code", f.code },
             { "severity", toString(f.severity) },
             { "view", toString(f.view) },
             { "focus", focusJson(f.focus) },
             { "evidence", f.evidence.text },
             { "figures", figures },
             { "change", mergePatchBetween(scenario, toJson(f.changed)) },
             { "change_text", f.change.text },
             { "step_s_after", f.stepAfter },
             { "gain_s", f.gainS },
             { "peak_memory_gib_after", bytesToGib(f.peakMemoryAfter) } };
}

} // namespace

nlohmann::json toJson(const Advice& advice, const Scenario& scenario)
{
    const nlohmann::json written = toJson(scenario);
    nlohmann::json findings = nlohmann::json::array();
    for (const Finding& f : advice.findings)
        findings.push_back(findingJson(f, written));
    return { { "step_s", advice.stepS }, { "findings", findings } };
}

nlohmann::json toJson(const SymptomDiagnosis& diagnosis)
{
    nlohmann::json causes = nlohmann::json::array();
    for (const SymptomCause& c : diagnosis.causes)
        causes.push_back({ { "code", c.code },
                           { "weight", c.weight ? nlohmann::json(*c.weight) : nlohmann::json(nullptr) },
                           { "why", c.why.text },
                           { "checks", c.checks },
                           { "fix", c.fix.text } });
    return { { "symptom", toString(diagnosis.symptom) }, { "title", symptomTitle(diagnosis.symptom) }, { "causes", causes } };
}

} // namespace paraplan::io
