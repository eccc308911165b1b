// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "cli_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace paraplan::cli {

namespace {
constexpr std::streamsize kMaxInputBytes = 256LL * 1024 * 1024;
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

bool Arguments::flag(const std::string& flag)
{
    const auto it = std::find(m_args.begin(), m_args.end(), flag);
    if (it == m_args.end())
        return false;
    m_args.erase(it);
    return true;
}

std::optional<std::string> Arguments::option(const std::string& option, std::string& error)
{
    const auto it = std::find(m_args.begin(), m_args.end(), option);
    if (it == m_args.end())
        return std::nullopt;
    if (it + 1 == m_args.end()) {
        error = option + " needs a value";
        m_args.erase(it);
        return std::nullopt;
    }
    std::string value = *(it + 1);
    m_args.erase(it, it + 2);
    return value;
}

std::optional<std::string> Arguments::action()
{
    if (m_args.empty() || m_args.front().rfind("--", 0) == 0)
        return std::nullopt;
    std::string word = m_args.front();
    m_args.erase(m_args.begin());
    return word;
}

std::vector<std::string> Arguments::positional(std::string& error) const
{
    for (const std::string& a : m_args)
        if (a.rfind("--", 0) == 0 && error.empty())
            error = "unknown option " + a;
    return m_args;
}

std::optional<long long> parsePositive(const std::string& text, const std::string& option, std::string& error)
{
    try {
        size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size() && value > 0)
            return value;
    } catch (const std::exception&) {
    }
    error = option + " takes a positive whole number, not \"" + text + "\"";
    return std::nullopt;
}

} // namespace paraplan::cli
