// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"
#include "engine/backend/message_lanes.h"
#include "engine/cuda/cuda_stream.h"
#include "engine/runtime/world.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <array>
#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

// A group's collectives and messages over NCCL, on device memory. Collectives and receives run on
// the backend's stream, in order with its GEMMs; sends run on a stream per lane
// (engine/backend/message_lanes.h), after what the compute stream had queued when they were asked
// for, so a send never holds up the work behind it, nor a send on another lane. Background
// all-reduces run on a stream of their own the same way, beside the GEMMs queued after them.
// NCCL has no tags: messages on one lane between two ranks arrive in the order sent.
namespace paraplan::engine {

class NcclCommunicator : public Communicator {
public:
    // Collective over the world: `group` lists this rank's group in world ranks. The group's first
    // rank creates NCCL's id and sends it to the others over MPI. Throws EngineError("nccl_failed")
    // when NCCL fails or a rank of the group has not joined within kInitTimeoutSeconds. Runs on
    // the current device; `compute` is the backend's stream there, which must outlive it.
    NcclCommunicator(const World& world, const std::vector<int>& group, cudaStream_t compute);
    ~NcclCommunicator() override;
    NcclCommunicator(const NcclCommunicator&) = delete;
    NcclCommunicator& operator=(const NcclCommunicator&) = delete;

    // Setting up NCCL takes seconds, a minute on a large cluster; far longer means a rank is missing.
    // Shorter than the default watchdog (300 s), so that a missing rank is named as such rather
    // than read as a stalled step.
    static constexpr int kInitTimeoutSeconds = 120;

    [[nodiscard]] int size() const override { return m_size; }
    [[nodiscard]] int rank() const override { return m_rank; }

    void allReduce(Buffer& data, size_t count, DataType type) override;
    void allGather(const Buffer& in, Buffer& out, size_t count, DataType type) override;
    void reduceScatter(const Buffer& in, Buffer& out, size_t count, DataType type) override;
    void allToAll(const Buffer& in, Buffer& out, size_t count, DataType type) override;
    void send(const Buffer& data, size_t count, DataType type, int peer, int tag) override;
    void receive(Buffer& data, size_t count, DataType type, int peer, int tag) override;
    void waitForSends() override;
    void allReduceInBackground(Buffer& data, size_t count, DataType type) override;
    [[nodiscard]] double waitForBackground() override;
    // ncclCommAbort on every communicator: callable from the watchdog's thread; every later call
    // on this group throws.
    void abort() override;

private:
    // A message to itself: NCCL would need its send and receive in one call, so it becomes a copy.
    struct SelfMessage {
        const void* data;
        size_t bytes;
    };

    // Runs `call` (NCCL calls on this group's communicators) unless the group was aborted, and
    // never while an abort runs: ncclCommAbort frees the communicators. Throws EngineError
    // ("nccl_failed") once aborted.
    template <typename Call>
    ncclResult_t live(const char* what, Call&& call) const;
    // Waits until NCCL has queued (or set up) what `comm` was asked for.
    void settle(ncclComm_t comm, ncclResult_t result, const char* what) const;
    void requirePeer(int peer) const;

    int m_size = 1;
    int m_rank = 0;
    cudaStream_t m_compute;
    CudaStream m_background;
    CudaEvent m_backgroundAfterCompute;
    CudaInterval m_backgroundTime;
    bool m_backgroundQueued = false; // since the last waitForBackground()
    ncclComm_t m_collectives = nullptr;
    // Per lane (messageLane): its communicator, and the stream and ordering event of its sends;
    // null where the group has no such traffic.
    std::array<ncclComm_t, kMessageLanes> m_lanes{};
    std::array<std::unique_ptr<CudaStream>, kMessageLanes> m_laneSends;
    std::array<std::unique_ptr<CudaEvent>, kMessageLanes> m_laneSendsAfterCompute;
    std::deque<SelfMessage> m_toSelf;
    std::atomic<bool> m_aborted{ false };
    mutable std::timed_mutex m_calls; // held by each call, and by abort()
};

} // namespace paraplan::engine
