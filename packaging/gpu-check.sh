#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# Issue #5's check on a machine with an NVIDIA GPU, in one go (about two minutes after the build):
#   1. the gpu-labelled tests (the cuda backend's GEMM, attention, collectives; the probe end to end);
#   2. discover;
#   3. the bf16 GEMM rate at 8192^3 from `bench`, against PyTorch's matmul on the same device;
#   4. confirm of a small model (tp = pp = dp = 1), its step measured against the prediction
#      calibrated by a bench run of the same scenario;
#   5. with two GPUs or more, a two-rank bench: the GEMM alone and beside NCCL all-reduces on
#      another stream, the overlap slowdown the calibration profile then carries.
# Everything lands in $OUT (default ./gpu-check), a summary in $OUT/summary.txt. Needs the build
# compiler, CMake, Ninja, nlohmann-json, GoogleTest, Open MPI and OpenBLAS (packaging/install-deps.sh
# lists them; Qt is not needed) and a CUDA toolkit with NCCL.
set -uo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
OUT=${OUT:-$PWD/gpu-check}
BUILD=${BUILD:-build/gpu-check}
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# Neither the GUI nor the benchmarks: a GPU node needs only the core, the engine and the tests.
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCHITECTURES:-native}" \
    -DPARAPLAN_BUILD_GUI=OFF -DPARAPLAN_BUILD_BENCHMARKS=OFF >"$OUT/configure.txt" 2>&1 \
    && cmake --build "$BUILD" --target paraplan-probe engine_gpu_test engine_probe_gpu_test >"$OUT/build.txt" 2>&1 \
    || { tail -30 "$OUT/configure.txt" "$OUT/build.txt"; exit 1; }
nvidia-smi >"$OUT/nvidia-smi.txt" 2>&1
(cd "$BUILD" && ctest -L gpu --output-on-failure) >"$OUT/gpu-tests.txt" 2>&1
PROBE="$BUILD/app/probe/paraplan-probe"
DATA=tests/data/engine

"$PROBE" discover --output "$OUT/discover.jsonl" >/dev/null
"$PROBE" bench --scenario "$DATA/gemm_8192.json" --warmup 5 --iterations 20 --output "$OUT/bench-gemm.jsonl" >/dev/null
python3 - "$OUT/reference-gemm.json" 2>"$OUT/reference-gemm.txt" <<'PYTHON' || echo '{"error": "PyTorch is not available"}' >"$OUT/reference-gemm.json"
import json, sys, torch
n = 8192
a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
for _ in range(5):
    a @ b
times = []
for _ in range(20):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record(); a @ b; end.record(); torch.cuda.synchronize()
    times.append(start.elapsed_time(end) / 1e3)
median = sorted(times)[len(times) // 2]
json.dump({"tool": "torch " + torch.__version__, "device": torch.cuda.get_device_name(), "median_s": median,
           "tflops": 2 * n**3 / median / 1e12}, open(sys.argv[1], "w"))
PYTHON

"$PROBE" bench --scenario "$DATA/gpu_small.json" --profile-out "$OUT/profile.json" --output "$OUT/bench-small.jsonl" >/dev/null
"$PROBE" confirm --scenario "$DATA/gpu_small.json" --steps 5 --output "$OUT/confirm.jsonl" >/dev/null
"$PROBE" confirm --scenario "$DATA/gpu_small.json" --steps 5 --calibration "$OUT/profile.json" \
    --output "$OUT/confirm-calibrated.jsonl" >/dev/null
if [ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')" -ge 2 ]; then
    mpirun -np 2 "$PROBE" bench --scenario "$DATA/gpu_small.json" --output "$OUT/bench-overlap.jsonl" >/dev/null 2>&1
fi

python3 - "$OUT" <<'PYTHON' | tee "$OUT/summary.txt"
import json, os, sys
out = sys.argv[1]
def events(name):
    path = os.path.join(out, name)
    return [json.loads(l) for l in open(path) if l.strip()] if os.path.exists(path) else []
def result(name):
    r = [e for e in events(name) if e["event"] == "result"]
    errors = [e["code"] + ": " + e["message"] for e in events(name) if e["event"] == "error"]
    return (r[0] if r else None), errors
print("gpu tests:", "".join(l.strip() for l in open(os.path.join(out, "gpu-tests.txt")) if "tests passed" in l) or "did not run")
d, errors = result("discover.jsonl")
print("device:", d["devices"][0]["name"] if d else errors)
b, errors = result("bench-gemm.jsonl")
ref = json.load(open(os.path.join(out, "reference-gemm.json")))
if b and "tflops" in ref:
    up = [g for g in b["gemms"] if g["name"] == "mlp up"][0]
    print(f"bf16 GEMM {up['m']:.0f}x{up['n']:.0f}x{up['k']:.0f}: probe {up['tflops']:.1f} TFLOP/s, "
          f"{ref['tool']} {ref['tflops']:.1f} TFLOP/s, difference {100 * (up['tflops'] / ref['tflops'] - 1):+.1f} % "
          "(target within 5 %)")
else:
    print("GEMM comparison not made:", errors or ref)
for name in ("confirm.jsonl", "confirm-calibrated.jsonl"):
    c, errors = result(name)
    if not c:
        print(name, "failed:", errors)
        continue
    measured, predicted = c["measured"]["step_s"], c["predicted_without_framework"]["step_s"]
    print(f"{name}: measured step {measured * 1e3:.2f} ms, predicted {predicted * 1e3:.2f} ms "
          f"({'calibrated' if c['calibrated'] else 'model alone'}), error {100 * (predicted / measured - 1):+.1f} %"
          + (" (target within 10 %)" if c["calibrated"] else ""))
overlaps = [e for e in events("bench-overlap.jsonl") if e["event"] == "measurement" and e.get("kind") == "overlap"]
if overlaps:
    o = overlaps[0]
    print(f"overlap: {o['m']:.0f}^3 GEMM {o['gemm_alone_s'] * 1e3:.2f} ms alone, slowdown {o['slowdown']:+.3f} beside "
          f"{o['queued']} x {o['bytes'] / 2**20:.0f} MiB {o['collective']} on {o['ranks']} ranks "
          f"(the model's constant: {o['predicted_slowdown']:.3f})")
else:
    print("overlap: not measured (needs two GPUs)")
PYTHON
