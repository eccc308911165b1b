// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

// The probe's output: one JSON object per line (docs/engine-protocol.md), read alike by the GUI,
// scripts and CI. Each event has "event" (progress, measurement, warning, error, result),
// "time_s" since the run began and "rank"; the rest depends on the event. With a results file,
// every event also lands there, the file replaced atomically after each one, so a run that dies
// leaves what it had measured.
namespace paraplan::engine {

class EventLog {
public:
    EventLog(std::ostream& out, int rank);

    // Every event from now on also goes to `path`, rewritten atomically after each. Throws
    // EngineError("unwritable_output") when the file cannot be written at all.
    void setResultsFile(std::filesystem::path path);

    void progress(std::string_view step, int64_t done, int64_t total, std::string_view message);
    void measurement(nlohmann::json fields);
    void warning(std::string_view code, std::string_view message);
    void error(std::string_view code, std::string_view message);
    void result(nlohmann::json fields);

    // The rendered line of an error event, for places that cannot take a lock or allocate
    // (a signal handler writes it with write(2)).
    [[nodiscard]] std::string errorLine(std::string_view code, std::string_view message) const;
    [[nodiscard]] double secondsSinceStart() const;

private:
    void emit(std::string_view event, nlohmann::json fields);
    [[nodiscard]] nlohmann::ordered_json envelope(std::string_view event, nlohmann::json fields) const;
    bool saveResults(); // false when the file could not be written

    std::mutex m_mutex;
    std::ostream& m_out;
    int m_rank;
    std::chrono::steady_clock::time_point m_start;
    std::optional<std::filesystem::path> m_resultsFile;
    std::vector<std::string> m_lines; // every event so far, for the results file
};

} // namespace paraplan::engine
