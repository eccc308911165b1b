// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/validation_json.h"

namespace paraplan::io {

namespace {

nlohmann::json summaryJson(const ErrorSummary& s)
{
    return { { "count", s.count },       { "invalid", s.invalid },   { "mape", s.mape },
             { "median_ape", s.medianApe }, { "p90_ape", s.p90Ape }, { "max_ape", s.maxApe } };
}

nlohmann::json groupsJson(const std::vector<CaseOutcome>& outcomes)
{
    nlohmann::json groups = nlohmann::json::object();
    for (const GroupErrors& g : summarizeByGroup(outcomes))
        groups[g.group] = summaryJson(g.errors);
    return groups;
}

nlohmann::json coverageJson(const BandCoverage& c)
{
    return { { "inside", c.inside }, { "count", c.count }, { "fraction", c.fraction() } };
}

} // namespace

nlohmann::json toJson(const std::vector<CaseOutcome>& outcomes)
{
    nlohmann::json cases = nlohmann::json::array();
    for (const CaseOutcome& o : outcomes) {
        const ValidationCase& c = *o.validationCase;
        cases.push_back({ { "id", c.id },
                          { "group", c.group },
                          { "metric", toString(c.metric) },
                          { "published", c.published },
                          { "predicted", o.evaluated ? nlohmann::json(o.predicted) : nlohmann::json() },
                          { "error", o.evaluated ? nlohmann::json(o.error) : nlohmann::json() } });
    }
    return { { "cases", cases }, { "summary", summaryJson(summarizeErrors(outcomes)) }, { "groups", groupsJson(outcomes) } };
}

nlohmann::json toJson(const CrossValidation& cv, const std::vector<CaseOutcome>& inSample, const BandCoverage& coverage,
                      const BandCoverage& heldOut)
{
    nlohmann::json j = toJson(cv.outcomes);
    j["cross_validated"] = true;
    nlohmann::json folds = nlohmann::json::array();
    for (const CrossValidationFold& fold : cv.folds) {
        nlohmann::json constants = nlohmann::json::object();
        for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
            constants[info.name] = fold.params.*(info.member);
        folds.push_back({ { "left_out", fold.group }, { "fitted_error", fold.fittedError }, { "constants", constants } });
    }
    j["folds"] = folds;
    j["in_sample"] = { { "summary", summaryJson(summarizeErrors(inSample)) }, { "groups", groupsJson(inSample) } };
    j["band_coverage"] = coverageJson(coverage);
    j["band_coverage"]["held_out"] = coverageJson(heldOut);
    return j;
}

} // namespace paraplan::io
