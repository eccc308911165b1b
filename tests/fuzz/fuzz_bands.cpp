// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Band tables (core/io/bands_json): a table accepted reads back unchanged and gives the default
// scenario a finite band, calibrated or not.
#include "tests/fuzz/fuzz_target.h"

#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/step/evaluator.h"

#include <cmath>

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const auto bands = readOrRefuse([&] { return io::readUncertaintyBands(textOf(data, size)); });
    if (!bands)
        return 0;
    const nlohmann::json written = io::toJson(*bands);
    requireFinite(written, "the band table as written");
    require(io::toJson(io::readUncertaintyBands(written.dump())) == written,
        "the band table written and read back differs: " + written.dump());
    static const Scenario scenario = io::readScenarioText(io::builtinDefaultScenarioText(), io::builtinCatalog());
    static const Result result = evaluate(scenario);
    for (const bool calibrated : { false, true })
        if (const std::optional<StepUncertainty> band = uncertaintyOf(scenario, result, *bands, calibrated))
            require(std::isfinite(band->p10) && std::isfinite(band->p50) && std::isfinite(band->p90),
                "the band of the default scenario is not finite");
    return 0;
}

} // namespace paraplan::fuzz
