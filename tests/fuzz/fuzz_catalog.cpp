// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The catalog (core/io/catalog_reader): the input in place of the document whose list it names
// ("gpus", "clusters", "models" or "topologies"; gpus when it names none), the built-in ones beside
// it. A catalog accepted reads the default scenario, which evaluates with finite figures.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/io/catalog_reader.h"
#include "core/io/embedded_resources.h"
#include "core/io/scenario_reader.h"

#include <array>

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    std::array<std::string, 4> documents = { std::string(resources::kGpusJson), std::string(resources::kClustersJson),
        std::string(resources::kModelsJson), std::string(resources::kTopologiesJson) };
    const std::array<const char*, 4> listKeys = { "\"gpus\"", "\"clusters\"", "\"models\"", "\"topologies\"" };
    const std::string text = textOf(data, size);
    size_t replaced = 0;
    for (size_t i = 0; i < listKeys.size(); ++i)
        if (text.find(listKeys[i]) != std::string::npos)
            replaced = i;
    documents[replaced] = text;
    const auto catalog
        = readOrRefuse([&] { return io::readCatalog(documents[0], documents[1], documents[2], documents[3]); });
    if (!catalog)
        return 0;
    if (const auto scenario
        = readOrRefuse([&] { return io::readScenarioText(io::builtinDefaultScenarioText(), *catalog); }))
        (void)evaluateAndCheck(*scenario);
    return 0;
}

} // namespace paraplan::fuzz
