// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/input_file.h"

#include "core/spec/units.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace paraplan::io {

namespace {
constexpr std::streamsize kMaxInputBytes = std::streamsize(256 * kBytesPerMiB);
}

std::optional<std::string> readInputFile(const std::string& path, std::string& error)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        error = "cannot read " + path + ": it is a directory; give a JSON file";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot read " + path + ": " + std::strerror(errno);
        return std::nullopt;
    }
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, size_t(in.gcount()));
        if (std::streamsize(text.size()) > kMaxInputBytes) {
            error = "cannot read " + path + ": larger than 256 MiB, which no scenario or case file is";
            return std::nullopt;
        }
    }
    if (in.bad()) {
        error = "cannot read " + path + ": read error";
        return std::nullopt;
    }
    return text;
}

} // namespace paraplan::io
