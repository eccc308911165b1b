// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/advisor.h"
#include "core/explore/symptoms.h"

#include <string>

// The advisor's findings and a symptom's causes as paraplan-cli advise prints them.
namespace paraplan::report {

[[nodiscard]] std::string renderAdvice(const Advice& advice);
[[nodiscard]] std::string renderSymptom(const SymptomDiagnosis& diagnosis);

} // namespace paraplan::report
