// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"
#include "engine/host/background_thread.h"
#include "engine/runtime/world.h"

#include <mpi.h>

#include <memory>
#include <vector>

// A group's collectives over MPI on host memory (the host backend). Elements are fp32: MPI has
// no 16-bit float sum, and the CPU computes in fp32 anyway; callers size messages in bytes.
namespace paraplan::engine {

class MpiCommunicator : public Communicator {
public:
    // Collective over the world (MPI_Comm_split): `group` lists this rank's group in world ranks.
    MpiCommunicator(const World& world, const std::vector<int>& group);
    ~MpiCommunicator() override;

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
    void abort() override;

private:
    MPI_Comm m_comm = MPI_COMM_NULL;
    int m_size = 1;
    int m_rank = 0;
    std::vector<MPI_Request> m_sends;
    std::unique_ptr<BackgroundThread> m_background; // made by the first background all-reduce
};

} // namespace paraplan::engine
