// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

// paraplan-probe's records (docs/engine-protocol.md) as plain values: the engine fills them, the
// probe writes them as JSON lines (core/io/probe_json.h), and the GUI and the CLI read them back
// into the same types. Field names follow the protocol's ("median_s" is medianS). Those without
// a topology compare equal field by field.
namespace paraplan::io {

struct ProbeTiming {
    double medianS = 0, minS = 0, maxS = 0, p10S = 0, p90S = 0;
    double spread = 0; // (p90 - p10) / median
    int64_t runs = 0;

    bool operator==(const ProbeTiming&) const = default;
};

// The `device` measurement, and each element of a result's `devices`.
struct ProbeDevice {
    int64_t rank = 0; // the rank that drives it
    std::string host;
    int64_t index = 0; // on its host
    std::string name;  // "NVIDIA H200", "Intel Xeon ... (CPU rank)"
    double memoryBytes = 0;
    int64_t multiprocessors = 0; // SMs, or CPU cores for the host backend
    std::string computeCapability;
    double clockMHz = 0;
    double memoryClockMHz = 0;
    std::string busId;

    bool operator==(const ProbeDevice&) const = default;
};

struct ProbeGemm {
    std::string name; // qkv, attention projection, mlp up, ... logits
    double m = 0, n = 0, k = 0, batch = 1;
    std::string precision; // as run: bf16, fp16, fp8, fp32 (host)
    double tflops = 0;
    double predictedS = 0; // the model's time on the scenario's GPU
    bool correct = false;
    ProbeTiming timing;

    bool operator==(const ProbeGemm&) const = default;
};

struct ProbeAttention {
    int64_t batchHeads = 0, seq = 0, headDim = 0;
    double tflops = 0;
    double predictedS = 0;
    bool correct = false;
    ProbeTiming timing;

    bool operator==(const ProbeAttention&) const = default;
};

// A device-to-device copy: what memory-bound kernels sustain.
struct ProbeMemory {
    double bytes = 0;         // copied per run
    double GBps = 0;          // reads plus writes per second
    double predictedGBps = 0; // the model's achievable HBM bandwidth on the scenario's GPU
    bool correct = false;
    ProbeTiming timing;

    bool operator==(const ProbeMemory&) const = default;
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

    bool operator==(const ProbeCollective&) const = default;
};

// A GEMM timed alone and beside all-reduces that run on another stream, or on the host another
// thread (the `overlap` measurement): how much slower compute runs while communication overlaps
// it, the figure the model calls EfficiencyParams::overlapSlowdown. The all-reduces are queued to
// outlast the GEMM, so that all of it runs overlapped.
struct ProbeOverlap {
    double m = 0, n = 0, k = 0;   // the GEMM
    std::string precision;        // as run: bf16, fp16, fp32 (host)
    std::string collective;       // all_reduce
    int64_t ranks = 0;            // the communicator: every rank of the run
    double bytes = 0;             // nccl-tests' S of each all-reduce
    bool crossesNodes = false;    // the ranks span more than one host
    int64_t queued = 0;           // all-reduces queued back to back beside each GEMM
    double gemmAloneS = 0;        // the GEMM alone: median, slowest rank
    double slowdown = 0;          // beside / alone - 1, never below 0
    double predictedSlowdown = 0; // the model's constant
    double busGBps = 0;           // the queued all-reduces together, first start to last end, beside the GEMM
    double busGBpsAlone = 0;      // one all-reduce alone
    bool correct = false;
    ProbeTiming timing; // the GEMM beside the all-reduces

    bool operator==(const ProbeOverlap&) const = default;
};

// One timed step of confirm, as it completes (the `step` measurement).
struct ProbeStepTime {
    int64_t step = 0;
    double seconds = 0;

    bool operator==(const ProbeStepTime&) const = default;
};

struct ProbeStage {
    int64_t stage = 0;
    double busyS = 0, idleS = 0, sendS = 0, tailS = 0;

    bool operator==(const ProbeStage&) const = default;
};

// A step of confirm: measured, or as the model predicts it.
struct ProbeStep {
    double stepS = 0; // measured: the median of the timed steps
    std::vector<ProbeStage> stages;
    std::optional<double> bubbleFraction; // predicted only
    // Measured only: the fastest and slowest timed step, how many were timed, the memory the
    // model predicts for the stage, held during the step, and what the run itself held on the
    // device after its warm-up step (context, libraries' buffers, communicators, working buffers;
    // the largest of the ranks) before the rest of the prediction was reserved.
    std::optional<double> stepMinS, stepMaxS;
    std::optional<int64_t> steps;
    std::optional<double> reservedBytes;
    std::optional<double> footprintBytes;

    bool operator==(const ProbeStep&) const = default;
};

// A measurement of a kind this build does not know (a newer probe's): skipped, but named.
struct ProbeOtherMeasurement {
    std::string kind;

    bool operator==(const ProbeOtherMeasurement&) const = default;
};

struct ProbeProgress {
    std::string step; // discover, bench, confirm
    int64_t done = 0, total = 0;
    std::string message;

    bool operator==(const ProbeProgress&) const = default;
};

// Codes as written (core/io/probe_codes.h lists those this build knows).
struct ProbeWarning {
    std::string code;
    std::string message;

    bool operator==(const ProbeWarning&) const = default;
};

struct ProbeError {
    std::string code;
    std::string message;

    bool operator==(const ProbeError&) const = default;
};

// The command's result. Each part is there when the command reports it (discover: the topology
// and notes; bench: the measurements; confirm: the steps), and replaces what the measurement
// events gave.
struct ProbeResult {
    std::string command;
    std::string backend;
    bool cpu = false;
    int64_t ranks = 0;
    std::optional<std::vector<ProbeDevice>> devices;
    std::optional<TopologySpec> topology; // one node kind per host; no nodes when none could be made
    std::optional<std::vector<std::string>> notes;
    std::optional<std::vector<ProbeGemm>> gemms;
    std::optional<std::vector<ProbeAttention>> attention; // written as one object when there is one
    std::optional<ProbeMemory> memory;
    std::optional<std::vector<ProbeCollective>> collectives;
    std::optional<ProbeOverlap> overlap; // bench with at least 2 ranks
    std::optional<bool> calibrated; // confirm: the predictions used a calibration profile
    std::optional<ProbeStep> measured, predicted, predictedWithoutFramework;
};

using ProbeEvent = std::variant<ProbeProgress, ProbeDevice, ProbeGemm, ProbeAttention, ProbeMemory, ProbeCollective,
                                ProbeOverlap, ProbeStepTime, ProbeOtherMeasurement, ProbeWarning, ProbeError,
                                ProbeResult>;

// One line of output: the event with the envelope every event has.
struct ProbeLine {
    double timeS = 0; // since the rank started the command
    int64_t rank = 0; // the rank that wrote it
    ProbeEvent event;
};

// What the first rank of a host found out about the host in discovery, besides its own device.
struct HostDescription {
    // The host's devices as this rank sees them: its GPUs and how they are joined (cuda), or its
    // CPU sockets and NICs (host backend, whose ranks rank 0 adds as the node's compute devices).
    std::optional<NodeSpec> node;
    std::vector<std::string> gpuBusIds; // cuda: the node's GPUs' PCI addresses, in the node's order
    std::vector<std::string> notes;     // what could not be found out, and why
};

// One rank's description of itself, sent to rank 0 in discovery: a message between ranks, not an
// event of the protocol.
struct RankDescription {
    ProbeDevice device;
    int64_t localRank = 0; // among the ranks of its host
    double linkGBps = 0;   // the host backend's measured copy bandwidth: a CPU rank's link
    std::optional<HostDescription> host; // from the first rank of each host
};

} // namespace paraplan::io
