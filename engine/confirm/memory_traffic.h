// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/confirm/kernel_names.h"

#include <memory>

// The memory-bound kernels of a training step (norms, residual adds, activations, the loss, the
// optimizer) as real traffic on the device: device-to-device copies that read and write as many
// bytes as the cost model says each kernel moves. One copy per kernel, so each also pays a launch;
// traffic beyond the scratch buffers is copied in pieces.
namespace paraplan::engine {

class MemoryTraffic {
public:
    // `largestKernelBytes`: the most one kernel moves (reads plus writes); larger ones, like the
    // optimizer, run as several copies of that size.
    MemoryTraffic(Backend& backend, double largestKernelBytes);

    // One kernel that reads and writes `bytes` in all; `kind` names it where labels are set.
    void move(double bytes, MemoryKernel kind = MemoryKernel::Copy);
    // Told what each copy stands for before it runs (a kernel recorder); null: nobody.
    void setLabels(CopyLabels* labels) { m_labels = labels; }
    [[nodiscard]] size_t bytes() const { return 2 * m_capacity; }

private:
    Backend& m_backend;
    size_t m_capacity; // of each scratch buffer: the most one copy reads
    std::unique_ptr<Buffer> m_from, m_to;
    CopyLabels* m_labels = nullptr;
};

} // namespace paraplan::engine
