// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/nccl_communicator.h"

#include "engine/backend/backend.h"
#include "engine/cuda/cuda_check.h"
#include "engine/cuda/device_buffer.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <string>
#include <thread>

// Every NCCL communicator here is non-blocking: its set-up runs in the background while this
// thread watches the clock, so a rank that never joins ends the run with an error instead of a
// hang, and ncclCommAbort from the watchdog's thread ends whatever is in flight. The price is that
// any call may answer ncclInProgress, after which the operation is queued only once the
// communicator's state leaves it (settle).

// Messages travel on lanes, communicators of their own: engine/backend/message_lanes.h says why.
namespace paraplan::engine {

namespace {

using Clock = std::chrono::steady_clock;

// The last moment to wait for a communicator's release before aborting it instead.
constexpr std::chrono::seconds kReleaseTimeout{ 30 };
// How long an abort waits for a call in flight to leave NCCL before aborting beside it: a call
// stuck inside NCCL (a peer gone) must not stop the watchdog from ending the run.
constexpr std::chrono::seconds kAbortWait{ 2 };

ncclDataType_t ncclTypeOf(DataType type)
{
    switch (type) {
    case DataType::Bf16:
        return ncclBfloat16;
    case DataType::Fp16:
        return ncclFloat16;
    case DataType::Fp32:
        break;
    }
    return ncclFloat32;
}

// Waits for a communicator's set-up (init or split) that `started` began.
void awaitSetUp(ncclComm_t comm, ncclResult_t started, Clock::time_point deadline, int ranks, const char* what)
{
    checkNccl(started, what);
    ncclResult_t state = started;
    while (state == ncclInProgress) {
        if (Clock::now() > deadline)
            throw EngineError(io::ProbeCode::NcclFailed,
                              std::string(what) + " did not finish within "
                                  + std::to_string(NcclCommunicator::kInitTimeoutSeconds)
                                  + " s: a rank of this group of " + std::to_string(ranks)
                                  + " did not join (it ended, or waits elsewhere), or the network "
                                    "between the ranks is blocked; NCCL_DEBUG=INFO shows how far "
                                    "each rank got");
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        checkNccl(ncclCommGetAsyncError(comm, &state), "ncclCommGetAsyncError");
    }
    checkNccl(state, what);
}

// Finalizes and destroys `comm`, or aborts it where it does not quiesce in time (a peer ended).
void release(ncclComm_t comm)
{
    ncclResult_t state = ncclCommFinalize(comm);
    const Clock::time_point deadline = Clock::now() + kReleaseTimeout;
    while (state == ncclInProgress && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        if (ncclCommGetAsyncError(comm, &state) != ncclSuccess)
            break;
    }
    if (state == ncclSuccess)
        ncclCommDestroy(comm);
    else
        ncclCommAbort(comm);
}

} // namespace

NcclCommunicator::NcclCommunicator(const World& world, const std::vector<int>& group, cudaStream_t compute)
    : m_compute(compute)
{
    // The same split as MpiCommunicator: the smallest world rank of a group names it.
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_split(world.comm(), *std::min_element(group.begin(), group.end()),
                   int(std::find(group.begin(), group.end(), world.rank()) - group.begin()), &comm);
    MPI_Comm_size(comm, &m_size);
    MPI_Comm_rank(comm, &m_rank);
    // The id travels with its creator's status, so that a failure there fails every rank at once.
    struct {
        ncclResult_t status = ncclSuccess;
        ncclUniqueId id{};
    } start;
    if (m_rank == 0)
        start.status = ncclGetUniqueId(&start.id);
    MPI_Bcast(&start, int(sizeof start), MPI_BYTE, 0, comm);
    MPI_Comm_free(&comm);
    checkNccl(start.status, "ncclGetUniqueId on the group's first rank");

    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(kInitTimeoutSeconds);
    try {
        ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
        config.blocking = 0;
        const ncclResult_t started = ncclCommInitRankConfig(&m_collectives, m_size, start.id, m_rank, &config);
        awaitSetUp(m_collectives, started, deadline, m_size, "ncclCommInitRankConfig");
        for (int lane = 0; lane < int(m_lanes.size()); ++lane) {
            if (!messageLaneUsed(lane, m_size))
                continue; // every rank of the group skips the same lanes: the splits stay collective
            ncclConfig_t laneConfig = NCCL_CONFIG_INITIALIZER;
            laneConfig.blocking = 0;
            const ncclResult_t started = ncclCommSplit(m_collectives, 0, m_rank, &m_lanes[size_t(lane)], &laneConfig);
            awaitSetUp(m_collectives, started, deadline, m_size, "ncclCommSplit of a message lane");
            awaitSetUp(m_lanes[size_t(lane)], started, deadline, m_size, "ncclCommSplit of a message lane");
            m_laneSends[size_t(lane)] = std::make_unique<CudaStream>();
            m_laneSendsAfterCompute[size_t(lane)] = std::make_unique<CudaEvent>();
        }
    } catch (const EngineError&) {
        abort();
        throw;
    }
}

NcclCommunicator::~NcclCommunicator()
{
    if (std::uncaught_exceptions() > 0) { // a run failing: its peers may be gone, never wait for them
        abort();
        return;
    }
    if (m_aborted)
        return;
    for (ncclComm_t lane : m_lanes)
        if (lane)
            release(lane);
    release(m_collectives);
}

template <typename Call>
ncclResult_t NcclCommunicator::live(const char* what, Call&& call) const
{
    const std::lock_guard lock(m_calls);
    if (m_aborted)
        throw EngineError(io::ProbeCode::NcclFailed, std::string(what) + " was not run: this group's communicators "
                                                                          "were aborted (the watchdog ended the run)");
    return call();
}

void NcclCommunicator::settle(ncclComm_t comm, ncclResult_t result, const char* what) const
{
    checkNccl(result, what);
    ncclResult_t state = result;
    while (state == ncclInProgress) {
        std::this_thread::yield();
        checkNccl(live(what, [&] { return ncclCommGetAsyncError(comm, &state); }), "ncclCommGetAsyncError");
    }
    checkNccl(state, what);
}

void NcclCommunicator::requirePeer(int peer) const
{
    if (peer < 0 || peer >= m_size)
        throw EngineError(io::ProbeCode::InvalidPeer,
                          "rank " + std::to_string(m_rank) + " addressed rank " + std::to_string(peer)
                              + " of a group of " + std::to_string(m_size));
}

void NcclCommunicator::allReduce(Buffer& data, size_t count, DataType type)
{
    requireElements(data, count, type, "the all-reduce's buffer");
    settle(m_collectives,
           live("ncclAllReduce",
                [&] {
                    return ncclAllReduce(data.data(), data.data(), count, ncclTypeOf(type), ncclSum, m_collectives,
                                         m_compute);
                }),
           "ncclAllReduce");
}

void NcclCommunicator::allGather(const Buffer& in, Buffer& out, size_t count, DataType type)
{
    requireElements(in, count, type, "the all-gather's input");
    requireElements(out, count * size_t(m_size), type, "the all-gather's output");
    settle(m_collectives,
           live("ncclAllGather",
                [&] { return ncclAllGather(in.data(), out.data(), count, ncclTypeOf(type), m_collectives, m_compute); }),
           "ncclAllGather");
}

void NcclCommunicator::reduceScatter(const Buffer& in, Buffer& out, size_t count, DataType type)
{
    requireElements(in, count * size_t(m_size), type, "the reduce-scatter's input");
    requireElements(out, count, type, "the reduce-scatter's output");
    settle(m_collectives,
           live("ncclReduceScatter",
                [&] {
                    return ncclReduceScatter(in.data(), out.data(), count, ncclTypeOf(type), ncclSum, m_collectives,
                                             m_compute);
                }),
           "ncclReduceScatter");
}

// One send and one receive per peer in one group call: NCCL runs them all at once.
void NcclCommunicator::allToAll(const Buffer& in, Buffer& out, size_t count, DataType type)
{
    requireElements(in, count * size_t(m_size), type, "the all-to-all's input");
    requireElements(out, count * size_t(m_size), type, "the all-to-all's output");
    const size_t block = count * elementBytes(type);
    const auto* from = static_cast<const unsigned char*>(in.data());
    auto* to = static_cast<unsigned char*>(out.data());
    ncclResult_t status = ncclSuccess;
    const ncclResult_t ended = live("the all-to-all", [&] {
        checkNccl(ncclGroupStart(), "ncclGroupStart");
        for (int peer = 0; peer < m_size && (status == ncclSuccess || status == ncclInProgress); ++peer) {
            status = ncclSend(from + size_t(peer) * block, count, ncclTypeOf(type), peer, m_collectives, m_compute);
            if (status == ncclSuccess || status == ncclInProgress)
                status = ncclRecv(to + size_t(peer) * block, count, ncclTypeOf(type), peer, m_collectives, m_compute);
        }
        return ncclGroupEnd(); // closes the group even after a failed call
    });
    checkNccl(status, "ncclSend or ncclRecv of the all-to-all");
    settle(m_collectives, ended, "ncclGroupEnd of the all-to-all");
}

void NcclCommunicator::send(const Buffer& data, size_t count, DataType type, int peer, int tag)
{
    requirePeer(peer);
    requireElements(data, count, type, "the message");
    if (peer == m_rank) {
        m_toSelf.push_back({ data.data(), count * elementBytes(type) });
        return;
    }
    const size_t lane = size_t(messageLane(m_rank, peer, tag));
    const cudaStream_t stream = m_laneSends[lane]->get();
    m_laneSendsAfterCompute[lane]->order(m_compute, stream); // the data is what compute has queued so far
    settle(m_lanes[lane],
           live("ncclSend", [&] { return ncclSend(data.data(), count, ncclTypeOf(type), peer, m_lanes[lane], stream); }),
           "ncclSend");
}

void NcclCommunicator::receive(Buffer& data, size_t count, DataType type, int peer, int tag)
{
    requirePeer(peer);
    requireElements(data, count, type, "the receiving buffer");
    if (peer == m_rank) {
        if (m_toSelf.empty())
            throw EngineError(io::ProbeCode::UnmatchedReceive,
                              "rank " + std::to_string(m_rank)
                                  + " receives from itself without having sent itself anything");
        const SelfMessage message = m_toSelf.front();
        m_toSelf.pop_front();
        checkCuda(cudaMemcpyAsync(data.data(), message.data, std::min(message.bytes, count * elementBytes(type)),
                                  cudaMemcpyDeviceToDevice, m_compute),
                  "cudaMemcpyAsync of a message to the rank itself");
        return;
    }
    // On the compute stream: what compute queues next waits for the data, nothing before it does.
    const ncclComm_t lane = m_lanes[size_t(messageLane(peer, m_rank, tag))];
    settle(lane, live("ncclRecv", [&] { return ncclRecv(data.data(), count, ncclTypeOf(type), peer, lane, m_compute); }),
           "ncclRecv");
}

void NcclCommunicator::waitForSends()
{
    if (!m_toSelf.empty())
        throw EngineError(io::ProbeCode::UnmatchedSend,
                          "rank " + std::to_string(m_rank) + " sent itself "
                              + std::to_string(m_toSelf.size()) + " message(s) it never received");
    for (const std::unique_ptr<CudaStream>& sends : m_laneSends)
        if (sends)
            sends->synchronize();
}

// On the communicator the group's other collectives use: NCCL runs a communicator's operations in
// the order they were asked for, whatever their streams, which is why nothing else may run on it
// until waitForBackground (communicator.h).
void NcclCommunicator::allReduceInBackground(Buffer& data, size_t count, DataType type)
{
    requireElements(data, count, type, "the all-reduce's buffer");
    m_backgroundAfterCompute.order(m_compute, m_background.get());
    if (!m_backgroundQueued)
        m_backgroundTime.begin(m_background.get());
    m_backgroundQueued = true;
    settle(m_collectives,
           live("ncclAllReduce in the background",
                [&] {
                    return ncclAllReduce(data.data(), data.data(), count, ncclTypeOf(type), ncclSum, m_collectives,
                                         m_background.get());
                }),
           "ncclAllReduce in the background");
}

double NcclCommunicator::waitForBackground()
{
    if (!m_backgroundQueued)
        return 0;
    m_backgroundQueued = false;
    m_backgroundTime.end(m_background.get());
    return m_backgroundTime.seconds();
}

void NcclCommunicator::abort()
{
    std::unique_lock lock(m_calls, std::defer_lock);
    (void)lock.try_lock_for(kAbortWait); // else a call is stuck inside NCCL: abort beside it
    if (m_aborted.exchange(true))
        return;
    for (ncclComm_t lane : m_lanes)
        if (lane)
            ncclCommAbort(lane);
    if (m_collectives)
        ncclCommAbort(m_collectives);
}

} // namespace paraplan::engine
