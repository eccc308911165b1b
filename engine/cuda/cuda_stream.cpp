// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/cuda_stream.h"

#include "engine/cuda/cuda_check.h"

namespace paraplan::engine {

CudaStream::CudaStream() { checkCuda(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags"); }

// Queued work still completes: cudaStreamDestroy returns at once and releases the stream after it.
CudaStream::~CudaStream() { cudaStreamDestroy(m_stream); }

void CudaStream::synchronize() const { checkCuda(cudaStreamSynchronize(m_stream), "cudaStreamSynchronize"); }

CudaEvent::CudaEvent() { checkCuda(cudaEventCreateWithFlags(&m_event, cudaEventDisableTiming), "cudaEventCreateWithFlags"); }

CudaEvent::~CudaEvent() { cudaEventDestroy(m_event); }

void CudaEvent::order(cudaStream_t producer, cudaStream_t waiter)
{
    checkCuda(cudaEventRecord(m_event, producer), "cudaEventRecord");
    checkCuda(cudaStreamWaitEvent(waiter, m_event, 0), "cudaStreamWaitEvent");
}

CudaInterval::CudaInterval()
{
    checkCuda(cudaEventCreate(&m_begin), "cudaEventCreate");
    checkCuda(cudaEventCreate(&m_end), "cudaEventCreate");
}

CudaInterval::~CudaInterval()
{
    cudaEventDestroy(m_begin);
    cudaEventDestroy(m_end);
}

void CudaInterval::begin(cudaStream_t stream) { checkCuda(cudaEventRecord(m_begin, stream), "cudaEventRecord"); }

void CudaInterval::end(cudaStream_t stream) { checkCuda(cudaEventRecord(m_end, stream), "cudaEventRecord"); }

double CudaInterval::seconds() const
{
    checkCuda(cudaEventSynchronize(m_end), "cudaEventSynchronize");
    float milliseconds = 0;
    checkCuda(cudaEventElapsedTime(&milliseconds, m_begin, m_end), "cudaEventElapsedTime");
    return double(milliseconds) / 1e3;
}

} // namespace paraplan::engine
