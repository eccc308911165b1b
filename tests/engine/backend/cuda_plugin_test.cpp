// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The cuda backend's plugin: what the loader refuses and why, the registry offering cuda exactly
// where the plugin loads, and, in a build with the cuda backend, this build's plugin loading with
// its errors reaching the program as its own EngineError (no GPU here) or a backend (a GPU).
#include "engine/backend/backend_registry.h"
#include "engine/backend/cuda_plugin.h"
#include "tests/engine/test_world.h"

#include <gtest/gtest.h>

using namespace paraplan::engine;
using paraplan::io::ProbeCode;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CudaPlugin, AFileThatDoesNotLoadIsNamedWithTheLoadersReason)
{
    const CudaPlugin plugin = loadCudaPlugin("/nonexistent/paraplan-cuda-backend.so");
    EXPECT_EQ(plugin.make, nullptr);
    EXPECT_TRUE(contains(plugin.whyNot, "/nonexistent/paraplan-cuda-backend.so cannot be loaded (")) << plugin.whyNot;
    EXPECT_TRUE(contains(plugin.whyNot, "No such file")) << plugin.whyNot;
    EXPECT_TRUE(contains(plugin.whyNot, "NCCL 2")) << plugin.whyNot;
}

TEST(CudaPlugin, ALibraryThatIsNoPluginIsRefused)
{
    const CudaPlugin plugin = loadCudaPlugin("libm.so.6");
    EXPECT_EQ(plugin.make, nullptr);
    EXPECT_TRUE(contains(plugin.whyNot, "libm.so.6 is not ParaPlan's cuda backend")) << plugin.whyNot;
}

TEST(CudaPlugin, APluginFromAnotherBuildIsRefusedBeforeItRuns)
{
    const CudaPlugin plugin = loadCudaPlugin(PARAPLAN_FOREIGN_CUDA_PLUGIN);
    EXPECT_EQ(plugin.make, nullptr);
    EXPECT_TRUE(contains(plugin.whyNot, "comes from ParaPlan 0.0.1, another compiler")) << plugin.whyNot;
    EXPECT_TRUE(contains(plugin.whyNot, "from the same build")) << plugin.whyNot;
}

TEST(CudaPlugin, TheRegistryOffersCudaExactlyWhereThePluginLoads)
{
    const bool loads = cudaPlugin().make != nullptr;
    EXPECT_EQ(availableBackends().front() == "cuda", loads) << cudaPlugin().whyNot;
    EXPECT_EQ(defaultBackend(), loads ? "cuda" : "host");
    if (loads)
        return;
    try {
        (void)makeBackend("cuda", test::world());
        FAIL() << "a cuda backend without its plugin";
    } catch (const EngineError& e) {
        EXPECT_EQ(e.code(), ProbeCode::BackendUnavailable);
        EXPECT_TRUE(contains(e.what(), cudaPlugin().whyNot)) << e.what();
        EXPECT_TRUE(contains(e.what(), "--backend host")) << e.what();
    }
}

#ifdef PARAPLAN_CUDA_PLUGIN_BUILD_PATH
TEST(CudaPlugin, ThisBuildsPluginLoadsAndItsErrorsReachTheProgram)
{
    const CudaPlugin plugin = loadCudaPlugin(PARAPLAN_CUDA_PLUGIN_BUILD_PATH);
    ASSERT_NE(plugin.make, nullptr) << plugin.whyNot;
    EXPECT_EQ(cudaPlugin().make, plugin.make) << "the registry should find the build's own plugin";
    try {
        const std::unique_ptr<Backend> backend(plugin.make(&test::world()));
        EXPECT_EQ(backend->name(), "cuda");
    } catch (const EngineError& e) {
        // Thrown inside the plugin, caught here as the program's own type: no GPU on this machine.
        EXPECT_TRUE(e.code() == ProbeCode::NoGpu || e.code() == ProbeCode::DriverMismatch) << e.what();
    }
}
#endif

} // namespace
