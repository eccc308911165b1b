// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/backend.h"

#include <algorithm>

namespace paraplan::engine {

void requireBytes(const Buffer& buffer, size_t bytes, const char* what)
{
    if (buffer.bytes() < bytes)
        throw EngineError(io::ProbeCode::BufferTooSmall,
                          std::string(what) + " holds " + std::to_string(buffer.bytes())
                              + " bytes but the operation needs " + std::to_string(bytes));
}

void sortByRank(std::vector<io::ProbeDevice>& devices)
{
    std::sort(devices.begin(), devices.end(),
              [](const io::ProbeDevice& a, const io::ProbeDevice& b) { return a.rank < b.rank; });
}

} // namespace paraplan::engine
