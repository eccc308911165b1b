// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/search.h"
#include "core/step/result.h"

#include <nlohmann/json.hpp>

// The result and search-result JSON of spec/scenario.md (GiB for memory, seconds for time).
namespace paraplan::io {

[[nodiscard]] nlohmann::json toJson(const Result& result);
// The run's goodput (docs/goodput.md): the result's "goodput" object.
[[nodiscard]] nlohmann::json toJson(const RunGoodput& goodput);
[[nodiscard]] nlohmann::json toJson(const ParallelSpec& parallel);
[[nodiscard]] nlohmann::json toJson(const SearchResult& search);

} // namespace paraplan::io
