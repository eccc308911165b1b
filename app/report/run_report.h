// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <string>

namespace paraplan::report {

// The whole run as text: interruptions, checkpoints, restarts, goodput with its band, the time and
// cost to train through failures, and the Chinchilla reference for the token budget
// (docs/goodput.md). Empty without the result's goodput.
[[nodiscard]] std::string renderRunSection(const Scenario& scenario, const Result& result);

} // namespace paraplan::report
