// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The landscape and the bubble curve (core/explore/landscape), as the workbench draws them, on
// whatever the scenario reader accepts, on small clusters (scenario_input.h): no crash, every
// point's step and memory finite, and the curve of a valid scenario finite.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/explore/landscape.h"
#include "core/io/bands_json.h"
#include "core/step/evaluator.h"

#include <cmath>
#include <numeric>

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<Scenario> scenario = readScenarioInput(data, size);
    if (!scenario || !smallEnoughToSearch(*scenario))
        return 0;
    LandscapeOptions options;
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
    options.maxPoints = 256; // the sampling of larger landscapes is exercised as well
    options.threads = 1;
    const Landscape landscape = computeLandscape(*scenario, options);
    for (const LandscapePoint& point : landscape.points)
        require(std::isfinite(point.stepS) && std::isfinite(point.memoryBytes),
            "a landscape point has a non-finite step or memory");
    if (!evaluate(*scenario).valid) // the curve's precondition, as the workbench keeps it
        return 0;
    std::vector<int64_t> counts(64);
    std::iota(counts.begin(), counts.end(), 1);
    for (double bubble : bubbleFractionByMicroBatches(*scenario, counts))
        require(std::isfinite(bubble), "the bubble curve holds a non-finite fraction");
    return 0;
}

} // namespace paraplan::fuzz
