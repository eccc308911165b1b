// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/atomic_file.h"

#include <fstream>
#include <system_error>

namespace paraplan::io {

bool replaceFileWith(const std::filesystem::path& path, const std::function<bool(const std::filesystem::path&)>& write,
                     std::string* error)
{
    std::filesystem::path partial = path;
    partial += ".partial";
    auto fail = [&](const std::string& why) {
        std::error_code ignored;
        std::filesystem::remove(partial, ignored);
        if (error)
            *error = why;
        return false;
    };
    if (!write(partial))
        return fail("cannot write " + partial.string() + " (is the folder there and writable, the disk not full?)");
    std::error_code failed;
    std::filesystem::rename(partial, path, failed);
    if (failed)
        return fail("cannot move " + partial.string() + " into place as " + path.string() + ": " + failed.message());
    return true;
}

bool replaceFile(const std::filesystem::path& path, std::string_view content, std::string* error)
{
    return replaceFileWith(
        path,
        [content](const std::filesystem::path& partial) {
            std::ofstream out(partial, std::ios::trunc | std::ios::binary);
            out.write(content.data(), std::streamsize(content.size()));
            out.flush();
            return bool(out);
        },
        error);
}

} // namespace paraplan::io
