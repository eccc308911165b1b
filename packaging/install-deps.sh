#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Installs the Debian 12 packages ParaPlan builds with, skipping those already present.
# Idempotent: a second run installs nothing and does not touch the network.
set -euo pipefail

packages=(
    g++ cmake ninja-build pkg-config    # toolchain
    nlohmann-json3-dev                  # core/io: scenario and result JSON
    libgtest-dev                        # tests
    libbenchmark-dev                    # tests/bench
    libopenmpi-dev openmpi-bin          # the engine: ranks and collectives (mpirun)
    libopenblas-dev                     # the engine's host backend: a real CPU BLAS
    qt6-base-dev libqcustomplot-dev     # the workbench GUI
    libsqlite3-dev                      # app/import: Nsight Systems' SQLite exports (import-trace)
    libyaml-cpp-dev libtoml11-dev       # core/frameworks: NeMo YAML and torchtitan TOML files
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools   # translations (lupdate, lrelease)
    libgl1-mesa-dev                     # Qt6Gui's OpenGL headers, required by its CMake package
    fonts-wqy-microhei                  # a CJK font, so Chinese text renders (also offscreen)
    poppler-utils                       # tests: pdftotext reads the report's PDF back
    xvfb xauth                          # a virtual display for the GUI where there is none
)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all ${#packages[@]} build dependencies are present"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null; then
        sudo=sudo
    else
        echo "install-deps: run as root (or install sudo) to install: ${missing[*]}" >&2
        exit 1
    fi
fi
${sudo:-} apt-get update -q
DEBIAN_FRONTEND=noninteractive ${sudo:-} apt-get install -y -q --no-install-recommends "${missing[@]}"
