// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/scratch_path.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <concepts>
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
        : m_path(paraplan::test::scratchPath(name))
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

// What the import of a recipe export (NeMo YAML, Megatron-Bridge) must give back: the scenario with
// its "auto" recomputation resolved, less what neither recipe format holds, each exception named
// in the export's notes: training tokens are whole iterations of global batch x sequence tokens,
// and a rank table is left to the env and slurm exports.
inline Scenario recipeRoundTripExpected(const Scenario& scenario, const Result& prediction, const LaunchBundle& bundle)
{
    Scenario expected = resolvedAuto(scenario, prediction);
    if (const std::optional<double> tokens = expected.training.trainTokens) {
        const double perStep = double(expected.training.globalBatch) * double(expected.training.seqLen);
        expected.training.trainTokens = std::ceil(*tokens / perStep) * perStep;
        EXPECT_TRUE(anyNoteHas(bundle.notes, "training.train_tokens"));
    }
    if (expected.parallel.placement.table) {
        expected.parallel.placement.table.reset();
        EXPECT_TRUE(anyNoteHas(bundle.notes, "parallel.placement.rank_to_gpu"));
    }
    return expected;
}

// A file an import must refuse: the key (or "line N") its io::ReadError names, and words of its message.
struct BadFile {
    const char* what;
    std::string text;
    std::string path;
    std::string message;
};

// Each bad file, read by `import` against `base`, raises the io::ReadError it names.
template <typename Import>
    requires std::invocable<Import, const std::string&, const nlohmann::json&>
void expectReadErrors(const std::vector<BadFile>& cases, const nlohmann::json& base, Import import)
{
    for (const BadFile& bad : cases) {
        SCOPED_TRACE(bad.what);
        try {
            (void)import(bad.text, base);
            ADD_FAILURE() << "no error";
        } catch (const io::ReadError& e) {
            EXPECT_EQ(e.path(), bad.path) << e.what();
            EXPECT_NE(std::string(e.what()).find(bad.message), std::string::npos) << e.what();
        }
    }
}

// Each hostile text, read by `import` against `base`, is read or refused with an io::ReadError
// within seconds: no crash, no hang.
template <typename Import>
    requires std::invocable<Import, const std::string&, const nlohmann::json&>
void expectReturnsSoon(const std::vector<std::string>& hostile, const nlohmann::json& base, Import import)
{
    for (const std::string& text : hostile) {
        const auto start = std::chrono::steady_clock::now();
        try {
            (void)import(text, base);
        } catch (const io::ReadError&) {
            // refused, as it should be; what matters is that it returned
        }
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    }
}

} // namespace paraplan::frameworks::test
