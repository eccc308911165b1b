// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/probe_codes.h"
#include "core/io/probe_records.h"

#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

// The probe's output: one JSON object per line (docs/engine-protocol.md), read alike by the GUI,
// scripts and CI. The engine hands over records; core/io renders each with its envelope ("event",
// "time_s" since the run began, "rank"). With a results file, every event also lands there, the
// file replaced atomically after each one, so a run that dies leaves what it had measured.
namespace paraplan::engine {

class EventLog {
public:
    EventLog(std::ostream& out, int rank);

    // Every event from now on also goes to `path`, rewritten atomically after each. Throws
    // EngineError("unwritable_output") when the file cannot be written at all.
    void setResultsFile(std::filesystem::path path);

    void write(io::ProbeEvent event);
    void warning(io::ProbeCode code, std::string message);
    void error(io::ProbeCode code, std::string message);

    // The rendered line of an error event, for places that cannot take a lock or allocate
    // (a signal handler writes it with write(2)).
    [[nodiscard]] std::string errorLine(io::ProbeCode code, std::string message) const;
    [[nodiscard]] double secondsSinceStart() const;

private:
    [[nodiscard]] std::string lineOf(io::ProbeEvent event) const;
    bool saveResults(); // false when the file could not be written

    std::mutex m_mutex;
    std::ostream& m_out;
    int m_rank;
    std::chrono::steady_clock::time_point m_start;
    std::optional<std::filesystem::path> m_resultsFile;
    std::vector<std::string> m_lines; // every event so far, for the results file
};

} // namespace paraplan::engine
