// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The host backend computes for real: GEMMs and attention against plain loops, collectives on a
// one-rank group (also beside a GEMM), memory it cannot hold refused, discovery of this machine.
#include "engine/backend/backend_registry.h"
#include "engine/bench/gemm_check.h"
#include "engine/host/host_backend.h"
#include "tests/engine/test_world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace paraplan;
using namespace paraplan::engine;

namespace {

// Writes host values into a host buffer (fp32 underneath).
void put(Buffer& b, const std::vector<float>& values) { std::memcpy(b.data(), values.data(), values.size() * 4); }

std::vector<float> ramp(size_t n, float scale)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = scale * float(int(i % 7) - 3);
    return v;
}

} // namespace

TEST(HostBackend, GemmMatchesPlainLoops)
{
    HostBackend backend(test::world());
    const int64_t m = 5, n = 3, k = 4, batch = 2;
    const std::vector<float> a = ramp(size_t(batch * m * k), 0.5f), b = ramp(size_t(batch * k * n), 0.25f);
    auto A = backend.allocate(a.size() * 4), B = backend.allocate(b.size() * 4), C = backend.allocate(size_t(batch * m * n) * 4);
    put(*A, a);
    put(*B, b);
    backend.gemm(*A, *B, *C, m, n, k, batch, DataType::Bf16);
    const std::vector<double> c = backend.read(*C, DataType::Fp32, size_t(batch * m * n));
    for (int64_t p = 0; p < batch; ++p)
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j) {
                double expected = 0;
                for (int64_t l = 0; l < k; ++l)
                    expected += a[size_t(p * m * k + i * k + l)] * b[size_t(p * k * n + l * n + j)];
                EXPECT_NEAR(c[size_t(p * m * n + i * n + j)], expected, 1e-5);
            }
    EXPECT_EQ(backend.computeType(DataType::Bf16), DataType::Fp32); // and says so
    EXPECT_TRUE(backend.measuresCpu());
}

TEST(HostBackend, RandomOperandsGiveTheHostsDotProductsAndAWrongOutputFailsTheCheck)
{
    HostBackend backend(test::world());
    const int64_t m = 16, n = 24, k = 300;
    auto a = backend.allocate(size_t(m * k) * 4), b = backend.allocate(size_t(k * n) * 4), c = backend.allocate(size_t(m * n) * 4);
    fillGemmOperands(backend, *a, *b, DataType::Fp32, m, n, k, 1);
    // Not constant: a GPU would hold higher clocks on data whose bits never change.
    const std::vector<double> values = backend.read(*a, DataType::Fp32, 64);
    EXPECT_GT(*std::max_element(values.begin(), values.end()) - *std::min_element(values.begin(), values.end()), 1.0);
    for (double v : values)
        EXPECT_EQ(v * 128, std::round(v * 128)); // exact in bf16 too
    backend.gemm(*a, *b, *c, m, n, k, 1, DataType::Fp32);
    EXPECT_TRUE(gemmOutputsMatch(backend, *c, DataType::Fp32, n, k));
    EXPECT_FALSE(gemmOutputsMatch(backend, *c, DataType::Fp32, n, k, { 1, 3 })); // other operands
    backend.fill(*c, DataType::Fp32, size_t(m * n), 0.0);
    EXPECT_FALSE(gemmOutputsMatch(backend, *c, DataType::Fp32, n, k));
}

TEST(HostBackend, AttentionMatchesASoftmaxByHand)
{
    HostBackend backend(test::world());
    const int64_t heads = 2, seq = 3, dim = 2;
    const std::vector<float> q = ramp(size_t(heads * seq * dim), 0.3f), k = ramp(size_t(heads * seq * dim), 0.2f),
                             v = ramp(size_t(heads * seq * dim), 1.0f);
    auto Q = backend.allocate(q.size() * 4), K = backend.allocate(k.size() * 4), V = backend.allocate(v.size() * 4);
    auto S = backend.allocate(size_t(heads * seq * seq) * 4), O = backend.allocate(q.size() * 4);
    put(*Q, q);
    put(*K, k);
    put(*V, v);
    backend.attention(*Q, *K, *V, *S, *O, heads, seq, dim, DataType::Fp32);
    const std::vector<double> out = backend.read(*O, DataType::Fp32, q.size());
    for (int64_t h = 0; h < heads; ++h)
        for (int64_t i = 0; i < seq; ++i) {
            std::vector<double> w(static_cast<size_t>(seq));
            double sum = 0;
            for (int64_t j = 0; j < seq; ++j) {
                double dot = 0;
                for (int64_t d = 0; d < dim; ++d)
                    dot += q[size_t((h * seq + i) * dim + d)] * k[size_t((h * seq + j) * dim + d)];
                sum += w[size_t(j)] = std::exp(dot / std::sqrt(double(dim)));
            }
            for (int64_t d = 0; d < dim; ++d) {
                double expected = 0;
                for (int64_t j = 0; j < seq; ++j)
                    expected += w[size_t(j)] / sum * v[size_t((h * seq + j) * dim + d)];
                EXPECT_NEAR(out[size_t((h * seq + i) * dim + d)], expected, 1e-5);
            }
        }
}

TEST(HostBackend, CollectivesOfAOneRankGroupKeepTheData)
{
    HostBackend backend(test::world());
    auto comm = backend.communicator(test::world(), { 0 });
    ASSERT_EQ(comm->size(), 1);
    auto in = backend.allocate(64), out = backend.allocate(64);
    backend.fill(*in, DataType::Fp32, 16, 2.5);
    comm->allReduce(*in, 16, DataType::Fp32);
    EXPECT_EQ(backend.read(*in, DataType::Fp32, 1).front(), 2.5);
    comm->allGather(*in, *out, 16, DataType::Fp32);
    EXPECT_EQ(backend.read(*out, DataType::Fp32, 16).back(), 2.5);
    comm->send(*in, 16, DataType::Fp32, 0, 7); // to itself: the receive takes it
    comm->receive(*out, 16, DataType::Fp32, 0, 7);
    comm->waitForSends();
    EXPECT_EQ(backend.read(*out, DataType::Fp32, 1).front(), 2.5);
}

TEST(HostBackend, ABackgroundAllReduceRunsBesideAGemmAndKeepsTheData)
{
    HostBackend backend(test::world());
    auto comm = backend.communicator(test::world(), { 0 });
    const int64_t edge = 64;
    const size_t bytes = size_t(edge * edge) * 4;
    auto a = backend.allocate(bytes), b = backend.allocate(bytes), c = backend.allocate(bytes);
    auto data = backend.allocate(1024 * 4);
    backend.fill(*a, DataType::Fp32, edge * edge, 0.5);
    backend.fill(*b, DataType::Fp32, edge * edge, 0.25);
    backend.fill(*data, DataType::Fp32, 1024, 2.5);
    comm->allReduceInBackground(*data, 1024, DataType::Fp32);
    comm->allReduceInBackground(*data, 1024, DataType::Fp32);
    backend.gemm(*a, *b, *c, edge, edge, edge, 1, DataType::Fp32);
    EXPECT_GE(comm->waitForBackground(), 0);
    EXPECT_EQ(backend.read(*c, DataType::Fp32, 1).front(), 0.125 * edge);
    EXPECT_EQ(backend.read(*data, DataType::Fp32, 1024).back(), 2.5); // one rank: the sum is the data
    EXPECT_EQ(comm->waitForBackground(), 0); // nothing queued since
    comm->allReduce(*data, 1024, DataType::Fp32); // the group is free for the rest again
}

TEST(HostBackend, MemoryItCannotHoldIsRefusedWithTheFigures)
{
    HostBackend backend(test::world());
    try {
        (void)backend.allocate(size_t(1) << 50);
        FAIL() << "a petabyte was allocated";
    } catch (const EngineError& e) {
        EXPECT_EQ(e.code(), io::ProbeCode::OutOfMemory);
        EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos);
    }
}

// What confirm subtracts from the prediction before it reserves the rest: every byte the rank holds.
TEST(HostBackend, MemoryInUseCountsWhatItAllocated)
{
    HostBackend backend(test::world());
    const double before = backend.memoryInUse();
    EXPECT_GT(before, 0);
    const size_t bytes = size_t(64) << 20;
    const std::unique_ptr<Buffer> held = backend.allocate(bytes);
    const double grown = backend.memoryInUse() - before;
    EXPECT_GT(grown, 0.9 * double(bytes));
    EXPECT_LT(grown, 1.2 * double(bytes));
}

TEST(HostBackend, DiscoveryDescribesThisMachineAsCpus)
{
    HostBackend backend(test::world());
    const Discovery d = backend.discover(test::world());
    EXPECT_TRUE(d.cpu);
    ASSERT_EQ(d.devices.size(), 1u);
    EXPECT_NE(d.devices[0].name.find("CPU"), std::string::npos);
    EXPECT_GT(d.devices[0].memoryBytes, 0);
    ASSERT_EQ(d.nodes.size(), 1u);
    EXPECT_EQ(d.nodes[0].gpuCount(), 1); // the rank stands in for a GPU
    EXPECT_GT(d.nodes[0].links.front().GBps, 0); // its measured copy bandwidth
}

TEST(BackendRegistry, NamesWhatIsMissing)
{
    try {
        (void)makeBackend("tpu", test::world());
        FAIL();
    } catch (const EngineError& e) {
        EXPECT_EQ(e.code(), io::ProbeCode::UnknownBackend);
    }
    EXPECT_EQ(availableBackends().back(), "host");
    EXPECT_EQ(makeBackend("host", test::world())->name(), "host");
}
