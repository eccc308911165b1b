#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Builds paraplan_<version>_amd64.deb in build/deb: a release build (with the cuda backend's plugin
# where CUDA and NCCL are found; their libraries are no Debian packages and no dependency: the
# probe uses them where they load, the host backend elsewhere), then cpack, then lintian where it
# is installed. Needs what packaging/install-deps.sh installs, and dpkg-dev (dpkg-shlibdeps).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
BUILD=${BUILD:-build/deb}
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARAPLAN_BUILD_CUDA=ON -DPARAPLAN_BUILD_TESTS=OFF \
    -DPARAPLAN_BUILD_BENCHMARKS=OFF >"$BUILD.configure.log" 2>&1 || { tail -20 "$BUILD.configure.log"; exit 1; }
grep -o "ParaPlan: the engine's cuda backend.*" "$BUILD.configure.log"
cmake --build "$BUILD"
# dpkg-shlibdeps must find the plugin's CUDA and NCCL libraries to read them (and then leaves them
# out of Depends, as no package provides them).
cache() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD/CMakeCache.txt"; }
cuda_libraries=$(cache CUDAToolkit_LIBRARY_DIR)
nccl=$(cache NCCL_LIBRARY)
[ -z "$nccl" ] || cuda_libraries+=:$(dirname "$nccl")
(cd "$BUILD" && LD_LIBRARY_PATH=$cuda_libraries${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} cpack -G DEB)
deb=$(ls "$BUILD"/paraplan_*_amd64.deb)
echo "make-deb: $deb"
dpkg-deb --info "$deb" | sed -n '/Depends/p'
if command -v lintian >/dev/null; then
    lintian --info "$deb" || true
fi
