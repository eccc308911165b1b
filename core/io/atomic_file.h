// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

// Every file ParaPlan writes (projects, recovery copies, exports, reports, profiles, probe
// results, bands) is replaced whole: written beside its target ("<name>.partial") and renamed
// over it, so a reader, or a program that dies mid-write, sees the old content or the new, never
// half of one. The one writer for the CLI, the probe and the GUI.
namespace paraplan::io {

// `write` fills the file at the path it is given; the result replaces `path` when it returns true.
// False when anything failed (the old file then stays), with `error` saying what.
[[nodiscard]] bool replaceFileWith(const std::filesystem::path& path,
                                   const std::function<bool(const std::filesystem::path&)>& write,
                                   std::string* error = nullptr);

[[nodiscard]] bool replaceFile(const std::filesystem::path& path, std::string_view content, std::string* error = nullptr);

} // namespace paraplan::io
