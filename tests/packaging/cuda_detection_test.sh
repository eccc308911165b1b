#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Configure finds a CUDA toolkit where NVIDIA's packages put it, /usr/local/cuda, with nothing of it
# on PATH (their packages leave PATH alone): the cuda backend is built, not silently left out.
# Skips (77) where that folder holds no toolkit with NCCL.
set -uo pipefail
source_dir=$1
[ -x /usr/local/cuda/bin/nvcc ] || { echo "SKIP: no CUDA toolkit in /usr/local/cuda"; exit 77; }
ls /usr/local/cuda/lib*/libnccl.so* >/dev/null 2>&1 || { echo "SKIP: no NCCL beside the toolkit in /usr/local/cuda"; exit 77; }
build=$(mktemp -d "${TMPDIR:-/tmp}/paraplan-cuda-detection.XXXXXX")
trap 'rm -rf "$build"' EXIT
path=$(tr ':' '\n' <<<"$PATH" | grep -v cuda | paste -sd:)
output=$(env -u CUDACXX -u CUDA_HOME -u CUDA_PATH -u CUDAToolkit_ROOT PATH="$path" \
    cmake -S "$source_dir" -B "$build" -DPARAPLAN_BUILD_GUI=OFF -DPARAPLAN_BUILD_BENCHMARKS=OFF \
    -DPARAPLAN_BUILD_TESTS=OFF 2>&1)
status=$?
grep "ParaPlan: the engine's cuda backend" <<<"$output"
[ $status -eq 0 ] || { echo "$output" | tail -20; echo "FAIL: configure failed"; exit 1; }
grep -q "the engine's cuda backend is built" <<<"$output" || { echo "FAIL: the cuda backend was left out"; exit 1; }
echo "PASS: found /usr/local/cuda with PATH=$path"
