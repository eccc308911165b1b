// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// The model computes in SI base units: bytes, seconds, FLOPs, bytes and FLOPs per second. These
// are the conversions to the units people read and catalogs quote, in one place: memory in binary
// GiB (2^30 bytes, how HBM is sized), bandwidth in decimal GB/s (1e9 bytes per second, how links,
// NICs and HBM bandwidth are quoted, and nccl-tests' definition), compute in TFLOP/s (1e12), link
// latency in microseconds.
namespace paraplan {

inline constexpr double kBytesPerKiB = 1024.0;
inline constexpr double kBytesPerMiB = 1024.0 * kBytesPerKiB;
inline constexpr double kBytesPerGiB = 1024.0 * kBytesPerMiB;
inline constexpr double kBytesPerSPerGBps = 1e9;
inline constexpr double kFlopsPerSPerTflops = 1e12;
inline constexpr double kSecondsPerUs = 1e-6;
inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerDay = 86400.0;

[[nodiscard]] constexpr double gibToBytes(double gib) { return gib * kBytesPerGiB; }
[[nodiscard]] constexpr double bytesToGib(double bytes) { return bytes / kBytesPerGiB; }
[[nodiscard]] constexpr double GBpsToBytesPerS(double GBps) { return GBps * kBytesPerSPerGBps; }
[[nodiscard]] constexpr double bytesPerSToGBps(double bytesPerS) { return bytesPerS / kBytesPerSPerGBps; }
[[nodiscard]] constexpr double tflopsToFlopsPerS(double tflops) { return tflops * kFlopsPerSPerTflops; }
[[nodiscard]] constexpr double flopsPerSToTflops(double flopsPerS) { return flopsPerS / kFlopsPerSPerTflops; }
[[nodiscard]] constexpr double usToSeconds(double us) { return us * kSecondsPerUs; }
[[nodiscard]] constexpr double secondsToUs(double seconds) { return seconds / kSecondsPerUs; }

} // namespace paraplan
