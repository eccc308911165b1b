// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/fitting.h"

#include "core/explore/statistics.h"
#include "core/rules/validation.h"
#include "core/step/evaluator.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace paraplan {

std::vector<double> minimiseNelderMead(const std::function<double(const std::vector<double>&)>& f,
                                       std::vector<double> x0, double initialStep, int maxEvaluations)
{
    const size_t n = x0.size();
    std::vector<std::vector<double>> simplex(n + 1, x0);
    for (size_t i = 0; i < n; ++i)
        simplex[i + 1][i] += initialStep;
    std::vector<double> values(n + 1);
    int evaluations = 0;
    for (size_t i = 0; i <= n; ++i, ++evaluations)
        values[i] = f(simplex[i]);

    std::vector<size_t> order(n + 1);
    while (evaluations < maxEvaluations) {
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
        const size_t best = order.front(), worst = order.back(), secondWorst = order[n - 1];
        if (std::fabs(values[worst] - values[best]) < 1e-10)
            break;
        std::vector<double> centroid(n, 0.0);
        for (size_t i : order)
            if (i != worst)
                for (size_t d = 0; d < n; ++d)
                    centroid[d] += simplex[i][d] / double(n);
        auto along = [&](double t) {
            std::vector<double> x(n);
            for (size_t d = 0; d < n; ++d)
                x[d] = centroid[d] + t * (simplex[worst][d] - centroid[d]);
            return x;
        };
        const std::vector<double> reflected = along(-1.0);
        const double fr = f(reflected);
        ++evaluations;
        if (fr < values[best]) {
            const std::vector<double> expanded = along(-2.0);
            const double fe = f(expanded);
            ++evaluations;
            if (fe < fr) {
                simplex[worst] = expanded;
                values[worst] = fe;
            } else {
                simplex[worst] = reflected;
                values[worst] = fr;
            }
        } else if (fr < values[secondWorst]) {
            simplex[worst] = reflected;
            values[worst] = fr;
        } else {
            const std::vector<double> contracted = along(fr < values[worst] ? -0.5 : 0.5);
            const double fc = f(contracted);
            ++evaluations;
            if (fc < std::min(fr, values[worst])) {
                simplex[worst] = contracted;
                values[worst] = fc;
            } else { // shrink towards the best vertex
                for (size_t i = 0; i <= n; ++i) {
                    if (i == best)
                        continue;
                    for (size_t d = 0; d < n; ++d)
                        simplex[i][d] = simplex[best][d] + 0.5 * (simplex[i][d] - simplex[best][d]);
                    values[i] = f(simplex[i]);
                    ++evaluations;
                }
            }
        }
    }
    const auto bestIt = std::min_element(values.begin(), values.end());
    return simplex[size_t(bestIt - values.begin())];
}

namespace {

// Each constant lives in [lower, upper]; the optimiser works on an unbounded angle mapped onto
// that interval, so it can never leave the physical range.
double fromAngle(double angle, const EfficiencyParamInfo& info)
{
    return info.lower + (info.upper - info.lower) * (std::sin(angle) + 1) / 2;
}

double toAngle(double value, const EfficiencyParamInfo& info)
{
    const double unit = std::clamp((value - info.lower) / (info.upper - info.lower), 0.0, 1.0);
    return std::asin(2 * unit - 1);
}

// The error the fit minimises, over cases already known to abide by the rules: evaluated without
// diagnostics, which only word what validation already checked.
double fitError(const std::vector<ValidationCase>& cases, const EfficiencyParams& params, FitWeighting weighting)
{
    EvaluateOptions options;
    options.params = params;
    options.diagnostics = false;
    std::map<std::string, std::vector<double>> byGroup;
    std::vector<double> all;
    for (const ValidationCase& c : cases) {
        const double error = absolutePercentageError(metricOf(evaluate(c.scenario, options), c.metric), c.published);
        all.push_back(error);
        byGroup[c.group].push_back(error);
    }
    if (weighting == FitWeighting::EachCase)
        return mean(all);
    std::vector<double> groupMeans;
    for (const auto& [group, errors] : byGroup)
        groupMeans.push_back(mean(errors));
    return mean(groupMeans);
}

// What the fitted constants' distance from their priors costs (kPriorWeight per variance).
double priorPenalty(const EfficiencyParams& p, const std::vector<const EfficiencyParamInfo*>& fitted)
{
    double penalty = 0;
    for (const EfficiencyParamInfo* info : fitted) {
        const double z = (p.*(info->member) - info->prior) / info->priorSpread;
        penalty += kPriorWeight * z * z;
    }
    return penalty;
}

} // namespace

FitResult fitEfficiency(const std::vector<ValidationCase>& cases, const EfficiencyParams& start,
                        const std::vector<std::string>& names, int maxEvaluations, FitWeighting weighting)
{
    std::vector<const EfficiencyParamInfo*> fitted;
    for (const std::string& name : names)
        for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
            if (name == info.name)
                fitted.push_back(&info);
    std::vector<ValidationCase> valid;
    for (const ValidationCase& c : cases)
        if (dependsOnEfficiency(c.metric) && !hasErrors(validateScenario(c.scenario)))
            valid.push_back(c);

    auto paramsAt = [&](const std::vector<double>& angles) {
        EfficiencyParams p = start;
        for (size_t i = 0; i < fitted.size(); ++i)
            p.*(fitted[i]->member) = fromAngle(angles[i], *fitted[i]);
        return p;
    };
    FitResult result;
    result.params = start;
    if (valid.empty()) // nothing measured to move the constants: the priors alone would decide
        return result;
    int evaluations = 0;
    auto objective = [&](const std::vector<double>& angles) {
        ++evaluations;
        const EfficiencyParams p = paramsAt(angles);
        return fitError(valid, p, weighting) + priorPenalty(p, fitted);
    };
    std::vector<double> x0;
    for (const EfficiencyParamInfo* info : fitted)
        x0.push_back(toAngle(start.*(info->member), *info));
    result.before = fitError(valid, start, weighting);
    const std::vector<double> best = minimiseNelderMead(objective, x0, 0.3, maxEvaluations);
    result.params = paramsAt(best);
    result.after = fitError(valid, result.params, weighting);
    result.evaluations = evaluations;
    return result;
}

} // namespace paraplan
