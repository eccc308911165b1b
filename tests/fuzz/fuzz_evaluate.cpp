// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// `paraplan-cli evaluate` on whatever the scenario reader accepts: no crash, no hang, no NaN or
// infinity in the result, its band, its timeline or its report.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    if (const std::optional<Scenario> scenario = readScenarioInput(data, size))
        (void)evaluateAndCheck(*scenario);
    return 0;
}

} // namespace paraplan::fuzz
