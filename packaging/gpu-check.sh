#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Issue #11's check on a GPU machine, run from the bundle packaging/gpu-bundle.sh prepares: the
# machine needs nothing but the NVIDIA driver, CUDA 13's libraries with NCCL, and python3 (PyTorch
# is used where present). About three minutes on an H200:
#   1. discover;
#   2. the gpu-labelled tests (the cuda backend; the probe end to end); none may skip;
#   3. the bf16 GEMM rate at 8192^3 from `bench`, against an independent measurement on the same
#      GPU: PyTorch's torch.matmul, else the bundle's own cuBLAS call. Target: within 5 %;
#   4. confirm of a small model (tp = pp = dp = 1), uncalibrated, then calibrated by a bench run of
#      it. Target: the calibrated prediction within 10 % of the measured step;
#   5. with two GPUs or more, a two-rank bench: the GEMM's slowdown beside NCCL all-reduces.
# The probe always runs with --backend cuda. Every step has a time limit, and all of them together
# GPU_CHECK_BUDGET_S (480), so that the summary is written inside a device run's 10 minutes. Where
# the bundle cannot measure a GPU (no bundle, no CUDA or NCCL library, a probe without the cuda
# backend, no GPU) it stops at once with one line. Writes only $OUT/summary.json and
# $OUT/gpu-check.log (OUT defaults to ./gpu-check). Exit 0 when every step passed and every target
# was met, 1 when not, 2 when it could not start.
set -uo pipefail
START=$SECONDS
BUDGET_S=${GPU_CHECK_BUDGET_S:-480}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# From the bundle, its own folder; from the checkout, the bundle beside it.
if [ -f "$here/bundle.txt" ]; then BUNDLE=$here; else BUNDLE=$(readlink -m "${BUNDLE:-$here/../gpu-bundle}"); fi
OUT=${OUT:-$PWD/gpu-check}
mkdir -p "$OUT" || exit 2
LOG=$OUT/gpu-check.log
SUMMARY=$OUT/summary.json
: >"$LOG"
rm -f "$SUMMARY"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu-check.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
STEPS=$WORK/steps.tsv
DATA=$BUNDLE/data/engine
PROBE=$BUNDLE/bin/paraplan-probe

json_string() {
    local s=${1//\\/\\\\}
    s=${s//\"/\\\"}
    s=${s//$'\t'/\\t}
    printf '"%s"' "${s//$'\n'/\\n}"
}

refuse() {
    echo "gpu-check: $*" | tee -a "$LOG" >&2
    echo "{\"ok\": false, \"refused\": $(json_string "$*")}" >"$SUMMARY"
    exit 2
}

[[ $BUDGET_S =~ ^[0-9]+$ ]] && [ "$BUDGET_S" -ge 60 ] \
    || refuse "GPU_CHECK_BUDGET_S must be a whole number of seconds, at least 60 (it is \"$BUDGET_S\")"
[ -x "$PROBE" ] && [ -f "$BUNDLE/bundle.txt" ] || refuse "no bundle at $BUNDLE: run packaging/gpu-bundle.sh on \
the build machine and carry gpu-bundle/ with the checkout (or set BUNDLE)"
declare -A BUNDLED
while IFS='=' read -r key value; do BUNDLED[$key]=$value; done <"$BUNDLE/bundle.txt"
echo "bundle: $(tr '\n' ' ' <"$BUNDLE/bundle.txt")" >>"$LOG"
[ -n "${BUNDLED[cuda_libraries]:-}" ] || refuse "the bundle at $BUNDLE is incomplete: run packaging/gpu-bundle.sh again"

# The libraries the bundle carries compressed (gpu-bundle.sh), unpacked for this run.
mkdir -p "$WORK/lib"
for packed in "$BUNDLE"/lib/packed/*.gz; do
    unpacked=${packed##*/}
    gzip -dc "$packed" >"$WORK/lib/${unpacked%.gz}" || refuse "cannot unpack $packed into $WORK/lib (gzip is needed)"
done

# CUDA's libraries are the device's own: NCCL_HOME, the toolkit, the loader's cache, or the pip
# wheels PyTorch brings (nvidia/nccl/lib, nvidia/cu13/lib), in that order.
library_dirs=()
[ -n "${NCCL_HOME:-}" ] && library_dirs+=("$NCCL_HOME/lib" "$NCCL_HOME/lib64")
library_dirs+=("${CUDA_HOME:-/usr/local/cuda}/lib64" /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib)
ldconfig=$(command -v ldconfig || command -v /sbin/ldconfig)
if [ -n "$ldconfig" ]; then
    declare -A cached
    while read -r line; do
        dir=${line##*=> }
        dir=${dir%/*}
        [[ $line == *"=> /"* && -z ${cached[$dir]:-} ]] && cached[$dir]=1 && library_dirs+=("$dir")
    done < <("$ldconfig" -p 2>/dev/null)
fi
if command -v python3 >/dev/null; then
    while read -r dir; do library_dirs+=("$dir"); done < <(timeout 60 python3 -c \
        'import glob, nvidia; print("\n".join(sorted({d for p in nvidia.__path__ for d in glob.glob(p + "/*/lib")})))' 2>/dev/null)
fi
library_path=$WORK/lib
: >"$WORK/libraries.tsv"
for library in ${BUNDLED[cuda_libraries]}; do
    found=""
    for dir in "${library_dirs[@]}"; do
        [ -e "$dir/$library" ] && found=$dir && break
    done
    if [ -z "$found" ]; then
        [[ $library == libnccl* ]] && refuse "NCCL's library $library was not found (in \$NCCL_HOME/lib, the CUDA toolkit's \
lib64, the loader's cache or python's nvidia/nccl/lib): install NCCL 2, or set NCCL_HOME to the folder that holds lib/$library"
        refuse "CUDA's library $library was not found (in ${CUDA_HOME:-/usr/local/cuda}/lib64, the loader's cache or \
python's nvidia/*/lib): install the CUDA 13 toolkit, or set CUDA_HOME to it"
    fi
    printf '%s\t%s\n' "$library" "$found/$library" >>"$WORK/libraries.tsv"
    [[ :$library_path: == *":$found:"* ]] || library_path+=:$found
done
cat "$WORK/libraries.tsv" >>"$LOG"

# The bundle's programs (bin/*: packaging/bundle-launcher.sh) find the unpacked libraries and CUDA's
# there; its Open MPI and PMIx find their components and help files in the bundle. A process
# started alone (singleton MPI_Init) runs Open MPI's daemon beside it, which must start no ssh.
export BUNDLE_LIBRARY_PATH=$library_path
export OPAL_BINDIR=$BUNDLE/bin OPAL_PKGLIBDIR=$BUNDLE/lib/openmpi OPAL_PKGDATADIR=$BUNDLE/share/openmpi
export PMIX_PKGLIBDIR=$BUNDLE/lib/pmix PMIX_PKGDATADIR=$BUNDLE/share/pmix
export OMPI_MCA_plm=isolated OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# The probe's end-to-end tests run this bundle's probe, launcher and scenarios.
export PARAPLAN_PROBE=$PROBE PARAPLAN_MPIEXEC=$BUNDLE/bin/mpirun PARAPLAN_TEST_DATA_DIR=$BUNDLE/data

# A field of the first event of a kind in a probe's output (JSON lines; bash alone reads them here,
# where a bare machine may lack everything else).
event_field() { # FILE EVENT FIELD
    local line
    while read -r line; do
        [[ $line == *"\"event\":\"$2\""* && $line =~ \"$3\":\"(([^\"\\]|\\.)*)\" ]] && echo "${BASH_REMATCH[1]}" && return
    done <"$1"
}

# Runs a step within LIMIT seconds and what is left of the budget, its output in the log; records
# its exit status (or "not-started") and time.
step() { # NAME LIMIT COMMAND...
    local name=$1 limit=$2 begin=$SECONDS status left=$((BUDGET_S - (SECONDS - START)))
    shift 2
    [ "$limit" -le "$left" ] || limit=$left
    if [ "$limit" -lt 10 ]; then
        printf '%s\tnot-started\t0\t%s\n' "$name" "$BUDGET_S" >>"$STEPS"
        echo "gpu-check: $name: NOT STARTED (the check's $BUDGET_S s are spent)"
        return 1
    fi
    echo "== $name (within $limit s): $*" >>"$LOG"
    timeout -k 10 "$limit" "$@" >>"$LOG" 2>&1
    status=$?
    printf '%s\t%s\t%s\t%s\n' "$name" "$status" "$((SECONDS - begin))" "$limit" >>"$STEPS"
    case $status in
    0) echo "gpu-check: $name: ok after $((SECONDS - begin)) s" ;;
    124 | 137) echo "gpu-check: $name: FAILED (over its $limit s)" ;;
    *) echo "gpu-check: $name: FAILED (exit $status) after $((SECONDS - begin)) s" ;;
    esac
    return $status
}

# Discover decides whether there is anything to check: the probe starts (the bundle's libraries
# and Open MPI), has the cuda backend, and sees a GPU.
step discover 120 "$PROBE" discover --backend cuda --output "$WORK/discover.jsonl" >"$WORK/discover.txt"
status=$?
code=$(event_field "$WORK/discover.jsonl" error code 2>/dev/null)
message=$(event_field "$WORK/discover.jsonl" error message 2>/dev/null)
case $status:$code in
0:) cat "$WORK/discover.txt" ;;
*:no_gpu) refuse "no GPU here: $message" ;;
*:backend_unavailable) refuse "the bundle's cuda backend did not load ($message): rebuild the bundle with \
packaging/gpu-bundle.sh where CUDA and NCCL are found" ;;
*:driver_mismatch) refuse "the NVIDIA driver cannot run this bundle: $message" ;;
124:* | 137:*) refuse "discover did not finish within its time limit (its output is in $LOG)" ;;
*:) # no error event: the loader or MPI_Init failed before there was one (their first words say why)
    first="" seen=""
    while read -r line; do
        [[ $line == "== discover"* ]] && seen=1 && continue
        [[ -n $seen && -n $line && ! $line =~ ^-+$ ]] && first=$line && break
    done <"$LOG"
    refuse "paraplan-probe did not start here (exit $status): ${first:-no output} (all of it in $LOG)" ;;
*) refuse "discover failed: $code: $message" ;;
esac
command -v python3 >/dev/null || refuse "python3 is needed to read the probe's results, and this machine has none"
# One rank discovers one GPU: nvidia-smi counts them (and the log keeps its view of the machine).
gpus=1
if command -v nvidia-smi >/dev/null; then
    timeout 30 nvidia-smi >>"$LOG" 2>&1
    gpus=$(timeout 30 nvidia-smi -L | while read -r word _; do [ "$word" = GPU ] && echo; done | wc -l)
fi
echo "$gpus" >"$WORK/gpus"

for test in engine_gpu_test engine_probe_gpu_test; do
    step "$test" 300 "$BUNDLE/bin/$test" --gtest_output="json:$WORK/$test.json"
done
step bench-gemm 180 "$PROBE" bench --backend cuda --scenario "$DATA/gemm_8192.json" --warmup 5 --iterations 20 \
    --watchdog-s 120 --output "$WORK/bench-gemm.jsonl"
# The independent reference: PyTorch where it has CUDA, else cuBLAS itself.
if timeout 60 python3 -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)' >>"$LOG" 2>&1; then
    step reference-gemm 120 python3 "$BUNDLE/gpu-check-reference.py" "$WORK/reference-gemm.json"
else
    step reference-gemm 120 bash -c '"$0" >"$1"' "$BUNDLE/bin/paraplan-gemm-reference" "$WORK/reference-gemm.json"
fi
step bench-small 180 "$PROBE" bench --backend cuda --scenario "$DATA/gpu_small.json" --watchdog-s 120 \
    --profile-out "$WORK/profile.json" --output "$WORK/bench-small.jsonl"
step confirm 120 "$PROBE" confirm --backend cuda --scenario "$DATA/gpu_small.json" --steps 5 --watchdog-s 100 \
    --output "$WORK/confirm.jsonl"
step confirm-calibrated 120 "$PROBE" confirm --backend cuda --scenario "$DATA/gpu_small.json" --steps 5 \
    --watchdog-s 100 --calibration "$WORK/profile.json" --output "$WORK/confirm-calibrated.jsonl"
if [ "$gpus" -ge 2 ]; then
    step overlap 180 "$BUNDLE/bin/mpirun" -np 2 "$PROBE" bench --backend cuda --scenario "$DATA/gpu_small.json" \
        --watchdog-s 120 --output "$WORK/bench-overlap.jsonl"
fi

python3 "$BUNDLE/gpu-check-summary.py" "$WORK" "$BUNDLE/bundle.txt" "$((SECONDS - START))" "$SUMMARY" 2>&1 | tee -a "$LOG"
status=${PIPESTATUS[0]}
[ -s "$SUMMARY" ] || echo "{\"ok\": false, \"refused\": \"the summary could not be made: $LOG says why\"}" >"$SUMMARY"
exit "$status"
