// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/cuda/cuda_backend.h"

#include "engine/cuda/cublaslt_gemm.h"
#include "engine/cuda/cuda_check.h"
#include "engine/cuda/cuda_discovery.h"
#include "engine/cuda/cuda_stream.h"
#include "engine/cuda/device_buffer.h"
#include "engine/cuda/device_memory.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/nccl_communicator.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>

namespace paraplan::engine {

namespace {

// The rank's GPU among those visible here.
int deviceOf(const World& world) { return world.localRank() % visibleDeviceCount(); }

// Makes this thread's current device the rank's GPU (which makes its context).
int selectDevice(int device)
{
    checkCuda(cudaSetDevice(device), "cudaSetDevice(" + std::to_string(device) + ")");
    return device;
}

// An IEEE binary16 value as a float; bf16 is the upper half of a float's bits.
float halfToFloat(uint16_t bits)
{
    const int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
    const float magnitude = exponent == 0 ? std::ldexp(float(mantissa), -24)
        : exponent == 31                  ? (mantissa ? NAN : INFINITY)
                                          : std::ldexp(float(mantissa | 0x400), exponent - 25);
    return (bits & 0x8000) ? -magnitude : magnitude;
}

std::vector<double> valuesOf(const std::vector<unsigned char>& bytes, DataType type, size_t count)
{
    std::vector<double> values(count);
    for (size_t i = 0; i < count; ++i) {
        if (type == DataType::Fp32) {
            float value = 0;
            std::memcpy(&value, bytes.data() + 4 * i, 4);
            values[i] = value;
            continue;
        }
        uint16_t bits = 0;
        std::memcpy(&bits, bytes.data() + 2 * i, 2);
        values[i] = type == DataType::Bf16 ? std::bit_cast<float>(uint32_t(bits) << 16) : halfToFloat(bits);
    }
    return values;
}

// The communicators a backend made that still live, for the watchdog to abort from its thread.
class LiveCommunicators {
public:
    void add(NcclCommunicator* c)
    {
        const std::lock_guard lock(m_mutex);
        m_members.insert(c);
    }
    void remove(NcclCommunicator* c)
    {
        const std::lock_guard lock(m_mutex);
        m_members.erase(c);
    }
    void abortAll()
    {
        const std::lock_guard lock(m_mutex);
        for (NcclCommunicator* c : m_members)
            c->abort();
    }

private:
    std::mutex m_mutex;
    std::set<NcclCommunicator*> m_members;
};

// Leaves the set before it is destroyed, so an abort never reaches a communicator half gone.
class TrackedCommunicator final : public NcclCommunicator {
public:
    TrackedCommunicator(const World& world, const std::vector<int>& group, cudaStream_t stream,
                        std::shared_ptr<LiveCommunicators> live)
        : NcclCommunicator(world, group, stream)
        , m_live(std::move(live))
    {
        m_live->add(this);
    }
    ~TrackedCommunicator() override { m_live->remove(this); }
    TrackedCommunicator(const TrackedCommunicator&) = delete;
    TrackedCommunicator& operator=(const TrackedCommunicator&) = delete;

private:
    std::shared_ptr<LiveCommunicators> m_live;
};

// CUDA events on the backend's stream.
class StreamInterval final : public DeviceInterval {
public:
    explicit StreamInterval(cudaStream_t stream)
        : m_stream(stream)
    {
    }
    void begin() override { m_events.begin(m_stream); }
    void end() override { m_events.end(m_stream); }
    [[nodiscard]] double seconds() override { return m_events.seconds(); }

private:
    cudaStream_t m_stream;
    CudaInterval m_events;
};

class CudaBackend : public Backend {
public:
    explicit CudaBackend(const World& world)
        : m_memory(deviceOf(world))
        , m_device(selectDevice(deviceOf(world)))
    {
        m_memory.contextMade();
    }

    [[nodiscard]] std::string name() const override { return "cuda"; }
    [[nodiscard]] bool measuresCpu() const override { return false; }
    // cuBLASLt and NCCL run fp32, bf16 and fp16 as they are.
    [[nodiscard]] DataType computeType(DataType requested) const override { return requested; }

    [[nodiscard]] Discovery discover(const World& world) override { return discoverCudaWorld(world, m_device); }

    [[nodiscard]] std::unique_ptr<Buffer> allocate(size_t bytes) override { return std::make_unique<DeviceBuffer>(bytes); }

    void fill(Buffer& buffer, DataType type, size_t count, double value) override
    {
        count = std::min(count, buffer.bytes() / elementBytes(type));
        checkCuda(launchFill(buffer.data(), type, count, value, m_stream.get()), "the fill kernel's launch");
    }

    void fillRandom(Buffer& buffer, DataType type, size_t count, uint64_t seed) override
    {
        count = std::min(count, buffer.bytes() / elementBytes(type));
        checkCuda(launchFillRandom(buffer.data(), type, count, seed, m_stream.get()), "the random fill kernel's launch");
    }

    [[nodiscard]] std::vector<double> read(const Buffer& buffer, DataType type, size_t count) override
    {
        count = std::min(count, buffer.bytes() / elementBytes(type));
        std::vector<unsigned char> bytes(count * elementBytes(type));
        checkCuda(cudaMemcpyAsync(bytes.data(), buffer.data(), bytes.size(), cudaMemcpyDeviceToHost, m_stream.get()),
                  "cudaMemcpyAsync of a result to the host");
        m_stream.synchronize();
        return valuesOf(bytes, type, count);
    }

    void gemm(const Buffer& a, const Buffer& b, Buffer& c, int64_t m, int64_t n, int64_t k, int64_t batch,
              DataType type) override
    {
        requireElements(a, size_t(batch * m * k), type, "the GEMM's A");
        requireElements(b, size_t(batch * k * n), type, "the GEMM's B");
        requireElements(c, size_t(batch * m * n), type, "the GEMM's C");
        m_gemm.run({ m, n, k, batch, false, type }, 1.0f, a.data(), b.data(), c.data(), m_stream.get());
    }

    void attention(const Buffer& q, const Buffer& k, const Buffer& v, Buffer& scores, Buffer& out, int64_t batchHeads,
                   int64_t seq, int64_t headDim, DataType type) override
    {
        const int64_t block = batchHeads * seq * headDim;
        requireElements(q, size_t(block), type, "attention's Q");
        requireElements(k, size_t(block), type, "attention's K");
        requireElements(v, size_t(block), type, "attention's V");
        requireElements(out, size_t(block), type, "attention's output");
        requireElements(scores, size_t(batchHeads * seq * seq), type, "attention's scores");
        const float scale = 1.0f / std::sqrt(float(headDim));
        m_gemm.run({ seq, seq, headDim, batchHeads, true, type }, scale, q.data(), k.data(), scores.data(),
                   m_stream.get());
        checkCuda(launchRowSoftmax(scores.data(), type, batchHeads * seq, seq, m_stream.get()),
                  "the softmax kernel's launch");
        m_gemm.run({ seq, headDim, seq, batchHeads, false, type }, 1.0f, scores.data(), v.data(), out.data(),
                   m_stream.get());
    }

    void copy(const Buffer& from, Buffer& to, size_t bytes) override
    {
        requireBytes(from, bytes, "the copy's source");
        requireBytes(to, bytes, "the copy's target");
        checkCuda(cudaMemcpyAsync(to.data(), from.data(), bytes, cudaMemcpyDeviceToDevice, m_stream.get()),
                  "a device-to-device copy");
    }

    void synchronize() override { m_stream.synchronize(); }

    [[nodiscard]] double memoryInUse() const override { return m_memory.inUse(); }

    [[nodiscard]] std::unique_ptr<DeviceInterval> interval() override
    {
        return std::make_unique<StreamInterval>(m_stream.get());
    }

    [[nodiscard]] std::unique_ptr<Communicator> communicator(const World& world, const std::vector<int>& group) override
    {
        return std::make_unique<TrackedCommunicator>(world, group, m_stream.get(), m_live);
    }

    void abortCommunication() override { m_live->abortAll(); }

private:
    std::shared_ptr<LiveCommunicators> m_live = std::make_shared<LiveCommunicators>();
    DeviceMemoryGauge m_memory; // first: it reads the device before the context exists
    int m_device;
    CudaStream m_stream; // every GEMM, kernel and collective, in the order the run asks for them
    CublasLtGemm m_gemm;
};

} // namespace

std::unique_ptr<Backend> makeCudaBackend(const World& world) { return std::make_unique<CudaBackend>(world); }

} // namespace paraplan::engine
