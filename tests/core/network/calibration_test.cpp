// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/kernel_costs.h"
#include "core/network/calibration.h"
#include "core/network/collectives.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace paraplan;

namespace {

constexpr double kPeak = 989.4e12;

// A cube GEMM of edge `edge` that ran at `fractionOfPeak` of the H100's bf16 peak.
GemmMeasurement cube(double edge, double fractionOfPeak, Precision precision = Precision::Bf16)
{
    return { edge, edge, edge, precision, 2 * edge * edge * edge / (fractionOfPeak * kPeak) };
}

double fractionOfPeak(const Calibration& c, double m, double n, double k)
{
    return *c.gemmFlopsPerS(Precision::Bf16, m, n, k) / kPeak;
}

CollectiveMeasurement allReduce(int64_t ranks, bool crossesNodes, double bytes, double busGBps)
{
    return { Collective::AllReduce, ranks, crossesNodes, bytes, busGBps };
}

} // namespace

TEST(CalibratedGemm, AtAMeasuredShapeTakesTheMeasuredTimePlusTheKernelOverhead)
{
    CalibrationProfile profile;
    profile.gemms = { cube(1024, 0.5), cube(8192, 0.5) };
    const Calibration calibration(profile);
    const DeviceRates rates = deviceRates(test::h100Gpu(), Precision::Bf16, {}, &calibration);
    for (const GemmMeasurement& g : profile.gemms) {
        const double seconds = gemmSeconds(rates, g.m, g.n, g.k);
        EXPECT_NEAR(seconds, g.seconds + rates.params.kernelOverheadS, 1e-12 * seconds);
        EXPECT_NEAR(2 * g.m * g.n * g.k / (seconds - rates.params.kernelOverheadS) / kPeak, 0.5, 1e-12);
    }
    // The tile/wave model would have given something else: the profile is what decided.
    const DeviceRates modelled = deviceRates(test::h100Gpu(), Precision::Bf16, {});
    EXPECT_GT(std::fabs(gemmSeconds(modelled, 8192, 8192, 8192) - gemmSeconds(rates, 8192, 8192, 8192)), 1e-4);
}

TEST(CalibratedGemm, BetweenTwoMeasuredShapesInterpolatesLinearlyInLogSpace)
{
    CalibrationProfile profile;
    profile.gemms = { cube(1024, 0.4), cube(4096, 0.6) };
    const Calibration calibration(profile);
    EXPECT_NEAR(fractionOfPeak(calibration, 2048, 2048, 2048), 0.5, 1e-12);    // halfway in log
    const double quarter = 1024 * std::sqrt(2.0);                                // a quarter of the way
    EXPECT_NEAR(fractionOfPeak(calibration, quarter, quarter, quarter), 0.45, 1e-12);

    const DeviceRates rates = deviceRates(test::h100Gpu(), Precision::Bf16, {}, &calibration);
    const double flops = 2.0 * 2048 * 2048 * 2048;
    EXPECT_NEAR(gemmSeconds(rates, 2048, 2048, 2048), flops / (0.5 * kPeak) + rates.params.kernelOverheadS, 1e-15);
}

TEST(CalibratedGemm, OutsideTheMeasuredRangeTakesTheNearestMeasurement)
{
    CalibrationProfile profile;
    profile.gemms = { cube(1024, 0.4), cube(4096, 0.6) };
    const Calibration calibration(profile);
    EXPECT_NEAR(fractionOfPeak(calibration, 65536, 65536, 65536), 0.6, 1e-12);
    EXPECT_NEAR(fractionOfPeak(calibration, 64, 64, 64), 0.4, 1e-12);
    EXPECT_NEAR(fractionOfPeak(calibration, 1e6, 4096, 4096), 0.6, 1e-12); // beyond along one dimension only
}

TEST(CalibratedGemm, StaysWithinTheMeasuredRatesAndIsContinuousAcrossNeighbours)
{
    CalibrationProfile profile;
    profile.gemms = { cube(512, 0.2), cube(1024, 0.5), cube(2048, 0.55), cube(4096, 0.7), cube(8192, 0.75) };
    profile.gemms.push_back({ 8192, 1024, 4096, Precision::Bf16, 2.0 * 8192 * 1024 * 4096 / (0.65 * kPeak) });
    const Calibration calibration(profile);
    double previous = fractionOfPeak(calibration, 512, 512, 512);
    for (double edge = 512; edge <= 8192; edge *= 1.01) {
        const double f = fractionOfPeak(calibration, edge, edge * 0.9, edge * 1.1);
        EXPECT_GE(f, 0.2 - 1e-12);
        EXPECT_LE(f, 0.75 + 1e-12);
        EXPECT_LT(std::fabs(f - previous), 0.03) << edge; // no jump where the nearest shapes change
        previous = f;
    }
}

TEST(CalibratedGemm, RepeatedShapesAreAveraged)
{
    CalibrationProfile profile;
    profile.gemms = { cube(4096, 0.4), cube(4096, 0.6) };
    const Calibration calibration(profile);
    // Rates average: 0.4 and 0.6 of peak give 0.5.
    EXPECT_NEAR(fractionOfPeak(calibration, 4096, 4096, 4096), 0.5, 1e-12);
}

TEST(CalibratedGemm, ABatchFillsTheGpuLikeOneProductWithMoreRows)
{
    CalibrationProfile profile;
    profile.gemms = { { 4096, 128, 128, Precision::Bf16, 1e-3 }, { 256, 128, 128, Precision::Bf16, 1e-5 } };
    const Calibration calibration(profile);
    const DeviceRates rates = deviceRates(test::h100Gpu(), Precision::Bf16, {}, &calibration);
    // 16 products of 256 x 128 x 128 run like one 4096 x 128 x 128.
    EXPECT_NEAR(gemmSeconds(rates, 256, 128, 128, 16), 1e-3 + rates.params.kernelOverheadS, 1e-15);
}

TEST(CalibratedGemm, AnotherPrecisionKeepsTheModel)
{
    CalibrationProfile profile;
    profile.gemms = { cube(4096, 0.5) };
    const Calibration calibration(profile);
    EXPECT_FALSE(calibration.gemmFlopsPerS(Precision::Fp8, 4096, 4096, 4096));
    const DeviceRates calibrated = deviceRates(test::h100Gpu(), Precision::Fp8, {}, &calibration);
    const DeviceRates modelled = deviceRates(test::h100Gpu(), Precision::Fp8, {});
    EXPECT_DOUBLE_EQ(gemmSeconds(calibrated, 4096, 4096, 4096), gemmSeconds(modelled, 4096, 4096, 4096));
}

TEST(CalibratedBusBandwidth, InterpolatesOverLogBytesAndHoldsTheEnds)
{
    CalibrationProfile profile;
    profile.collectives = { allReduce(8, false, 1 << 20, 100), allReduce(8, false, 4 << 20, 200) };
    const Calibration calibration(profile);
    auto bus = [&](double bytes) { return *calibration.busBytesPerS(Collective::AllReduce, 8, false, bytes); };
    EXPECT_NEAR(bus(1 << 20), 100e9, 1e-3);
    EXPECT_NEAR(bus(2 << 20), 150e9, 1e-3);     // halfway in log(bytes)
    EXPECT_NEAR(bus(1LL << 30), 200e9, 1e-3);   // above the largest: saturated
    // Below the smallest the time stays the smallest's: latency-bound.
    const double smallestSeconds = double(1 << 20) / 100e9;
    EXPECT_NEAR(double(256 << 10) / bus(256 << 10), smallestSeconds, 1e-15);
}

TEST(CalibratedBusBandwidth, AppliesOnlyToItsCollectiveGroupSizeAndLocality)
{
    CalibrationProfile profile;
    profile.collectives = { allReduce(8, false, 1e6, 50), allReduce(8, false, 1e9, 50) };
    const Calibration calibration(profile);
    EXPECT_TRUE(calibration.busBytesPerS(Collective::AllReduce, 8, false, 1e8));
    EXPECT_FALSE(calibration.busBytesPerS(Collective::AllReduce, 4, false, 1e8));
    EXPECT_FALSE(calibration.busBytesPerS(Collective::AllReduce, 8, true, 1e8));
    EXPECT_FALSE(calibration.busBytesPerS(Collective::AllGather, 8, false, 1e8));
}

TEST(CalibratedBusBandwidth, SendRecvTakesTheFewestRanksMeasuredWhateverTheGroup)
{
    CalibrationProfile profile;
    profile.collectives = { { Collective::SendRecv, 16, true, 1e8, 40 }, { Collective::SendRecv, 8, true, 1e8, 45 } };
    const Calibration calibration(profile);
    EXPECT_NEAR(*calibration.busBytesPerS(Collective::SendRecv, 2, true, 1e8), 45e9, 1e-3);
    EXPECT_FALSE(calibration.busBytesPerS(Collective::SendRecv, 2, false, 1e8));
}

TEST(CalibratedCollective, MeasuredBusBandwidthReplacesTheModelsForItsGroupOnly)
{
    CalibrationProfile profile;
    profile.collectives = { allReduce(8, false, 1e6, 50), allReduce(8, false, 1e9, 50) };
    const Calibration calibration(profile);
    EfficiencyParams params;
    params.collectiveOverheadS = 5e-6;
    const LinkRate modelled{ 300e9, 3e-6 };
    LinkRate inNode = modelled;
    inNode.calibration = &calibration;
    LinkRate acrossNodes = inNode;
    acrossNodes.crossesNodes = true;

    const double bytes = 64e6;
    // Measured: S x 2(n-1)/n / busbw, nothing added (the measurement holds launch and latency).
    EXPECT_NEAR(collectiveSeconds(Collective::AllReduce, bytes, 8, inNode, params), bytes * 1.75 / 50e9, 1e-15);
    // Other group sizes, other localities and other collectives keep the model's figure.
    for (const auto& [collective, ranks, link] :
         { std::tuple{ Collective::AllReduce, 4, acrossNodes }, std::tuple{ Collective::AllReduce, 4, inNode },
           std::tuple{ Collective::AllReduce, 8, acrossNodes }, std::tuple{ Collective::ReduceScatter, 8, inNode } })
        EXPECT_DOUBLE_EQ(collectiveSeconds(collective, bytes, ranks, link, params),
                         collectiveSeconds(collective, bytes, ranks, modelled, params));
}
