// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

// The job this process belongs to: its rank among all ranks, started by mpirun or srun (or alone,
// a world of one). Ranks exchange small messages through it (gathering results on rank 0,
// broadcasting an NCCL id); the backends build their group communicators on it.
namespace paraplan::engine {

class World {
public:
    // Joins the job (MPI_Init, thread-safe); leaves it when destroyed.
    World(int* argc, char*** argv);
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    [[nodiscard]] int rank() const { return m_rank; }
    [[nodiscard]] int size() const { return m_size; }
    [[nodiscard]] bool isRoot() const { return m_rank == 0; }
    [[nodiscard]] const std::string& hostname() const { return m_hostname; }
    // Ranks on the same host before this one, and how many share the host.
    [[nodiscard]] int localRank() const { return m_localRank; }
    [[nodiscard]] int localSize() const { return m_localSize; }
    [[nodiscard]] MPI_Comm comm() const { return MPI_COMM_WORLD; }

    void barrier() const;
    // Every rank's string, in rank order, on rank 0 (empty elsewhere).
    [[nodiscard]] std::vector<std::string> gather(const std::string& mine) const;
    // Rank 0's string on every rank.
    [[nodiscard]] std::string broadcast(std::string fromRoot) const;
    // The largest of every rank's value, on every rank.
    [[nodiscard]] double maxOf(double value) const;
    [[nodiscard]] double sumOf(double value) const;

private:
    int m_rank = 0;
    int m_size = 1;
    int m_localRank = 0;
    int m_localSize = 1;
    std::string m_hostname;
};

} // namespace paraplan::engine
