// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

// Plain-text tables and numbers for people: columns sized to their widest cell, units spelled out.
namespace paraplan::report {

// A table whose columns are sized to their widest cell; numeric columns align right.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header, std::vector<bool> rightAligned = {});
    void addRow(std::vector<std::string> cells);
    [[nodiscard]] std::string render(const std::string& indent = "  ") const;

private:
    std::vector<std::string> m_header;
    std::vector<bool> m_right;
    std::vector<std::vector<std::string>> m_rows;
};

// Fixed-point with `decimals` digits; "-" for values that are not finite.
[[nodiscard]] std::string fixed(double value, int decimals);
[[nodiscard]] std::string percent(double fraction, int decimals = 1);
// Seconds with a unit that suits the magnitude (µs, ms, s, min, h, days).
[[nodiscard]] std::string duration(double seconds);
// Two durations in the unit of the larger: "31.90–39.00 s".
[[nodiscard]] std::string durationRange(double low, double high);
// Large counts with SI suffixes (k, M, G).
[[nodiscard]] std::string compact(double value);
// Parameter counts as the field writes them: 6.74B, 175B.
[[nodiscard]] std::string parameterCount(double parameters);

} // namespace paraplan::report
