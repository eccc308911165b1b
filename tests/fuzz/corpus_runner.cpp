// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A fuzz target as an ordinary test, for any compiler: every input of its seed corpus, then a
// fixed number of seeded mutations of them (mutator.h). PARAPLAN_FUZZ_RUNS sets how many (the
// long runs of BENCHMARKS.md), PARAPLAN_FUZZ_SEED which; the seed is printed, so a failure
// reproduces. An input that fails, crashes or runs past the watchdog is saved to a file the
// message names.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/mutator.h"
#include "tests/fuzz/runner_target.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using paraplan::fuzz::fuzzOne;

constexpr uint64_t kDefaultSeed = 12; // issue #12; fixed, so that CI runs the same inputs each time
// Far above any input's cost (a target bounds its own); reaching it means a hang.
constexpr unsigned kWatchdogSeconds = 10;

const fs::path kCorpus = paraplan::fuzz::kRunnerTarget.corpusDir;
const std::string kTarget = paraplan::fuzz::kRunnerTarget.name;

// Where the input that crashed or hung goes: the signal handler may only write, so the path and
// the message are made before any input runs.
const std::string kCrashFile = (fs::current_path() / ("crash-" + kTarget)).string();
const std::string kCrashMessage
    = "\nfuzz target " + kTarget + ": the input that crashed or hung is saved in " + kCrashFile + "\n";
const std::string* volatile g_input = nullptr;
constexpr std::array<int, 6> kDeadlySignals = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM };
std::array<struct sigaction, NSIG> g_previous {};

extern "C" void saveInputAndDie(int signal)
{
    if (const std::string* input = g_input) {
        const int file = ::open(kCrashFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (file >= 0) {
            (void)!::write(file, input->data(), input->size());
            ::close(file);
        }
        (void)!::write(STDERR_FILENO, kCrashMessage.data(), kCrashMessage.size());
    }
    // The handler there was before (a sanitizer's report, or the default action) takes it from
    // here: a fault recurs on return, a raised signal is delivered then.
    ::sigaction(signal, &g_previous[size_t(signal)], nullptr);
    std::raise(signal);
}

// The handler runs on a stack of its own: an input that overflows the stack (deep recursion) must
// still be saved and reported, not end in a second fault on the exhausted stack. Sized for a
// sanitizer's report, which runs there too.
class CrashGuard {
public:
    CrashGuard()
        : m_stack(kHandlerStackBytes)
    {
        stack_t stack = {};
        stack.ss_sp = m_stack.data();
        stack.ss_size = m_stack.size();
        ::sigaltstack(&stack, &m_previousStack);
        struct sigaction save = {};
        save.sa_handler = saveInputAndDie;
        save.sa_flags = SA_ONSTACK;
        for (int signal : kDeadlySignals)
            ::sigaction(signal, &save, &g_previous[size_t(signal)]);
    }
    ~CrashGuard()
    {
        for (int signal : kDeadlySignals)
            ::sigaction(signal, &g_previous[size_t(signal)], nullptr);
        ::sigaltstack(&m_previousStack, nullptr);
    }
    CrashGuard(const CrashGuard&) = delete;
    CrashGuard& operator=(const CrashGuard&) = delete;

private:
    static constexpr size_t kHandlerStackBytes = size_t(1) << 20;
    std::vector<char> m_stack;
    stack_t m_previousStack = {};
};

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<fs::path> corpusFiles()
{
    std::vector<fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(kCorpus))
        if (entry.is_regular_file())
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

unsigned long long fromEnvironment(const char* name, unsigned long long fallback)
{
    const char* value = std::getenv(name);
    return value && *value ? std::strtoull(value, nullptr, 0) : fallback;
}

// Runs one input; on a finding, saves it beside the crash file and says which input it was.
::testing::AssertionResult runsClean(const std::string& input, const std::string& name)
{
    g_input = &input;
    ::alarm(kWatchdogSeconds);
    std::string finding;
    try {
        fuzzOne(reinterpret_cast<const uint8_t*>(input.data()), input.size());
    } catch (const std::exception& e) {
        finding = e.what();
    } catch (...) {
        finding = "an exception of unknown type";
    }
    ::alarm(0);
    g_input = nullptr;
    if (finding.empty())
        return ::testing::AssertionSuccess();
    const fs::path saved = fs::current_path() / ("finding-" + kTarget);
    std::ofstream(saved, std::ios::binary) << input;
    return ::testing::AssertionFailure() << name << ": " << finding << " (input saved in " << saved.string() << ")";
}

TEST(Fuzz, EveryCorpusInputRunsClean)
{
    const CrashGuard guard;
    const std::vector<fs::path> files = corpusFiles();
    ASSERT_FALSE(files.empty()) << "no corpus in " << kCorpus;
    for (const fs::path& file : files)
        ASSERT_TRUE(runsClean(readFile(file), file.filename().string()));
}

TEST(Fuzz, SeededMutationsRunClean)
{
    const CrashGuard guard;
    const uint64_t seed = fromEnvironment("PARAPLAN_FUZZ_SEED", kDefaultSeed);
    const unsigned long long runs = fromEnvironment("PARAPLAN_FUZZ_RUNS", paraplan::fuzz::kRunnerTarget.defaultRuns);
    std::cout << "fuzz target " << kTarget << ": " << runs << " mutations, seed " << seed
              << " (PARAPLAN_FUZZ_RUNS and PARAPLAN_FUZZ_SEED change them)" << std::endl;
    std::vector<std::string> corpus;
    for (const fs::path& file : corpusFiles())
        corpus.push_back(readFile(file));
    paraplan::fuzz::Mutator mutator(std::move(corpus), seed);
    const auto started = std::chrono::steady_clock::now();
    double targetS = 0, slowestS = 0;
    for (unsigned long long run = 0; run < runs; ++run) {
        const std::string input = mutator.next();
        const auto before = std::chrono::steady_clock::now();
        ASSERT_TRUE(runsClean(input, "mutation " + std::to_string(run) + " of seed " + std::to_string(seed)));
        const double inputS = std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
        targetS += inputS;
        slowestS = std::max(slowestS, inputS);
    }
    const double elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "fuzz target " << kTarget << ": " << runs << " mutations in " << elapsedS << " s (" << targetS
              << " s in the target), slowest input " << slowestS * 1e3 << " ms" << std::endl;
}

} // namespace
