// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/device_memory.h"

#include "engine/cuda/cuda_check.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <string>

namespace paraplan::engine {

namespace {

// cudaMemGetInfo's view: needs the context.
double cudaUsedBytes()
{
    size_t free = 0, total = 0;
    checkCuda(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
    return double(total - free);
}

} // namespace

DeviceMemoryGauge::DeviceMemoryGauge(int device)
{
    std::string why; // NVML missing only costs the context's share of the count
    m_nvml = NvmlLibrary::open(why);
    // A device query: it makes no context.
    int domain = 0, bus = 0, slot = 0;
    if (m_nvml && cudaDeviceGetAttribute(&domain, cudaDevAttrPciDomainId, device) == cudaSuccess
        && cudaDeviceGetAttribute(&bus, cudaDevAttrPciBusId, device) == cudaSuccess
        && cudaDeviceGetAttribute(&slot, cudaDevAttrPciDeviceId, device) == cudaSuccess) {
        m_gpu = PciAddress{ unsigned(domain), unsigned(bus), unsigned(slot) };
        m_nvmlBefore = m_nvml->usedBytes(*m_gpu);
    }
}

void DeviceMemoryGauge::contextMade() { m_cudaBefore = cudaUsedBytes(); }

double DeviceMemoryGauge::inUse() const
{
    if (m_nvmlBefore)
        if (const std::optional<double> used = m_nvml->usedBytes(*m_gpu))
            return std::max(0.0, *used - *m_nvmlBefore);
    return std::max(0.0, cudaUsedBytes() - m_cudaBefore);
}

} // namespace paraplan::engine
