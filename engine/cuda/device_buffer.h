// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"

// Memory on the current CUDA device, for the cuda backend's operands and messages.
namespace paraplan::engine {

class DeviceBuffer : public Buffer {
public:
    // Throws EngineError("out_of_memory") with the device's free and total memory when it does not fit.
    explicit DeviceBuffer(size_t bytes);
    ~DeviceBuffer() override;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    [[nodiscard]] void* data() override { return m_data; }
    [[nodiscard]] const void* data() const override { return m_data; }
    [[nodiscard]] size_t bytes() const override { return m_bytes; }

private:
    void* m_data = nullptr;
    size_t m_bytes = 0;
};

// Throws EngineError("buffer_too_small") unless `buffer` holds `elements` of `type`: a kernel or
// NCCL reading past a buffer would end the whole CUDA context.
void requireElements(const Buffer& buffer, size_t elements, DataType type, const char* what);

} // namespace paraplan::engine
