// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/device_buffer.h"

#include "engine/backend/backend.h"
#include "engine/cuda/cuda_check.h"

#include <string>

namespace paraplan::engine {

namespace {

std::string mebibytes(size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

} // namespace

DeviceBuffer::DeviceBuffer(size_t bytes)
    : m_bytes(bytes)
{
    const cudaError_t status = cudaMalloc(&m_data, bytes);
    if (status != cudaErrorMemoryAllocation)
        checkCuda(status, "cudaMalloc of " + mebibytes(bytes));
    if (status == cudaSuccess)
        return;
    cudaGetLastError(); // the failed allocation leaves the device usable; forget it
    size_t free = 0, total = 0;
    cudaMemGetInfo(&free, &total);
    int device = 0;
    cudaGetDevice(&device);
    throw EngineError(io::ProbeCode::OutOfMemory,
                      "cannot hold " + mebibytes(bytes) + " on GPU " + std::to_string(device) + ": "
                          + mebibytes(free) + " of its " + mebibytes(total)
                          + " are free; use smaller sizes, or end the other processes on it "
                            "(nvidia-smi lists them)");
}

DeviceBuffer::~DeviceBuffer() { cudaFree(m_data); }

void requireElements(const Buffer& buffer, size_t elements, DataType type, const char* what)
{
    requireBytes(buffer, elements * elementBytes(type), what);
}

} // namespace paraplan::engine
