// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/advisor.h"

#include "core/explore/advice_context.h"

#include <algorithm>

namespace paraplan {

Advice advise(const Scenario& scenario, const EvaluateOptions& options, const std::optional<Scenario>& baseline)
{
    const advice::Context context(scenario, options, baseline);
    Advice advice;
    advice.stepS = context.step();
    if (!context.result().valid)
        return advice;
    std::vector<Finding> found;
    advice::addPipelineFindings(context, found);
    advice::addPlacementFindings(context, found);
    advice::addResourceFindings(context, found);
    std::stable_sort(found.begin(), found.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return a.severity < b.severity;
        return a.safety != b.safety ? a.safety : a.gainS > b.gainS;
    });
    for (Finding& f : found) {
        const bool sameChange = std::any_of(advice.findings.begin(), advice.findings.end(),
                                            [&](const Finding& kept) { return kept.changed == f.changed; });
        if (!sameChange)
            advice.findings.push_back(std::move(f));
    }
    return advice;
}

} // namespace paraplan
