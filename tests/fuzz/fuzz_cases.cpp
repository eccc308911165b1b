// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Validation case files (core/io/cases_reader), as `paraplan-cli validate` reads them: a few cases
// accepted are predicted, and their JSON and report hold no NaN or infinity.
#include "tests/fuzz/fuzz_target.h"

#include "app/report/text_report.h"

#include "core/explore/validation_cases.h"
#include "core/io/cases_reader.h"
#include "core/io/catalog_reader.h"
#include "core/io/validation_json.h"

namespace paraplan::fuzz {

namespace {
    // Each case costs an evaluation; more would only repeat them.
    constexpr size_t kMaxPredictedCases = 8;
} // namespace

int fuzzOne(const uint8_t* data, size_t size)
{
    const auto cases = readOrRefuse([&] { return io::readValidationCases(textOf(data, size), io::builtinCatalog()); });
    if (!cases || cases->size() > kMaxPredictedCases)
        return 0;
    const std::vector<CaseOutcome> outcomes = predictCases(*cases, EfficiencyParams {});
    requireFinite(io::toJson(outcomes), "the validation JSON");
    (void)report::renderValidation(outcomes, false);
    return 0;
}

} // namespace paraplan::fuzz
