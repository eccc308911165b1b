// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/commands.h"
#include "tests/scratch_path.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

// A paraplan-cli command run in-process, its output and exit code kept, and the files the tests
// hand it.
namespace paraplan::cli::test {

struct CommandRun {
    int code;
    std::string out;
    std::string err;
};

template <typename Command>
CommandRun run(Command command, std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int code = command(Arguments(std::move(args)), out, err);
    return { code, out.str(), err.str() };
}

// A file of tests/data.
inline std::string data(const std::string& name) { return (std::filesystem::path(PARAPLAN_TEST_DATA_DIR) / name).string(); }

// `text` as a file in the temporary folder, named after `name`.
inline std::string writeTemporary(const std::string& name, const std::string& text)
{
    const auto path = paraplan::test::scratchPath("cli-test-" + name);
    std::ofstream(path) << text;
    return path.string();
}

} // namespace paraplan::cli::test
