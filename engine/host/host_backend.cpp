// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/host/host_backend.h"

#include "engine/backend/ranks_by_host.h"
#include "engine/host/host_machine.h"
#include "engine/host/mpi_communicator.h"

#include <cblas.h>
#include <nlohmann/json.hpp>

#include <algorithm>
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

// One rank's view of its machine, as exchanged in discovery.
nlohmann::json describeRank(const World& world, const HostMachine& machine)
{
    nlohmann::json ports = nlohmann::json::array();
    for (const NetworkPort& port : machine.ports)
        ports.push_back({ { "name", port.name }, { "GBps", port.GBps } });
    return { { "rank", world.rank() },        { "host", world.hostname() },         { "local_rank", world.localRank() },
             { "cpu", machine.cpuModel },     { "cores", machine.logicalCores },    { "numa_nodes", machine.numaNodes },
             { "memory", machine.memoryBytes }, { "copy_GBps", measureCopyBandwidth() / 1e9 }, { "ports", ports } };
}

// One node kind per host: its NUMA nodes as CPUs, its ranks as the compute devices (on CPU 0,
// linked at the measured copy bandwidth), its network ports as NICs.
NodeSpec nodeOf(const std::string& host, const std::vector<nlohmann::json>& ranks)
{
    NodeSpec node;
    node.name = host;
    const nlohmann::json& first = ranks.front();
    const double copyGBps = first["copy_GBps"].get<double>();
    for (int i = 0; i < first["numa_nodes"].get<int>(); ++i) {
        node.devices.push_back({ "cpu" + std::to_string(i), DeviceKind::Cpu, 0, std::nullopt });
        if (i > 0)
            node.links.push_back({ "cpu" + std::to_string(i), "cpu0", NodeLinkKind::SocketLink, copyGBps, 2.0 });
    }
    for (const nlohmann::json& rank : ranks) {
        const std::string id = "rank" + std::to_string(rank["rank"].get<int>());
        node.devices.push_back({ id, DeviceKind::Gpu, 0, std::nullopt });
        node.links.push_back({ id, "cpu0", NodeLinkKind::Pcie, rank["copy_GBps"].get<double>(), 1.0 });
    }
    for (const nlohmann::json& port : first["ports"]) {
        const std::string id = port["name"].get<std::string>();
        node.devices.push_back({ id, DeviceKind::Nic, port["GBps"].get<double>(), std::nullopt });
        node.links.push_back({ id, "cpu0", NodeLinkKind::Pcie, port["GBps"].get<double>(), 1.0 });
    }
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
        for (const nlohmann::json& rank : host.ranks) {
            DeviceInfo device;
            device.rank = rank["rank"].get<int>();
            device.index = rank["local_rank"].get<int>();
            device.host = host.host;
            device.name = rank["cpu"].get<std::string>() + " (CPU rank)";
            device.memoryBytes = rank["memory"].get<double>(); // the host's, shared by its ranks
            device.multiprocessors = rank["cores"].get<int>();
            discovery.devices.push_back(device);
        }
        discovery.nodes.push_back(nodeOf(host.host, host.ranks));
    }
    sortByRank(discovery.devices);
    discovery.notes.push_back("CPU measurements: each rank is a CPU worker standing in for a GPU; its link is the "
                              "measured memory-copy bandwidth, NIC speeds come from /sys/class/net.");
    if (machine.ports.empty())
        discovery.notes.push_back("no network port with a known speed was found (virtual or down interfaces)");
    return discovery;
}

std::unique_ptr<Buffer> HostBackend::allocate(size_t bytes)
{
    const HostMachine machine = readHostMachine();
    if (machine.availableBytes > 0 && double(bytes) > 0.9 * machine.availableBytes)
        throw EngineError("out_of_memory", "cannot hold " + std::to_string(bytes >> 20) + " MiB: the host has "
                                               + std::to_string(size_t(machine.availableBytes) >> 20)
                                               + " MiB available");
    try {
        return std::make_unique<HostBuffer>(bytes);
    } catch (const std::bad_alloc&) {
        throw EngineError("out_of_memory", "cannot hold " + std::to_string(bytes >> 20) + " MiB of host memory");
    }
}

void HostBackend::fill(Buffer& buffer, DataType type, size_t count, double value)
{
    HostBuffer& b = host(buffer);
    std::fill_n(b.floats(), std::min(floatsIn(count, type), b.bytes() / 4), float(value));
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
        throw EngineError("buffer_too_small", "the operands are smaller than a " + std::to_string(m) + " x "
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
        throw EngineError("buffer_too_small", "the attention buffers are smaller than its shape needs");
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
