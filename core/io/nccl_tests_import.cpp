// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/nccl_tests_import.h"

#include "core/io/json_reader.h"
#include "core/spec/units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

// How a run's output becomes measurements (NVIDIA/nccl-tests, src/common.cu and src/*.cu):
//
// - Ranks and hosts: the "#  Rank  N Group  G Pid  P on HOST device  D [BUS] NAME" lines (older
//   versions omit "Group"). The run crosses nodes when they name more than one host; the device is
//   rank 0's NAME. One run per file: a second "# nThread" header is an error.
// - The collective: the test binary the file names ("all_gather_perf" in the command line or in
//   "# Collective test starting:"; an "_mpi" suffix is the MPI build), else the one collective the
//   table fits, else the caller's: busbw / algbw is nccl-tests' factor, 2(n-1)/n for all-reduce,
//   (n-1)/n for all-gather, reduce-scatter and all-to-all, 1 for send/recv, and all-gather and
//   all-to-all print no reduction ("none", or nothing in older versions).
// - Rows: after the "#  size  count  type ..." header, each line that starts with a number:
//   size, count, type, then redop and root where the version prints them, then time (us), algbw,
//   busbw and #wrong out of place and again in place. Lines of other programs (NCCL INFO, MPI) in
//   between are skipped. Out-of-place figures are used; a row whose #wrong is not 0 is left out and
//   reported ("N/A": not checked, kept). Older versions print the largest error instead of a count,
//   with '*' when it exceeded the threshold.
// - The bus bandwidth is the printed busbw, or S x factor / t from the printed time (how nccl-tests
//   computed busbw) where that is the more precise: busbw has two decimals, so small messages print
//   0.00, while a time of 68652 us has five digits. Each row's time must agree with its busbw,
//   which catches the wrong collective or rank count.
namespace paraplan::io {

namespace {

[[noreturn]] void failFile(const std::string& message) { throw ReadError("(file)", message); }

std::vector<std::string> tokensOf(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> tokens;
    for (std::string token; in >> token;)
        tokens.push_back(token);
    return tokens;
}

std::optional<double> numberIn(const std::string& token)
{
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (token.empty() || end != token.c_str() + token.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

bool isWholeNumber(const std::string& token)
{
    return !token.empty() && std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string collectiveName(Collective collective) { return collectiveTraits(collective).name; }

std::string decimals(double value, int places)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", places, value);
    return buffer;
}

// The test binaries of nccl-tests; those without a collective are not ones the model prices.
struct TestBinary {
    const char* name;
    std::optional<Collective> collective;
};
const TestBinary kTestBinaries[] = {
    { "all_reduce_perf", Collective::AllReduce },
    { "all_gather_perf", Collective::AllGather },
    { "reduce_scatter_perf", Collective::ReduceScatter },
    { "alltoall_perf", Collective::AllToAll },
    { "sendrecv_perf", Collective::SendRecv },
    { "broadcast_perf", std::nullopt },
    { "reduce_perf", std::nullopt },
    { "gather_perf", std::nullopt },
    { "scatter_perf", std::nullopt },
    { "alltoallv_perf", std::nullopt },
    { "hypercube_perf", std::nullopt },
};

bool isWordCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The test binary a line names as a whole word ("build/all_reduce_perf_mpi -b 8"), if any.
const TestBinary* testBinaryNamedIn(const std::string& line)
{
    for (size_t at = line.find("_perf"); at != std::string::npos; at = line.find("_perf", at + 1)) {
        size_t begin = at, end = at;
        while (begin > 0 && isWordCharacter(line[begin - 1]))
            --begin;
        while (end < line.size() && isWordCharacter(line[end]))
            ++end;
        std::string word = line.substr(begin, end - begin);
        if (word.size() > 4 && word.compare(word.size() - 4, 4, "_mpi") == 0)
            word.resize(word.size() - 4);
        for (const TestBinary& binary : kTestBinaries)
            if (word == binary.name)
                return &binary;
    }
    return nullptr;
}

struct RankLine {
    std::string host;
    std::string device;
    int line = 0;
};

// "Rank  0 Group  0 Pid  29262 on bm-h100-01 device  0 [0000:19:00] NVIDIA H100 80GB HBM3",
// given as tokens after the '#'.
std::pair<int64_t, RankLine> parseRankLine(const std::vector<std::string>& t, int line)
{
    const auto on = std::find(t.begin(), t.end(), "on");
    const auto device = std::find(on, t.end(), "device");
    const bool wellFormed = t.size() >= 2 && isWholeNumber(t[1]) && t[1].size() < 10 && on != t.end() && on + 1 < device
        && device != t.end() && device + 2 < t.end() && (device + 2)->front() == '[';
    if (!wellFormed)
        failAtLine(line, "expected \"#  Rank N Group G Pid P on HOST device D [BUS] NAME\"");
    RankLine rank{ *(on + 1), {}, line };
    for (auto word = device + 3; word != t.end(); ++word)
        rank.device += (rank.device.empty() ? "" : " ") + *word;
    return { std::stoll(t[1]), rank };
}

// Half a unit of the last digit printed: "613.3" is known to +-0.05.
double roundingOf(const std::string& number)
{
    const size_t point = number.find('.');
    const int decimals = point == std::string::npos ? 0 : int(number.size() - point - 1);
    return 0.5 * std::pow(10.0, -decimals);
}

struct Row {
    int line = 0;
    double bytes = 0;
    double timeUs = 0;
    double algbw = 0;
    double busbw = 0;
    double timeRounding = 0; // roundingOf the printed figures
    double busbwRounding = 0;
    std::string wrongField;
    bool wrong = false;
    bool printsReduction = false; // a redop other than "none"
};

struct TableLayout {
    int groups = 0;           // out-of-place, and in-place when there are two
    bool wrongIsCount = true; // "#wrong"; older versions print "error", the largest error
};

Row parseRow(const std::vector<std::string>& t, const TableLayout& layout, int line)
{
    const size_t groupFields = 4 * size_t(layout.groups);
    const auto expected = [&] {
        failAtLine(line,
            "expected size, count, type, [redop, root,] then time, algbw, busbw and "
                + std::string(layout.wrongIsCount ? "#wrong" : "error")
                + (layout.groups == 2 ? " out of place and in place" : ""));
    };
    if (t.size() < 3 + groupFields || t.size() > 5 + groupFields)
        expected();
    const size_t first = t.size() - groupFields; // the out-of-place time
    const std::optional<double> bytes = numberIn(t[0]);
    const std::optional<double> time = numberIn(t[first]);
    const std::optional<double> algbw = numberIn(t[first + 1]);
    const std::optional<double> busbw = numberIn(t[first + 2]);
    if (!bytes || !time || !algbw || !busbw)
        expected();
    if (!(*bytes > 0 && *time > 0))
        failAtLine(line, "size and time must be positive");
    Row row{ line, *bytes, *time, *algbw, *busbw, roundingOf(t[first]), roundingOf(t[first + 2]), t[first + 3] };
    const std::string& wrong = row.wrongField;
    if (wrong.back() == '*') {
        row.wrong = true; // exceeded nccl-tests' threshold
    } else if (wrong != "N/A") {
        const std::optional<double> value = numberIn(wrong);
        if (!value)
            expected();
        row.wrong = layout.wrongIsCount && *value != 0;
    }
    const bool hasRedop = first > 3 && !numberIn(t[3]);
    row.printsReduction = hasRedop && t[3] != "none";
    return row;
}

// sendrecv_perf prints the reduction it does not perform ("sum"); all-gather and all-to-all print none.
bool printsReduction(Collective c) { return c != Collective::AllGather && c != Collective::AllToAll; }

// The collective the table fits, from the row with the largest algbw (the least rounded ratio), or
// `unnamed` when it fits more than one or cannot tell.
Collective inferCollective(const std::vector<Row>& rows, int64_t ranks, std::optional<Collective> unnamed)
{
    const Row& largest = *std::max_element(rows.begin(), rows.end(),
                                           [](const Row& a, const Row& b) { return a.algbw < b.algbw; });
    if (largest.algbw < 1 && unnamed)
        return *unnamed;
    if (largest.algbw < 1)
        failFile(std::string("the file does not name its test and its bandwidths are too small to tell the "
                             "collective; ")
                 + kNameTheCollective);
    const double ratio = largest.busbw / largest.algbw;
    std::vector<Collective> fits;
    for (Collective c : { Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter,
                          Collective::AllToAll, Collective::SendRecv })
        if (std::fabs(busBandwidthFactor(c, ranks) - ratio) <= 0.01 * ratio
            && printsReduction(c) == largest.printsReduction)
            fits.push_back(c);
    if (fits.size() != 1 && unnamed)
        return *unnamed;
    if (fits.empty())
        failAtLine(largest.line,
            "busbw / algbw = " + decimals(ratio, 3) + " fits no collective over " + std::to_string(ranks) + " ranks; "
                + kNameTheCollective);
    if (fits.size() > 1) {
        std::string names;
        for (size_t i = 0; i < fits.size(); ++i)
            names += (i == 0 ? "" : i + 1 == fits.size() ? " from " : ", ") + collectiveName(fits[i]);
        failAtLine(largest.line,
            "the file does not name its test and the table cannot tell " + names + "; " + kNameTheCollective);
    }
    return fits.front();
}

} // namespace

NcclTestsRun importNcclTests(const std::string& text, std::optional<Collective> unnamed)
{
    std::map<int64_t, RankLine> ranks;
    std::optional<TableLayout> layout;
    bool inTable = false;
    int runHeaderLine = 0;
    const TestBinary* named = nullptr;
    int namedLine = 0;
    std::vector<Row> rows;

    std::istringstream in(text);
    int line = 0;
    for (std::string content; std::getline(in, content);) {
        ++line;
        if (!content.empty() && content.back() == '\r')
            content.pop_back();
        if (const TestBinary* binary = testBinaryNamedIn(content)) {
            if (!binary->collective)
                failAtLine(line,
                    std::string(binary->name)
                        + " measures a collective the model does not use; import "
                          "all_reduce, all_gather, reduce_scatter, alltoall or sendrecv");
            if (named && named != binary)
                failAtLine(line,
                    "names " + std::string(binary->name) + " but line " + std::to_string(namedLine) + " names "
                        + named->name + "; give one run per file");
            named = binary;
            namedLine = line;
        }
        const std::vector<std::string> tokens = tokensOf(content);
        if (tokens.empty())
            continue;
        if (tokens.front().front() == '#') {
            std::vector<std::string> words = tokensOf(content.substr(content.find('#') + 1));
            if (words.empty())
                continue;
            if (words.front() == "nThread") {
                if (runHeaderLine)
                    failAtLine(line,
                        "a second run starts here (the first at line " + std::to_string(runHeaderLine)
                            + "); give each run in its own file");
                runHeaderLine = line;
            } else if (words.front() == "Rank") {
                auto [rank, where] = parseRankLine(words, line);
                if (!ranks.emplace(rank, where).second)
                    failAtLine(
                        line, "rank " + std::to_string(rank) + " is listed twice; give each run in its own file");
            } else if (words.front() == "size" && std::count(words.begin(), words.end(), "busbw") > 0) {
                const int groups = int(std::count(words.begin(), words.end(), "busbw"));
                layout = TableLayout{ std::min(groups, 2), std::count(words.begin(), words.end(), "error") == 0 };
                inTable = true;
            } else if (words.front() == "Out" || words.front() == "Avg") { // the summary closes the table
                inTable = false;
            }
            continue;
        }
        if (inTable && isWholeNumber(tokens.front()))
            rows.push_back(parseRow(tokens, *layout, line));
    }

    if (!layout)
        failFile("no nccl-tests results table (the \"#  size  count  type ... busbw\" header) was found");
    if (rows.empty())
        failFile("the results table has no rows");
    if (ranks.empty())
        failFile("no \"#  Rank N ... on HOST device D\" lines: cannot tell how many ranks ran, or on how many hosts");
    NcclTestsRun run;
    run.ranks = int64_t(ranks.size());
    if (run.ranks < 2)
        failFile("only one rank ran: a collective needs two or more");
    std::set<std::string> hosts;
    for (const auto& [rank, where] : ranks)
        hosts.insert(where.host);
    run.hosts = int64_t(hosts.size());
    run.device = ranks.begin()->second.device;
    if (!isUtf8(run.device))
        failAtLine(ranks.begin()->second.line, "the device name is not UTF-8 text");
    run.collective = named ? *named->collective : inferCollective(rows, run.ranks, unnamed);

    const double factor = busBandwidthFactor(run.collective, run.ranks);
    for (const Row& row : rows) {
        const double fromTime = bytesPerSToGBps(row.bytes * factor / usToSeconds(row.timeUs));
        const double fromTimeRounding = fromTime * row.timeRounding / row.timeUs;
        if (std::fabs(fromTime - row.busbw) > 2 * (fromTimeRounding + row.busbwRounding))
            failAtLine(row.line,
                "busbw " + decimals(row.busbw, 2) + " GB/s is not size x factor / time = " + decimals(fromTime, 2)
                    + " for " + collectiveName(run.collective) + " over " + std::to_string(run.ranks)
                    + " ranks: is the collective right?");
        const double busGBps = row.busbwRounding <= fromTimeRounding ? row.busbw : fromTime;
        const CollectiveMeasurement measured{ run.collective, run.ranks, run.hosts > 1, row.bytes, busGBps };
        if (row.wrong)
            run.skipped.push_back({ row.line, row.bytes, row.wrongField });
        else if (!isPlausible(measured))
            failAtLine(row.line,
                "size " + decimals(row.bytes, 0) + " B at " + decimals(busGBps, 2)
                    + " GB/s is beyond what a measurement can be; is the row corrupt?");
        else
            run.measurements.push_back(measured);
    }
    if (run.measurements.empty())
        failFile("every size failed nccl-tests' correctness check (#wrong): nothing to import");
    return run;
}

} // namespace paraplan::io
