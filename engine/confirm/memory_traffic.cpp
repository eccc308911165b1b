// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/confirm/memory_traffic.h"

#include <algorithm>
#include <cmath>

namespace paraplan::engine {

namespace {

// A copy of c bytes reads c and writes c.
size_t copyBytesOf(double traffic) { return size_t(std::llround(std::max(0.0, traffic) / 2)); }

} // namespace

MemoryTraffic::MemoryTraffic(Backend& backend, double largestKernelBytes)
    : m_backend(backend)
    , m_capacity(std::max<size_t>(copyBytesOf(largestKernelBytes), 256))
    , m_from(backend.allocate(m_capacity))
    , m_to(backend.allocate(m_capacity))
{
}

void MemoryTraffic::move(double bytes, MemoryKernel kind)
{
    for (size_t left = copyBytesOf(bytes); left > 0;) {
        const size_t piece = std::min(left, m_capacity);
        if (m_labels)
            m_labels->nameNextCopy(kind);
        m_backend.copy(*m_from, *m_to, piece);
        left -= piece;
    }
}

} // namespace paraplan::engine
