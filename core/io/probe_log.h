// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/calibration.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What paraplan-probe reports (its JSON-lines events, docs/engine-protocol.md), read back for the
// GUI and the CLI: live, line by line from a running probe, or whole from a results file a cluster
// run left. Events are read leniently where the protocol may grow (fields the reader does not
// know are skipped) and strictly where a figure is used (a missing or mistyped one names the line).
namespace paraplan::io {

struct ProbeTiming {
    double medianS = 0, minS = 0, maxS = 0, p10S = 0, p90S = 0;
    double spread = 0; // (p90 - p10) / median
    int64_t runs = 0;
};

struct ProbeDevice {
    int64_t rank = 0;
    std::string host;
    int64_t index = 0;
    std::string name;
    double memoryBytes = 0;
    int64_t multiprocessors = 0;
    std::string computeCapability;
    double clockMHz = 0;
};

struct ProbeGemm {
    std::string name; // qkv, attention projection, mlp up, ... logits
    double m = 0, n = 0, k = 0, batch = 1;
    std::string precision; // as run: bf16, fp16, fp8, fp32 (host)
    double tflops = 0;
    double predictedS = 0; // the model's time on the scenario's GPU
    bool correct = false;
    ProbeTiming timing;
};

struct ProbeAttention {
    double batchHeads = 0, seq = 0, headDim = 0;
    double tflops = 0;
    double predictedS = 0;
    bool correct = false;
    ProbeTiming timing;
};

// A device-to-device copy: what memory-bound kernels sustain.
struct ProbeMemory {
    double bytes = 0;        // copied per run
    double GBps = 0;         // reads plus writes per second
    double predictedGBps = 0; // the model's achievable HBM bandwidth on the scenario's GPU
    bool correct = false;
    ProbeTiming timing;
};

struct ProbeCollective {
    std::string group;      // TP, CP, EP, DP, PP
    std::string collective; // all_reduce, all_gather, reduce_scatter, all_to_all, send_recv
    std::string purpose;
    int64_t ranks = 0;
    double bytes = 0; // nccl-tests' S
    bool crossesNodes = false;
    bool asScenario = true; // false: consecutive ranks stood in for the scenario's group
    double busGBps = 0;
    double predictedBusGBps = 0;
    double predictedS = 0;
    bool correct = false;
    ProbeTiming timing;
};

struct ProbeStage {
    int64_t stage = 0;
    double busyS = 0, idleS = 0, sendS = 0, tailS = 0;
};

// A step of confirm: measured, or as the model predicts it.
struct ProbeStep {
    double stepS = 0;
    std::optional<double> bubbleFraction; // predicted only
    std::vector<ProbeStage> stages;
};

struct ProbeMessage {
    int64_t rank = 0;
    std::string code;
    std::string message;
};

struct ProbeProgress {
    std::string step; // discover, bench, confirm
    int64_t done = 0, total = 0;
    std::string message;
};

struct ProbeLog {
    // From the result event; empty while the run goes on (finished() says whether it came).
    std::string command;
    std::string backend;
    bool cpu = false;
    int64_t ranks = 0;

    std::vector<ProbeDevice> devices;
    std::string topologyJson; // discover's `cluster.topology`, as the probe wrote it ("" if none)
    std::vector<std::string> notes;
    std::vector<ProbeGemm> gemms;
    std::vector<ProbeAttention> attention;
    std::optional<ProbeMemory> memory;
    std::vector<ProbeCollective> collectives;
    std::vector<double> stepSeconds; // confirm's timed steps as they complete
    std::optional<ProbeStep> measured, predicted, predictedWithoutFramework;
    std::vector<ProbeMessage> warnings, errors;
    std::optional<ProbeProgress> progress; // the latest

    [[nodiscard]] bool finished() const { return !command.empty(); }
};

// Adds one line of probe output to `log`. Blank lines are skipped; a line that is not a probe event
// (not JSON, no `event`, a figure missing) throws ReadError whose path is "line N".
void addProbeLine(ProbeLog& log, std::string_view line, int lineNumber);

// A whole results file (--output FILE, or a job's captured stdout). A file cut off mid-line (the
// run was killed while writing) keeps what came before the cut.
[[nodiscard]] ProbeLog readProbeLog(const std::string& text);

// The calibration profile a bench run's measurements make: every correct GEMM at its shape and
// precision, the copy bandwidth, every correct collective's bus bandwidth at its group size,
// message size and locality, named after the devices the run measured. Throws ReadError("(file)") when the log holds
// no bench measurements.
[[nodiscard]] CalibrationProfile calibrationFromProbe(const ProbeLog& log, const std::string& source);

} // namespace paraplan::io
