// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/finding.h"
#include "core/spec/scenario.h"
#include "core/step/evaluator.h"

#include <optional>
#include <vector>

// The advisor (docs/advisor.md): what to change in a configuration and what it would gain. Each
// finding reads its evidence off a detailed evaluation, proposes the changes that address it, and
// recommends the one that re-evaluates fastest: its gain is that re-evaluation, never an estimate.
// The CLI, the GUI's panel and the report share it.
namespace paraplan {

struct Advice {
    double stepS = 0;
    // By severity, safety first, then by gain, largest first; no two recommend the same scenario.
    std::vector<Finding> findings;
};

// `baseline`, when given, is the configuration the user came from (the compare view's A, the
// CLI's --baseline): the advisor then also says what a changed global batch asks of the
// optimiser. An invalid scenario has no findings.
[[nodiscard]] Advice advise(const Scenario& scenario, const EvaluateOptions& options,
                            const std::optional<Scenario>& baseline = std::nullopt);

} // namespace paraplan
