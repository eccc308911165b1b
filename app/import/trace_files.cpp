// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/import/trace_files.h"

#include "app/import/nsys_sqlite.h"

#include "core/io/input_file.h"
#include "core/io/json_reader.h"
#include "core/io/kineto_trace.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

namespace paraplan::import {

namespace {

// The first bytes of the file, up to `count`.
std::string headOfFile(const std::string& path, size_t count)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(count, '\0');
    in.read(head.data(), std::streamsize(count));
    head.resize(size_t(std::max<std::streamsize>(0, in.gcount())));
    return head;
}

} // namespace

std::optional<int64_t> rankInFileName(const std::string& path)
{
    std::string name = std::filesystem::path(path).filename().string();
    for (char& c : name)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    for (size_t at = name.rfind("rank"); at != std::string::npos;
         at = at == 0 ? std::string::npos : name.rfind("rank", at - 1)) {
        size_t digits = at + 4;
        while (digits < name.size() && (name[digits] == '_' || name[digits] == '-'))
            ++digits;
        size_t end = digits;
        while (end < name.size() && end - digits < 9 && std::isdigit(static_cast<unsigned char>(name[end])))
            ++end;
        if (end > digits)
            return std::stoll(name.substr(digits, end - digits));
    }
    return std::nullopt;
}

MeasuredRank readMeasuredTrace(const std::string& path, int64_t stepsHeld)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw io::ReadError("(file)", "a directory: give the trace files in it (one per rank)");
    const std::string head = headOfFile(path, 16);
    MeasuredRank rank;
    if (head == std::string("SQLite format 3\0", 16)) {
        rank = readNsysSqlite(path, stepsHeld);
    } else if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f
               && static_cast<unsigned char>(head[1]) == 0x8b) {
        throw io::ReadError("(file)", "gzip-compressed (a .json.gz of the profiler's trace handler): gunzip it first");
    } else if (head.rfind("NSYS", 0) == 0 || head.rfind("QDSTRM", 0) == 0) {
        throw io::ReadError("(file)", "an Nsight Systems report itself: export it with `nsys export --type=sqlite`");
    } else {
        std::string error;
        const std::optional<std::string> text = io::readInputFile(path, error);
        if (!text)
            throw io::ReadError("(file)", error);
        if (text->find_first_not_of(" \t\r\n") == std::string::npos)
            throw io::ReadError("(file)", "empty: a PyTorch profiler trace (Chrome trace JSON) or an Nsight Systems "
                                          "SQLite export was expected");
        rank = io::readKinetoTrace(*text, stepsHeld);
    }
    rank.source = path;
    if (!rank.rank)
        rank.rank = rankInFileName(path);
    return rank;
}

} // namespace paraplan::import
