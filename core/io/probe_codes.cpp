// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/probe_codes.h"

#include "core/spec/translatable.h"

#include <algorithm>
#include <array>

namespace paraplan::io {

namespace {

using enum ProbeCode;
constexpr ProbeCodeKind kError = ProbeCodeKind::Error;
constexpr ProbeCodeKind kWarning = ProbeCodeKind::Warning;

// lupdate reads this file (app/gui/CMakeLists.txt): the titles are translated under "ProbeText".
constexpr std::array kCodes{
    ProbeCodeEntry{ NoGpu, "no_gpu", kError, QT_TRANSLATE_NOOP("ProbeText", "no GPU was found") },
    ProbeCodeEntry{ DriverMismatch, "driver_mismatch", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "the GPU driver is older than the CUDA runtime") },
    ProbeCodeEntry{ BackendUnavailable, "backend_unavailable", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "this probe was built without that backend") },
    ProbeCodeEntry{ UnknownBackend, "unknown_backend", kError, QT_TRANSLATE_NOOP("ProbeText", "unknown backend") },
    ProbeCodeEntry{ UnreadableScenario, "unreadable_scenario", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "the scenario file cannot be read") },
    ProbeCodeEntry{ InvalidScenario, "invalid_scenario", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "the scenario breaks a rule") },
    ProbeCodeEntry{ UnreadableCalibration, "unreadable_calibration", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "the calibration profile cannot be read") },
    ProbeCodeEntry{ UnwritableOutput, "unwritable_output", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "an output file cannot be written") },
    ProbeCodeEntry{ WorldSizeMismatch, "world_size_mismatch", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "the number of ranks does not match the scenario") },
    ProbeCodeEntry{ OutOfMemory, "out_of_memory", kError, QT_TRANSLATE_NOOP("ProbeText", "out of memory") },
    ProbeCodeEntry{ CudaFailed, "cuda_failed", kError, QT_TRANSLATE_NOOP("ProbeText", "a CUDA call failed") },
    ProbeCodeEntry{ CublasFailed, "cublas_failed", kError, QT_TRANSLATE_NOOP("ProbeText", "a cuBLAS call failed") },
    ProbeCodeEntry{ NcclFailed, "nccl_failed", kError, QT_TRANSLATE_NOOP("ProbeText", "an NCCL call failed") },
    ProbeCodeEntry{ MpiFailed, "mpi_failed", kError, QT_TRANSLATE_NOOP("ProbeText", "an MPI call failed") },
    ProbeCodeEntry{ WatchdogTimeout, "watchdog_timeout", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "a step took longer than the watchdog allows") },
    ProbeCodeEntry{ Terminated, "terminated", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "stopped (cancelled, or another rank failed)") },
    ProbeCodeEntry{ InternalError, "internal_error", kError, QT_TRANSLATE_NOOP("ProbeText", "internal error") },
    ProbeCodeEntry{ BufferTooSmall, "buffer_too_small", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "a buffer is smaller than the operation needs") },
    ProbeCodeEntry{ InvalidPeer, "invalid_peer", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "a message was addressed to a rank outside its group") },
    ProbeCodeEntry{ MessageTooLarge, "message_too_large", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "a message is larger than the backend sends at once") },
    ProbeCodeEntry{ UnmatchedReceive, "unmatched_receive", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "a receive has no matching send") },
    ProbeCodeEntry{ UnmatchedSend, "unmatched_send", kError,
                    QT_TRANSLATE_NOOP("ProbeText", "a send has no matching receive") },
    ProbeCodeEntry{ CpuMeasurements, "cpu_measurements", kWarning,
                    QT_TRANSLATE_NOOP("ProbeText", "CPU measurements, not GPU ones") },
    ProbeCodeEntry{ DiscoveryNote, "discovery_note", kWarning,
                    QT_TRANSLATE_NOOP("ProbeText", "what discovery could not find out") },
    ProbeCodeEntry{ BenchNote, "bench_note", kWarning,
                    QT_TRANSLATE_NOOP("ProbeText", "what the benchmark does not measure") },
    ProbeCodeEntry{ GroupDoesNotFit, "group_does_not_fit", kWarning,
                    QT_TRANSLATE_NOOP("ProbeText", "a group does not fit this run's ranks") },
};

// entryOf indexes the table by the enum.
constexpr bool inEnumOrder()
{
    for (size_t i = 0; i < kCodes.size(); ++i)
        if (size_t(kCodes[i].code) != i)
            return false;
    return size_t(GroupDoesNotFit) + 1 == kCodes.size();
}
static_assert(inEnumOrder(), "kCodes lists every ProbeCode once, in the enum's order");

} // namespace

std::span<const ProbeCodeEntry> probeCodes() { return kCodes; }

const ProbeCodeEntry& entryOf(ProbeCode code) { return kCodes[size_t(code)]; }

const char* toString(ProbeCode code) { return entryOf(code).name; }

std::optional<ProbeCode> probeCodeNamed(std::string_view name)
{
    const auto found
        = std::find_if(kCodes.begin(), kCodes.end(), [&](const ProbeCodeEntry& e) { return name == e.name; });
    if (found == kCodes.end())
        return std::nullopt;
    return found->code;
}

} // namespace paraplan::io
