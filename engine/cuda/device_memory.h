// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/cuda/nvml_library.h"
#include "engine/cuda/pci_address.h"

#include <memory>
#include <optional>

// How much memory this rank holds on its GPU: what is in use there now less what was in use
// before the rank made its CUDA context (other processes' share). NVML reads both, so the context,
// cuBLASLt's workspace and NCCL's lazily made buffers all count, as they do in the model's
// prediction. Where NVML cannot read the device, cudaMemGetInfo does, from just after the context
// was made: the context itself is then left out.
namespace paraplan::engine {

class DeviceMemoryGauge {
public:
    // Before the rank's context exists on `device` (a CUDA device index).
    explicit DeviceMemoryGauge(int device);
    // Once it exists: where NVML cannot read the device, the count starts here.
    void contextMade();
    [[nodiscard]] double inUse() const;

private:
    std::unique_ptr<NvmlLibrary> m_nvml;
    std::optional<PciAddress> m_gpu;
    std::optional<double> m_nvmlBefore;
    double m_cudaBefore = 0;
};

} // namespace paraplan::engine
