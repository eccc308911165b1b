// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/catalog.h"

#include <algorithm>

namespace paraplan {

namespace {
template<typename T, typename IdOf>
const T* findById(const std::vector<T>& items, std::string_view id, IdOf idOf)
{
    const auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return idOf(item) == id; });
    return it == items.end() ? nullptr : &*it;
}
}

const GpuPreset* Catalog::findGpu(std::string_view id) const
{
    return findById(gpus, id, [](const GpuPreset& g) -> const std::string& { return g.spec.id; });
}

const ClusterPreset* Catalog::findCluster(std::string_view id) const
{
    return findById(clusters, id, [](const ClusterPreset& c) -> const std::string& { return c.spec.preset; });
}

const ModelPreset* Catalog::findModel(std::string_view id) const
{
    return findById(models, id, [](const ModelPreset& m) -> const std::string& { return m.spec.preset; });
}

const TopologyPreset* Catalog::findTopology(std::string_view id) const
{
    return findById(topologies, id, [](const TopologyPreset& t) -> const std::string& { return t.spec->preset; });
}

} // namespace paraplan
