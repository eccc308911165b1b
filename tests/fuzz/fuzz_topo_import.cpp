// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// `nvidia-smi topo -m` text (core/io/topo_import, topo_matrix), as `paraplan-cli topo-import` and
// the workbench import it: a node imported is written as cluster.topology JSON that ParaPlan reads
// back, and prices a small scenario with finite figures.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/io/topo_import.h"
#include "core/io/topology_json.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<NodeSpec> node = readOrRefuse([&] { return io::importNvidiaSmiTopology(textOf(data, size)); });
    if (!node)
        return 0;
    TopologySpec topology;
    topology.nodes.push_back(*node);
    const nlohmann::json written = io::toJson(topology);
    requireFinite(written, "the imported topology");
    const Scenario scenario = io::readScenarioText(scenarioWithTopology(written.dump()), io::builtinCatalog());
    (void)evaluateAndCheck(scenario);
    return 0;
}

} // namespace paraplan::fuzz
