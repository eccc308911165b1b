#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# README command 1: install what is missing, build, and run the main job: the workbench on the
# built-in default scenario (Llama 3.1 70B on 8 DGX H100). Without a display, paraplan prints the
# evaluation and writes the report images into ./paraplan-report instead.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
bash packaging/install-deps.sh
cmake --preset release
cmake --build --preset release
exec build/release/app/gui/paraplan "$@"
