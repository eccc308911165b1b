// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/fitting.h"
#include "core/explore/validation_cases.h"
#include "core/spec/efficiency_params.h"

#include <string>
#include <vector>

// Leave-one-source-out cross-validation: for each group of published runs, the efficiency
// constants are fitted on every other group and the left-out group is predicted with them. Its
// error is the honest figure for runs the model has never seen (other papers, frameworks, years);
// the in-sample error, with the shipped constants, stands beside it.
namespace paraplan {

struct CrossValidationOptions {
    EfficiencyParams start;         // where every fold's fit starts
    std::vector<std::string> names; // constants to fit (kEfficiencyParamInfo names); empty: all
    int maxEvaluations = 600;       // of the error, per fold
    unsigned threads = 0;           // folds fitted at once; 0 = one per hardware thread
};

struct CrossValidationFold {
    std::string group;      // left out
    EfficiencyParams params; // fitted on the others
    double fittedError = 0;  // on the others, each group weighing the same
};

struct CrossValidation {
    // Every case predicted by the constants its own group never saw, in the order of the cases.
    std::vector<CaseOutcome> outcomes;
    std::vector<CrossValidationFold> folds; // in the order the groups first appear
};

// `cases` must outlive the result (outcomes point into it). With a single group there is nothing
// to leave out: that group is predicted with `start`.
[[nodiscard]] CrossValidation crossValidate(const std::vector<ValidationCase>& cases,
                                            const CrossValidationOptions& options = {});

} // namespace paraplan
