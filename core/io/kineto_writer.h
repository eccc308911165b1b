// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

// One rank's kernels as a PyTorch profiler (Kineto) Chrome trace, the file layout that
// torch.profiler's export_chrome_trace writes and core/io/kineto_trace.h reads: "schemaVersion",
// "deviceProperties", "distributedInfo" {backend, rank, world_size}, and "traceEvents" with a
// complete ("X") event per kernel ("cat": "kernel", or "gpu_memcpy" for copies; "ts" and "dur" in
// microseconds on the rank's clock; "pid" the device, "tid" the stream; "args" with "device",
// "stream", "correlation", "External id" and, for NCCL kernels, "Collective name"), each step as
// a ProfilerStep#N annotation on the host ("user_annotation") and on the device
// ("gpu_user_annotation"), and the names of the device and its streams as metadata events.
// paraplan-probe confirm --trace-out writes the synthetic step this way (docs/trace.md).
namespace paraplan::io {

struct KinetoTraceHeader {
    std::string backend = "nccl"; // distributedInfo.backend
    int64_t hostPid = 0;          // the process the host's step annotations belong to
    int64_t firstStep = 1;        // the number of the first step's ProfilerStep#N
    // What made the trace, written as "paraplan": {"producer": ...} beside Kineto's fields: a trace
    // that stands in for a GPU run says so.
    std::string producer;
};

// `rank`: kernels on its step axis (MeasuredRank::origin added back to place them on its clock);
// the rank and world size where known.
[[nodiscard]] nlohmann::json kinetoTraceJson(const MeasuredRank& rank, const KinetoTraceHeader& header);

} // namespace paraplan::io
