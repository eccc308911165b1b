// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/host/host_backend.h"

#include "engine/backend/random_operands.h"
#include "engine/backend/ranks_by_host.h"
#include "engine/host/host_machine.h"
#include "engine/host/mpi_communicator.h"

#include "core/spec/units.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <new>

namespace paraplan::engine {

namespace {

// Host memory as fp32 elements (see MpiCommunicator).
class HostBuffer : public Buffer {
public:
    explicit HostBuffer(size_t bytes)
        : m_floats((bytes + 3) / 4)
    {
    }
    [[nodiscard]] void* data() override { return m_floats.data(); }
    [[nodiscard]] const void* data() const override { return m_floats.data(); }
    [[nodiscard]] size_t bytes() const override { return m_floats.size() * 4; }
    [[nodiscard]] float* floats() { return m_floats.data(); }
    [[nodiscard]] const float* floats() const { return m_floats.data(); }

private:
    std::vector<float> m_floats; // zero-filled: every page is touched, so an allocation that fits really fits
};

const HostBuffer& host(const Buffer& buffer) { return static_cast<const HostBuffer&>(buffer); }
HostBuffer& host(Buffer& buffer) { return static_cast<HostBuffer&>(buffer); }

size_t floatsIn(size_t count, DataType type) { return (count * elementBytes(type) + 3) / 4; }

// What the host has besides its ranks: its NUMA nodes as CPUs (joined at `copyGBps`), its network
// ports as NICs.
NodeSpec hostNode(const HostMachine& machine, double copyGBps)
{
    NodeSpec node;
    for (int i = 0; i < machine.numaNodes; ++i) {
        node.devices.push_back({ "cpu" + std::to_string(i), DeviceKind::Cpu, 0, std::nullopt });
        if (i > 0)
            node.links.push_back({ "cpu" + std::to_string(i), "cpu0", NodeLinkKind::SocketLink, copyGBps, 2.0 });
    }
    for (const NetworkPort& port : machine.ports) {
        node.devices.push_back({ port.name, DeviceKind::Nic, port.GBps, std::nullopt });
        node.links.push_back({ port.name, "cpu0", NodeLinkKind::Pcie, port.GBps, 1.0 });
    }
    return node;
}

// One rank's view of its machine, as exchanged in discovery; the host's first rank also describes
// the host.
io::RankDescription describeRank(const World& world, const HostMachine& machine)
{
    io::RankDescription rank;
    rank.device.rank = world.rank();
    rank.device.host = world.hostname();
    rank.device.index = world.localRank();
    rank.device.name = machine.cpuModel + " (CPU rank)";
    rank.device.memoryBytes = machine.memoryBytes; // the host's, shared by its ranks
    rank.device.multiprocessors = machine.logicalCores;
    rank.localRank = world.localRank();
    rank.linkGBps = bytesPerSToGBps(measureCopyBandwidth());
    if (world.localRank() == 0)
        rank.host = io::HostDescription{ hostNode(machine, rank.linkGBps), {}, {} };
    return rank;
}

// One node kind per host: the host's CPUs and NICs, and its ranks as the compute devices, each on
// CPU 0 linked at its measured copy bandwidth. The ranks come after the CPUs, in rank order (the
// order placement numbers the node's GPUs in).
NodeSpec nodeOf(const std::string& host, const std::vector<io::RankDescription>& ranks)
{
    const io::RankDescription& first = ranks.front();
    NodeSpec node = first.host && first.host->node ? *first.host->node : NodeSpec{};
    node.name = host;
    std::vector<DeviceSpec> devices;
    std::vector<NodeLinkSpec> links;
    for (const io::RankDescription& rank : ranks) {
        const std::string id = "rank" + std::to_string(rank.device.rank);
        devices.push_back({ id, DeviceKind::Gpu, 0, std::nullopt });
        links.push_back({ id, "cpu0", NodeLinkKind::Pcie, rank.linkGBps, 1.0 });
    }
    const auto afterCpus = std::find_if(node.devices.begin(), node.devices.end(),
                                        [](const DeviceSpec& d) { return d.kind != DeviceKind::Cpu; });
    node.devices.insert(afterCpus, devices.begin(), devices.end());
    const auto afterSockets = std::find_if(node.links.begin(), node.links.end(),
                                           [](const NodeLinkSpec& l) { return l.kind != NodeLinkKind::SocketLink; });
    node.links.insert(afterSockets, links.begin(), links.end());
    return node;
}

} // namespace

HostBackend::HostBackend(const World& world)
{
    // OpenBLAS threads: the host's cores shared among its ranks, unless the user said otherwise.
    if (!std::getenv("OPENBLAS_NUM_THREADS"))
        openblas_set_num_threads(std::max(1, readHostMachine().logicalCores / std::max(world.localSize(), 1)));
}

Discovery HostBackend::discover(const World& world)
{
    const HostMachine machine = readHostMachine();
    const std::vector<HostRanks> hosts = gatherRanksByHost(world, describeRank(world, machine));
    Discovery discovery;
    discovery.backend = name();
    discovery.cpu = true;
    if (!world.isRoot())
        return discovery;
    for (const HostRanks& host : hosts) {
        for (const io::RankDescription& rank : host.ranks)
            discovery.devices.push_back(rank.device);
        discovery.nodes.push_back(nodeOf(host.host, host.ranks));
    }
    sortByRank(discovery.devices);
    discovery.notes.push_back("CPU measurements: each rank is a CPU worker standing in for a GPU; its link is the "
                              "measured memory-copy bandwidth, NIC speeds come from /sys/class/net.");
    if (machine.ports.empty())
        discovery.notes.push_back("no network port with a known speed was found (virtual or down interfaces)");
    return discovery;
}

namespace {

// A CPU rank's work is done when its call returns: the host clock times it.
class HostInterval : public DeviceInterval {
public:
    void begin() override { m_begin = Clock::now(); }
    void end() override { m_end = Clock::now(); }
    [[nodiscard]] double seconds() override { return std::chrono::duration<double>(m_end - m_begin).count(); }

private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point m_begin, m_end;
};

} // namespace

std::unique_ptr<DeviceInterval> HostBackend::interval() { return std::make_unique<HostInterval>(); }

double HostBackend::memoryInUse() const { return residentBytes(); }

std::unique_ptr<Buffer> HostBackend::allocate(size_t bytes)
{
    const HostMachine machine = readHostMachine();
    if (machine.availableBytes > 0 && double(bytes) > 0.9 * machine.availableBytes)
        throw EngineError(io::ProbeCode::OutOfMemory,
                          "cannot hold " + std::to_string(bytes >> 20) + " MiB: the host has "
                              + std::to_string(size_t(machine.availableBytes) >> 20)
                              + " MiB available");
    try {
        return std::make_unique<HostBuffer>(bytes);
    } catch (const std::bad_alloc&) {
        throw EngineError(io::ProbeCode::OutOfMemory,
                          "cannot hold " + std::to_string(bytes >> 20) + " MiB of host memory");
    }
}

void HostBackend::fill(Buffer& buffer, DataType type, size_t count, double value)
{
    HostBuffer& b = host(buffer);
    std::fill_n(b.floats(), std::min(floatsIn(count, type), b.bytes() / 4), float(value));
}

void HostBackend::fillRandom(Buffer& buffer, DataType type, size_t count, uint64_t seed)
{
    HostBuffer& b = host(buffer);
    const size_t floats = std::min(floatsIn(count, type), b.bytes() / 4);
    for (size_t i = 0; i < floats; ++i)
        b.floats()[i] = randomOperand(seed, i);
}

void HostBackend::copy(const Buffer& from, Buffer& to, size_t bytes)
{
    requireBytes(from, bytes, "the copy's source");
    requireBytes(to, bytes, "the copy's target");
    std::memcpy(to.data(), from.data(), bytes);
}

std::vector<double> HostBackend::read(const Buffer& buffer, DataType type, size_t count)
{
    const HostBuffer& b = host(buffer);
    const size_t n = std::min(floatsIn(count, type), b.bytes() / 4);
    return std::vector<double>(b.floats(), b.floats() + n);
}

void HostBackend::gemm(const Buffer& a, const Buffer& b, Buffer& c, int64_t m, int64_t n, int64_t k, int64_t batch,
                       DataType)
{
    if (a.bytes() < size_t(batch * m * k) * 4 || b.bytes() < size_t(batch * k * n) * 4 || c.bytes() < size_t(batch * m * n) * 4)
        throw EngineError(io::ProbeCode::BufferTooSmall,
                          "the operands are smaller than a " + std::to_string(m) + " x "
                              + std::to_string(n) + " x " + std::to_string(k) + " GEMM needs");
    for (int64_t i = 0; i < batch; ++i)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, blasint(m), blasint(n), blasint(k), 1.0f,
                    host(a).floats() + i * m * k, blasint(k), host(b).floats() + i * k * n, blasint(n), 0.0f,
                    host(c).floats() + i * m * n, blasint(n));
}

void HostBackend::attention(const Buffer& q, const Buffer& k, const Buffer& v, Buffer& scores, Buffer& out,
                            int64_t batchHeads, int64_t seq, int64_t headDim, DataType)
{
    const size_t block = size_t(seq * headDim), square = size_t(seq * seq);
    if (q.bytes() < batchHeads * block * 4 || k.bytes() < batchHeads * block * 4 || v.bytes() < batchHeads * block * 4
        || out.bytes() < batchHeads * block * 4 || scores.bytes() < batchHeads * square * 4)
        throw EngineError(io::ProbeCode::BufferTooSmall, "the attention buffers are smaller than its shape needs");
    const float scale = 1.0f / std::sqrt(float(headDim));
    for (int64_t h = 0; h < batchHeads; ++h) {
        float* s = host(scores).floats() + size_t(h) * square;
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blasint(seq), blasint(seq), blasint(headDim), scale,
                    host(q).floats() + size_t(h) * block, blasint(headDim), host(k).floats() + size_t(h) * block,
                    blasint(headDim), 0.0f, s, blasint(seq));
        for (int64_t row = 0; row < seq; ++row) { // numerically stable softmax
            float* r = s + size_t(row * seq);
            const float top = *std::max_element(r, r + seq);
            float sum = 0;
            for (int64_t j = 0; j < seq; ++j)
                sum += (r[j] = std::exp(r[j] - top));
            for (int64_t j = 0; j < seq; ++j)
                r[j] /= sum;
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, blasint(seq), blasint(headDim), blasint(seq), 1.0f, s,
                    blasint(seq), host(v).floats() + size_t(h) * block, blasint(headDim), 0.0f,
                    host(out).floats() + size_t(h) * block, blasint(headDim));
    }
}

std::unique_ptr<Communicator> HostBackend::communicator(const World& world, const std::vector<int>& group)
{
    return std::make_unique<MpiCommunicator>(world, group);
}

} // namespace paraplan::engine
