// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/runtime/world.h"

#include <unistd.h>

#include <algorithm>
#include <stdexcept>

namespace paraplan::engine {

World::World(int* argc, char*** argv)
{
    int provided = 0;
    // The watchdog may abort communicators from its own thread while others are in MPI calls.
    MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m_size);
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    m_hostname = name;
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, m_rank, MPI_INFO_NULL, &local);
    MPI_Comm_rank(local, &m_localRank);
    MPI_Comm_size(local, &m_localSize);
    MPI_Comm_free(&local);
}

World::~World() { MPI_Finalize(); }

void World::barrier() const { MPI_Barrier(MPI_COMM_WORLD); }

std::vector<std::string> World::gather(const std::string& mine) const
{
    const int length = int(mine.size());
    std::vector<int> lengths(static_cast<size_t>(m_size));
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(static_cast<size_t>(m_size), 0);
    for (size_t i = 1; i < offsets.size(); ++i)
        offsets[i] = offsets[i - 1] + lengths[i - 1];
    std::string all(m_rank == 0 ? size_t(offsets.back() + lengths.back()) : 0, '\0');
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    std::vector<std::string> parts;
    if (m_rank == 0)
        for (int i = 0; i < m_size; ++i)
            parts.push_back(all.substr(size_t(offsets[size_t(i)]), size_t(lengths[size_t(i)])));
    return parts;
}

std::string World::broadcast(std::string fromRoot) const
{
    int length = int(fromRoot.size());
    MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    fromRoot.resize(size_t(length));
    MPI_Bcast(fromRoot.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
    return fromRoot;
}

double World::maxOf(double value) const
{
    double result = 0;
    MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return result;
}

double World::sumOf(double value) const
{
    double result = 0;
    MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return result;
}

} // namespace paraplan::engine
