// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>

// The one way ParaPlan's command-line tools read the files they are given (scenarios, cases,
// profiles, tool outputs).
namespace paraplan::io {

// Reads a whole file, refusing directories and anything above the size limit (so /dev/zero
// cannot hang the tool). On failure returns nullopt and sets `error` to a sentence for the user.
[[nodiscard]] std::optional<std::string> readInputFile(const std::string& path, std::string& error);

} // namespace paraplan::io
