// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"

// The host backend: each rank is a CPU worker; GEMMs run on OpenBLAS (fp32), collectives on MPI.
// Everything it measures describes CPUs and is labelled so; it exists so that the probe's whole
// path (discovery, benchmarks, the synthetic step under the real schedule, several processes
// under mpirun) runs, and is tested, where there is no GPU.
namespace paraplan::engine {

class HostBackend : public Backend {
public:
    explicit HostBackend(const World& world);

    [[nodiscard]] std::string name() const override { return "host"; }
    [[nodiscard]] bool measuresCpu() const override { return true; }
    [[nodiscard]] DataType computeType(DataType) const override { return DataType::Fp32; }

    [[nodiscard]] Discovery discover(const World& world) override;
    [[nodiscard]] std::unique_ptr<Buffer> allocate(size_t bytes) override;
    void fill(Buffer& buffer, DataType type, size_t count, double value) override;
    void fillRandom(Buffer& buffer, DataType type, size_t count, uint64_t seed) override;
    [[nodiscard]] std::vector<double> read(const Buffer& buffer, DataType type, size_t count) override;
    void gemm(const Buffer& a, const Buffer& b, Buffer& c, int64_t m, int64_t n, int64_t k, int64_t batch,
              DataType type) override;
    void copy(const Buffer& from, Buffer& to, size_t bytes) override;
    void attention(const Buffer& q, const Buffer& k, const Buffer& v, Buffer& scores, Buffer& out, int64_t batchHeads,
                   int64_t seq, int64_t headDim, DataType type) override;
    void synchronize() override {}
    [[nodiscard]] std::unique_ptr<DeviceInterval> interval() override;
    // The process's resident memory: the CPU rank's "device" is the host's memory.
    [[nodiscard]] double memoryInUse() const override;
    // MPI cannot end one operation: the watchdog's exit ends the rank, and the launcher the job.
    void abortCommunication() override {}
    [[nodiscard]] std::unique_ptr<Communicator> communicator(const World& world, const std::vector<int>& group) override;
};

} // namespace paraplan::engine
