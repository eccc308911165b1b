// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/step/kernel_classes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// What the GPUs of a real run did, as a profiler recorded it, whatever its format (a PyTorch
// profiler trace: core/io/kineto_trace.h; an Nsight Systems export: app/import/nsys_sqlite.h):
// per rank, its GPU kernels named and classified, on the step's time axis. Seconds.
namespace paraplan {

struct MeasuredKernel {
    std::string name;
    KernelClass kind = KernelClass::Other;
    double start = 0;   // from the start of the rank's first profiled step (t = 0)
    double seconds = 0; // never negative
    int64_t stream = 0;
    // What PyTorch's profiler says an NCCL kernel ran ("Collective name": allreduce, all_to_allv,
    // send, ...); empty for other kernels and where the trace does not say.
    std::string collective;
};

// One profiled training step: [start, end) on the same axis as the kernels.
struct StepWindow {
    double start = 0;
    double end = 0;
};

struct MeasuredRank {
    std::string source; // the file it came from, for messages
    // The rank in the job (torch.distributed's, one per GPU), as the trace says or its file name
    // does ("rank3", "rank_3"); nullopt where neither does (a front end then takes the files in order).
    std::optional<int64_t> rank;
    std::optional<int64_t> worldSize;
    int64_t device = 0;     // the GPU the kernels ran on, as the trace numbers it
    std::string deviceName; // as the trace names it; empty where it does not
    // t = 0 on the trace's own clock, in seconds: ranks whose traces share a clock (one host, or
    // synchronised hosts) line up by it.
    double origin = 0;
    // The profiled steps in order, at least one: the profiler's step annotations (ProfilerStep#N),
    // or else the span of the kernels as one step (or as many as the user says it holds).
    std::vector<StepWindow> steps;
    std::vector<MeasuredKernel> kernels; // by start
    // What the reader left out or assumed ("412 kernels on device 1 left out: one file per rank").
    std::vector<std::string> notes;

    // From the first step's start to the last one's end.
    [[nodiscard]] double span() const { return steps.empty() ? 0.0 : steps.back().end - steps.front().start; }
};

// What a reader builds once it has a rank's kernels on its own clock (start in seconds, not yet
// shifted): sorts them, sets `origin` to the first step's start (or the first kernel's, without
// step annotations) and shifts everything to it; without `steps`, one step spanning the kernels,
// split in `stepsHeld` equal windows when the user says how many it holds (at least 1).
void placeOnStepAxis(MeasuredRank& rank, int64_t stepsHeld = 1);

// Per step, the seconds a rank's kernels of each class ran (summed, overlapping streams counted
// each), and the seconds no kernel ran within the steps' windows.
struct MeasuredSeconds {
    std::vector<double> byClass = std::vector<double>(kKernelClasses, 0.0); // by KernelClass
    // The same as its kernels typically take: per kernel name, the median duration times the
    // count. A kernel held up once (the OS preempting a CPU rank, a GPU throttling) weighs in the
    // sum, not here: what tells a part that is slow on one stage from one that was unlucky once.
    std::vector<double> typicalByClass = std::vector<double>(kKernelClasses, 0.0);
    double idle = 0;
    double window = 0; // the average step's span
    [[nodiscard]] double of(KernelClass kind) const { return byClass[size_t(kind)]; }
    [[nodiscard]] double typicalOf(KernelClass kind) const { return typicalByClass[size_t(kind)]; }
};
[[nodiscard]] MeasuredSeconds measuredSecondsPerStep(const MeasuredRank& rank);

} // namespace paraplan
