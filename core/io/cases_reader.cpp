// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/cases_reader.h"

#include "core/io/json_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/spec_fields.h"

#include <array>
#include <sstream>

namespace paraplan::io {

namespace {

// The range a published figure can take, per metric (PublishedMetric's order). Outside it the figure
// is a typo or a unit mix-up, and one near zero would make its relative error infinite (a fuzzed
// case of 1e-320 GiB did).
struct PlausibleRange {
    double least;
    double most;
    const char* meaning;
};
constexpr std::array<PlausibleRange, 5> kPlausibleRanges { {
    { 1e-6, 1e8, "seconds per step: a microsecond to about three years" },
    { 1e-3, 1e5, "TFLOP/s per GPU: a GFLOP/s to 100 PFLOP/s" },
    { 1e-3, 1e5, "TFLOP/s per GPU: a GFLOP/s to 100 PFLOP/s" },
    { 1e-6, 1.0, "a fraction of the peak, at most 1 (not a percentage)" },
    { 1e-6, 1e5, "GiB per GPU: a kilobyte to 100 TiB" },
} };

void requirePlausible(ObjectReader& published, PublishedMetric metric, double value)
{
    const PlausibleRange& range = kPlausibleRanges[size_t(metric)];
    if (value >= range.least && value <= range.most)
        return;
    std::ostringstream message;
    message << "the published " << toString(metric) << " " << value << " is outside " << range.least << " to "
            << range.most << " (" << range.meaning << "); check the figure and its unit";
    published.fail("value", message.str());
}

} // namespace

ScenarioOverride parseScenarioOverride(const std::string& text)
{
    const size_t equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
        throw ReadError(text, "expected PATH=VALUE, e.g. training.flash_attention=false");
    ScenarioOverride o{ text.substr(0, equals), nullptr };
    requireJsonNestingWithinLimit(std::string_view(text).substr(equals + 1), o.path);
    try {
        o.value = nlohmann::json::parse(text.substr(equals + 1));
    } catch (const nlohmann::json::exception&) {
        throw ReadError(o.path, "the value \"" + text.substr(equals + 1) + "\" is not JSON (strings need quotes)");
    }
    return o;
}

namespace {

void applyOverride(nlohmann::json& scenario, const ScenarioOverride& o)
{
    nlohmann::json* at = &scenario;
    for (size_t begin = 0;;) {
        const size_t dot = o.path.find('.', begin);
        const std::string key = o.path.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin);
        if (!at->is_object())
            throw ReadError(o.path, "cannot set a field inside a value that is not an object");
        if (dot == std::string::npos) {
            (*at)[key] = o.value;
            return;
        }
        at = &(*at)[key];
        begin = dot + 1;
    }
}

} // namespace

std::vector<ValidationCase> readValidationCases(const std::string& text, const Catalog& catalog,
                                                const std::vector<ScenarioOverride>& overrides)
{
    const nlohmann::json document = parseJson(text);
    if (!document.is_array())
        throw ReadError("(document)", std::string("expected an array of cases, got ") + typeName(document));
    std::vector<ValidationCase> cases;
    cases.reserve(document.size());
    for (size_t i = 0; i < document.size(); ++i) {
        const std::string path = std::string("[").append(std::to_string(i)).append("]");
        ObjectReader in(document[i], path);
        ValidationCase c;
        std::optional<std::string> id = in.string("id");
        require(id.has_value(), in, "id", "every case needs an id");
        c.id = *id;
        c.group = in.string("group").value_or(defaultCaseGroup(c.id));
        c.source = in.string("source").value_or("");
        const nlohmann::json* given = in.raw("scenario");
        require(given != nullptr, in, "scenario", "every case needs a scenario");
        nlohmann::json scenario = *given;
        for (const ScenarioOverride& o : overrides)
            applyOverride(scenario, o);
        c.scenario = readScenario(scenario, catalog, in.pathOf("scenario"));
        std::optional<ObjectReader> published = in.object("published");
        require(published.has_value(), in, "published", "give {\"metric\": ..., \"value\": ...}");
        const std::optional<size_t> metric
            = published->choice("metric", { "step_s", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "peak_memory_gib" });
        const std::optional<double> value = published->number("value");
        require(metric.has_value(), *published, "metric", "name the published metric");
        require(value.has_value(), *published, "value", "give the published value");
        if (*value <= 0)
            published->fail("value", "the published value must be positive");
        c.metric = PublishedMetric(*metric);
        requirePlausible(*published, c.metric, *value);
        published->rejectUnknownFields();
        c.published = *value;
        if (const nlohmann::json* assumptions = in.raw("assumptions"); assumptions && !assumptions->is_array())
            in.fail("assumptions", "expected an array of strings");
        in.rejectUnknownFields();
        cases.push_back(std::move(c));
    }
    return cases;
}

} // namespace paraplan::io
