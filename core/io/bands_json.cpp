// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/bands_json.h"

#include "core/explore/uncertainty.h"
#include "core/io/embedded_resources.h"
#include "core/io/json_reader.h"
#include "core/io/spec_fields.h"

#include <algorithm>
#include <string>

namespace paraplan::io {

namespace {

// The JSON names of each regime dimension, in the order of its enumeration.
constexpr const char* kPrecisionNames[] = { "any", "16bit", "fp8" };
constexpr const char* kScaleNames[] = { "any", "one_node", "up_to_512_gpus", "beyond_512_gpus" };
constexpr const char* kPipelineNames[] = { "any", "none", "2_to_8", "beyond_8" };

template<typename Enum>
Enum readDimension(ObjectReader& in, const char* key, std::span<const char* const> names)
{
    const std::optional<size_t> index = in.choice(key, names);
    require(index.has_value(), in, key, "every band names its regime");
    return Enum(*index);
}

UncertaintyBand readBand(ObjectReader& in)
{
    UncertaintyBand band;
    band.regime.precision = readDimension<PrecisionRegime>(in, "precision", kPrecisionNames);
    band.regime.scale = readDimension<ScaleRegime>(in, "scale", kScaleNames);
    band.regime.pipeline = readDimension<PipelineRegime>(in, "pipeline", kPipelineNames);
    const std::optional<bool> calibrated = in.boolean("calibrated");
    require(calibrated.has_value(), in, "calibrated", "every band names its regime");
    band.regime.calibrated = *calibrated;
    const std::optional<int64_t> runs = in.integer("runs");
    require(runs.has_value(), in, "runs", "every band counts its runs");
    if (*runs < 1)
        in.fail("runs", "a band needs at least one run");
    band.runs = *runs;
    // A quantile is published / predicted: a model a thousand times off has no band worth drawing,
    // and a step times a larger one can overflow.
    constexpr double kMaxRatio = 1000;
    double previous = 1 / kMaxRatio;
    for (auto [key, value] : { std::pair{ "p10", &band.p10 }, std::pair{ "p50", &band.p50 }, std::pair{ "p90", &band.p90 } }) {
        const std::optional<double> quantile = in.number(key);
        require(quantile.has_value(), in, key, "every band gives p10, p50 and p90");
        if (*quantile < previous || *quantile > kMaxRatio)
            in.fail(key, "quantiles must lie between 0.001 and 1000 and be ordered: p10 <= p50 <= p90");
        *value = previous = *quantile;
    }
    (void)in.string("description"); // written for people; the regime fields above are the data
    return band;
}

} // namespace

UncertaintyBands readUncertaintyBands(const std::string& text)
{
    const nlohmann::json document = parseJson(text);
    ObjectReader root(document, "");
    std::optional<std::vector<ObjectReader>> list = root.objectList("bands");
    require(list.has_value(), root, "bands", "the table is {\"bands\": [...]}");
    root.rejectUnknownFields();
    UncertaintyBands table;
    for (ObjectReader& in : *list) {
        const UncertaintyBand band = readBand(in);
        in.rejectUnknownFields();
        // Lookups take the first band of a regime; a second one would be silently ignored.
        const auto same = std::find_if(table.bands.begin(), table.bands.end(),
                                       [&](const UncertaintyBand& b) { return b.regime == band.regime; });
        if (same != table.bands.end())
            in.fail("precision", "the regime of bands[" + std::to_string(same - table.bands.begin()) + "] appears again");
        table.bands.push_back(band);
    }
    return table;
}

nlohmann::json toJson(const UncertaintyBands& table)
{
    nlohmann::json bands = nlohmann::json::array();
    for (const UncertaintyBand& b : table.bands)
        bands.push_back({ { "precision", kPrecisionNames[size_t(b.regime.precision)] },
                          { "scale", kScaleNames[size_t(b.regime.scale)] },
                          { "pipeline", kPipelineNames[size_t(b.regime.pipeline)] },
                          { "calibrated", b.regime.calibrated },
                          { "runs", b.runs },
                          { "p10", b.p10 },
                          { "p50", b.p50 },
                          { "p90", b.p90 },
                          { "description", describeRegime(b.regime) } });
    return { { "bands", bands } };
}

const UncertaintyBands& builtinUncertaintyBands()
{
    static const UncertaintyBands table = readUncertaintyBands(std::string(resources::kUncertaintyBandsJson));
    return table;
}

} // namespace paraplan::io
