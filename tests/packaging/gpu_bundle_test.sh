#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# packaging/gpu-bundle.sh assembles the bundle from BUILD's binaries (no build; under 64 MiB), and
# packaging/gpu-check.sh runs from it in a clean root holding nothing but bash, coreutils, gzip,
# the C library and the bundle (no Open MPI, OpenBLAS or GTest; no LD_LIBRARY_PATH), as on a bare
# GPU machine. Without a GPU it must stop with exit 2 and one line saying why:
#   1. with CUDA's runtime and cuBLAS but no NCCL: that NCCL's library was not found;
#   2. with NCCL too (in NCCL_HOME): that there is no GPU. The probe said so after its MPI_Init,
#      so the bundle's own libraries, Open MPI and PMIx all loaded.
# Never a library the bundle lacks, an Open MPI failure, or a crash.
#
#   bash gpu_bundle_test.sh BUILD     exit 0 passed, 1 failed, 77 skipped (saying why)
set -uo pipefail
BUILD=$(readlink -f "$1")
SOURCE=$(cd "$(dirname "$0")/../.." && pwd)
PROBE=$BUILD/app/probe/paraplan-probe

skip() {
    echo "SKIPPED: $*"
    exit 77
}
fail() {
    echo "FAILED: $*"
    exit 1
}

PLUGIN=$BUILD/lib/paraplan/backends/paraplan-cuda-backend.so
[ -f "$PLUGIN" ] || skip "this build has no cuda backend (its configure output says why: \"cuda backend is left out\")"
[ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null || skip "a clean root needs root and mount namespaces (chroot, unshare -m)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu-bundle-test.XXXXXX") || fail "no temporary folder"
# The mounts live in unshare's namespace and end with it; never follow one while cleaning up.
trap 'rm -rf --one-file-system "$WORK"' EXIT
ROOT=$WORK/root
BUNDLE=$ROOT/work/gpu-bundle

BUILD=$BUILD BUNDLE=$BUNDLE bash "$SOURCE/packaging/gpu-bundle.sh" >"$WORK/bundle.log" 2>&1 \
    || fail "packaging/gpu-bundle.sh failed: $(cat "$WORK/bundle.log")"
bytes=$(du -sb "$BUNDLE" | cut -f1)
[ "$bytes" -lt $((64 * 1048576)) ] || fail "the bundle is $bytes bytes, over the 64 MiB a device run carries"
echo "bundle: $((bytes / 1048576)) MiB"

# The clean root: bash, coreutils (timeout among them), gzip, and the libraries they need, found
# through the loader's cache.
mkdir -p "$ROOT"/{bin,lib64,lib/x86_64-linux-gnu,tmp,proc,sys,dev} && chmod 1777 "$ROOT/tmp"
for program in bash gzip $(dpkg -L coreutils | grep -E '/s?bin/'); do
    cp -L "$(command -v "$program")" "$ROOT/bin/" || fail "cannot copy $program into the clean root"
done
ln -s bash "$ROOT/bin/sh"
declare -A cache
while read -r line; do
    [[ $line == *x86-64*"=> "* ]] && cache[${line%% *}]=${line##*=> }
done < <(ldconfig -p)
todo=("$ROOT"/bin/*)
while [ ${#todo[@]} -gt 0 ]; do
    file=${todo[-1]}
    unset 'todo[-1]'
    for soname in $(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        [ -e "$ROOT/lib/x86_64-linux-gnu/$soname" ] && continue
        cp -L "${cache[$soname]}" "$ROOT/lib/x86_64-linux-gnu/$soname" || fail "cannot copy $soname into the clean root"
        todo+=("$ROOT/lib/x86_64-linux-gnu/$soname")
    done
done
cp -L /lib64/ld-linux-x86-64.so.2 "$ROOT/lib64/" || fail "cannot copy the loader"
for library in "$ROOT"/lib/x86_64-linux-gnu/*; do
    [[ ${library##*/} =~ ^lib(mpi|open-|pmix|openblas|gtest|stdc) ]] && fail "the clean root is not clean: it holds $library"
done

# Where the device keeps them: CUDA's libraries in the toolkit's lib64, NCCL in $NCCL_HOME/lib.
# Each is this machine's file, mounted on an empty one: the clean root holds nothing else of CUDA.
declare -A place
for soname in $(sed -n 's/^cuda_libraries=//p' "$BUNDLE/bundle.txt"); do
    place[$soname]=/usr/local/cuda/lib64/$soname
    [[ $soname == libnccl* ]] && place[$soname]=/opt/nccl/lib/$soname
done

# gpu-check.sh in the clean root, with NCCL's library or without; prints its output and exit status.
check() { # with-nccl | without-nccl
    local soname mounts=""
    for soname in "${!place[@]}"; do
        rm -f "$ROOT${place[$soname]}"
        [[ $1 == without-nccl && $soname == libnccl* ]] && continue
        mkdir -p "$(dirname "$ROOT${place[$soname]}")" && touch "$ROOT${place[$soname]}"
        mounts+="mount --bind $(ldd "$PLUGIN" "$BUILD/packaging/paraplan-gemm-reference" \
            | sed -n "s/^\s*$soname => \(\S*\).*/\1/p" | head -1) $ROOT${place[$soname]} && "
    done
    unshare -m bash -c "mount -t proc proc $ROOT/proc && mount -t sysfs -o ro sysfs $ROOT/sys \
        && mount -t tmpfs tmpfs $ROOT/dev && mknod -m 666 $ROOT/dev/null c 1 3 && mknod -m 666 $ROOT/dev/urandom c 1 9 \
        && mkdir $ROOT/dev/shm && $mounts chroot $ROOT /bin/env -i PATH=/bin HOME=/tmp TMPDIR=/tmp OUT=/tmp/out \
        NCCL_HOME=/opt/nccl timeout 60 bash /work/gpu-bundle/gpu-check.sh" 2>&1
    echo "exit $?"
}

# Exactly the refusal line and exit 2, and the summary says the same.
expect() { # CASE OUTPUT LINE_PATTERN
    local output=$2
    [[ $output == *$'\n'"exit 2" ]] || fail "$1: gpu-check.sh should have stopped with exit 2; it said: $output"
    output=${output%$'\n'exit 2}
    [[ $output != *$'\n'* && $output =~ $3 ]] || fail "$1: gpu-check.sh should have said only \"$3\"; it said: $output"
    grep -q '"refused"' "$ROOT/tmp/out/summary.json" || fail "$1: no refusal in summary.json"
    echo "$1: $output"
}

expect "without NCCL" "$(check without-nccl)" "^gpu-check: NCCL's library libnccl\.so\.2 was not found .*NCCL_HOME"
expect "without a GPU" "$(check with-nccl)" "^gpu-check: no GPU here: .*(no CUDA device|no NVIDIA driver)"
echo "PASSED"
