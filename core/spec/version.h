// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// ParaPlan's version, from the project() call in the top CMakeLists.txt (its one place, handed to
// every target that links core as PARAPLAN_VERSION): what --version prints in every program and
// what the package is named by.
namespace paraplan {

inline constexpr char kVersion[] = PARAPLAN_VERSION;

} // namespace paraplan
