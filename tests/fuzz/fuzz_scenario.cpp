// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Scenario files (core/io/scenario_reader): read or refused; a scenario read is written back as
// the workbench saves it and reads again as the same one.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    if (const std::optional<Scenario> scenario = readScenarioInput(data, size))
        requireWrittenScenarioReadsBack(*scenario);
    return 0;
}

} // namespace paraplan::fuzz
