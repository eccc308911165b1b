#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Builds paraplan_<version>_amd64.deb in build/deb: a release build without the cuda backend (its
# CUDA and NCCL libraries are no Debian packages; the package's probe measures with the host
# backend, and a GPU cluster builds the probe from source), then cpack, then lintian where it is
# installed. Needs what packaging/install-deps.sh installs, and dpkg-dev (dpkg-shlibdeps).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
BUILD=${BUILD:-build/deb}
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARAPLAN_BUILD_CUDA=OFF -DPARAPLAN_BUILD_TESTS=OFF \
    -DPARAPLAN_BUILD_BENCHMARKS=OFF >"$BUILD.configure.log" 2>&1 || { tail -20 "$BUILD.configure.log"; exit 1; }
cmake --build "$BUILD"
(cd "$BUILD" && cpack -G DEB)
deb=$(ls "$BUILD"/paraplan_*_amd64.deb)
echo "make-deb: $deb"
dpkg-deb --info "$deb" | sed -n '/Depends/p'
if command -v lintian >/dev/null; then
    lintian --info "$deb" || true
fi
