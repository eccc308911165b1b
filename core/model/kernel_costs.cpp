// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/model/kernel_costs.h"

#include "core/network/calibration.h"
#include "core/spec/units.h"

#include <algorithm>
#include <cmath>

namespace paraplan {

namespace {

// The tile shapes a cuBLAS-like library chooses from, with the throughput each sustains relative to
// the largest: smaller tiles reuse operands less, but waste less on ragged edges and partial waves.
struct TileShape {
    double rows;
    double cols;
    double relativeRate;
};
constexpr TileShape kTileMenu[] = {
    { 256, 128, 1.00 },
    { 128, 256, 1.00 },
    { 128, 128, 0.95 },
    { 128, 64, 0.85 },
    { 64, 64, 0.65 },
};

} // namespace

DeviceRates deviceRates(const GpuSpec& gpu, Precision precision, const EfficiencyParams& params,
                        const Calibration* calibration)
{
    DeviceRates rates;
    rates.precision = precision;
    rates.calibration = calibration;
    rates.peakFlops = tflopsToFlopsPerS(peakTflopsOf(gpu, precision)) * sustainedClockFraction(gpu);
    rates.hbmBytesPerS = GBpsToBytesPerS(gpu.hbmGBps) * params.hbmEfficiency;
    if (calibration)
        if (const std::optional<double> measured = calibration->memoryBytesPerS())
            rates.hbmBytesPerS = *measured;
    rates.sms = double(std::max<int64_t>(gpu.sms, 1));
    rates.operandBytes = precision == Precision::Fp4 ? 0.5 : precision == Precision::Fp8 ? 1 : 2;
    rates.params = params;
    // Measured, it replaces the constant for every overlap the rates price (layer_costs, step_model).
    if (calibration)
        if (const std::optional<double> measured = calibration->overlapSlowdown())
            rates.params.overlapSlowdown = *measured;
    return rates;
}

double sustainedClockFraction(const GpuSpec& gpu)
{
    if (gpu.powerLimitW <= 0 || gpu.tdpW <= 0 || gpu.powerLimitW >= gpu.tdpW)
        return 1.0;
    return std::cbrt(gpu.powerLimitW / gpu.tdpW);
}

DeviceRates sixteenBitRates(const DeviceRates& rates, const GpuSpec& gpu)
{
    if (!quantizedLinears(rates.precision))
        return rates;
    return deviceRates(gpu, Precision::Bf16, rates.params, rates.calibration);
}

double gemmSeconds(const DeviceRates& rates, double m, double n, double k, double batch)
{
    if (m <= 0 || n <= 0 || k <= 0 || batch <= 0)
        return 0.0;
    // A measured time already holds the tiles, waves and memory traffic of its shape. The kernel
    // overhead still applies: it stands mostly for the small kernels around the GEMM the model
    // does not list (bias, casts, copies), which a GEMM benchmark does not run. A batch of products
    // fills the GPU like one product with `batch` times the rows.
    if (rates.calibration)
        if (const std::optional<double> measured = rates.calibration->gemmFlopsPerS(rates.precision, m * batch, n, k))
            return 2 * m * n * k * batch / *measured + rates.params.kernelOverheadS;
    const double perSmRate = rates.peakFlops * rates.params.gemmCeiling / rates.sms;
    double best = HUGE_VAL;
    for (const TileShape& tile : kTileMenu) {
        const double tiles = std::ceil(m / tile.rows) * std::ceil(n / tile.cols) * batch;
        const double waves = std::ceil(tiles / rates.sms);
        const double tileSeconds
            = 2 * tile.rows * tile.cols * (k + rates.params.gemmTileOverheadK) / (perSmRate * tile.relativeRate);
        best = std::min(best, waves * tileSeconds);
    }
    const double bytes = batch * (rates.operandBytes * (m * k + k * n) + rates.activationBytes * m * n);
    const double memorySeconds = bytes / rates.hbmBytesPerS;
    return std::max(best, memorySeconds) + rates.params.kernelOverheadS;
}

double fusedAttentionSeconds(const DeviceRates& rates, double flops)
{
    if (flops <= 0)
        return 0.0;
    const double rate = rates.peakFlops * rates.params.gemmCeiling * rates.params.attentionEfficiency;
    return flops / rate + rates.params.kernelOverheadS;
}

double streamingSeconds(const DeviceRates& rates, double bytes)
{
    if (bytes <= 0)
        return 0.0;
    return bytes / rates.hbmBytesPerS + rates.params.kernelOverheadS;
}

} // namespace paraplan
