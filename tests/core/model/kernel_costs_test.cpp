// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/kernel_costs.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;

namespace {

// The H100 SXM's datasheet figures, without a catalog id.
GpuSpec h100Datasheet()
{
    GpuSpec gpu;
    gpu.peakBf16Tflops = 989.4;
    gpu.peakFp8Tflops = 1978.9;
    gpu.hbmGBps = 3350;
    gpu.sms = 132;
    return gpu;
}
DeviceRates h100()
{
    EfficiencyParams params;
    params.kernelOverheadS = 0;
    return deviceRates(test::h100Gpu(), Precision::Bf16, params);
}
double achievedFraction(const DeviceRates& r, double m, double n, double k)
{
    return 2 * m * n * k / gemmSeconds(r, m, n, k) / r.peakFlops;
}
} // namespace

TEST(GemmModel, LargeSquareGemmApproachesTheCeilingButNeverPassesIt)
{
    const DeviceRates r = h100();
    const double fraction = achievedFraction(r, 8192, 8192, 8192);
    EXPECT_LE(fraction, r.params.gemmCeiling);
    EXPECT_GT(fraction, 0.9 * r.params.gemmCeiling);
}

TEST(GemmModel, TimeGrowsWithEveryDimension)
{
    const DeviceRates r = h100();
    const double base = gemmSeconds(r, 4096, 4096, 4096);
    EXPECT_GT(gemmSeconds(r, 8192, 4096, 4096), base);
    EXPECT_GT(gemmSeconds(r, 4096, 8192, 4096), base);
    EXPECT_GT(gemmSeconds(r, 4096, 4096, 8192), base);
}

TEST(GemmModel, SmallAndSkinnyGemmsReachFarLess)
{
    const DeviceRates r = h100();
    EXPECT_LT(achievedFraction(r, 512, 512, 512), 0.5 * achievedFraction(r, 8192, 8192, 8192));
    EXPECT_LT(achievedFraction(r, 8192, 128, 128), 0.5 * achievedFraction(r, 8192, 8192, 8192));
}

TEST(GemmModel, WaveQuantisationPenalisesOneTileTooMany)
{
    const DeviceRates r = h100();
    // 132 output tiles of 256x128 fill the GPU exactly once; a few rows more leave a ragged second
    // wave that even the best of the smaller tiles cannot fill as well.
    const double full = achievedFraction(r, 256 * 12, 128 * 11, 8192);
    const double spill = achievedFraction(r, 256 * 12, 128 * 11 + 64, 8192);
    EXPECT_LT(spill, 0.95 * full);
}

TEST(GemmModel, MemoryBoundShapesRunAtHbmBandwidth)
{
    const DeviceRates r = h100();
    // A matrix-vector product reads the whole matrix for 2 FLOPs per element.
    const double t = gemmSeconds(r, 1, 16384, 16384);
    EXPECT_GE(t, 2.0 * 16384 * 16384 / r.hbmBytesPerS);
}

TEST(GemmModel, DegenerateShapesCostNothing)
{
    EXPECT_EQ(gemmSeconds(h100(), 0, 10, 10), 0.0);
    EXPECT_EQ(fusedAttentionSeconds(h100(), 0), 0.0);
    EXPECT_EQ(streamingSeconds(h100(), 0), 0.0);
}

TEST(DeviceRates, Fp8UsesTheFp8Peak)
{
    const GpuSpec gpu = h100Datasheet();
    EXPECT_DOUBLE_EQ(deviceRates(gpu, Precision::Fp8, {}).peakFlops, 1978.9e12);
    EXPECT_DOUBLE_EQ(deviceRates(gpu, Precision::Bf16, {}).peakFlops, 989.4e12);
}

TEST(DeviceRates, APowerCapLowersTheClockByTheCubeRootOfThePowerAllowed)
{
    GpuSpec gpu = h100Datasheet();
    gpu.tdpW = 700;
    EXPECT_EQ(sustainedClockFraction(gpu), 1); // no cap
    gpu.powerLimitW = 700;
    EXPECT_EQ(sustainedClockFraction(gpu), 1);
    gpu.powerLimitW = 900; // a cap above the TDP cannot lift the clock
    EXPECT_EQ(sustainedClockFraction(gpu), 1);
    gpu.powerLimitW = 500; // Meta's Grand Teton H100s
    EXPECT_NEAR(sustainedClockFraction(gpu), 0.894, 0.001);
    const DeviceRates capped = deviceRates(gpu, Precision::Bf16, {});
    EXPECT_DOUBLE_EQ(capped.peakFlops, 989.4e12 * std::cbrt(500.0 / 700.0));
    GpuSpec uncapped;
    uncapped.hbmGBps = 3350;
    EXPECT_DOUBLE_EQ(capped.hbmBytesPerS, deviceRates(uncapped, Precision::Bf16, {}).hbmBytesPerS);
    gpu.tdpW = 0; // without the TDP there is nothing to compare with
    EXPECT_EQ(sustainedClockFraction(gpu), 1);
}

TEST(StreamingModel, TimeIsBytesOverAchievableBandwidth)
{
    const DeviceRates r = h100();
    EXPECT_DOUBLE_EQ(streamingSeconds(r, 1e9), 1e9 / (3350e9 * r.params.hbmEfficiency));
}
