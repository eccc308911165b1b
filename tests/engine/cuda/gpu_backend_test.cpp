// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The cuda backend on a real GPU: discovery, a bf16 GEMM and attention checked against their exact
// answers, the collectives on a one-rank NCCL communicator (also on the side stream beside a GEMM),
// memory a GPU cannot hold refused.
// Labelled `gpu`; where the build has no cuda backend or the machine no GPU, each test skips and
// says which.
#include "engine/backend/backend_registry.h"
#include "engine/bench/gemm_check.h"
#include "tests/engine/test_world.h"

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

using namespace paraplan::engine;

namespace {

// The cuda backend, or the reason there is none here (empty when there is).
std::unique_ptr<Backend> cudaBackend(std::string& whyNot)
{
    try {
        return makeBackend("cuda", test::world());
    } catch (const EngineError& e) {
        whyNot = std::string(paraplan::io::toString(e.code())) + ": " + e.what();
        return nullptr;
    }
}

#define CUDA_BACKEND_OR_SKIP(backend)                                                                                  \
    std::string whyNot;                                                                                                \
    const std::unique_ptr<Backend> backend = cudaBackend(whyNot);                                                      \
    if (!backend)                                                                                                      \
    GTEST_SKIP() << "no GPU to test on: " << whyNot

} // namespace

TEST(CudaBackend, DiscoversThisRanksGpu)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const Discovery d = backend->discover(test::world());
    EXPECT_FALSE(d.cpu);
    ASSERT_EQ(d.devices.size(), 1u);
    EXPECT_FALSE(d.devices[0].name.empty());
    EXPECT_GT(d.devices[0].memoryBytes, 1e9);
    EXPECT_GT(d.devices[0].multiprocessors, 0);
    EXPECT_FALSE(d.devices[0].computeCapability.empty());
    EXPECT_EQ(d.nodes.size(), 1u);
}

TEST(CudaBackend, Bf16GemmGivesTheExactAnswer)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const int64_t m = 256, n = 384, k = 512, batch = 2;
    auto a = backend->allocate(size_t(batch * m * k) * 2), b = backend->allocate(size_t(batch * k * n) * 2),
         c = backend->allocate(size_t(batch * m * n) * 2);
    backend->fill(*a, DataType::Bf16, size_t(batch * m * k), 0.5);
    backend->fill(*b, DataType::Bf16, size_t(batch * k * n), 0.25);
    backend->gemm(*a, *b, *c, m, n, k, batch, DataType::Bf16);
    backend->synchronize();
    EXPECT_EQ(backend->computeType(DataType::Bf16), DataType::Bf16);
    for (const double value : backend->read(*c, DataType::Bf16, size_t(batch * m * n)))
        ASSERT_EQ(value, 0.125 * double(k)); // exact in bf16
}

// The bench's operands: random values the device and the host generate alike, the device's GEMM
// checked against host dot products; a wrong output fails the check.
TEST(CudaBackend, RandomOperandsGiveTheHostsDotProducts)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const int64_t m = 128, n = 256, k = 4096;
    auto a = backend->allocate(size_t(m * k) * 2), b = backend->allocate(size_t(k * n) * 2),
         c = backend->allocate(size_t(m * n) * 2);
    fillGemmOperands(*backend, *a, *b, DataType::Bf16, m, n, k, 1);
    for (const double value : backend->read(*a, DataType::Bf16, 16))
        EXPECT_LE(std::fabs(value), 1.0);
    backend->gemm(*a, *b, *c, m, n, k, 1, DataType::Bf16);
    backend->synchronize();
    EXPECT_TRUE(gemmOutputsMatch(*backend, *c, DataType::Bf16, n, k));
    backend->fill(*c, DataType::Bf16, size_t(m * n), 1.0);
    EXPECT_FALSE(gemmOutputsMatch(*backend, *c, DataType::Bf16, n, k));
}

TEST(CudaBackend, AttentionOfEqualKeysAveragesTheValues)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const int64_t heads = 4, seq = 128, dim = 64;
    const size_t elements = size_t(heads * seq * dim);
    auto q = backend->allocate(elements * 2), k = backend->allocate(elements * 2), v = backend->allocate(elements * 2),
         out = backend->allocate(elements * 2), scores = backend->allocate(size_t(heads * seq * seq) * 2);
    backend->fill(*q, DataType::Bf16, elements, 0.5);
    backend->fill(*k, DataType::Bf16, elements, 0.5);
    backend->fill(*v, DataType::Bf16, elements, 3.0);
    backend->attention(*q, *k, *v, *scores, *out, heads, seq, dim, DataType::Bf16);
    backend->synchronize();
    // Equal scores: a uniform softmax, so every output is the value itself.
    for (const double value : backend->read(*out, DataType::Bf16, elements))
        ASSERT_NEAR(value, 3.0, 0.02);
}

TEST(CudaBackend, CollectivesOnOneRankKeepTheData)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const std::unique_ptr<Communicator> comm = backend->communicator(test::world(), { test::world().rank() });
    ASSERT_EQ(comm->size(), 1);
    const size_t count = 1 << 20;
    auto data = backend->allocate(count * 2), gathered = backend->allocate(count * 2);
    backend->fill(*data, DataType::Bf16, count, 2.0);
    comm->allReduce(*data, count, DataType::Bf16);
    comm->allGather(*data, *gathered, count, DataType::Bf16);
    backend->synchronize();
    for (const double value : backend->read(*gathered, DataType::Bf16, 1024))
        ASSERT_EQ(value, 2.0);
}

// The watchdog aborts from its own thread while the run's thread may be polling NCCL: the abort
// waits for the poll, and every later call fails loudly instead of passing as done.
TEST(CudaBackend, CallsAfterAnAbortFailInsteadOfPassing)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const std::unique_ptr<Communicator> comm = backend->communicator(test::world(), { test::world().rank() });
    const size_t count = 1 << 20;
    auto data = backend->allocate(count * 2);
    backend->fill(*data, DataType::Bf16, count, 1.0);
    std::thread watchdog([&] { backend->abortCommunication(); });
    for (int i = 0; i < 100; ++i) { // racing the abort: each either runs before it or fails after it
        try {
            comm->allReduce(*data, count, DataType::Bf16);
        } catch (const EngineError& e) {
            EXPECT_EQ(e.code(), paraplan::io::ProbeCode::NcclFailed);
        }
    }
    watchdog.join();
    try {
        comm->allReduce(*data, count, DataType::Bf16);
        FAIL() << "an all-reduce on an aborted communicator passed as done";
    } catch (const EngineError& e) {
        EXPECT_EQ(e.code(), paraplan::io::ProbeCode::NcclFailed);
        EXPECT_NE(std::string(e.what()).find("aborted"), std::string::npos) << e.what();
    }
}

TEST(CudaBackend, ABackgroundAllReduceRunsBesideAGemmAndKeepsTheData)
{
    CUDA_BACKEND_OR_SKIP(backend);
    const std::unique_ptr<Communicator> comm = backend->communicator(test::world(), { test::world().rank() });
    const int64_t edge = 2048;
    const size_t square = size_t(edge * edge), count = 1 << 24;
    auto a = backend->allocate(square * 2), b = backend->allocate(square * 2), c = backend->allocate(square * 2);
    auto data = backend->allocate(count * 2);
    backend->fill(*a, DataType::Bf16, square, 0.5);
    backend->fill(*b, DataType::Bf16, square, 0.25);
    backend->fill(*data, DataType::Bf16, count, 2.0);
    comm->allReduceInBackground(*data, count, DataType::Bf16); // after the fill: it reads what was filled
    comm->allReduceInBackground(*data, count, DataType::Bf16);
    backend->gemm(*a, *b, *c, edge, edge, edge, 1, DataType::Bf16);
    backend->synchronize(); // the GEMM's stream alone
    const double seconds = comm->waitForBackground();
    EXPECT_GT(seconds, 0);
    EXPECT_LT(seconds, 10);
    EXPECT_EQ(backend->read(*c, DataType::Bf16, 1).front(), 0.125 * double(edge));
    for (const double value : backend->read(*data, DataType::Bf16, 1024))
        ASSERT_EQ(value, 2.0);
    EXPECT_EQ(comm->waitForBackground(), 0); // nothing queued since
}

TEST(CudaBackend, MemoryTheGpuCannotHoldIsRefusedByName)
{
    CUDA_BACKEND_OR_SKIP(backend);
    try {
        (void)backend->allocate(size_t(1) << 50); // a pebibyte
        FAIL() << "a pebibyte was allocated";
    } catch (const EngineError& e) {
        EXPECT_EQ(e.code(), paraplan::io::ProbeCode::OutOfMemory);
    }
}
