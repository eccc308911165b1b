// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <span>
#include <string_view>

// Every code paraplan-probe puts in an error or warning event (docs/engine-protocol.md), in one
// table: the engine names codes by the enum, so a code outside the table cannot be written, and
// the front ends take each code's title from here.
namespace paraplan::io {

enum class ProbeCode {
    // Errors: the run ends.
    NoGpu,
    DriverMismatch,
    BackendUnavailable,
    UnknownBackend,
    UnreadableScenario,
    InvalidScenario,
    UnreadableCalibration,
    UnwritableOutput,
    WorldSizeMismatch,
    OutOfMemory,
    CudaFailed,
    CublasFailed,
    NcclFailed,
    MpiFailed,
    WatchdogTimeout,
    Terminated,
    InternalError,
    BufferTooSmall,
    InvalidPeer,
    MessageTooLarge,
    UnmatchedReceive,
    UnmatchedSend,
    // Warnings: the run goes on.
    CpuMeasurements,
    DiscoveryNote,
    BenchNote,
    GroupDoesNotFit,
};

enum class ProbeCodeKind { Error, Warning };

struct ProbeCodeEntry {
    ProbeCode code;
    const char* name;  // as the events write it: "no_gpu"
    ProbeCodeKind kind;
    const char* title; // English, translated in the "ProbeText" context: "no GPU was found"
};

// Every code, in the enum's order.
[[nodiscard]] std::span<const ProbeCodeEntry> probeCodes();
[[nodiscard]] const ProbeCodeEntry& entryOf(ProbeCode code);
[[nodiscard]] const char* toString(ProbeCode code);
// The code a probe wrote, or nullopt for one this build does not know (a newer probe's).
[[nodiscard]] std::optional<ProbeCode> probeCodeNamed(std::string_view name);

} // namespace paraplan::io
