// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Measured traces from files (app/import/trace_files.h): the format told by the first bytes, the
// rank by the trace or the file's name, and files that are no trace refused saying why.
#include "app/import/trace_files.h"

#include "core/io/json_reader.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace paraplan;

namespace {

const std::string kTraces = PARAPLAN_TEST_DATA_DIR "/traces/";

std::string temporaryTrace(const std::string& name, const std::string& bytes)
{
    const auto path = paraplan::test::scratchPath("import-test-" + name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
}

// The ReadError of reading `path`, as "path: message", or "(accepted)".
std::string refusalOf(const std::string& path)
{
    try {
        (void)import::readMeasuredTrace(path);
    } catch (const io::ReadError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST(TraceFiles, TheRankInAFilesName)
{
    EXPECT_EQ(import::rankInFileName("/x/rank3.pt.trace.json"), 3);
    EXPECT_EQ(import::rankInFileName("trace_rank_12.json"), 12);
    EXPECT_EQ(import::rankInFileName("worker-RANK-0.sqlite"), 0);
    EXPECT_EQ(import::rankInFileName("ranks/rank7_of_8.json"), 7);
    EXPECT_EQ(import::rankInFileName("frankly.json"), std::nullopt);
    EXPECT_EQ(import::rankInFileName("trace.json"), std::nullopt);
    EXPECT_EQ(import::rankInFileName("/data/rank2/trace.json"), std::nullopt); // the file's name, not its folder's
}

TEST(TraceFiles, AProfilerTraceReadsWithItsOwnRank)
{
    const MeasuredRank r = import::readMeasuredTrace(kTraces + "pp4/rank2.pt.trace.json");
    EXPECT_EQ(r.rank, 2);
    EXPECT_EQ(r.source, kTraces + "pp4/rank2.pt.trace.json");
    EXPECT_FALSE(r.kernels.empty());
}

TEST(TraceFiles, ATraceThatDoesNotSayItsRankTakesItFromItsName)
{
    const std::string path = temporaryTrace("worker_rank_5.json", R"json({"traceEvents": [
        {"ph": "X", "cat": "kernel", "name": "flash_fwd_kernel", "pid": 0, "tid": 7, "ts": 10, "dur": 5}]})json");
    EXPECT_EQ(import::readMeasuredTrace(path).rank, 5);
}

TEST(TraceFiles, WhatIsNoTraceIsRefusedSayingWhy)
{
    EXPECT_NE(refusalOf(temporaryTrace("empty.json", "")).find("empty"), std::string::npos);
    EXPECT_NE(refusalOf(temporaryTrace("blank.json", " \n\t")).find("empty"), std::string::npos);
    EXPECT_NE(refusalOf(temporaryTrace("trace.json.gz", std::string("\x1f\x8b\x08\x00", 4) + "compressed")).find("gunzip"),
              std::string::npos);
    EXPECT_NE(refusalOf("/nonexistent/trace.json").find("cannot read"), std::string::npos);
    EXPECT_NE(refusalOf(std::filesystem::temp_directory_path().string()).find("directory"), std::string::npos);
    const std::string truncated = refusalOf(temporaryTrace("truncated.json", R"({"traceEvents": [ {"ph": "X", "cat")"));
    EXPECT_EQ(truncated.rfind("line 1, column", 0), 0u) << truncated;
    EXPECT_NE(refusalOf(temporaryTrace("binary.json", std::string("\x00\x01\x02garbage", 10))), "(accepted)");
}
