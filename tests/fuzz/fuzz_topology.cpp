// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// `cluster.topology` (core/io/topology_json), read where a scenario holds it: a topology accepted
// is written back unchanged and prices a small scenario with finite figures.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<Scenario> scenario = readOrRefuse(
        [&] { return io::readScenarioText(scenarioWithTopology(textOf(data, size)), io::builtinCatalog()); });
    if (!scenario)
        return 0;
    requireWrittenScenarioReadsBack(*scenario);
    (void)evaluateAndCheck(*scenario);
    return 0;
}

} // namespace paraplan::fuzz
