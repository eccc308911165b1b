// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/input_file.h"

#include <optional>
#include <string>
#include <vector>

namespace paraplan::cli {

// Exit codes of every command (spec/scenario.md): valid, unreadable input, invalid scenario.
enum ExitCode { kExitOk = 0, kExitUnreadable = 1, kExitInvalid = 2 };

using io::readInputFile;

// Command-line arguments after the command name: positional values and --flags.
class Arguments {
public:
    explicit Arguments(std::vector<std::string> args)
        : m_args(std::move(args))
    {
    }
    // Removes and returns whether `flag` was present.
    bool flag(const std::string& flag);
    // Removes `option VALUE` and returns VALUE; sets `error` if the value is missing.
    std::optional<std::string> option(const std::string& option, std::string& error);
    // Removes and returns the first argument when it is a word, not an option: a command's action
    // ("calibration import-nccl-tests ...").
    std::optional<std::string> action();
    // What remains once flags and options are taken; anything starting with "--" is an error.
    std::vector<std::string> positional(std::string& error) const;

private:
    std::vector<std::string> m_args;
};

// Parses a positive integer option value; sets `error` naming the option otherwise.
[[nodiscard]] std::optional<long long> parsePositive(const std::string& text, const std::string& option, std::string& error);

} // namespace paraplan::cli
