// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/probe_records.h"
#include "core/network/calibration.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What paraplan-probe reports (its JSON-lines events, docs/engine-protocol.md), gathered for the
// GUI and the CLI: live, event by event from a running probe, or whole from a results file a
// cluster run left. Each line is read by core/io/probe_json.h.
namespace paraplan::io {

// What the log keeps of a warning or an error: who said it, and the event's code and message.
struct ProbeMessage {
    int64_t rank = 0;
    std::string code;
    std::string message;
};

struct ProbeLog {
    // From the result event; empty while the run goes on (finished() says whether it came).
    std::string command;
    std::string backend;
    bool cpu = false;
    int64_t ranks = 0;

    std::vector<ProbeDevice> devices;
    std::optional<TopologySpec> topology; // discover's `cluster.topology`
    std::vector<std::string> notes;
    std::vector<ProbeGemm> gemms;
    std::vector<ProbeAttention> attention;
    std::optional<ProbeMemory> memory;
    std::vector<ProbeCollective> collectives;
    std::optional<ProbeOverlap> overlap; // bench with at least 2 ranks
    std::vector<double> stepSeconds; // confirm's timed steps as they complete
    std::optional<ProbeStep> measured, predicted, predictedWithoutFramework;
    std::vector<ProbeMessage> warnings, errors;
    std::optional<ProbeProgress> progress; // the latest

    [[nodiscard]] bool finished() const { return !command.empty(); }
};

// Adds one event to `log`.
void addProbeEvent(ProbeLog& log, const ProbeLine& line);
// Adds one line of probe output to `log`. Blank lines are skipped; a line that is not a probe event
// (not JSON, no `event`, a figure missing) throws ReadError whose path is "line N".
void addProbeLine(ProbeLog& log, std::string_view line, int lineNumber);

// A whole results file (--output FILE, or a job's captured stdout). A file cut off mid-line (the
// run was killed while writing) keeps what came before the cut.
[[nodiscard]] ProbeLog readProbeLog(const std::string& text);

// The calibration profile a bench run's measurements make: every correct GEMM at its shape and
// precision, the copy bandwidth, every correct collective's bus bandwidth at its group size,
// message size and locality, compute's slowdown beside communication, named after the devices the
// run measured; figures outside what a measurement can be (calibration.h) are left out. Throws
// ReadError("(file)") when the log holds no bench measurements, or none correct and plausible.
[[nodiscard]] CalibrationProfile calibrationFromProbe(const ProbeLog& log, const std::string& source);

} // namespace paraplan::io
