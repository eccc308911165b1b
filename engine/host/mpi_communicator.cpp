// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/host/mpi_communicator.h"

#include "engine/backend/backend.h"

#include <algorithm>
#include <climits>
#include <exception>

namespace paraplan::engine {

namespace {

// MPI counts are int: larger messages go as several.
constexpr size_t kMaxCount = size_t(INT_MAX) / 2;

int countOf(size_t count)
{
    if (count > kMaxCount)
        throw EngineError(io::ProbeCode::MessageTooLarge,
                          "a message of " + std::to_string(count)
                              + " elements is larger than the host backend sends at once");
    return int(count);
}

// Host memory holds fp32 whatever the requested type: the count is in requested elements, so
// the bytes sent match the scenario's.
int floatsOf(size_t count, DataType type) { return countOf((count * elementBytes(type) + 3) / 4); }

void check(int status, const char* what)
{
    if (status != MPI_SUCCESS) {
        char text[MPI_MAX_ERROR_STRING];
        int length = 0;
        MPI_Error_string(status, text, &length);
        throw EngineError(io::ProbeCode::MpiFailed,
                          std::string(what) + " failed: " + std::string(text, size_t(length)));
    }
}

} // namespace

MpiCommunicator::MpiCommunicator(const World& world, const std::vector<int>& group)
{
    // Groups partition the world: the smallest world rank of a group names it.
    const int colour = *std::min_element(group.begin(), group.end());
    const int key = int(std::find(group.begin(), group.end(), world.rank()) - group.begin());
    check(MPI_Comm_split(world.comm(), colour, key, &m_comm), "MPI_Comm_split");
    MPI_Comm_set_errhandler(m_comm, MPI_ERRORS_RETURN);
    MPI_Comm_size(m_comm, &m_size);
    MPI_Comm_rank(m_comm, &m_rank);
}

MpiCommunicator::~MpiCommunicator()
{
    // A run failing: its peers may be gone, and waiting for them (pending sends, a background
    // all-reduce's thread) would hang. Left as they are: the run ends with MPI_Abort once unwound.
    if (std::uncaught_exceptions() > 0) {
        (void)m_background.release();
        return;
    }
    m_background.reset(); // its all-reduces use the communicator
    if (m_comm != MPI_COMM_NULL) {
        MPI_Waitall(int(m_sends.size()), m_sends.data(), MPI_STATUSES_IGNORE);
        MPI_Comm_free(&m_comm);
    }
}

void MpiCommunicator::allReduce(Buffer& data, size_t count, DataType type)
{
    check(MPI_Allreduce(MPI_IN_PLACE, data.data(), floatsOf(count, type), MPI_FLOAT, MPI_SUM, m_comm), "MPI_Allreduce");
}

void MpiCommunicator::allGather(const Buffer& in, Buffer& out, size_t count, DataType type)
{
    const int n = floatsOf(count, type);
    check(MPI_Allgather(in.data(), n, MPI_FLOAT, out.data(), n, MPI_FLOAT, m_comm), "MPI_Allgather");
}

void MpiCommunicator::reduceScatter(const Buffer& in, Buffer& out, size_t count, DataType type)
{
    check(MPI_Reduce_scatter_block(in.data(), out.data(), floatsOf(count, type), MPI_FLOAT, MPI_SUM, m_comm),
          "MPI_Reduce_scatter_block");
}

void MpiCommunicator::allToAll(const Buffer& in, Buffer& out, size_t count, DataType type)
{
    const int n = floatsOf(count, type);
    check(MPI_Alltoall(in.data(), n, MPI_FLOAT, out.data(), n, MPI_FLOAT, m_comm), "MPI_Alltoall");
}

void MpiCommunicator::send(const Buffer& data, size_t count, DataType type, int peer, int tag)
{
    MPI_Request request;
    check(MPI_Isend(data.data(), floatsOf(count, type), MPI_FLOAT, peer, tag, m_comm, &request), "MPI_Isend");
    m_sends.push_back(request);
}

void MpiCommunicator::receive(Buffer& data, size_t count, DataType type, int peer, int tag)
{
    check(MPI_Recv(data.data(), floatsOf(count, type), MPI_FLOAT, peer, tag, m_comm, MPI_STATUS_IGNORE), "MPI_Recv");
}

void MpiCommunicator::waitForSends()
{
    check(MPI_Waitall(int(m_sends.size()), m_sends.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    m_sends.clear();
}

void MpiCommunicator::allReduceInBackground(Buffer& data, size_t count, DataType type)
{
    const int floats = floatsOf(count, type);
    requireBytes(data, size_t(floats) * 4, "the all-reduce's buffer");
    if (!m_background) {
        // The side thread calls MPI while this one may not (World asks for MPI_THREAD_MULTIPLE).
        int level = MPI_THREAD_SINGLE;
        MPI_Query_thread(&level);
        if (level < MPI_THREAD_SERIALIZED)
            throw EngineError(io::ProbeCode::MpiFailed, "this MPI library runs no calls from a second thread "
                                                        "(MPI_Query_thread < MPI_THREAD_SERIALIZED), which the "
                                                        "background all-reduce needs: use an MPI built with threads");
        m_background = std::make_unique<BackgroundThread>();
    }
    m_background->post([values = data.data(), floats, comm = m_comm] {
        check(MPI_Allreduce(MPI_IN_PLACE, values, floats, MPI_FLOAT, MPI_SUM, comm), "MPI_Allreduce in the background");
    });
}

double MpiCommunicator::waitForBackground() { return m_background ? m_background->wait() : 0.0; }

void MpiCommunicator::abort() { MPI_Abort(m_comm, 3); }

} // namespace paraplan::engine
