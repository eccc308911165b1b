// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/protocol/event_log.h"

#include "engine/backend/backend.h"
#include "engine/protocol/atomic_file.h"


namespace paraplan::engine {

EventLog::EventLog(std::ostream& out, int rank)
    : m_out(out)
    , m_rank(rank)
    , m_start(std::chrono::steady_clock::now())
{
}

void EventLog::setResultsFile(std::filesystem::path path)
{
    const std::lock_guard lock(m_mutex);
    m_resultsFile = std::move(path);
    if (!saveResults()) {
        const std::string where = m_resultsFile->string();
        m_resultsFile.reset();
        throw EngineError("unwritable_output", "cannot write the results file " + where
                                                   + ": check that its folder exists and is writable");
    }
}

void EventLog::progress(std::string_view step, int64_t done, int64_t total, std::string_view message)
{
    emit("progress", { { "step", step }, { "done", done }, { "total", total }, { "message", message } });
}

void EventLog::measurement(nlohmann::json fields) { emit("measurement", std::move(fields)); }

void EventLog::warning(std::string_view code, std::string_view message)
{
    emit("warning", { { "code", code }, { "message", message } });
}

void EventLog::error(std::string_view code, std::string_view message)
{
    emit("error", { { "code", code }, { "message", message } });
}

void EventLog::result(nlohmann::json fields) { emit("result", std::move(fields)); }

std::string EventLog::errorLine(std::string_view code, std::string_view message) const
{
    return envelope("error", { { "code", code }, { "message", message } }).dump() + "\n";
}

double EventLog::secondsSinceStart() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

nlohmann::ordered_json EventLog::envelope(std::string_view event, nlohmann::json fields) const
{
    // What every event has comes first, so the lines read well.
    nlohmann::ordered_json line = { { "event", event }, { "time_s", secondsSinceStart() }, { "rank", m_rank } };
    for (auto& [key, value] : fields.items())
        line[key] = std::move(value);
    return line;
}

void EventLog::emit(std::string_view event, nlohmann::json fields)
{
    // Invalid UTF-8 (a device name, a path) must not throw halfway through a run.
    const std::string line = envelope(event, std::move(fields)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const std::lock_guard lock(m_mutex);
    m_out << line << '\n' << std::flush;
    m_lines.push_back(line);
    saveResults();
}

bool EventLog::saveResults()
{
    if (!m_resultsFile)
        return true;
    std::string content;
    for (const std::string& line : m_lines)
        content.append(line).push_back('\n');
    return replaceFile(*m_resultsFile, content); // on failure the events still reach stdout
}

} // namespace paraplan::engine
