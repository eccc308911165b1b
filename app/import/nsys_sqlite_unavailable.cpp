// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The reader of Nsight Systems exports in a build without SQLite 3 (app/import/CMakeLists.txt).
#include "app/import/nsys_sqlite.h"

#include "core/io/json_reader.h"

namespace paraplan::import {

bool readsNsysSqlite() { return false; }

MeasuredRank readNsysSqlite(const std::string&, int64_t)
{
    throw io::ReadError("(file)", "an Nsight Systems SQLite export, which this build cannot read: it was built "
                                  "without SQLite 3 (libsqlite3-dev); export a PyTorch profiler trace instead, or "
                                  "rebuild with it");
}

} // namespace paraplan::import
