// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/fuzz/runner_target.h"

namespace paraplan::fuzz {

constinit const RunnerTarget kRunnerTarget { PARAPLAN_FUZZ_TARGET, PARAPLAN_FUZZ_CORPUS_DIR, PARAPLAN_FUZZ_DEFAULT_RUNS };

} // namespace paraplan::fuzz
