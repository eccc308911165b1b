// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/protocol/event_log.h"

#include "engine/backend/backend.h"
#include "core/io/atomic_file.h"

#include "core/io/probe_json.h"

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
        throw EngineError(io::ProbeCode::UnwritableOutput, "cannot write the results file " + where
                                                               + ": check that its folder exists and is writable");
    }
}

void EventLog::write(io::ProbeEvent event)
{
    const std::string line = lineOf(std::move(event));
    const std::lock_guard lock(m_mutex);
    m_out << line << '\n' << std::flush;
    m_lines.push_back(line);
    saveResults();
}

void EventLog::warning(io::ProbeCode code, std::string message)
{
    write(io::ProbeWarning{ io::toString(code), std::move(message) });
}

void EventLog::error(io::ProbeCode code, std::string message)
{
    write(io::ProbeError{ io::toString(code), std::move(message) });
}

std::string EventLog::errorLine(io::ProbeCode code, std::string message) const
{
    return lineOf(io::ProbeError{ io::toString(code), std::move(message) }) + "\n";
}

double EventLog::secondsSinceStart() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

std::string EventLog::lineOf(io::ProbeEvent event) const
{
    return io::renderProbeLine({ secondsSinceStart(), m_rank, std::move(event) });
}

bool EventLog::saveResults()
{
    if (!m_resultsFile)
        return true;
    std::string content;
    for (const std::string& line : m_lines)
        content.append(line).push_back('\n');
    return io::replaceFile(*m_resultsFile, content); // on failure the events still reach stdout
}

} // namespace paraplan::engine
