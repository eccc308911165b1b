// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Real nccl-tests output (tests/data/nccl_tests/README.md names each source): ranks, hosts, sizes and
// bus bandwidths checked against the files.
#include "core/io/json_reader.h"
#include "core/io/nccl_tests_import.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

std::string ncclTestsSample(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/nccl_tests/" + name);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_FALSE(text.str().empty()) << name;
    return text.str();
}

// The measurement of `bytes` (each sample measures each size once).
const CollectiveMeasurement& at(const io::NcclTestsRun& run, double bytes)
{
    for (const CollectiveMeasurement& m : run.measurements)
        if (m.bytes == bytes)
            return m;
    ADD_FAILURE() << "no measurement of " << bytes << " bytes";
    return run.measurements.front();
}

// "line N" of the ReadError the text raises, or "" when it imports.
std::string importErrorPathOf(const std::string& text, std::optional<Collective> collective = std::nullopt)
{
    try {
        (void)io::importNcclTests(text, collective);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "";
}

// `text` with the first occurrence of `from` replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to)
{
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

} // namespace

TEST(NcclTestsImport, AllReduceOnEightGpusOfOneNode)
{
    // No test name in the file: busbw / algbw = 2(n-1)/n and a reduction say all-reduce.
    const io::NcclTestsRun run = io::importNcclTests(ncclTestsSample("all_reduce_8xh100_one_node.txt"));
    EXPECT_EQ(run.collective, Collective::AllReduce);
    EXPECT_EQ(run.ranks, 8);
    EXPECT_EQ(run.hosts, 1);
    EXPECT_EQ(run.device, "NVIDIA H100 80GB HBM3");
    ASSERT_EQ(run.measurements.size(), 6u);
    EXPECT_TRUE(run.skipped.empty());
    EXPECT_EQ(run.measurements.front().bytes, 134217728);
    EXPECT_EQ(run.measurements.back().bytes, 4294967296);
    for (const CollectiveMeasurement& m : run.measurements) {
        EXPECT_FALSE(m.crossesNodes);
        EXPECT_EQ(m.ranks, 8);
    }
    // Out-of-place busbw as printed (size x 2(n-1)/n / time, to the printed two decimals).
    EXPECT_NEAR(at(run, 134217728).busGBps, 382.99, 0.01);
    EXPECT_NEAR(at(run, 1073741824).busGBps, 465.25, 0.01);
    EXPECT_NEAR(at(run, 4294967296).busGBps, 473.60, 0.01);
}

TEST(NcclTestsImport, AllReduceOnSixteenGpusOfTwoNodes)
{
    // The command line names all_reduce_perf_mpi; MPI's warnings sit between the header lines.
    const io::NcclTestsRun run = io::importNcclTests(ncclTestsSample("all_reduce_16xh100_two_nodes.txt"));
    EXPECT_EQ(run.collective, Collective::AllReduce);
    EXPECT_EQ(run.ranks, 16);
    EXPECT_EQ(run.hosts, 2);
    ASSERT_EQ(run.measurements.size(), 32u);
    EXPECT_EQ(run.measurements.front().bytes, 8);
    EXPECT_EQ(run.measurements.back().bytes, 17179869184);
    EXPECT_TRUE(run.measurements.front().crossesNodes);
    EXPECT_NEAR(at(run, 1048576).busGBps, 27.33, 0.01);
    EXPECT_NEAR(at(run, 134217728).busGBps, 336.29, 0.01);
    EXPECT_NEAR(at(run, 17179869184).busGBps, 469.21, 0.01);
    // Where busbw prints 0.00 the time still gives it: 8 B x 1.875 / 68.52 us.
    EXPECT_NEAR(at(run, 8).busGBps, 8 * 1.875 / 68.52e-6 / 1e9, 1e-9);
    EXPECT_GT(at(run, 8).busGBps, 0);
}

TEST(NcclTestsImport, AllGatherNeedsItsNameAndThenImports)
{
    const std::string text = ncclTestsSample("all_gather_16xb200_two_nodes.txt");
    // all_gather and alltoall print the same table: the file must be told which it is.
    try {
        (void)io::importNcclTests(text);
        ADD_FAILURE() << "an unnamed all-gather table imported";
    } catch (const io::ReadError& e) {
        EXPECT_NE(std::string(e.what()).find("all_gather from all_to_all"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(io::kNameTheCollective), std::string::npos);
    }
    const io::NcclTestsRun run = io::importNcclTests(text, Collective::AllGather);
    EXPECT_EQ(run.collective, Collective::AllGather);
    EXPECT_EQ(run.ranks, 16);
    EXPECT_EQ(run.hosts, 2);
    EXPECT_EQ(run.device, "NVIDIA B200");
    ASSERT_EQ(run.measurements.size(), 24u);
    EXPECT_NEAR(at(run, 1073741824).busGBps, 248.09, 0.01);
    EXPECT_NEAR(at(run, 8589934592).busGBps, 260.03, 0.01);
    EXPECT_TRUE(at(run, 1024).crossesNodes);
    // Naming it all-reduce contradicts the printed busbw, (n-1)/n not 2(n-1)/n times algbw,
    EXPECT_EQ(importErrorPathOf(text, Collective::AllReduce), "line 35"); // the first size big enough to show it
}

TEST(NcclTestsImport, TheCallersCollectiveIsForFilesThatDoNotSay)
{
    // The table fits all-reduce alone (2(n-1)/n and a reduction): a guess for unnamed files leaves it be.
    EXPECT_EQ(io::importNcclTests(ncclTestsSample("all_reduce_8xh100_one_node.txt"), Collective::AllGather).collective,
        Collective::AllReduce);
    // So does a file that names its test.
    EXPECT_EQ(
        io::importNcclTests(ncclTestsSample("all_reduce_16xh100_two_nodes.txt"), Collective::AllGather).collective,
        Collective::AllReduce);
}

TEST(NcclTestsImport, TheTestNamedInTheHeaderDecides)
{
    const std::string text
        = "# Collective test starting: alltoall_perf\n" + ncclTestsSample("all_gather_16xb200_two_nodes.txt");
    EXPECT_EQ(io::importNcclTests(text).collective, Collective::AllToAll);
    EXPECT_EQ(importErrorPathOf(
                  "# Collective test starting: broadcast_perf\n" + ncclTestsSample("all_reduce_8xh100_one_node.txt")),
        "line 1");
}

TEST(NcclTestsImport, RowsNcclTestsFoundWrongAreLeftOutAndReported)
{
    const std::string text
        = edited(ncclTestsSample("all_reduce_8xh100_one_node.txt"), "382.99      0", "382.99      3");
    const io::NcclTestsRun run = io::importNcclTests(text);
    ASSERT_EQ(run.skipped.size(), 1u);
    EXPECT_EQ(run.skipped.front().line, 16);
    EXPECT_EQ(run.skipped.front().bytes, 134217728);
    EXPECT_EQ(run.skipped.front().wrong, "3");
    EXPECT_EQ(run.measurements.size(), 5u);
    // "N/A" (validation off) is not wrong.
    const std::string unchecked
        = edited(ncclTestsSample("all_reduce_8xh100_one_node.txt"), "382.99      0", "382.99    N/A");
    EXPECT_TRUE(io::importNcclTests(unchecked).skipped.empty());
}

TEST(NcclTestsImport, ABadFileNamesTheLine)
{
    const std::string good = ncclTestsSample("all_reduce_8xh100_one_node.txt");
    // A row cut short.
    const std::string secondRowTail = "   1139.2  235.63  412.35      0   1134.8  236.56  413.97      0";
    EXPECT_EQ(importErrorPathOf(edited(good, secondRowTail, "   1139.2")), "line 17");
    // A number that is not one.
    EXPECT_EQ(importErrorPathOf(edited(good, "2175.8", "2l75.8")), "line 18");
    // A busbw that does not follow from size and time.
    EXPECT_EQ(importErrorPathOf(edited(good, "465.25", "565.25")), "line 19");
    // A rank listed twice: two runs pasted together.
    EXPECT_EQ(importErrorPathOf(edited(good, "#  Rank  7 Group", "#  Rank  6 Group")), "line 11");
    EXPECT_EQ(importErrorPathOf(good + good), "line 25");
    EXPECT_EQ(importErrorPathOf(edited(good, "on    node005 device  2", "on    node005")), "line 6");
}

TEST(NcclTestsImport, ADeviceNameOrAFigureNoMachineHasIsRefused)
{
    // Issue #12 (fuzz corpus crash-device-name-not-utf8): the profile's JSON could not be written.
    const std::string good = ncclTestsSample("all_reduce_8xh100_one_node.txt");
    EXPECT_EQ(importErrorPathOf(edited(good, "HBM3", "HBM\xb3")), "line 4");
    // One byte in a thousand seconds: 2e-12 GB/s.
    const std::string firstRow = "   134217728      33554432     float     sum      -1    613.3  218.85  382.99";
    EXPECT_EQ(importErrorPathOf(edited(good, firstRow, "   1   0     float     sum      -1    1000000000  0.00  0.00")),
        "line 16");
}

TEST(NcclTestsImport, AFileWithoutWhatItNeedsSaysWhat)
{
    const std::string good = ncclTestsSample("all_reduce_8xh100_one_node.txt");
    EXPECT_EQ(importErrorPathOf("hello\n"), "(file)");
    std::string noRanks;
    std::istringstream lines(good);
    for (std::string line; std::getline(lines, line);)
        if (line.find("Rank") == std::string::npos)
            noRanks += line + "\n";
    EXPECT_EQ(importErrorPathOf(noRanks), "(file)");
}
