#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# README command 2 (and .ci/run): install what is missing, build, and run every test.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
bash packaging/install-deps.sh
cmake --preset release
cmake --build --preset release
ctest --preset release
# The core, CLI, engine and fuzz tests again under AddressSanitizer and UndefinedBehaviorSanitizer.
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
