// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The Nsight Systems SQLite reader (app/import/nsys_sqlite.h) on the exports made from the probe's
// traces (tests/data/traces/pp4_slow_norms/*.sqlite, by make_nsys_trace), on exports written here
// and broken on purpose (a table missing, a row of the wrong type or ending before it starts, a name
// that is not there, the file cut short), each refused naming the table, row and column.
#include "tests/app/import/nsys_writer.h"

#include "app/import/nsys_sqlite.h"
#include "app/import/trace_files.h"

#include "core/io/json_reader.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace paraplan;

namespace {

const std::string kSlow = PARAPLAN_TEST_DATA_DIR "/traces/pp4_slow_norms/";

// rank3's export, copied to a temporary file and changed by `statements`.
std::string brokenExport(const std::string& name, const std::vector<std::string>& statements)
{
    const auto path = paraplan::test::scratchPath("nsys-test-" + name + ".sqlite");
    std::filesystem::copy_file(kSlow + "rank3.sqlite", path, std::filesystem::copy_options::overwrite_existing);
    test::runSql(path.string(), statements);
    return path.string();
}

std::string nsysRefusalOf(const std::string& path)
{
    try {
        (void)import::readNsysSqlite(path);
    } catch (const io::ReadError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST(NsysSqlite, TheExportsHoldTheSameKernelsAsTheProfilerTraces)
{
    ASSERT_TRUE(import::readsNsysSqlite());
    for (int rank = 0; rank < 4; ++rank) {
        const std::string name = "rank" + std::to_string(rank);
        const MeasuredRank json = import::readMeasuredTrace(kSlow + name + ".pt.trace.json");
        const MeasuredRank nsys = import::readMeasuredTrace(kSlow + name + ".sqlite");
        EXPECT_EQ(nsys.rank, rank); // from the file's name: the export does not say
        EXPECT_FALSE(nsys.worldSize);
        EXPECT_EQ(nsys.deviceName, "CPU (paraplan-probe host backend)");
        ASSERT_EQ(nsys.steps.size(), 2u); // the ProfilerStep#N NVTX ranges
        EXPECT_NEAR(nsys.span(), json.span(), 1e-6);
        ASSERT_EQ(nsys.kernels.size(), json.kernels.size());
        for (size_t i = 0; i < json.kernels.size(); ++i) {
            EXPECT_EQ(nsys.kernels[i].name, json.kernels[i].name);
            EXPECT_NEAR(nsys.kernels[i].start, json.kernels[i].start, 2e-9);
            EXPECT_NEAR(nsys.kernels[i].seconds, json.kernels[i].seconds, 2e-9);
            // All-to-all would show as send/receive: the export has no "Collective name".
            if (json.kernels[i].kind != KernelClass::AllToAll) {
                EXPECT_EQ(nsys.kernels[i].kind, json.kernels[i].kind) << json.kernels[i].name;
            }
        }
    }
}

TEST(NsysSqlite, WrittenAndReadBackItIsTheSameRank)
{
    MeasuredRank r = import::readMeasuredTrace(kSlow + "rank1.pt.trace.json");
    const std::string path = paraplan::test::scratchPath("nsys-roundtrip.sqlite").string();
    test::writeNsysSqlite(r, path);
    const MeasuredRank back = import::readNsysSqlite(path);
    ASSERT_EQ(back.kernels.size(), r.kernels.size());
    EXPECT_NEAR(back.origin, r.origin, 1e-6);
    EXPECT_EQ(back.steps.size(), r.steps.size());
}

TEST(NsysSqlite, WithoutStepRangesTheKernelsSpanTheStepsTheUserSays)
{
    const std::string path = brokenExport("no-nvtx", { "DROP TABLE NVTX_EVENTS" });
    EXPECT_EQ(import::readNsysSqlite(path).steps.size(), 1u);
    EXPECT_EQ(import::readNsysSqlite(path, 3).steps.size(), 3u);
}

TEST(NsysSqlite, KernelsOfAnotherDeviceAreLeftOutWithANote)
{
    const std::string path = brokenExport("two-devices", { "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET deviceId = 1 WHERE rowid <= 5" });
    const MeasuredRank r = import::readNsysSqlite(path);
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes.front().find("5 kernels on device 1"), std::string::npos) << r.notes.front();
}

TEST(NsysSqlite, BrokenExportsAreRefusedNamingTableRowAndColumn)
{
    EXPECT_NE(nsysRefusalOf(brokenExport("no-kernels", { "DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL" })).find("CUPTI_ACTIVITY_KIND_KERNEL: missing"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("no-strings", { "DROP TABLE StringIds" })).find("StringIds: missing"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("backwards", { "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET end = start - 5 WHERE rowid = 3" }))
                  .find("row 3, end: ends"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("text-start", { "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 'soon' WHERE rowid = 2" }))
                  .find("row 2, start: expected an integer, got text"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("dangling-name", { "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET demangledName = 99999 WHERE rowid = 4" }))
                  .find("row 4, demangledName: names no string"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("day-long", { "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET end = start + 100000000000000 WHERE rowid = 1" }))
                  .find("longer than a day"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("empty", { "DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL", "DELETE FROM CUPTI_ACTIVITY_KIND_MEMCPY" }))
                  .find("empty"),
              std::string::npos);
    EXPECT_NE(nsysRefusalOf(brokenExport("no-start", { "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL DROP COLUMN streamId" }))
                  .find("CUPTI_ACTIVITY_KIND_KERNEL.streamId: missing"),
              std::string::npos);
}

TEST(NsysSqlite, FilesThatAreNoExportAreRefused)
{
    // A profiler trace, a database cut short, an empty database.
    EXPECT_NE(nsysRefusalOf(kSlow + "rank0.pt.trace.json").find("(file)"), std::string::npos);
    std::ifstream in(kSlow + "rank3.sqlite", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    const auto cut = paraplan::test::scratchPath("nsys-test-cut.sqlite");
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 3);
    EXPECT_NE(nsysRefusalOf(cut.string()), "(accepted)");
    const auto empty = paraplan::test::scratchPath("nsys-test-blank.sqlite");
    std::ofstream(empty, std::ios::binary) << "";
    EXPECT_NE(nsysRefusalOf(empty.string()).find("CUPTI_ACTIVITY_KIND_KERNEL: missing"), std::string::npos);
    EXPECT_NE(nsysRefusalOf("/nonexistent/report.sqlite").find("(file)"), std::string::npos);
}
