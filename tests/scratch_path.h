// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace paraplan::test {

// The paths handed out by scratchPath, removed (with what is under them) when the test program ends.
class ScratchPaths {
public:
    ScratchPaths() = default;
    ScratchPaths(const ScratchPaths&) = delete;
    ScratchPaths& operator=(const ScratchPaths&) = delete;
    ~ScratchPaths()
    {
        std::error_code ignored;
        for (const std::filesystem::path& path : m_paths)
            std::filesystem::remove_all(path, ignored);
    }
    void keep(const std::filesystem::path& path) { m_paths.push_back(path); }

private:
    std::vector<std::filesystem::path> m_paths;
};

inline ScratchPaths scratchPaths;

// A path in the temporary directory that belongs to this test process alone. ctest runs tests in
// parallel and two checkouts may test on one machine at once: under a fixed name one test's file
// is overwritten or emptied by another's while it reads it.
inline std::filesystem::path scratchPath(const std::string& name)
{
    std::filesystem::path path = std::filesystem::temp_directory_path() / ("paraplan-" + std::to_string(::getpid()) + "-" + name);
    scratchPaths.keep(path);
    return path;
}

} // namespace paraplan::test
