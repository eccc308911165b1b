// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/protocol/atomic_file.h"

#include <fstream>

namespace paraplan::engine {

bool replaceFile(const std::filesystem::path& path, std::string_view content)
{
    std::filesystem::path partial = path;
    partial += ".partial";
    {
        std::ofstream out(partial, std::ios::trunc | std::ios::binary);
        out.write(content.data(), std::streamsize(content.size()));
        out.flush();
        if (!out)
            return false;
    }
    std::error_code failed;
    std::filesystem::rename(partial, path, failed);
    return !failed;
}

} // namespace paraplan::engine
