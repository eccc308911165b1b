// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/probe/probe_process.h"

#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace paraplan::engine::test {

std::vector<nlohmann::json> ProbeOutcome::of(const std::string& event) const
{
    std::vector<nlohmann::json> found;
    for (const nlohmann::json& e : events)
        if (e.value("event", "") == event)
            found.push_back(e);
    return found;
}

std::string fromEnvironment(const char* name, const char* built)
{
    const char* value = std::getenv(name);
    return value && *value ? value : built;
}

ProbeOutcome runProbe(int ranks, const std::string& args, int timeoutSeconds)
{
    // Tests run as root in containers; Open MPI refuses that unless told. More ranks than cores
    // are fine for these small runs.
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 1);
    const std::string command = "timeout " + std::to_string(timeoutSeconds) + " "
        + fromEnvironment("PARAPLAN_MPIEXEC", PARAPLAN_MPIEXEC) + " -np " + std::to_string(ranks) + " "
        + fromEnvironment("PARAPLAN_PROBE", PARAPLAN_PROBE) + " " + args + " 2>&1";
    ProbeOutcome outcome;
    const auto start = std::chrono::steady_clock::now();
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        return outcome;
    std::string text;
    std::array<char, 4096> chunk{};
    while (size_t n = fread(chunk.data(), 1, chunk.size(), pipe))
        text.append(chunk.data(), n);
    const int status = pclose(pipe);
    outcome.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const nlohmann::json parsed = nlohmann::json::parse(line, nullptr, false);
        if (parsed.is_object() && parsed.contains("event"))
            outcome.events.push_back(parsed);
        else
            outcome.otherOutput += line + "\n";
    }
    return outcome;
}

} // namespace paraplan::engine::test
