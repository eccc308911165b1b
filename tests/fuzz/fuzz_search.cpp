// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The search (core/explore/search) on whatever the scenario reader accepts, on small clusters
// (scenario_input.h): no crash, and a finite JSON of its best configurations with their ties
// ranked, as `paraplan-cli search --json` writes it. The scenario is searched as given, without
// the CLI's check of its model and cluster: the workbench searches what it holds.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/explore/search.h"
#include "core/explore/search_ties.h"
#include "core/io/bands_json.h"
#include "core/io/result_json.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<Scenario> scenario = readScenarioInput(data, size);
    if (!scenario || !smallEnoughToSearch(*scenario))
        return 0;
    SearchOptions options;
    options.topK = 3;
    options.threads = 1; // the fuzzers run one input at a time; sanitizers see one thread
    SearchResult search = searchConfigurations(*scenario, options);
    rankTiesByRobustness(search, *scenario, io::builtinUncertaintyBands(), false);
    requireFinite(io::toJson(search), "the search result");
    return 0;
}

} // namespace paraplan::fuzz
