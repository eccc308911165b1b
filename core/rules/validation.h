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

} // namespace paraplan
