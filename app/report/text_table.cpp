// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/report/text_table.h"

#include "core/spec/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace paraplan::report {

namespace {
size_t displayWidth(const std::string& s)
{
    // UTF-8 continuation bytes take no column.
    return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string padded(const std::string& s, size_t width, bool right)
{
    const size_t w = displayWidth(s);
    const std::string fill(width > w ? width - w : 0, ' ');
    return right ? fill + s : s + fill;
}

} // namespace

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> rightAligned)
    : m_header(std::move(header))
    , m_right(std::move(rightAligned))
{
    m_right.resize(m_header.size(), false);
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render(const std::string& indent) const
{
    std::vector<size_t> widths(m_header.size());
    for (size_t c = 0; c < m_header.size(); ++c) {
        widths[c] = displayWidth(m_header[c]);
        for (const auto& row : m_rows)
            widths[c] = std::max(widths[c], displayWidth(row[c]));
    }
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out = indent;
        for (size_t c = 0; c < cells.size(); ++c)
            out += (c ? "  " : "") + padded(cells[c], widths[c], m_right[c]);
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        return out + "\n";
    };
    const bool headed = std::any_of(m_header.begin(), m_header.end(), [](const std::string& h) { return !h.empty(); });
    std::string out = headed ? line(m_header) : std::string();
    for (const auto& row : m_rows)
        out += line(row);
    return out;
}

std::string fixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return "-";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string percent(double fraction, int decimals) { return fixed(fraction * 100, decimals) + " %"; }

namespace {

struct TimeUnit {
    double seconds; // in one unit
    int decimals;
    const char* name;
};

// The unit that suits a magnitude of seconds.
TimeUnit unitFor(double seconds)
{
    if (seconds < 1e-3)
        return { usToSeconds(1), 1, " µs" };
    if (seconds < 1)
        return { 1e-3, 1, " ms" };
    if (seconds < 600)
        return { 1, 2, " s" };
    if (seconds < 3600)
        return { 60, 1, " min" };
    if (seconds < 2 * 86400)
        return { 3600, 1, " h" };
    return { 86400, 1, " days" };
}

} // namespace

std::string duration(double seconds)
{
    if (!std::isfinite(seconds))
        return "-";
    const TimeUnit unit = unitFor(seconds);
    return fixed(seconds / unit.seconds, unit.decimals) + unit.name;
}

std::string durationRange(double low, double high)
{
    if (!std::isfinite(low) || !std::isfinite(high))
        return "-";
    const TimeUnit unit = unitFor(high);
    return fixed(low / unit.seconds, unit.decimals) + "–" + fixed(high / unit.seconds, unit.decimals) + unit.name;
}

std::string compact(double value)
{
    if (!std::isfinite(value))
        return "-";
    const char* suffixes[] = { "", "k", "M", "G", "T", "P" };
    int i = 0;
    while (std::fabs(value) >= 1000 && i < 5) {
        value /= 1000;
        ++i;
    }
    return fixed(value, value < 10 && i > 0 ? 2 : (value < 100 && i > 0 ? 1 : 0)) + suffixes[i];
}

std::string parameterCount(double parameters)
{
    const double billions = parameters / 1e9;
    return fixed(billions, billions < 10 ? 2 : (billions < 100 ? 1 : 0)) + "B";
}

} // namespace paraplan::report
