// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/scenario.h"

// Every rule of DESIGN.md ("Constraint", "Divisibility") checked against a scenario. Errors make the
// scenario unevaluable; warnings name legal but costly choices. Each carries a stable code, the
// JSON path of the field to change, and a sentence saying what to change.
namespace paraplan {

[[nodiscard]] Diagnostics validateScenario(const Scenario& scenario);

// The data-parallel degree the scenario implies: `parallel.dp`, or N / (tp * pp * cp) when it is
// omitted (0 when that does not divide).
[[nodiscard]] int64_t resolvedDataParallel(const Scenario& scenario);

// Upper bound on pipeline operations simulated per step (micro-batches x stages x chunks): larger
// steps are rejected instead of being simulated for minutes.
inline constexpr int64_t kMaxPipelineOps = 4'000'000;

} // namespace paraplan
