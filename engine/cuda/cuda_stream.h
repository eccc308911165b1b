// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cuda_runtime_api.h>

// Owned CUDA streams and events, released with their owner.
namespace paraplan::engine {

// A stream that never synchronises implicitly with the legacy default stream, so that only the
// dependencies the engine states order its work.
class CudaStream {
public:
    CudaStream();
    ~CudaStream();
    CudaStream(const CudaStream&) = delete;
    CudaStream& operator=(const CudaStream&) = delete;

    [[nodiscard]] cudaStream_t get() const { return m_stream; }
    void synchronize() const;

private:
    cudaStream_t m_stream = nullptr;
};

// An event for ordering only: no timing, so that recording and waiting stay cheap.
class CudaEvent {
public:
    CudaEvent();
    ~CudaEvent();
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;

    // Work queued on `waiter` from now on starts after what `producer` has queued so far.
    void order(cudaStream_t producer, cudaStream_t waiter);

private:
    cudaEvent_t m_event = nullptr;
};

// Two timing events around the work queued on a stream between them: how long the device took,
// whatever the host was doing meanwhile.
class CudaInterval {
public:
    CudaInterval();
    ~CudaInterval();
    CudaInterval(const CudaInterval&) = delete;
    CudaInterval& operator=(const CudaInterval&) = delete;

    void begin(cudaStream_t stream);
    void end(cudaStream_t stream);
    // Waits for the end, then the seconds from the beginning to it.
    [[nodiscard]] double seconds() const;

private:
    cudaEvent_t m_begin = nullptr;
    cudaEvent_t m_end = nullptr;
};

} // namespace paraplan::engine
