// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The values each slider offers (core/rules/parallel_choices), which the workbench lists for every
// scenario it opens, on whatever the scenario reader accepts: no crash, no hang.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/rules/parallel_choices.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    if (const std::optional<Scenario> scenario = readScenarioInput(data, size))
        (void)parallelChoices(*scenario);
    return 0;
}

} // namespace paraplan::fuzz
