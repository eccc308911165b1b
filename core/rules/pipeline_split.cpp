// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/pipeline_split.h"

#include <cstddef>

namespace paraplan {

std::vector<int64_t> virtualStageLayers(int64_t layers, int64_t pp, int64_t vpp, const std::vector<int64_t>& explicitSplit)
{
    const int64_t count = pp * vpp;
    if (int64_t(explicitSplit.size()) == count)
        return explicitSplit;
    std::vector<int64_t> split(size_t(count), layers / count);
    for (int64_t i = 0; i < layers % count; ++i)
        ++split[size_t(i)];
    return split;
}

} // namespace paraplan
