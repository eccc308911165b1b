// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/backend/backend.h"
#include "engine/confirm/kernel_names.h"

#include "core/step/measured_trace.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

// The synthetic step kernel by kernel, as a profiler would record it (`paraplan-probe confirm
// --trace-out`): a backend that runs every operation on the one it wraps and, while a step is
// recorded, marks each GEMM, attention, copy and collective on the device's queue, named as the
// kernel a GPU run would launch (kernel_names.h), on stream 7 for compute and a stream of its own
// for each communicator, as PyTorch's process groups have. A kernel's duration is what the device
// spent on it: the device's marks on a GPU (on the rank's stream: a send that runs on a stream of
// its own is timed as its hand-off); on CPU ranks, whose work is done once called, the CPU
// time the rank's thread spent in the call, so that the OS running another process in between (2
// cores for 4 ranks) shows as a gap between kernels, as it would on a GPU, and not as a slow kernel.
// Each operation starts when it was issued or when the one before it ended, whichever is later, as
// a device queue runs them.
namespace paraplan::engine {

class KernelRecorder final : public Backend, public CopyLabels {
public:
    // `headDim` and `hidden`: the layer shard's, for the names of attention and norm kernels.
    KernelRecorder(Backend& inner, KernelStyle style, int64_t headDim, int64_t hidden);

    [[nodiscard]] std::string name() const override { return m_inner.name(); }
    [[nodiscard]] bool measuresCpu() const override { return m_inner.measuresCpu(); }
    [[nodiscard]] DataType computeType(DataType requested) const override { return m_inner.computeType(requested); }
    [[nodiscard]] Discovery discover(const World& world) override { return m_inner.discover(world); }
    [[nodiscard]] std::unique_ptr<Buffer> allocate(size_t bytes) override { return m_inner.allocate(bytes); }
    void fill(Buffer& buffer, DataType type, size_t count, double value) override
    {
        m_inner.fill(buffer, type, count, value);
    }
    void fillRandom(Buffer& buffer, DataType type, size_t count, uint64_t seed) override
    {
        m_inner.fillRandom(buffer, type, count, seed);
    }
    [[nodiscard]] std::vector<double> read(const Buffer& buffer, DataType type, size_t count) override
    {
        return m_inner.read(buffer, type, count);
    }
    void gemm(const Buffer& a, const Buffer& b, Buffer& c, int64_t m, int64_t n, int64_t k, int64_t batch,
              DataType type) override;
    void attention(const Buffer& q, const Buffer& k, const Buffer& v, Buffer& scores, Buffer& out, int64_t batchHeads,
                   int64_t seq, int64_t headDim, DataType type) override;
    void copy(const Buffer& from, Buffer& to, size_t bytes) override;
    void synchronize() override { m_inner.synchronize(); }
    [[nodiscard]] std::unique_ptr<DeviceInterval> interval() override { return m_inner.interval(); }
    [[nodiscard]] double memoryInUse() const override { return m_inner.memoryInUse(); }
    [[nodiscard]] std::unique_ptr<Communicator> communicator(const World& world,
                                                             const std::vector<int>& group) override;
    void abortCommunication() override { m_inner.abortCommunication(); }

    void nameNextCopy(MemoryKernel kind) override { m_nextCopy = kind; }
    // The pass the next operations belong to: their names (flash_fwd / flash_bwd, a GEMM's layout).
    void setBackward(bool backward);

    // Records the operations from here: a step starts.
    void startStep();
    // The step ends (once its ranks agree it is over): its operations' times are read.
    void endStep();
    // Every recorded step, on the step axis (MeasuredRank::origin: the first step's start on this
    // host's monotonic clock, which the ranks of a host share). Rank, world size and device names
    // are the caller's to fill.
    [[nodiscard]] MeasuredRank trace() const;

    // For the communicators it wraps: runs `operation`, recording it as `kernel` on `stream`.
    void record(const CollectiveKernel& kernel, int64_t stream, const std::function<void()>& operation);

private:
    using Clock = std::chrono::steady_clock;
    struct Slot {
        std::string name;
        std::string collective;
        int64_t stream = 0;
        Clock::time_point issued;
        double cpuStart = 0; // the thread's CPU seconds when it was issued (CPU ranks)
        double cpuSeconds = 0;
        std::unique_ptr<DeviceInterval> interval;
    };
    Slot* begin(std::string name, std::string collective, int64_t stream);
    void end(Slot& slot);

    Backend& m_inner;
    KernelStyle m_style;
    int64_t m_headDim, m_hidden;
    bool m_cpu; // the inner backend runs on CPUs: durations are CPU time
    bool m_recording = false;
    bool m_backward = false;
    int64_t m_backwardGemms = 0; // of this pass: a backward alternates data and weight gradients
    MemoryKernel m_nextCopy = MemoryKernel::Copy;
    int64_t m_nextStream = 13;
    Clock::time_point m_stepStart;
    std::vector<Slot> m_slots; // reused step after step
    size_t m_used = 0;
    MeasuredRank m_trace; // on the host clock until trace() places it
};

} // namespace paraplan::engine
