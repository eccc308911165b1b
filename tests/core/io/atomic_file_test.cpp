// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The one writer: a file is replaced whole or not at all, and a failure says why.
#include "core/io/atomic_file.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace paraplan;

namespace {

std::string contentOf(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::filesystem::path freshFolder(const char* name)
{
    const std::filesystem::path folder = paraplan::test::scratchPath(name);
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
}

} // namespace

TEST(AtomicFile, ReplacesTheFileWholeAndLeavesNoPartialBehind)
{
    const std::filesystem::path folder = freshFolder("atomic-replace");
    const std::filesystem::path file = folder / "project.paraplan.json";
    ASSERT_TRUE(io::replaceFile(file, "old"));
    ASSERT_TRUE(io::replaceFile(file, "new content"));
    EXPECT_EQ(contentOf(file), "new content");
    EXPECT_FALSE(std::filesystem::exists(folder / "project.paraplan.json.partial"));
}

TEST(AtomicFile, AFailedWriteKeepsTheOldFileAndSaysWhy)
{
    const std::filesystem::path folder = freshFolder("atomic-failure");
    const std::filesystem::path file = folder / "report.png";
    ASSERT_TRUE(io::replaceFile(file, "the old report"));
    std::string error;
    // A writer that dies half-way (a crash, a full disk): what it wrote never reaches the file.
    const bool written = io::replaceFileWith(
        file,
        [](const std::filesystem::path& partial) {
            std::ofstream(partial) << "half a re";
            return false;
        },
        &error);
    EXPECT_FALSE(written);
    EXPECT_EQ(contentOf(file), "the old report");
    EXPECT_FALSE(std::filesystem::exists(folder / "report.png.partial"));
    EXPECT_NE(error.find("report.png.partial"), std::string::npos) << error;

    EXPECT_FALSE(io::replaceFile(folder / "no such folder" / "x.json", "{}", &error));
    EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
}
