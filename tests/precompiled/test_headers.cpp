// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The translation unit the test programs' shared precompiled header is built with
// (tests/CMakeLists.txt): the header is the whole of it.
