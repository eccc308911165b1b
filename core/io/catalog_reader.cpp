// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/catalog_reader.h"

#include "core/io/embedded_resources.h"
#include "core/io/json_reader.h"
#include "core/io/spec_fields.h"
#include "core/io/topology_json.h"

namespace paraplan::io {

namespace {

// Each catalog file is {"<listKey>": [ entries ]}; `readEntry` reads one entry's fields.
template<typename Entry, typename ReadEntry>
std::vector<Entry> readList(const std::string& text, const char* listKey, ReadEntry readEntry)
{
    const nlohmann::json document = parseJson(text);
    ObjectReader root(document, "");
    const nlohmann::json* list = root.raw(listKey);
    if (!list || !list->is_array())
        root.fail(listKey, "expected an array of entries");
    root.rejectUnknownFields();
    std::vector<Entry> entries;
    for (size_t i = 0; i < list->size(); ++i) {
        ObjectReader in((*list)[i], std::string(listKey) + "[" + std::to_string(i) + "]");
        entries.push_back(readEntry(in));
        in.rejectUnknownFields();
    }
    return entries;
}

std::string requiredString(ObjectReader& in, const char* key)
{
    std::optional<std::string> v = in.string(key);
    require(v.has_value(), in, key, "every catalog entry needs it");
    return *v;
}

} // namespace

Catalog readCatalog(const std::string& gpusJson, const std::string& clustersJson, const std::string& modelsJson,
                    const std::string& topologiesJson)
{
    Catalog catalog;
    catalog.topologies = readList<TopologyPreset>(topologiesJson, "topologies", [](ObjectReader& in) {
        TopologyPreset t;
        t.source = requiredString(in, "source");
        t.name = requiredString(in, "name");
        TopologySpec spec = readTopology(in, TopologySpec{});
        spec.preset = requiredString(in, "id");
        t.spec = std::make_shared<const TopologySpec>(std::move(spec));
        return t;
    });
    catalog.gpus = readList<GpuPreset>(gpusJson, "gpus", [](ObjectReader& in) {
        GpuPreset g;
        g.spec.id = requiredString(in, "id");
        g.spec.architecture = requiredString(in, "architecture");
        g.source = requiredString(in, "source");
        readGpuFields(in, g.spec);
        return g;
    });
    catalog.clusters = readList<ClusterPreset>(clustersJson, "clusters", [&](ObjectReader& in) {
        ClusterPreset c;
        c.spec.preset = requiredString(in, "id");
        c.source = requiredString(in, "source");
        if (auto v = in.string("name"))
            c.spec.name = *v;
        const std::string gpu = requiredString(in, "gpu");
        const GpuPreset* found = catalog.findGpu(gpu);
        if (!found)
            in.fail("gpu", "names no GPU of the catalog");
        c.spec.gpu = found->spec;
        if (auto v = in.integer("gpus_per_node"))
            c.spec.gpusPerNode = *v;
        if (auto v = in.integer("nodes"))
            c.spec.nodes = *v;
        for (auto [key, link] : { std::pair{ "intra_node", &c.spec.intraNode }, std::pair{ "inter_node", &c.spec.interNode } }) {
            std::optional<ObjectReader> linkIn = in.object(key);
            require(linkIn.has_value(), in, key, "every cluster preset describes both links");
            readLinkFields(*linkIn, *link);
            linkIn->rejectUnknownFields();
        }
        if (auto v = in.number("gpu_hour_cost_usd"))
            c.spec.gpuHourCostUsd = *v;
        if (auto v = in.string("topology")) {
            const TopologyPreset* topology = catalog.findTopology(*v);
            if (!topology)
                in.fail("topology", "names no topology of the catalog");
            c.spec.topology = topology->spec;
        }
        return c;
    });
    catalog.models = readList<ModelPreset>(modelsJson, "models", [](ObjectReader& in) {
        ModelPreset m;
        m.spec.preset = requiredString(in, "id");
        m.source = requiredString(in, "source");
        readModelFields(in, m.spec);
        return m;
    });
    return catalog;
}

const Catalog& builtinCatalog()
{
    static const Catalog catalog
        = readCatalog(std::string(resources::kGpusJson), std::string(resources::kClustersJson),
                      std::string(resources::kModelsJson), std::string(resources::kTopologiesJson));
    return catalog;
}

std::string builtinDefaultScenarioText() { return std::string(resources::kDefaultScenarioJson); }

} // namespace paraplan::io
