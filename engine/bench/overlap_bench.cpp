// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/bench/overlap_bench.h"

#include "engine/bench/bench_figures.h"
#include "engine/bench/gemm_check.h"

#include "core/network/collective_traits.h"
#include "core/spec/units.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace paraplan::engine {

namespace {

// On a GPU, a GEMM at a 70B-class model's hidden size and an all-reduce of a few gradient buckets,
// each a millisecond or two on H100s; on the host, sizes a CPU rank runs in tens of milliseconds,
// so that the bench stays a few seconds long in CI.
constexpr int64_t kGpuGemmEdge = 8192;
constexpr int64_t kCpuGemmEdge = 1024;
constexpr double kGpuAllReduceBytes = 256 * kBytesPerMiB;
constexpr double kCpuAllReduceBytes = 8 * kBytesPerMiB;

// The all-reduces beside a GEMM are queued to last this much longer than it: both slow once
// together, by more from one run to the next than a closer margin allows (on 2-core hosts a
// quarter left some runs' GEMMs ending alone), and a GEMM that ends alone understates the slowdown.
constexpr double kCover = 1.5;
constexpr double kMostQueued = 1000;

// All-reduces of `allReduceSeconds` each that cover `gemmSeconds` with kCover to spare.
int64_t queueFor(double gemmSeconds, double allReduceSeconds)
{
    const double wanted = allReduceSeconds > 0 ? std::ceil(kCover * gemmSeconds / allReduceSeconds) : kMostQueued;
    return int64_t(std::clamp(wanted, 1.0, kMostQueued));
}

struct Beside {
    double gemmS = 0;       // the GEMM, on the compute queue's marks
    double allReducesS = 0; // the all-reduces, on the background stream's
};

// The buffers of one measurement: the GEMM's operands and the all-reduce's data.
class OverlapRun {
public:
    OverlapRun(Backend& backend, Communicator& comm, DataType type, int64_t edge, size_t count)
        : m_backend(backend)
        , m_comm(comm)
        , m_type(type)
        , m_edge(edge)
        , m_count(count)
    {
        const size_t square = size_t(edge * edge);
        m_a = backend.allocate(square * elementBytes(type));
        m_b = backend.allocate(square * elementBytes(type));
        m_c = backend.allocate(square * elementBytes(type));
        m_data = backend.allocate(count * elementBytes(type));
        fillGemmOperands(backend, *m_a, *m_b, type, edge, edge, edge, 1);
    }

    void gemm() { m_backend.gemm(*m_a, *m_b, *m_c, m_edge, m_edge, m_edge, 1, m_type); }
    [[nodiscard]] DeviceInterval& interval() { return *m_interval; }

    // Every rank sends its rank + 1 once and checks the sum; the timed runs then sum zeros, which
    // stay zeros however often they are summed.
    [[nodiscard]] bool checkAllReduce()
    {
        const double ranks = m_comm.size();
        m_backend.fill(*m_data, m_type, m_count, double(m_comm.rank() + 1));
        m_comm.allReduceInBackground(*m_data, m_count, m_type);
        (void)m_comm.waitForBackground();
        const bool ok = near(m_backend.read(*m_data, m_type, 1).front(), ranks * (ranks + 1) / 2);
        m_backend.fill(*m_data, m_type, m_count, 0.0);
        return ok;
    }

    [[nodiscard]] bool checkGemm() { return gemmOutputsMatch(m_backend, *m_c, m_type, m_edge, m_edge); }

    // One all-reduce with nothing beside it, every rank starting together.
    [[nodiscard]] double allReduceAlone(const World& world)
    {
        world.barrier();
        m_comm.allReduceInBackground(*m_data, m_count, m_type);
        return m_comm.waitForBackground();
    }

    // `queued` all-reduces, then the GEMM beside them. The GEMM's clock starts once they are
    // queued: asking for them is the caller's time, not the GEMM's.
    [[nodiscard]] Beside gemmBeside(const World& world, int64_t queued)
    {
        world.barrier();
        for (int64_t i = 0; i < queued; ++i)
            m_comm.allReduceInBackground(*m_data, m_count, m_type);
        m_interval->begin();
        gemm();
        m_interval->end();
        const double gemmS = m_interval->seconds();
        return { gemmS, m_comm.waitForBackground() };
    }

private:
    Backend& m_backend;
    Communicator& m_comm;
    DataType m_type;
    int64_t m_edge;
    size_t m_count;
    std::unique_ptr<Buffer> m_a, m_b, m_c, m_data;
    std::unique_ptr<DeviceInterval> m_interval = m_backend.interval();
};

double busGBps(double bytes, int64_t ranks, double seconds)
{
    return seconds > 0 ? bytesPerSToGBps(bytes * busBandwidthFactor(Collective::AllReduce, ranks) / seconds) : 0;
}

} // namespace

io::ProbeOverlap measureOverlap(const OverlapBench& bench, DataType requested, Backend& backend, const World& world,
                                EventLog& log, int warmup, int iterations)
{
    const DataType type = backend.computeType(requested);
    const bool cpu = backend.measuresCpu();
    const int64_t edge = cpu ? kCpuGemmEdge : kGpuGemmEdge;
    const size_t count = size_t((cpu ? kCpuAllReduceBytes : kGpuAllReduceBytes) / double(elementBytes(type)));
    std::vector<int> everyRank(size_t(world.size()));
    std::iota(everyRank.begin(), everyRank.end(), 0);
    const std::unique_ptr<Communicator> comm = backend.communicator(world, everyRank);
    OverlapRun run(backend, *comm, type, edge, count);
    bool ok = run.checkAllReduce();

    // One GEMM per sample, as beside the all-reduces: it is long enough to time alone.
    const TimingStats alone
        = slowest(world, timeSamples({ warmup, iterations }, [&] { run.gemm(); }, run.interval(), [](double) { return 1; }));
    std::vector<double> allReduceS;
    for (int i = 0; i < warmup + iterations; ++i)
        if (const double seconds = run.allReduceAlone(world); i >= warmup)
            allReduceS.push_back(seconds);
    const TimingStats allReduceAlone = slowest(world, summarize(std::move(allReduceS)));

    // Sized from the two alone, then again from a run beside each other, where both may be slower
    // or faster (an all-reduce slowed beside the GEMM runs at full speed once it ends: the average
    // there understates its time beside it, which errs towards covering). Every rank decides from
    // the same (slowest) figures: each must queue as many all-reduces.
    int64_t queued = queueFor(alone.median, allReduceAlone.median);
    const Beside sizing = run.gemmBeside(world, queued);
    const double spanned = sizing.allReducesS > 0 ? sizing.gemmS * double(queued) / sizing.allReducesS : double(queued);
    queued = queueFor(world.maxOf(spanned), 1.0); // the GEMM measured in all-reduces beside it

    std::vector<double> gemmS, allReducesS;
    bool covered = true;
    for (int i = 0; i < warmup + iterations; ++i)
        if (const Beside b = run.gemmBeside(world, queued); i >= warmup) {
            gemmS.push_back(b.gemmS);
            allReducesS.push_back(b.allReducesS);
            covered = covered && b.allReducesS >= b.gemmS;
        }
    const TimingStats gemmBeside = summarize(std::move(gemmS));
    const TimingStats allReducesBeside = summarize(std::move(allReducesS));
    covered = everywhere(world, covered);
    ok = everywhere(world, ok && run.checkGemm());

    io::ProbeOverlap measured;
    measured.m = measured.n = measured.k = double(edge);
    measured.precision = toString(type);
    measured.collective = collectiveTraits(Collective::AllReduce).name;
    measured.ranks = world.size();
    measured.bytes = double(count * elementBytes(type));
    measured.crossesNodes = world.localSize() < world.size();
    measured.queued = queued;
    measured.gemmAloneS = alone.median;
    measured.timing = timingOf(slowest(world, gemmBeside));
    measured.slowdown = alone.median > 0 ? std::max(0.0, measured.timing.medianS / alone.median - 1) : 0;
    measured.predictedSlowdown = bench.predictedSlowdown;
    measured.busGBps = busGBps(measured.bytes * double(queued), measured.ranks,
                               world.maxOf(allReducesBeside.median));
    measured.busGBpsAlone = busGBps(measured.bytes, measured.ranks, allReduceAlone.median);
    measured.correct = ok;
    if (!covered && world.isRoot())
        log.warning(io::ProbeCode::BenchNote,
                    "overlap: the " + std::to_string(queued) + " all-reduce(s) queued beside the GEMM ended before "
                        "it on some run, so part of it ran alone: the slowdown measured is a lower bound");
    return measured;
}

} // namespace paraplan::engine
