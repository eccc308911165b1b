// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/cross_validation.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace paraplan {

CrossValidation crossValidate(const std::vector<ValidationCase>& cases, const CrossValidationOptions& options)
{
    std::vector<std::string> groups;
    for (const ValidationCase& c : cases)
        if (std::find(groups.begin(), groups.end(), c.group) == groups.end())
            groups.push_back(c.group);
    std::vector<std::string> names = options.names;
    if (names.empty())
        for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
            names.push_back(info.name);

    CrossValidation cv;
    cv.folds.resize(groups.size());
    std::atomic<size_t> next{ 0 };
    auto fitFolds = [&] {
        for (size_t g = next.fetch_add(1); g < groups.size(); g = next.fetch_add(1)) {
            std::vector<ValidationCase> others;
            for (const ValidationCase& c : cases)
                if (c.group != groups[g])
                    others.push_back(c);
            CrossValidationFold& fold = cv.folds[g];
            fold.group = groups[g];
            fold.params = options.start;
            if (!others.empty()) {
                const FitResult fit
                    = fitEfficiency(others, options.start, names, options.maxEvaluations, FitWeighting::EachGroup);
                fold.params = fit.params;
                fold.fittedError = fit.after;
            }
        }
    };
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const unsigned threads = std::min<unsigned>(options.threads ? options.threads : hardware, unsigned(groups.size()));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(fitFolds);
    fitFolds();
    for (std::thread& t : pool)
        t.join();

    // Each case predicted with its own fold's constants, in the cases' order.
    cv.outcomes.resize(cases.size());
    for (const CrossValidationFold& fold : cv.folds) {
        std::vector<size_t> members;
        std::vector<ValidationCase> left;
        for (size_t i = 0; i < cases.size(); ++i)
            if (cases[i].group == fold.group)
                members.push_back(i);
        for (size_t i : members)
            left.push_back(cases[i]);
        const std::vector<CaseOutcome> predicted = predictCases(left, fold.params);
        for (size_t k = 0; k < members.size(); ++k) {
            cv.outcomes[members[k]] = predicted[k];
            cv.outcomes[members[k]].validationCase = &cases[members[k]];
        }
    }
    return cv;
}

} // namespace paraplan
