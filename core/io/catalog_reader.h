// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/catalog.h"

#include <string>

namespace paraplan::io {

// Parses the catalog documents (resources/catalog/{gpus,clusters,models,topologies}.json). Throws
// io::ReadError naming the path of a malformed entry.
[[nodiscard]] Catalog readCatalog(const std::string& gpusJson, const std::string& clustersJson,
                                  const std::string& modelsJson,
                                  const std::string& topologiesJson = R"({"topologies": []})");

// The catalog built into the binary, parsed once.
[[nodiscard]] const Catalog& builtinCatalog();

// The built-in default scenario (resources/scenarios/default.json) as JSON text.
[[nodiscard]] std::string builtinDefaultScenarioText();

} // namespace paraplan::io
