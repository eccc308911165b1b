// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/confirm/kernel_recorder.h"

#include <time.h>

#include <algorithm>

namespace paraplan::engine {

namespace {

// PyTorch's default stream as Kineto numbers it.
constexpr int64_t kComputeStream = 7;

// The CPU time this thread has run, in seconds.
double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double clockSeconds(std::chrono::steady_clock::time_point t)
{
    return std::chrono::duration<double>(t.time_since_epoch()).count();
}

// A communicator whose operations the recorder names and times, on a stream of its own.
class RecordingCommunicator final : public Communicator {
public:
    RecordingCommunicator(KernelRecorder& recorder, const KernelStyle& style, std::unique_ptr<Communicator> inner,
                          int64_t stream)
        : m_recorder(recorder)
        , m_style(style)
        , m_inner(std::move(inner))
        , m_stream(stream)
    {
    }

    [[nodiscard]] int size() const override { return m_inner->size(); }
    [[nodiscard]] int rank() const override { return m_inner->rank(); }
    void allReduce(Buffer& data, size_t count, DataType type) override
    {
        record(KernelClass::AllReduce, count, type, [&] { m_inner->allReduce(data, count, type); });
    }
    void allGather(const Buffer& in, Buffer& out, size_t count, DataType type) override
    {
        record(KernelClass::AllGather, count * size_t(size()), type, [&] { m_inner->allGather(in, out, count, type); });
    }
    void reduceScatter(const Buffer& in, Buffer& out, size_t count, DataType type) override
    {
        record(KernelClass::ReduceScatter, count * size_t(size()), type,
               [&] { m_inner->reduceScatter(in, out, count, type); });
    }
    void allToAll(const Buffer& in, Buffer& out, size_t count, DataType type) override
    {
        record(KernelClass::AllToAll, count * size_t(size()), type, [&] { m_inner->allToAll(in, out, count, type); });
    }
    void send(const Buffer& data, size_t count, DataType type, int peer, int tag) override
    {
        record(KernelClass::SendRecv, count, type, [&] { m_inner->send(data, count, type, peer, tag); });
    }
    void receive(Buffer& data, size_t count, DataType type, int peer, int tag) override
    {
        record(KernelClass::SendRecv, count, type, [&] { m_inner->receive(data, count, type, peer, tag); }, true);
    }
    // Until its sends are taken, a rank's send kernels still run.
    void waitForSends() override
    {
        record(KernelClass::SendRecv, 0, DataType::Bf16, [&] { m_inner->waitForSends(); });
    }
    void allReduceInBackground(Buffer& data, size_t count, DataType type) override
    {
        m_inner->allReduceInBackground(data, count, type);
    }
    [[nodiscard]] double waitForBackground() override { return m_inner->waitForBackground(); }
    void abort() override { m_inner->abort(); }

private:
    void record(KernelClass kind, size_t count, DataType type, const std::function<void()>& operation,
                bool receive = false)
    {
        const double bytes = double(count * elementBytes(type));
        m_recorder.record(collectiveKernel(m_style, kind, bytes, receive), m_stream, operation);
    }

    KernelRecorder& m_recorder;
    KernelStyle m_style;
    std::unique_ptr<Communicator> m_inner;
    int64_t m_stream;
};

} // namespace

KernelRecorder::KernelRecorder(Backend& inner, KernelStyle style, int64_t headDim, int64_t hidden)
    : m_inner(inner)
    , m_style(std::move(style))
    , m_headDim(headDim)
    , m_hidden(hidden)
    , m_cpu(inner.measuresCpu())
{
}

KernelRecorder::Slot* KernelRecorder::begin(std::string name, std::string collective, int64_t stream)
{
    if (m_used == m_slots.size()) {
        m_slots.emplace_back();
        m_slots.back().interval = m_inner.interval();
    }
    Slot& slot = m_slots[m_used++];
    slot.name = std::move(name);
    slot.collective = std::move(collective);
    slot.stream = stream;
    slot.issued = Clock::now();
    if (m_cpu)
        slot.cpuStart = threadCpuSeconds();
    slot.interval->begin();
    return &slot;
}

void KernelRecorder::end(Slot& slot)
{
    slot.interval->end();
    if (m_cpu)
        slot.cpuSeconds = threadCpuSeconds() - slot.cpuStart;
}

void KernelRecorder::gemm(const Buffer& a, const Buffer& b, Buffer& c, int64_t m, int64_t n, int64_t k, int64_t batch,
                          DataType type)
{
    if (!m_recording) {
        m_inner.gemm(a, b, c, m, n, k, batch, type);
        return;
    }
    const char* layout = !m_backward ? "tn" : m_backwardGemms++ % 2 == 0 ? "nn" : "nt";
    Slot* slot = begin(gemmKernelName(m_style, m, n, k, layout), {}, kComputeStream);
    m_inner.gemm(a, b, c, m, n, k, batch, type);
    end(*slot);
}

void KernelRecorder::attention(const Buffer& q, const Buffer& k, const Buffer& v, Buffer& scores, Buffer& out,
                               int64_t batchHeads, int64_t seq, int64_t headDim, DataType type)
{
    if (!m_recording) {
        m_inner.attention(q, k, v, scores, out, batchHeads, seq, headDim, type);
        return;
    }
    Slot* slot = begin(attentionKernelName(m_style, m_headDim, m_backward), {}, kComputeStream);
    m_inner.attention(q, k, v, scores, out, batchHeads, seq, headDim, type);
    end(*slot);
}

void KernelRecorder::copy(const Buffer& from, Buffer& to, size_t bytes)
{
    const MemoryKernel kind = m_nextCopy;
    m_nextCopy = MemoryKernel::Copy;
    if (!m_recording) {
        m_inner.copy(from, to, bytes);
        return;
    }
    Slot* slot = begin(memoryKernelName(m_style, kind, m_hidden, m_backward), {}, kComputeStream);
    m_inner.copy(from, to, bytes);
    end(*slot);
}

std::unique_ptr<Communicator> KernelRecorder::communicator(const World& world, const std::vector<int>& group)
{
    std::unique_ptr<Communicator> inner = m_inner.communicator(world, group);
    if (!inner)
        return nullptr;
    const int64_t stream = m_nextStream;
    m_nextStream += 4;
    return std::make_unique<RecordingCommunicator>(*this, m_style, std::move(inner), stream);
}

void KernelRecorder::record(const CollectiveKernel& kernel, int64_t stream, const std::function<void()>& operation)
{
    if (!m_recording) {
        operation();
        return;
    }
    Slot* slot = begin(kernel.name, kernel.collective, stream);
    operation();
    end(*slot);
}

void KernelRecorder::setBackward(bool backward)
{
    m_backward = backward;
    m_backwardGemms = 0;
}

void KernelRecorder::startStep()
{
    m_used = 0;
    m_recording = true;
    m_stepStart = Clock::now();
}

void KernelRecorder::endStep()
{
    if (!m_recording)
        return;
    const double end = clockSeconds(Clock::now());
    m_recording = false;
    double previousEnd = clockSeconds(m_stepStart);
    for (size_t i = 0; i < m_used; ++i) {
        Slot& slot = m_slots[i];
        MeasuredKernel k;
        k.name = slot.name;
        k.collective = slot.collective;
        k.kind = classifyKernel(k.name, k.collective,
                                k.name.rfind("Memcpy", 0) == 0 ? GpuActivity::Memcpy : GpuActivity::Kernel);
        k.stream = slot.stream;
        const double marked = slot.interval->seconds();
        k.seconds = std::max(0.0, m_cpu ? std::min(slot.cpuSeconds, marked) : marked);
        k.start = std::max(clockSeconds(slot.issued), previousEnd);
        previousEnd = k.start + k.seconds;
        m_trace.kernels.push_back(std::move(k));
    }
    m_trace.steps.push_back({ clockSeconds(m_stepStart), std::max(end, previousEnd) });
    m_used = 0;
}

MeasuredRank KernelRecorder::trace() const
{
    MeasuredRank rank = m_trace;
    if (!rank.steps.empty())
        placeOnStepAxis(rank);
    return rank;
}

} // namespace paraplan::engine
