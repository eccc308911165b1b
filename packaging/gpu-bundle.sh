#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Prepares the bundle that packaging/gpu-check.sh runs from on a GPU machine where nothing is
# installed but the NVIDIA driver and CUDA 13 (runtime, cuBLAS, NCCL), and nothing can be
# downloaded (packaging/README.md): paraplan-probe and its cuda backend plugin, the GPU tests and a cuBLAS GEMM reference built
# for the device's GPU, every non-CUDA shared library they load (Open MPI with the components, PMIx
# and help files its MPI_Init opens; OpenBLAS; libstdc++; the C library and its loader), mpirun,
# the check's scenarios and the check itself.
#
#   packaging/gpu-bundle.sh       build in build/gpu-bundle (Release, no GUI), assemble gpu-bundle/
#   CUDA_ARCHITECTURES=100 ...    for another GPU than the default 90 (H100, H200)
#   BUILD=DIR ...                 assemble from DIR's binaries as they are, without building
#   BUNDLE=DIR ...                assemble there instead of gpu-bundle/ (an earlier bundle is replaced)
set -uo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
BUNDLE=$(readlink -m "${BUNDLE:-gpu-bundle}")
CARRY_LIMIT_MIB=64 # what a device run carries beside the checkout

fail() {
    echo "gpu-bundle: $*" >&2
    exit 1
}

build() {
    BUILD=build/gpu-bundle
    mkdir -p "$BUILD"
    local log=$BUILD/gpu-bundle.log
    echo "gpu-bundle: building in $BUILD (the first time about 5 minutes on 2 cores; log: $log)"
    cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARAPLAN_BUILD_GUI=OFF \
        -DPARAPLAN_BUILD_BENCHMARKS=OFF -DPARAPLAN_BUILD_TESTS=ON \
        -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCHITECTURES:-90}" >"$log" 2>&1 \
        || { tail -20 "$log" >&2; fail "configure failed (above; all of it in $log)"; }
    # Without the cuda backend the bundle could only measure CPUs: say why configure left it out.
    if grep -q "cuda backend is left out" "$log"; then
        fail "$(grep -o "the engine's cuda backend is left out.*" "$log")"
    fi
    cmake --build "$BUILD" --target paraplan-probe engine_gpu_test engine_probe_gpu_test paraplan-gemm-reference \
        >>"$log" 2>&1 || { tail -20 "$log" >&2; fail "the build failed (above; all of it in $log)"; }
}

[ -n "${BUILD:-}" ] || build
BUILD=$(readlink -m "$BUILD")
declare -A BINARIES=([paraplan-probe]=app/probe [engine_gpu_test]=tests/engine
                     [engine_probe_gpu_test]=tests/app/probe [paraplan-gemm-reference]=packaging)
for name in "${!BINARIES[@]}"; do
    [ -x "$BUILD/${BINARIES[$name]}/$name" ] || fail "$BUILD/${BINARIES[$name]}/$name is missing: build it \
(cmake --build $BUILD --target $name), or leave BUILD unset to build everything in build/gpu-bundle"
done
PLUGIN=$BUILD/lib/paraplan/backends/paraplan-cuda-backend.so
[ -f "$PLUGIN" ] || fail "$BUILD has no cuda backend, $PLUGIN (its configure output says why: \"cuda backend is left out\")"

# An earlier bundle is replaced; any other folder is left alone.
if [ -e "$BUNDLE" ]; then
    [ -f "$BUNDLE/bundle.txt" ] || fail "$BUNDLE exists and is not a bundle: choose another BUNDLE"
    rm -rf "$BUNDLE"
fi
mkdir -p "$BUNDLE"/{bin,libexec,lib/openmpi,lib/pmix,share,data/engine} || fail "cannot create $BUNDLE"
echo "incomplete: packaging/gpu-bundle.sh did not finish" >"$BUNDLE/bundle.txt" # marks it as a bundle

# mpirun (Open MPI's orterun) launches the two-rank bench and the probe's end-to-end tests; orted
# is the daemon a singleton MPI_Init starts beside a process that no mpirun started.
mpirun=$(readlink -f "$(command -v mpirun)") || fail "mpirun is not installed (packaging/install-deps.sh)"
for name in "${!BINARIES[@]}"; do
    cp "$BUILD/${BINARIES[$name]}/$name" "$BUNDLE/libexec/" && strip "$BUNDLE/libexec/$name" || fail "cannot copy $name"
done
cp "$mpirun" "$BUNDLE/libexec/mpirun" && cp "$(dirname "$mpirun")/orted" "$BUNDLE/libexec/orted" \
    || fail "cannot copy mpirun and orted"
# The cuda backend's plugin, which the probe finds on the library path the launcher gives the loader.
cp "$PLUGIN" "$BUNDLE/lib/" && strip "$BUNDLE/lib/${PLUGIN##*/}" || fail "cannot copy $PLUGIN"
for program in "$BUNDLE"/libexec/*; do
    cp packaging/bundle-launcher.sh "$BUNDLE/bin/${program##*/}" || fail "cannot write bin/${program##*/}"
done

# Open MPI's components (what MPI_Init opens by name), less the RDMA transports and OpenSHMEM:
# one machine's ranks talk over shared memory, NCCL carries the GPUs' traffic, and their
# libraries are large.
ompi_path() { ompi_info --path "$1" --parsable | cut -d: -f3; }
unwanted='lib(ucp|uct|ucs|ucm|fabric|ibverbs|rdmacm|psm[_a-z0-9]*|infinipath|efa|oshmem)\.so'
for component in "$(ompi_path pkglibdir)"/mca_*.so; do
    readelf -d "$component" | grep -qE "NEEDED.*\[$unwanted" || cp "$component" "$BUNDLE/lib/openmpi/"
done
cp -r "$(ompi_path pkgdatadir)" "$BUNDLE/share/openmpi" || fail "cannot copy Open MPI's help files"

# Every shared library these load, less CUDA's own: large, and the device's driver and toolkit
# bring them (gpu-check.sh finds them).
cuda='lib(cuda|cudart|cublas|cublasLt|nccl)\.so'
provided="^(linux-vdso\.so|$cuda)"
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
# Whether FILE needs a library the bundle lacks (one that is there came with all that it loads; a
# CUDA library is not bundled, but what it loads of the C library, libdl and librt, must be).
lacks() {
    local soname
    for soname in $(needed "$1"); do
        [[ $soname =~ ^$cuda ]] && return 0
        [[ $soname =~ $provided ]] || [ -e "$BUNDLE/lib/$soname" ] || return 0
    done
    return 1
}
copy_libraries() {
    local file soname arrow path
    for file in "$@"; do
        lacks "$file" || continue # ldd loads everything, slowly: ask it only where it adds something
        while read -r soname arrow path _; do
            [ "$arrow" = "=>" ] && ! [[ $soname =~ $provided ]] || continue
            [ -f "$path" ] || fail "$soname, which the bundle's programs load, is not installed here"
            [ -e "$BUNDLE/lib/$soname" ] || cp -L "$path" "$BUNDLE/lib/$soname" || fail "cannot copy $path"
        done < <(ldd "$file")
    done
}
copy_libraries "$BUNDLE"/libexec/* "$BUNDLE/lib/${PLUGIN##*/}" "$BUNDLE"/lib/openmpi/*.so
loader=$(readelf -l "$BUNDLE/libexec/paraplan-probe" | sed -n 's/.*interpreter: \(.*\)]/\1/p')
cp -L "$loader" "$BUNDLE/lib/ld-linux-x86-64.so.2" || fail "cannot copy the loader $loader"
# PMIx, where Open MPI uses an external one (Debian's): its own components and help files.
if [ -f "$BUNDLE/lib/libpmix.so.2" ]; then
    pmix=$(ldd "$BUNDLE"/lib/openmpi/mca_pmix_*.so | sed -n 's/.*libpmix.so.2 => \(\S*\).*/\1/p' | head -1)
    pmix=$(dirname "$(readlink -f "$pmix")")
    cp "$pmix"/pmix/*.so "$BUNDLE/lib/pmix/" && cp -r "$pmix/../share/pmix" "$BUNDLE/share/pmix" \
        || fail "cannot copy PMIx's components from $pmix"
    copy_libraries "$BUNDLE"/lib/pmix/*.so
fi

# OpenBLAS (35 MiB, for the host backend the check never runs, yet every program loads it) travels
# gzipped, a third of that; gpu-check.sh unpacks lib/packed/ into its temporary folder.
mkdir -p "$BUNDLE/lib/packed"
for library in "$BUNDLE"/lib/*.so*; do
    if [ "$(stat -c %s "$library")" -ge $((8 * 1048576)) ]; then
        gzip -c "$library" >"$BUNDLE/lib/packed/${library##*/}.gz" && rm "$library" || fail "cannot compress $library"
    fi
done

cp tests/data/engine/*.json "$BUNDLE/data/engine/" \
    && cp packaging/gpu-check.sh packaging/gpu-check-reference.py packaging/gpu-check-summary.py "$BUNDLE/" \
    || fail "cannot copy the check"
# What gpu-check.sh reports and checks: where the bundle came from, the GPUs its kernels are for,
# and the CUDA libraries the device must provide.
cat >"$BUNDLE/bundle.txt" <<EOF
commit=$(git describe --always --dirty 2>/dev/null || echo unknown)
built=$(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n) from $BUILD
gpu_code=$(grep -soE -- '--generate-code=arch=[^ ]*' "$BUILD/build.ninja" | grep -oE '(sm|compute)_[0-9a-z]+' | sort -u | xargs)
cuda_libraries=$(readelf -d "$BUNDLE"/libexec/* "$BUNDLE/lib/${PLUGIN##*/}" | grep -oE "\[$cuda[^]]*" | tr -d '[' | sort -u | xargs)
EOF

bytes=$(du -sb "$BUNDLE" | cut -f1)
mib="$((bytes / 1048576)).$((bytes * 10 / 1048576 % 10))"
[ "$bytes" -lt $((CARRY_LIMIT_MIB * 1048576)) ] || fail "$BUNDLE is $mib MiB, over the $CARRY_LIMIT_MIB MiB a device run carries"
where=$(realpath --relative-base="$PWD" "$BUNDLE")
echo "gpu-bundle: $BUNDLE, $mib MiB, GPU code: $(sed -n 's/^gpu_code=//p' "$BUNDLE/bundle.txt" | grep . || echo unknown)"
echo "Carry the ignored path $where with the checkout; on the device run:"
echo "  bash $where/gpu-check.sh      # writes summary.json and gpu-check.log to \$OUT (default ./gpu-check)"
