// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/collective_traits.h"
#include "core/spec/scenario.h"
#include "core/spec/units.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Measurements taken on real machines (by the engine, or imported from nccl-tests) that replace the
// model's efficiency guesses: GEMM times by shape and precision, collective bus bandwidths by
// collective, group size, message size and whether the group crosses nodes, and how much slower
// compute runs beside communication. Format and how each measurement is applied:
// docs/calibration.md.
namespace paraplan {

// One C[m x n] = A[m x k] B[k x n] and how long it took on one GPU.
struct GemmMeasurement {
    double m = 0, n = 0, k = 0;
    Precision precision = Precision::Bf16;
    double seconds = 0;
};

// One nccl-tests row: `bytes` is nccl-tests' S (collective_traits.h), `busGBps` its bus bandwidth in 1e9 B/s.
struct CollectiveMeasurement {
    Collective collective = Collective::AllReduce;
    int64_t ranks = 0;
    bool crossesNodes = false;
    double bytes = 0;
    double busGBps = 0;
};

struct CalibrationProfile {
    std::string device; // what was measured, e.g. "NVIDIA H100 80GB HBM3"
    std::string source; // how: the tool, the files, the date
    bool cpu = false;   // measured on CPUs (the engine's host backend): says nothing about GPUs
    // What a device-to-device copy sustains, reads plus writes, in 1e9 B/s (0: not measured): the
    // rate of every memory-bound kernel (norms, activations, softmax, the optimizer).
    double memoryGBps = 0;
    // How much slower a GEMM runs beside an all-reduce than alone (0.15: 15 % slower), the figure
    // of EfficiencyParams::overlapSlowdown; nullopt: not measured.
    std::optional<double> overlapSlowdown;
    std::vector<GemmMeasurement> gemms;
    std::vector<CollectiveMeasurement> collectives;
};

// What a measurement on any machine can be (docs/calibration.md): profiles refuse a figure outside
// its range and the importers leave such a measurement out or refuse it. Beyond them lie typos and
// corrupt files, and figures whose times overflow the model's arithmetic.
struct MeasuredRange {
    double lowest, highest;
    [[nodiscard]] constexpr bool holds(double value) const { return value >= lowest && value <= highest; }
};
inline constexpr MeasuredRange kGemmDimensionRange{ 1, 1e9 };   // elements of m, n or k
inline constexpr MeasuredRange kGemmSecondsRange{ 1e-9, 3600 }; // one product: 1 ns to an hour
inline constexpr MeasuredRange kCollectiveBytesRange{ 1, 1e15 }; // nccl-tests' S
inline constexpr MeasuredRange kBusGBpsRange{ 1e-6, 1e5 };      // 1 kB/s to 100 TB/s
inline constexpr MeasuredRange kMemoryGBpsRange{ 1e-3, 1e6 };   // a copy: 1 MB/s to 1 PB/s
inline constexpr MeasuredRange kOverlapSlowdownRange{ 0, 100 }; // beside communication: up to 101 x as long

// Every figure of the measurement in its range, and a collective of at least 2 ranks.
[[nodiscard]] bool isPlausible(const GemmMeasurement& gemm);
[[nodiscard]] bool isPlausible(const CollectiveMeasurement& collective);

// A profile prepared for the lookups the cost model makes thousands of times per search:
// measurements moved into log space and sorted once, equal points averaged.
class Calibration {
public:
    explicit Calibration(CalibrationProfile profile);

    [[nodiscard]] const CalibrationProfile& profile() const { return m_profile; }

    // Bytes per second (reads plus writes) memory-bound kernels move; nullopt when not measured.
    [[nodiscard]] std::optional<double> memoryBytesPerS() const
    {
        return m_profile.memoryGBps > 0 ? std::optional<double>(GBpsToBytesPerS(m_profile.memoryGBps)) : std::nullopt;
    }

    // The fraction by which compute slows while communication overlaps it; nullopt when not measured.
    [[nodiscard]] std::optional<double> overlapSlowdown() const { return m_profile.overlapSlowdown; }

    // FLOP/s (2mnk per second) a GEMM of this shape reaches at `precision`, from the nearest
    // measured shapes in log space (calibration.cpp says how); nullopt when none of that precision
    // was measured. The GEMM efficiency is this over the GPU's peak.
    [[nodiscard]] std::optional<double> gemmFlopsPerS(Precision precision, double m, double n, double k) const;

    // Bus bandwidth in bytes/s of `collective` over `ranks` ranks for a message of `bytes` (nccl-tests'
    // S), interpolated over log(bytes); nullopt when no series of that collective, group size and
    // locality was measured. Send/recv ignores the group size (calibration.cpp says why).
    [[nodiscard]] std::optional<double> busBytesPerS(Collective collective, int64_t ranks, bool crossesNodes,
                                                     double bytes) const;

private:
    struct GemmPoint {
        std::array<double, 3> logShape; // log m, log n, log k
        double flopsPerS;
    };
    struct GemmTable {
        Precision precision;
        std::vector<GemmPoint> points;
        std::array<double, 3> lowest, highest; // the measured range of each log dimension
    };
    struct BandwidthSeries {
        Collective collective;
        int64_t ranks;
        bool crossesNodes;
        std::vector<double> logBytes; // ascending, distinct
        std::vector<double> bytes;
        std::vector<double> busBytesPerS;
    };

    [[nodiscard]] const BandwidthSeries* seriesFor(Collective collective, int64_t ranks, bool crossesNodes) const;

    CalibrationProfile m_profile;
    std::vector<GemmTable> m_gemms;
    std::vector<BandwidthSeries> m_bandwidths;
};

} // namespace paraplan
