// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "tests/core/frameworks/framework_fixtures.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

// What the tests of the recipe formats (nemo_yaml_test.cpp, megatron_bridge_test.cpp) and of the
// launch environment and Slurm script (launch_environment_test.cpp, slurm_script_test.cpp) share.
namespace paraplan::frameworks::test {

inline bool anyNoteHas(const std::vector<std::string>& notes, std::string_view words)
{
    return std::any_of(notes.begin(), notes.end(), [&](const std::string& note) { return note.find(words) != std::string::npos; });
}

// Every NAME of the `export NAME=value [NAME=value...]` lines of a shell file.
inline std::vector<std::string> exportedNames(const std::string& text)
{
    static const std::regex assignment(R"(\b([A-Z][A-Z0-9_]*)=)");
    std::vector<std::string> names;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const size_t at = line.find("export ");
        if (at == std::string::npos || line.find('#') < at || line.find("export -f") != std::string::npos)
            continue;
        for (std::sregex_iterator it(line.begin() + long(at), line.end(), assignment), end; it != end; ++it)
            names.push_back((*it)[1]);
    }
    return names;
}

// The PCIe scenario of the export tests (two 8-GPU servers, tp 2, pp 2) with another rank table.
inline Scenario pcieWithTable(const std::vector<int64_t>& table)
{
    nlohmann::json document = nlohmann::json::parse(fileText(kFrameworksData + "scenarios/pcie_swapped_ranks.json"));
    document["parallel"]["placement"]["rank_to_gpu"] = table;
    return io::readScenario(document, io::builtinCatalog());
}

inline bool haveProgram(const char* name)
{
    return std::system(("command -v " + std::string(name) + " > /dev/null 2>&1").c_str()) == 0;
}

// A file of `text` in the temporary directory, removed when the object goes.
class TemporaryFile {
public:
    TemporaryFile(const std::string& name, const std::string& text)
        : m_path(std::filesystem::temp_directory_path() / ("paraplan_test_" + std::to_string(::getpid()) + "_" + name))
    {
        std::ofstream(m_path, std::ios::binary) << text;
    }
    ~TemporaryFile() { std::filesystem::remove(m_path); }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    [[nodiscard]] std::string path() const { return m_path.string(); }

private:
    std::filesystem::path m_path;
};

// The exit status of `command` run by the shell, its standard output in `output`.
inline int runCommand(const std::string& command, std::string& output)
{
    output.clear();
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return -1;
    std::array<char, 4096> buffer{};
    while (const size_t read = std::fread(buffer.data(), 1, buffer.size(), pipe))
        output.append(buffer.data(), read);
    const int status = ::pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace paraplan::frameworks::test
