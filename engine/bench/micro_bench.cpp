// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/bench/micro_bench.h"

#include "engine/bench/bench_figures.h"
#include "engine/bench/gemm_check.h"
#include "engine/bench/overlap_bench.h"
#include "engine/bench/world_groups.h"
#include "engine/runtime/timing.h"

#include "core/spec/units.h"

#include <algorithm>
#include <functional>
#include <cmath>
#include <map>
#include <memory>

namespace paraplan::engine {

namespace {

// Elements a correctness check sends: enough to cover several blocks, small enough to read back.
constexpr size_t kCheckElements = 1024;

// Samples of back-to-back runs timed on the device (timing.h), the slowest rank's figures.
TimingStats timed(Backend& backend, const World& world, const BenchOptions& options, const std::function<void()>& run,
                  const std::function<void()>& beforeSample = {})
{
    const std::unique_ptr<DeviceInterval> interval = backend.interval();
    const TimingStats stats = timeSamples(
        { options.warmup, options.iterations }, run, *interval,
        [&](double seconds) { return agreedRunsPerSample(world, seconds); }, beforeSample);
    return slowest(world, stats);
}

io::ProbeGemm measureGemm(const GemmBench& bench, DataType requested, Backend& backend, const World& world,
                          const BenchOptions& options)
{
    const DataType type = backend.computeType(requested);
    const GemmShape& g = bench.shape;
    const auto m = int64_t(std::llround(g.m)), n = int64_t(std::llround(g.n)), k = int64_t(std::llround(g.k));
    const auto batch = int64_t(std::llround(g.batch));
    const size_t element = elementBytes(type);
    auto a = backend.allocate(size_t(batch * m * k) * element);
    auto b = backend.allocate(size_t(batch * k * n) * element);
    auto c = backend.allocate(size_t(batch * m * n) * element);
    fillGemmOperands(backend, *a, *b, type, m, n, k, batch);
    const TimingStats stats = timed(backend, world, options, [&] { backend.gemm(*a, *b, *c, m, n, k, batch, type); });
    const bool ok = gemmOutputsMatch(backend, *c, type, n, k);
    io::ProbeGemm measured;
    measured.name = g.name;
    measured.m = g.m;
    measured.n = g.n;
    measured.k = g.k;
    measured.batch = g.batch;
    measured.precision = toString(type);
    measured.tflops = stats.median > 0 ? flopsPerSToTflops(g.flops() / stats.median) : 0;
    measured.predictedS = bench.predictedSeconds;
    measured.correct = everywhere(world, ok);
    measured.timing = timingOf(stats);
    return measured;
}

io::ProbeAttention measureAttention(const AttentionBench& bench, DataType requested, Backend& backend,
                                    const World& world, const BenchOptions& options)
{
    const DataType type = backend.computeType(requested);
    const size_t element = elementBytes(type);
    const size_t block = size_t(bench.batchHeads * bench.seq * bench.headDim);
    auto q = backend.allocate(block * element), k = backend.allocate(block * element);
    auto v = backend.allocate(block * element), out = backend.allocate(block * element);
    auto scores = backend.allocate(size_t(bench.batchHeads * bench.seq * bench.seq) * element);
    backend.fill(*q, type, block, 0.01);
    backend.fill(*k, type, block, 0.01);
    backend.fill(*v, type, block, 1.0);
    const TimingStats stats = timed(backend, world, options, [&] {
        backend.attention(*q, *k, *v, *scores, *out, bench.batchHeads, bench.seq, bench.headDim, type);
    });
    bool ok = true;
    for (double value : backend.read(*out, type, 8))
        ok = ok && near(value, 1.0); // uniform scores: the softmax averages rows of ones
    io::ProbeAttention measured;
    measured.batchHeads = bench.batchHeads;
    measured.seq = bench.seq;
    measured.headDim = bench.headDim;
    measured.tflops = stats.median > 0 ? flopsPerSToTflops(bench.flops / stats.median) : 0;
    measured.predictedS = bench.predictedSeconds;
    measured.correct = everywhere(world, ok);
    measured.timing = timingOf(stats);
    return measured;
}

// Copies far larger than any cache (a GPU's L2 holds tens of MiB, a CPU's L3 up to a few hundred
// on the largest parts, shared by its ranks).
constexpr size_t kGpuCopyBytes = size_t(kBytesPerGiB);
constexpr size_t kCpuCopyBytes = size_t(256 * kBytesPerMiB);

io::ProbeMemory measureMemory(const MemoryBench& bench, Backend& backend, const World& world,
                              const BenchOptions& options)
{
    io::ProbeMemory measured;
    measured.bytes = double(backend.measuresCpu() ? kCpuCopyBytes : kGpuCopyBytes);
    const auto bytes = size_t(measured.bytes);
    auto from = backend.allocate(bytes), to = backend.allocate(bytes);
    backend.fill(*from, DataType::Fp32, bytes / 4, 1.5);
    const TimingStats stats = timed(backend, world, options, [&] { backend.copy(*from, *to, bytes); });
    measured.GBps = bytesPerSToGBps(2 * measured.bytes / stats.median);
    bool ok = true;
    for (double value : backend.read(*to, DataType::Fp32, 8))
        ok = ok && value == 1.5;
    measured.predictedGBps = bench.predictedGBps;
    measured.correct = everywhere(world, ok);
    measured.timing = timingOf(stats);
    return measured;
}

// One collective of `bench`, sized `bytes` (nccl-tests' S), on this rank's group.
class CollectiveRun {
public:
    CollectiveRun(Backend& backend, Communicator& comm, const CollectiveBench& bench, DataType type, double bytes)
        : m_backend(backend)
        , m_comm(comm)
        , m_collective(bench.collective)
        , m_ring(bench.group == CommGroup::Cp)
        , m_type(type)
    {
        const size_t element = elementBytes(type);
        const auto ranks = size_t(comm.size());
        m_total = std::max<size_t>(size_t(bytes) / element / ranks * ranks, ranks);
        m_in = backend.allocate(m_total * element);
        m_out = backend.allocate(m_total * element);
    }

    void run()
    {
        const size_t block = m_total / size_t(m_comm.size());
        switch (m_collective) {
        case Collective::AllReduce:
            m_comm.allReduce(*m_in, m_total, m_type);
            break;
        case Collective::AllGather:
            m_comm.allGather(*m_in, *m_out, block, m_type);
            break;
        case Collective::ReduceScatter:
            m_comm.reduceScatter(*m_in, *m_out, block, m_type);
            break;
        case Collective::AllToAll:
            m_comm.allToAll(*m_in, *m_out, block, m_type);
            break;
        default:
            exchange();
        }
    }

    // Runs once on values that say who sent them and checks what arrived.
    [[nodiscard]] bool check()
    {
        const int me = m_comm.rank(), g = m_comm.size();
        m_backend.fill(*m_in, m_type, m_total, double(me + 1));
        m_backend.fill(*m_out, m_type, m_total, 0.0);
        run();
        m_backend.synchronize();
        const size_t block = m_total / size_t(g);
        const double sum = double(g) * double(g + 1) / 2;
        switch (m_collective) {
        case Collective::AllReduce:
            return near(m_backend.read(*m_in, m_type, 1).front(), sum);
        case Collective::ReduceScatter:
            return near(m_backend.read(*m_out, m_type, 1).front(), sum);
        case Collective::AllGather:
        case Collective::AllToAll: { // block j came from rank j
            const std::vector<double> values = m_backend.read(*m_out, m_type, m_total);
            for (int j = 0; j < g; ++j)
                if (!near(values[size_t(j) * block], double(j + 1)))
                    return false;
            return true;
        }
        default: {
            const int from = receivesFrom();
            return from < 0 || near(m_backend.read(*m_out, m_type, 1).front(), double(from + 1));
        }
        }
    }

private:
    // The pipeline sends to the next stage; the CP ring wraps round.
    [[nodiscard]] int sendsTo() const
    {
        const int next = m_comm.rank() + 1;
        return next < m_comm.size() ? next : (m_ring ? 0 : -1);
    }
    [[nodiscard]] int receivesFrom() const
    {
        const int previous = m_comm.rank() - 1;
        return previous >= 0 ? previous : (m_ring ? m_comm.size() - 1 : -1);
    }

    void exchange()
    {
        if (const int to = sendsTo(); to >= 0)
            m_comm.send(*m_in, m_total, m_type, to, 0);
        if (const int from = receivesFrom(); from >= 0)
            m_comm.receive(*m_out, m_total, m_type, from, 0);
        m_comm.waitForSends();
    }

    Backend& m_backend;
    Communicator& m_comm;
    Collective m_collective;
    bool m_ring;
    DataType m_type;
    size_t m_total = 0; // elements of the full buffer
    std::unique_ptr<Buffer> m_in, m_out;
};

io::ProbeCollective measureCollective(const CollectiveBench& bench, DataType type, Backend& backend,
                                      Communicator& comm, bool asScenario, const World& world,
                                      const BenchOptions& options)
{
    CollectiveRun small(backend, comm, bench, type, double(kCheckElements * elementBytes(type) * size_t(comm.size())));
    const bool correct = everywhere(world, small.check());
    CollectiveRun full(backend, comm, bench, type, bench.bytes);
    // Every group starts each sample together, as in a training step.
    const TimingStats stats = timed(backend, world, options, [&] { full.run(); }, [&] { world.barrier(); });
    io::ProbeCollective measured;
    measured.group = toString(bench.group);
    measured.collective = collectiveTraits(bench.collective).name;
    measured.purpose = bench.purpose;
    measured.ranks = bench.ranks;
    measured.bytes = bench.bytes;
    measured.crossesNodes = bench.crossesNodes;
    measured.asScenario = asScenario;
    measured.busGBps = stats.median > 0
        ? bytesPerSToGBps(bench.bytes * busBandwidthFactor(bench.collective, bench.ranks) / stats.median)
        : 0;
    measured.predictedBusGBps = bench.predictedBusGBps;
    measured.predictedS = bench.predictedSeconds;
    measured.correct = correct;
    measured.timing = timingOf(stats);
    return measured;
}

} // namespace

BenchReport runBench(const BenchPlan& plan, Backend& backend, const World& world, EventLog& log, Watchdog& watchdog,
                     const BenchOptions& options)
{
    BenchReport report;
    const int64_t total = int64_t(plan.gemms.size() + 2 + plan.collectives.size() + 1);
    int64_t done = 0;
    auto progress = [&](const std::string& what) {
        if (world.isRoot())
            log.write(io::ProbeProgress{ "bench", done, total, what });
    };
    for (const GemmBench& gemm : plan.gemms) {
        progress("GEMM " + gemm.shape.name);
        const WatchdogStep step(watchdog, "GEMM " + gemm.shape.name);
        report.gemms.push_back(measureGemm(gemm, plan.type, backend, world, options));
        if (world.isRoot())
            log.write(report.gemms.back());
        ++done;
    }
    {
        progress("attention");
        const WatchdogStep step(watchdog, "attention");
        report.attention = measureAttention(plan.attention, plan.type, backend, world, options);
        if (world.isRoot())
            log.write(report.attention);
        ++done;
    }
    {
        progress("memory bandwidth");
        const WatchdogStep step(watchdog, "memory bandwidth");
        report.memory = measureMemory(plan.memory, backend, world, options);
        if (world.isRoot())
            log.write(report.memory);
        ++done;
    }
    std::map<CommGroup, std::unique_ptr<Communicator>> communicators;
    for (const CollectiveBench& collective : plan.collectives) {
        const std::string what = std::string(toString(collective.group)) + " " + collectiveTraits(collective.collective).name;
        progress(what);
        const std::optional<WorldGroup> group = worldGroupOf(collective.group, plan.degrees, plan.placement, world);
        ++done;
        if (!group) {
            if (world.isRoot())
                log.warning(io::ProbeCode::GroupDoesNotFit, what + " skipped: a group of "
                                                                + std::to_string(collective.ranks) + " does not fit "
                                                                + std::to_string(world.size()) + " ranks");
            continue;
        }
        const WatchdogStep step(watchdog, what);
        std::unique_ptr<Communicator>& comm = communicators[collective.group];
        if (!comm)
            comm = backend.communicator(world, group->ranks);
        report.collectives.push_back(
            measureCollective(collective, backend.computeType(plan.type), backend, *comm, group->asScenario, world, options));
        if (world.isRoot())
            log.write(report.collectives.back());
    }
    progress("compute beside communication");
    ++done;
    if (world.size() < 2) {
        if (world.isRoot())
            log.warning(io::ProbeCode::BenchNote, "overlap not measured: a GEMM beside an all-reduce needs at least 2 "
                                                  "ranks (mpirun -np 2 or more)");
        return report;
    }
    const WatchdogStep step(watchdog, "compute beside communication");
    report.overlap = measureOverlap(plan.overlap, plan.type, backend, world, log, options.warmup, options.iterations);
    if (world.isRoot())
        log.write(*report.overlap);
    return report;
}

} // namespace paraplan::engine
