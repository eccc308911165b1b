// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <string_view>

// A file replaced whole: written beside its target ("<name>.partial") and renamed over it, so a
// reader, or a run that dies mid-write, sees the old content or the new, never half of one.
namespace paraplan::engine {

// False when the file could not be written or moved into place (the old one then stays).
[[nodiscard]] bool replaceFile(const std::filesystem::path& path, std::string_view content);

} // namespace paraplan::engine
