// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/topo_matrix.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <string_view>

// The layout, in every driver version we have seen (tests/data/topo/): a header of device names
// then the affinity column titles; one row per device, its label, one cell per device, then the
// row's affinity values (GPUs only); a blank line; "Legend:" and, in newer drivers, a
// "NIC Legend:" mapping NIC0 to mlx5_0. Columns are aligned with tabs or spaces, and copies from
// web pages lose the tabs inside the header, so the header is checked against the row labels
// rather than trusted for the column count.
namespace paraplan::io {

namespace {

constexpr std::array<std::string_view, 3> kAffinityTitles = { "CPU Affinity", "NUMA Affinity", "GPU NUMA ID" };
// Far above any real node; bounds the pairwise work a hostile file can ask for.
constexpr size_t kMaxDevices = 256;
constexpr const char* kKnownCells = "X, NV# (# bonded NVLinks, e.g. NV12), PIX, PXB, PHB, NODE, SYS, or the older SOC and PSB";

struct Line {
    int number;
    std::string text;
};

// CR and CRLF become LF, ANSI escapes (nvidia-smi underlines the header on a terminal) and the
// non-breaking spaces of web copies become nothing and a space. By hand rather than std::regex,
// whose recursion a long line of a hostile file could overflow.
std::string cleaned(const std::string& text)
{
    std::string clean;
    clean.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            i += 2;
            while (i < text.size() && !(text[i] >= '@' && text[i] <= '~')) // parameters, up to the final byte
                ++i;
        } else if (c == '\r') {
            clean += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
        } else if (c == '\xc2' && i + 1 < text.size() && text[i + 1] == '\xa0') {
            clean += ' ';
            ++i;
        } else {
            clean += c;
        }
    }
    return clean;
}

std::vector<Line> splitLines(const std::string& text)
{
    const std::string clean = cleaned(text);
    std::vector<Line> lines;
    size_t start = 0;
    for (int number = 1; start <= clean.size(); ++number) {
        const size_t end = std::min(clean.find('\n', start), clean.size());
        lines.push_back({ number, clean.substr(start, end - start) });
        start = end + 1;
    }
    return lines;
}

std::vector<std::string> tokens(const std::string& text)
{
    std::vector<std::string> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        const size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        if (i > start)
            out.push_back(text.substr(start, i - start));
    }
    return out;
}

bool isBlank(const std::string& text) { return tokens(text).empty(); }

// `prefix` followed by a number: "GPU3", "NV12", "NIC0".
std::optional<int> numbered(const std::string& text, const std::string& prefix)
{
    if (text.size() <= prefix.size() || text.size() > prefix.size() + 6 || text.rfind(prefix, 0) != 0)
        return std::nullopt;
    if (!std::all_of(text.begin() + long(prefix.size()), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return std::stoi(text.substr(prefix.size()));
}

std::string joined(const std::vector<std::string>& parts, const char* separator = "")
{
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : separator) + p;
    return out;
}

std::string listOf(const std::vector<std::string>& names)
{
    return names.size() <= 4 ? joined(names, " ") : names[0] + " " + names[1] + " … " + names.back();
}

struct Header {
    int line = 0;
    std::vector<std::string> names;  // as split by whitespace; may be glued ("GPU0GPU1")
    std::vector<std::string> titles; // affinity columns after the devices, in order
};

// The first line naming GPU0 or an affinity column that is not itself GPU0's row; anything above
// it (a shell prompt, "NVIDIA Topology:") is ignored.
Header readHeader(const std::vector<Line>& lines, size_t& next)
{
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string& text = lines[i].text;
        if (text.find("GPU0") == std::string::npos && text.find("Affinity") == std::string::npos)
            continue;
        const std::vector<std::string> words = tokens(text);
        if (words.size() >= 2 && words[0] == "GPU0" && words[1] == "X")
            failAtLine(lines[i].number,
                "the row of GPU0 comes before any header; expected the header row of "
                "`nvidia-smi topo -m` (GPU0 GPU1 … CPU Affinity) above it");
        Header header;
        header.line = lines[i].number;
        size_t titlesAt = text.size();
        for (std::string_view title : kAffinityTitles)
            titlesAt = std::min(titlesAt, text.find(title));
        header.names = tokens(text.substr(0, titlesAt));
        for (size_t k = 0; k < header.names.size(); ++k) {
            const std::string& name = header.names[k];
            if (name == "CPU" || name == "NUMA" || name.find("ffinity") != std::string::npos)
                failAtLine(header.line,
                    "the column titles after the devices are garbled near \""
                        + joined({ header.names.begin() + long(k),
                                     header.names.begin() + long(std::min(k + 3, header.names.size())) },
                            " ")
                        + "\"; expected CPU Affinity, NUMA Affinity and GPU NUMA ID");
        }
        std::string rest = text.substr(titlesAt);
        while (!isBlank(rest)) {
            rest = rest.substr(rest.find_first_not_of(" \t\v\f"));
            const auto title = std::find_if(kAffinityTitles.begin(), kAffinityTitles.end(),
                                            [&](std::string_view t) { return rest.rfind(t, 0) == 0; });
            if (title == kAffinityTitles.end())
                failAtLine(header.line,
                    "unexpected column \"" + tokens(rest).front()
                        + "\" after the device columns; expected CPU Affinity, NUMA Affinity or GPU NUMA ID");
            header.titles.emplace_back(*title);
            rest = rest.substr(title->size());
        }
        if (header.names.empty())
            failAtLine(header.line, "the header names no devices; expected GPU0 GPU1 … before CPU Affinity");
        next = i + 1;
        return header;
    }
    const auto firstText = std::find_if(lines.begin(), lines.end(), [](const Line& l) { return !isBlank(l.text); });
    if (firstText == lines.end())
        failAtLine(1, "the text is empty; expected the output of `nvidia-smi topo -m`");
    failAtLine(firstText->number,
        "no header row naming GPU0; expected the output of `nvidia-smi topo -m`, "
        "which starts with a row of device names (GPU0 GPU1 … CPU Affinity)");
}

struct RawRow {
    int line = 0;
    std::string label;
    std::vector<std::string> values; // cells, then affinity values
};

// Rows run from below the header to the first blank line or "Legend:".
std::vector<RawRow> readRows(const std::vector<Line>& lines, size_t& next)
{
    std::vector<RawRow> rows;
    for (; next < lines.size(); ++next) {
        std::vector<std::string> words = tokens(lines[next].text);
        if (words.empty() && rows.empty())
            continue;
        if (words.empty() || words.front().rfind("Legend", 0) == 0)
            break;
        rows.push_back({ lines[next].number, words.front(), std::vector<std::string>(words.begin() + 1, words.end()) });
    }
    return rows;
}

// The header's device names, which must be the row labels in the same order. A header whose
// names were glued together ("GPU0GPU1GPU2") is accepted when it spells the row labels exactly.
std::vector<std::string> deviceNames(const Header& header, const std::vector<RawRow>& rows, const std::vector<Line>& lines)
{
    std::vector<std::string> labels;
    for (const RawRow& r : rows)
        labels.push_back(r.label);
    const bool glued = header.names != labels && joined(header.names) == joined(labels);
    const std::vector<std::string> names = glued ? labels : header.names;
    if (names.size() > kMaxDevices)
        failAtLine(header.line,
            "the header names " + std::to_string(names.size()) + " devices; expected at most "
                + std::to_string(kMaxDevices) + " GPUs and NICs in one node");
    for (size_t i = 0; i < names.size(); ++i)
        if (std::find(names.begin(), names.begin() + i, names[i]) != names.begin() + i)
            failAtLine(header.line, names[i] + " appears twice among the header's device columns");
    for (size_t i = 0; i < rows.size(); ++i) {
        if (i >= names.size())
            failAtLine(rows[i].line,
                "row " + rows[i].label + " has no column in the header (line " + std::to_string(header.line)
                    + "), which names " + std::to_string(names.size()) + " devices (" + listOf(names) + ")");
        if (rows[i].label != names[i])
            failAtLine(rows[i].line,
                "row " + std::to_string(i + 1) + " is " + rows[i].label + " but the header's column "
                    + std::to_string(i + 1) + " is " + names[i]
                    + "; expected one row per header column, in the same order");
    }
    if (rows.size() < names.size()) {
        const int after = rows.empty() ? header.line : rows.back().line;
        const bool atEnd = after >= lines.back().number;
        failAtLine(atEnd ? after : after + 1,
            "the matrix stops after " + std::to_string(rows.size()) + " rows but the header names "
                + std::to_string(names.size()) + " devices; the row of " + names[rows.size()] + " is missing");
    }
    return names;
}

TopoCell parseCell(const std::string& token, const RawRow& row, const std::string& column, bool diagonal)
{
    static const std::map<std::string, TopoPath> pcie = {
        { "PIX", TopoPath::Pix }, { "PSB", TopoPath::Pix }, { "PXB", TopoPath::Pxb }, { "PHB", TopoPath::Phb },
        { "NODE", TopoPath::Node }, { "SYS", TopoPath::Sys }, { "SOC", TopoPath::Sys },
    };
    std::optional<TopoCell> cell;
    const std::optional<int> nvlinks = numbered(token, "NV");
    if (token == "X")
        cell = TopoCell{ TopoPath::Self, 0 };
    else if (nvlinks && *nvlinks > 0)
        cell = TopoCell{ TopoPath::NvLink, *nvlinks };
    else if (auto it = pcie.find(token); it != pcie.end())
        cell = TopoCell{ it->second, 0 };
    if (!cell)
        failAtLine(row.line,
            "unknown link \"" + token + "\" between " + row.label + " and " + column + "; expected " + kKnownCells);
    if (diagonal != (cell->path == TopoPath::Self))
        failAtLine(row.line,
            diagonal ? row.label + "'s own cell is " + token + "; expected X on the diagonal"
                     : row.label + " to " + column + " is X, which only the diagonal may be");
    return *cell;
}

TopoDevice readRow(TopoMatrix& matrix, const RawRow& row, const std::vector<std::string>& names, const Header& header)
{
    const size_t n = names.size();
    if (row.values.size() < n)
        failAtLine(row.line,
            "row " + row.label + " has " + std::to_string(row.values.size()) + " cells; expected " + std::to_string(n)
                + ", one per device of the header (" + listOf(names) + ")");
    if (row.values.size() > n + header.titles.size())
        failAtLine(row.line,
            "row " + row.label + " has " + std::to_string(row.values.size() - n) + " values after its "
                + std::to_string(n) + " cells; expected at most " + std::to_string(header.titles.size())
                + (header.titles.empty() ? "" : " (" + joined(header.titles, ", ") + ")"));
    std::vector<TopoCell> cells;
    for (size_t c = 0; c < n; ++c)
        cells.push_back(parseCell(row.values[c], row, names[c], c == matrix.cells.size()));
    matrix.cells.push_back(std::move(cells));

    // Device names become the node's device ids, JSON strings, which must be UTF-8.
    if (!isUtf8(row.label))
        failAtLine(row.line, "the row's device name is not UTF-8 text");
    TopoDevice device;
    device.name = row.label;
    device.isGpu = numbered(row.label, "GPU").has_value();
    device.line = row.line;
    for (size_t t = 0; n + t < row.values.size(); ++t) {
        if (header.titles[t] == kAffinityTitles[0])
            device.cpuAffinity = row.values[n + t];
        else if (header.titles[t] == kAffinityTitles[1])
            device.numaAffinity = row.values[n + t];
    }
    return device;
}

std::string spelled(const TopoCell& cell)
{
    switch (cell.path) {
    case TopoPath::Self:
        return "X";
    case TopoPath::NvLink:
        return "NV" + std::to_string(cell.nvlinks);
    case TopoPath::Pix:
        return "PIX";
    case TopoPath::Pxb:
        return "PXB";
    case TopoPath::Phb:
        return "PHB";
    case TopoPath::Node:
        return "NODE";
    case TopoPath::Sys:
        return "SYS";
    }
    return "SYS";
}

void requireSymmetric(const TopoMatrix& m)
{
    for (size_t j = 0; j < m.devices.size(); ++j)
        for (size_t i = 0; i < j; ++i) {
            const TopoCell& a = m.cells[i][j];
            const TopoCell& b = m.cells[j][i];
            if (a.path != b.path || a.nvlinks != b.nvlinks)
                failAtLine(m.devices[j].line,
                    m.devices[j].name + " to " + m.devices[i].name + " is " + spelled(b) + " but " + m.devices[i].name
                        + " to " + m.devices[j].name + " (line " + std::to_string(m.devices[i].line) + ") is "
                        + spelled(a) + "; expected a symmetric matrix");
        }
}

// "  NIC0: mlx5_0" lines below the matrix rename the NIC rows.
void applyNicLegend(TopoMatrix& m, const std::vector<Line>& lines, size_t from)
{
    for (size_t i = from; i < lines.size(); ++i) {
        const std::string& text = lines[i].text;
        const size_t colon = text.find(':');
        const std::vector<std::string> label = tokens(text.substr(0, std::min(colon, text.size())));
        const std::vector<std::string> value = colon == std::string::npos ? label : tokens(text.substr(colon + 1));
        if (colon == std::string::npos || label.size() != 1 || !numbered(label[0], "NIC") || value.size() != 1)
            continue;
        const auto nic = std::find_if(m.devices.begin(), m.devices.end(), [&](const TopoDevice& d) { return d.name == label[0]; });
        if (nic == m.devices.end())
            failAtLine(lines[i].number, "the NIC Legend names " + label[0] + ", which has no row in the matrix");
        const std::string& name = value[0];
        if (!isUtf8(name))
            failAtLine(lines[i].number, "the NIC Legend's name for " + label[0] + " is not UTF-8 text");
        if (name != nic->name && std::any_of(m.devices.begin(), m.devices.end(), [&](const TopoDevice& d) { return d.name == name; }))
            failAtLine(lines[i].number,
                "the NIC Legend gives " + label[0] + " the name " + name
                    + ", which another device already has; expected a distinct name per NIC");
        nic->name = name;
    }
}

} // namespace

TopoMatrix parseTopoMatrix(const std::string& text)
{
    const std::vector<Line> lines = splitLines(text);
    size_t next = 0;
    const Header header = readHeader(lines, next);
    const std::vector<RawRow> rows = readRows(lines, next);
    const std::vector<std::string> names = deviceNames(header, rows, lines);

    TopoMatrix matrix;
    matrix.headerLine = header.line;
    for (const RawRow& row : rows)
        matrix.devices.push_back(readRow(matrix, row, names, header));
    requireSymmetric(matrix);
    if (std::none_of(matrix.devices.begin(), matrix.devices.end(), [](const TopoDevice& d) { return d.isGpu; }))
        failAtLine(header.line, "the matrix has no GPU rows; expected rows named GPU0, GPU1, …");
    applyNicLegend(matrix, lines, next);
    return matrix;
}

} // namespace paraplan::io
