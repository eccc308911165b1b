// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/validation_cases.h"
#include "core/spec/efficiency_params.h"

#include <functional>
#include <string>
#include <vector>

namespace paraplan {

// Nelder-Mead simplex minimisation (Nelder & Mead 1965, with the standard coefficients
// reflection 1, expansion 2, contraction 0.5, shrink 0.5) of f over R^n from x0.
[[nodiscard]] std::vector<double> minimiseNelderMead(const std::function<double(const std::vector<double>&)>& f,
                                                     std::vector<double> x0, double initialStep, int maxEvaluations);

struct FitResult {
    EfficiencyParams params;
    double before = 0; // mean absolute percentage error with the starting constants
    double after = 0;
    int evaluations = 0;
};

// What the fit minimises: the mean absolute percentage error over every case, or the mean of each
// group's (each source of runs counts once, however many runs it published).
enum class FitWeighting { EachCase, EachGroup };

// Fits the named constants of `start` (names as in kEfficiencyParamInfo) to minimise the error
// over `cases` plus what moving them from their physical priors costs (kPriorWeight), each
// constant kept inside its physical range. Cases that break a rule, and memory cases (see
// dependsOnEfficiency), are left out. FitResult's errors are the cases' alone.
[[nodiscard]] FitResult fitEfficiency(const std::vector<ValidationCase>& cases, const EfficiencyParams& start,
                                      const std::vector<std::string>& names, int maxEvaluations,
                                      FitWeighting weighting = FitWeighting::EachCase);

} // namespace paraplan
