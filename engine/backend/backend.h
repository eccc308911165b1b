// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/communicator.h"
#include "engine/runtime/timing.h"
#include "engine/runtime/world.h"

#include "core/io/probe_codes.h"
#include "core/io/probe_records.h"
#include "core/spec/topology.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

// What the probe runs on: the host backend (a CPU BLAS and MPI, labelled as CPU measurements
// everywhere) or the cuda backend (CUDA runtime, cuBLASLt, NCCL). Each rank drives one device.
namespace paraplan::engine {

// A failure the run reports as an error event with this code and ends on.
class EngineError : public std::runtime_error {
public:
    EngineError(io::ProbeCode code, const std::string& message)
        : std::runtime_error(message)
        , m_code(code)
    {
    }
    [[nodiscard]] io::ProbeCode code() const { return m_code; }

private:
    io::ProbeCode m_code;
};

// Throws EngineError("buffer_too_small") unless `buffer` holds `bytes`: an operation must never
// read or write past a buffer, whatever shapes a scenario gives it.
void requireBytes(const Buffer& buffer, size_t bytes, const char* what);

// Devices in rank order, as Discovery lists them.
void sortByRank(std::vector<io::ProbeDevice>& devices);

struct Discovery {
    std::string backend;
    bool cpu = false;
    std::vector<io::ProbeDevice> devices; // one per rank, in rank order
    std::vector<NodeSpec> nodes;        // one per host, as cluster.topology's node kinds
    std::vector<std::string> notes;     // what could not be found out, and why
};

class Backend {
public:
    virtual ~Backend() = default;

    [[nodiscard]] virtual std::string name() const = 0;
    // True for CPU measurements (they describe this machine's CPUs, not any GPU).
    [[nodiscard]] virtual bool measuresCpu() const = 0;
    // The precision GEMMs and collectives really run at ("bf16", or "fp32" on the host).
    [[nodiscard]] virtual DataType computeType(DataType requested) const = 0;

    // Collective over the world: every rank describes its device; rank 0 gets everything.
    [[nodiscard]] virtual Discovery discover(const World& world) = 0;

    // Throws EngineError("out_of_memory") when the device cannot hold `bytes`.
    [[nodiscard]] virtual std::unique_ptr<Buffer> allocate(size_t bytes) = 0;
    virtual void fill(Buffer& buffer, DataType type, size_t count, double value) = 0;
    // The first `count` elements become randomOperand(seed, i) (random_operands.h).
    virtual void fillRandom(Buffer& buffer, DataType type, size_t count, uint64_t seed) = 0;
    // The first `count` elements, on the host, for correctness checks.
    [[nodiscard]] virtual std::vector<double> read(const Buffer& buffer, DataType type, size_t count) = 0;

    // C[m x n] = A[m x k] B[k x n], `batch` times (strided), at `type`.
    virtual void gemm(const Buffer& a, const Buffer& b, Buffer& c, int64_t m, int64_t n, int64_t k, int64_t batch,
                      DataType type) = 0;
    // Attention the unfused way (what any device can run without a fused kernel): scores = Q K^T
    // per (batch x head), a softmax over each row, out = scores V. q, k, v and out hold
    // batchHeads x seq x headDim elements, scores batchHeads x seq x seq.
    virtual void attention(const Buffer& q, const Buffer& k, const Buffer& v, Buffer& scores, Buffer& out,
                           int64_t batchHeads, int64_t seq, int64_t headDim, DataType type) = 0;
    // Copies the first `bytes` of `from` into `to`: memory-bound work that reads and writes `bytes`
    // each (the synthetic step's elementwise kernels and optimizer, bench's memory bandwidth).
    virtual void copy(const Buffer& from, Buffer& to, size_t bytes) = 0;
    // Waits until the device has finished what was queued.
    virtual void synchronize() = 0;
    // Marks on the queue that GEMMs, kernels, copies and collectives run on, to time them as the
    // device runs them (timing.h).
    [[nodiscard]] virtual std::unique_ptr<DeviceInterval> interval() = 0;
    // Bytes this rank holds on its device now, everything it runs on included (the CUDA context,
    // cuBLASLt's workspace, NCCL's buffers; on the host, the process's resident memory): what the
    // model's memory prediction covers.
    [[nodiscard]] virtual double memoryInUse() const = 0;

    // Called by every rank of the world at once: `group` lists the world ranks of this rank's
    // group (itself included, in the group's rank order); groups partition the world.
    [[nodiscard]] virtual std::unique_ptr<Communicator> communicator(const World& world, const std::vector<int>& group) = 0;
    // Ends every collective and message in flight on the communicators this backend made that still
    // live, so that a stuck call returns: the watchdog's last resort, called from its thread.
    virtual void abortCommunication() = 0;
};

} // namespace paraplan::engine
