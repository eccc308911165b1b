// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/cli_input.h"

#include <algorithm>

namespace paraplan::cli {

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
