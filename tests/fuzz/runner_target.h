// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// Which fuzz target a corpus runner program runs: defined by runner_target.cpp, compiled once per
// target with that target's settings, so that the runner itself (corpus_runner.cpp) compiles once
// for all of them.
namespace paraplan::fuzz {

struct RunnerTarget {
    const char* name;      // the target's name, as in fuzz_<name>.cpp
    const char* corpusDir; // its seed corpus
    long long defaultRuns; // seeded mutations per CTest run, unless PARAPLAN_FUZZ_RUNS says otherwise
};

// Constant-initialised, so the runner's own static objects may use it.
extern const RunnerTarget kRunnerTarget;

} // namespace paraplan::fuzz
