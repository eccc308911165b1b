// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/measured_trace.h"

#include <cstdint>
#include <string>

// A PyTorch profiler trace (torch.profiler's export_chrome_trace / tensorboard_trace_handler:
// Kineto's Chrome-trace JSON) as one rank's measured kernels (docs/trace.md, "Importing a measured
// trace"). Kept: the GPU activities ("ph": "X" with "cat" "kernel", "gpu_memcpy" or "gpu_memset";
// "ts" and "dur" in microseconds), each classified by its name and the "Collective name" the
// profiler attaches to NCCL kernels; the profiled steps (ProfilerStep#N annotations, the GPU's
// "gpu_user_annotation" copies where the trace has them); "distributedInfo" (rank, world_size);
// "deviceProperties" (the GPU's name). Everything else (CPU operators, runtime calls, flows,
// metadata, fields the reader does not know) is ignored. Kernels of devices other than the one
// that ran most of them are left out, with a note: one trace per rank.
namespace paraplan::io {

// `stepsHeld`: how many training steps a trace without step annotations holds (its kernels' span
// is split evenly); annotations, where there are some, say it themselves. Throws ReadError (json_reader.h)
// naming where the trace is wrong: "line L, column C" for its syntax, else the JSON path
// ("traceEvents[12].dur") and what is wrong with it (a negative or absurd duration, a field of the
// wrong type, no "traceEvents", no GPU kernel at all).
[[nodiscard]] MeasuredRank readKinetoTrace(const std::string& text, int64_t stepsHeld = 1);

} // namespace paraplan::io
